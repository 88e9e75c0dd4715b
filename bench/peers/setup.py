#!/usr/bin/env python3
"""Setup steps of bench/run-server-bench.sh: licenses, held leases and etcd leases to load against.

Standard library only. Each request is checked; a setup that does not get what it asked for stops
with a message instead of letting the benchmark measure an empty store.

  setup.py keyright-licenses URL TOKEN_FILE OUT --prefix P --count N --seats S [--ttl SECONDS]
      PUT /v1/licenses/P-0 .. P-(N-1); writes "<licenseId> <licenseKey>" lines to OUT.
  setup.py keyright-checkouts URL LICENSES_FILE --per-license K [--out FILE] [--threads T]
      K checkouts on each license of LICENSES_FILE; writes "<licenseId> <seatId> <key>" lines.
  setup.py etcd-grant URL --count N [--ttl SECONDS] [--out FILE] [--threads T]
      N LeaseGrant calls through the JSON gateway; writes one lease id per line.
  setup.py keyright-check-grants URL TOKEN_FILE LICENSE_ID
      Reads every `granted` event of the license and prints the highest inUse it recorded next
      to the seat count: a hot-license run must never have granted past the pool.
"""

import argparse
import http.client
import json
import sys
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor


class Connection:
    """One keep-alive HTTP connection per worker thread, reopened if the server closes it."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.conn = None

    def request(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        all_headers = {"Content-Type": "application/json"} if data is not None else {}
        all_headers.update(headers or {})
        for attempt in range(3):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                self.conn.request(method, path, body=data, headers=all_headers)
                response = self.conn.getresponse()
                payload = response.read()
                return response.status, json.loads(payload) if payload else None
            except (http.client.HTTPException, ConnectionError):
                self.conn = None
                if attempt == 2:
                    raise
                time.sleep(0.1)
        raise RuntimeError("unreachable")


_local = threading.local()


def connection(url):
    if getattr(_local, "conn", None) is None or _local.url != url:
        _local.conn, _local.url = Connection(url), url
    return _local.conn


def die(message):
    print(f"setup.py: {message}", file=sys.stderr)
    sys.exit(1)


def keyright_licenses(args):
    token = open(args.token_file).read().strip()
    auth = {"Authorization": f"Bearer {token}"}
    lines = []
    for i in range(args.count):
        license_id = f"{args.prefix}-{i}"
        body = {
            "name": f"bench {license_id}",
            "seatCount": args.seats,
            "ttlSeconds": args.ttl,
            "skewSeconds": 5,
            "reapGraceSeconds": 60,
        }
        status, reply = connection(args.url).request("PUT", f"/v1/licenses/{license_id}", body, auth)
        if status != 201 or not reply or "key" not in reply:
            die(f"PUT /v1/licenses/{license_id} answered {status}: {reply}")
        lines.append(f"{license_id} {reply['key']}\n")
    with open(args.out, "w") as out:
        out.writelines(lines)


def keyright_checkouts(args):
    licenses = [line.split() for line in open(args.licenses_file) if line.strip()]
    jobs = [(license_id, key, n) for license_id, key in licenses for n in range(args.per_license)]

    def checkout(job):
        license_id, key, n = job
        status, reply = connection(args.url).request(
            "POST", f"/v1/licenses/{license_id}/checkout",
            {"holder": f"bench-{n}@setup"}, {"Authorization": f"License {key}"})
        if status != 201:
            die(f"checkout on {license_id} answered {status}: {reply}")
        return f"{license_id} {reply['lease']['seatId']} {key}\n"

    started = time.monotonic()
    with ThreadPoolExecutor(args.threads) as pool:
        lines = list(pool.map(checkout, jobs, chunksize=64))
    elapsed = time.monotonic() - started
    print(f"setup.py: {len(lines)} keyright checkouts in {elapsed:.1f} s", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as out:
            out.writelines(lines)


def etcd_grant(args):
    def grant(_):
        status, reply = connection(args.url).request("POST", "/v3/lease/grant", {"TTL": args.ttl})
        if status != 200 or not reply or "ID" not in reply:
            die(f"etcd lease grant answered {status}: {reply}")
        return f"{reply['ID']}\n"

    started = time.monotonic()
    with ThreadPoolExecutor(args.threads) as pool:
        lines = list(pool.map(grant, range(args.count), chunksize=64))
    elapsed = time.monotonic() - started
    print(f"setup.py: {len(lines)} etcd lease grants in {elapsed:.1f} s", file=sys.stderr)
    if args.out:
        with open(args.out, "w") as out:
            out.writelines(lines)


def keyright_check_grants(args):
    token = open(args.token_file).read().strip()
    auth = {"Authorization": f"Bearer {token}"}
    after, checked, highest, seat_count, over = 0, 0, 0, None, 0
    while True:
        status, reply = connection(args.url).request(
            "GET", f"/v1/events?after={after}&license={args.license_id}&kind=granted&limit=1000", None, auth)
        if status != 200:
            die(f"GET /v1/events answered {status}: {reply}")
        events = reply["events"]
        if not events:
            break
        for event in events:
            detail = event.get("detail", {})
            in_use, seats = int(detail.get("inUse", 0)), int(detail.get("seatCount", 0))
            seat_count = seats
            highest = max(highest, in_use)
            over += in_use > seats
            checked += 1
        after = reply["next"]
    print(f"GRANTS license={args.license_id} checked={checked} max_in_use={highest} "
          f"seat_count={seat_count} over_granted={over}")
    if over:
        sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("keyright-licenses")
    p.add_argument("url")
    p.add_argument("token_file")
    p.add_argument("out")
    p.add_argument("--prefix", required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--seats", type=int, required=True)
    p.add_argument("--ttl", type=int, default=3600)
    p.set_defaults(run=keyright_licenses)

    p = sub.add_parser("keyright-checkouts")
    p.add_argument("url")
    p.add_argument("licenses_file")
    p.add_argument("--per-license", type=int, required=True)
    p.add_argument("--out")
    p.add_argument("--threads", type=int, default=8)
    p.set_defaults(run=keyright_checkouts)

    p = sub.add_parser("etcd-grant")
    p.add_argument("url")
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--ttl", type=int, default=3600)
    p.add_argument("--out")
    p.add_argument("--threads", type=int, default=8)
    p.set_defaults(run=etcd_grant)

    p = sub.add_parser("keyright-check-grants")
    p.add_argument("url")
    p.add_argument("token_file")
    p.add_argument("license_id")
    p.set_defaults(run=keyright_check_grants)

    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
