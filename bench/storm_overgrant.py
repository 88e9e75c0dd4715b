#!/usr/bin/env python3
"""Reads back, from a storm's events, how many seats of each license were ever live at once.

Usage: storm_overgrant.py EVENTS LEASES LICENSES

Each file is tab-separated, one row a line, as `psql -At -F '<tab>'` prints it (or the SQLite
export in bench/run-storm-bench.sh):
  EVENTS    seq, time_ms, kind, license_id, seat_id, detail (JSON), in seq order
  LEASES    license_id, seat_id, expires_at (ms): the rows left when the run ended
  LICENSES  id, seat_count, skew_ms

A seat is live from the event that gave it (granted, seat_borrowed) until the event that ended
it (released, revoked, reclaimed, borrow_returned, at that event's time) or, for one the reaper
took, until its last expiry plus the license's skew (the Reaped event's expiresAt: isLive() is
`now <= expiresAt + skew`). A seat with no ending is live until the expiry its row still has,
plus the skew, or to the end if it has no row. At equal times a seat that starts counts as
overlapping one whose expiry ends then, and events of the same time keep their seq order.

Prints one line per license and a last line "over-granted: N" (N licenses that ever had more
live seats than they have); exits 0 either way, 2 on unreadable input.
"""

import datetime
import json
import sys

STARTS = {"granted", "seat_borrowed"}
ENDS = {"released", "revoked", "reclaimed", "borrow_returned"}
FOREVER = float("inf")


def millis(text):
    stamp = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return int(stamp.timestamp() * 1000)


def rows(path):
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if line:
                yield line.split("\t")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    licenses = {lid: (int(seats), int(skew)) for lid, seats, skew in rows(sys.argv[3])}
    left = {(lid, seat): int(expires) for lid, seat, expires in rows(sys.argv[2])}
    starts = {}  # (license, seat) -> (time, seq)
    ends = {}  # (license, seat) -> (time, order)
    for seq, time_ms, kind, lid, seat, detail in rows(sys.argv[1]):
        if lid not in licenses or not seat:
            continue
        key = (lid, seat)
        if kind in STARTS:
            starts[key] = (int(time_ms), int(seq))
        elif kind in ENDS:
            ends[key] = (int(time_ms), int(seq))
        elif kind == "reaped":
            expires = millis(json.loads(detail)["expiresAt"])
            ends[key] = (expires + licenses[lid][1], FOREVER)
    points = {lid: [] for lid in licenses}
    for key, (time_ms, seq) in starts.items():
        lid = key[0]
        points[lid].append((time_ms, seq, +1))
        if key in ends:
            end_time, order = ends[key]
        elif key in left:
            end_time, order = left[key] + licenses[lid][1], FOREVER
        else:
            continue  # live to the end
        # Strictly after its last live millisecond, and after any event of that millisecond.
        points[lid].append((end_time, order, -1) if order != FOREVER else (end_time + 1, -1, -1))
    over = 0
    for lid in sorted(licenses):
        seats = licenses[lid][0]
        live = peak = 0
        for _, _, delta in sorted(points[lid], key=lambda p: (p[0], p[1])):
            live += delta
            peak = max(peak, live)
        if peak > seats:
            over += 1
        print(f"{lid}\tseats={seats}\tmost live at once={peak}\tgrants={sum(1 for k in starts if k[0] == lid)}")
    print(f"over-granted: {over}")


if __name__ == "__main__":
    main()
