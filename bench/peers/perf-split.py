#!/usr/bin/env python3
"""Splits a perf profile of keyright-server into where a request's time goes.

  perf script -i perf.data -F comm,tid,time,ip,sym,dso | perf-split.py

Each sample is put in the first bucket that one of its frames (leaf to root) matches, checked in
the order below, so a libsodium frame under LeaseSigner counts as signing while BLAKE2b under
AuthGuard counts as authentication, and a kernel write() under SQLite counts as SQLite. A sample
whose stack matches nothing (the event loop waking up, allocator work outside any known caller,
stacks perf could not unwind) is "other".
"""

import collections
import re
import sys

# (bucket, pattern over "symbol (dso)" of any frame). Order matters: the first bucket any frame
# of the stack matches wins.
BUCKETS = [
    ("signing (Ed25519 + signed bytes)", re.compile(r"LeaseSigner|leaseSigningBytes|crypto_sign|ed25519|ge25519|sc25519|fe25519|sha512")),
    ("auth (license key hash + compare)", re.compile(r"AuthGuard|hashSecret|blake2b|constantTimeEquals")),
    ("SQLite (Qt SQL + sqlite3 + its syscalls)", re.compile(r"SqliteLeaseStore|libsqlite3|libQt6Sql|libqsqlite|QSql")),
    ("JSON (lease and response bodies)", re.compile(r"QJson|leaseToJson|ApiResponse|HttpApi::json|formatTimestamp|QCborValue")),
    ("seat logic (SeatService, clock, predicate)", re.compile(r"SeatService|isLive|SystemClock|Metrics")),
    ("HTTP (QtHttpServer, parsing, routing, sockets)", re.compile(
        r"QHttpServer|HttpFrontend|HttpApi|ApiRoute|RequestParsing|http_parser|llhttp|libQt6HttpServer|libQt6Network"
        r"|QAbstractSocket|QTcpSocket|QSocketNotifier|tcp_|sock_|__sys_recvfrom|__sys_sendto|readv|writev")),
]


def frames_of(block):
    for line in block[1:]:
        line = line.strip()
        match = re.match(r"[0-9a-f]+\s+(.*)$", line)
        if match:
            yield match.group(1)


def main():
    counts = collections.Counter()
    total = 0
    block = []

    def flush():
        nonlocal total
        if not block:
            return
        total += 1
        frames = list(frames_of(block))
        for name, pattern in BUCKETS:
            if any(pattern.search(frame) for frame in frames):
                counts[name] += 1
                break
        else:
            counts["other (event loop, allocator, unattributed)"] += 1
        block.clear()

    for line in sys.stdin:
        if not line.strip():
            flush()
        else:
            block.append(line.rstrip("\n"))
    flush()
    if total == 0:
        sys.exit("perf-split.py: no samples on stdin")
    print(f"{total} samples of keyright-server's CPU time")
    for name, _ in BUCKETS + [("other (event loop, allocator, unattributed)", None)]:
        print(f"  {100 * counts[name] / total:5.1f}%  {name}")


if __name__ == "__main__":
    main()
