#!/usr/bin/env python3
"""Turns the raw outputs of bench/run-server-bench.sh into the one table docs/BENCHMARKS.md quotes.

  summarize.py RESULTS_DIR

Reads RESULTS_DIR/raw/<case>.<system>.<run>.txt (wrk or bench_redis_semaphore output followed by
the SERVER_CPU line the script appends), takes the median of each figure over the runs and prints
a Markdown table: throughput, p50, p99, server CPU and keyright's throughput over each peer's.
"""

import pathlib
import re
import statistics
import sys

CASES = {
    "renew": "renewals, 1,000 held leases",
    "pairs": "checkout+release, 100 licenses",
    "hot": "checkout+release, 1 hot license",
    "renew-100k": "renewals, 100,000 live leases",
    "profile": "renewals under perf (not in the table)",
}
SYSTEM_LABELS = {
    "keyright": "keyright (signed, SQLite WAL)",
    "etcd": "etcd 3.4 (JSON gateway)",
    "redis": "Redis 7 (Lua ZSET semaphore)",
}
UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def latency_ms(text):
    match = re.match(r"([\d.]+)(us|ms|s|m)$", text)
    return float(match.group(1)) * UNIT[match.group(2)] if match else None


def parse(path):
    text = path.read_text(errors="replace")
    run = {"errors": 0}
    if m := re.search(r"Requests/sec:\s+([\d.]+)", text):  # wrk
        run["rps"] = float(m.group(1))
        for pct, key in (("50", "p50"), ("99", "p99")):
            if m := re.search(rf"^\s+{pct}(?:\.000)?%\s+(\S+)", text, re.M):
                run[key] = latency_ms(m.group(1))
        if m := re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text):
            run["non2xx"] = int(m.group(1))
        if m := re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text):
            run["errors"] += sum(int(g) for g in m.groups())
    if m := re.search(r"RESULT .*rps=([\d.]+) p50_ms=([\d.]+) p99_ms=([\d.]+).*errors=(\d+)", text):
        run.update(rps=float(m.group(1)), p50=float(m.group(2)), p99=float(m.group(3)))
        run["errors"] += int(m.group(4))
    if m := re.search(r"PAIRS granted=(\d+) refused=(\d+) released=(\d+) other=(\d+)", text):
        granted, refused, released, other = map(int, m.groups())
        run.update(granted=granted, refused=refused, released=released)
        run["errors"] += other
    elif "non2xx" in run:
        run["errors"] += run["non2xx"]
    if m := re.search(r"GRANTS license=\S+ checked=(\d+) max_in_use=(\d+) seat_count=(\d+) over_granted=(\d+)", text):
        run.update(checked=int(m.group(1)), max_in_use=int(m.group(2)), seat_count=int(m.group(3)),
                   over_granted=int(m.group(4)))
    if m := re.search(r"SERVER_CPU ticks=(\d+) seconds=([\d.]+) clk_tck=(\d+) rc=(\d+)", text):
        ticks, seconds, clk = int(m.group(1)), float(m.group(2)), int(m.group(3))
        run["cpu"] = 100.0 * ticks / clk / seconds if seconds > 0 else None
        if m.group(4) != "0":
            run["errors"] += 1
    return run if "rps" in run else None


def median(runs, key):
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def fmt(value, pattern):
    return pattern.format(value) if value is not None else "—"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results = pathlib.Path(sys.argv[1])
    runs = {}
    for path in sorted((results / "raw").glob("*.txt")):
        parts = path.stem.split(".")
        if len(parts) != 3 or parts[2] == "warmup" or parts[0] not in CASES or parts[0] == "profile":
            continue
        case, system, _ = parts
        if (parsed := parse(path)) is not None:
            runs.setdefault((case, system), []).append(parsed)

    # Requests per second of server CPU: what a dedicated core would serve. It holds up on a busy
    # machine, where the scheduler (not the server) decides throughput, and it favours no one for
    # having more threads to be scheduled on.
    for case_runs in runs.values():
        for r in case_runs:
            r["per_cpu"] = r["rps"] / (r["cpu"] / 100.0) if r.get("cpu") else None

    print("| case | system | runs | throughput (req/s) | p50 (ms) | p99 (ms) | server CPU | req per server CPU-s "
          "| keyright / peer (throughput) | keyright / peer (per CPU-s) | notes |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for case in CASES:
        keyright_rps = median(runs.get((case, "keyright"), []), "rps")
        keyright_per_cpu = median(runs.get((case, "keyright"), []), "per_cpu")
        for system in ("keyright", "etcd", "redis"):
            case_runs = runs.get((case, system))
            if not case_runs:
                continue
            rps = median(case_runs, "rps")
            per_cpu = median(case_runs, "per_cpu")
            ratio = ratio_cpu = "—"
            if system != "keyright" and keyright_rps and rps:
                ratio = f"{keyright_rps / rps:.2f}x"
            if system != "keyright" and keyright_per_cpu and per_cpu:
                ratio_cpu = f"{keyright_per_cpu / per_cpu:.2f}x"
            notes = []
            granted, refused = median(case_runs, "granted"), median(case_runs, "refused")
            if granted is not None and refused:
                notes.append(f"{100 * refused / (granted + refused):.0f}% of checkouts refused (pool full)")
            grants = [r for r in case_runs if "max_in_use" in r]
            if grants:
                over = sum(r["over_granted"] for r in grants)
                notes.append(f"never over-granted: max inUse {max(r['max_in_use'] for r in grants)}"
                             f"/{grants[0]['seat_count']} over {sum(r['checked'] for r in grants):,} grants"
                             if not over else f"OVER-GRANTED {over} times")
            errors = sum(r["errors"] for r in case_runs)
            if errors:
                notes.append(f"{errors} errors/unexpected answers")
            print(f"| {CASES[case]} | {SYSTEM_LABELS[system]} | {len(case_runs)} | {fmt(rps, '{:,.0f}')} "
                  f"| {fmt(median(case_runs, 'p50'), '{:.2f}')} | {fmt(median(case_runs, 'p99'), '{:.2f}')} "
                  f"| {fmt(median(case_runs, 'cpu'), '{:.0f}%')} | {fmt(per_cpu, '{:,.0f}')} | {ratio} | {ratio_cpu} "
                  f"| {'; '.join(notes)} |")

    extra = []
    signing = results / "raw" / "signing.txt"
    if signing.exists() and (m := re.search(r"SIGNING per_core=(\d+) all_cores=(\d+) cores=(\d+)", signing.read_text())):
        extra.append(f"Ed25519 signLease (signed bytes + signature): {int(m.group(1)):,}/s on one core, "
                     f"{int(m.group(2)):,}/s on all {m.group(3)} cores.")
    reaper = results / "raw" / "reaper.keyright.1.txt"
    if reaper.exists() and (m := re.search(r"REAPER (.*)", reaper.read_text())):
        fields = dict(kv.split("=", 1) for kv in m.group(1).split())
        extra.append(
            f"Reaper: swept {int(fields['reaped']):,} expired leases in {float(fields['sweep_ms']):,.0f} ms; "
            f"GET /v1/time p50 {float(fields['base_p50_ms']):.2f} ms / p99 {float(fields['base_p99_ms']):.2f} ms "
            f"before, worst {float(fields['during_max_ms']):,.0f} ms for a request overlapping the sweep "
            f"({fields['during_requests']} such requests).")
    for line in extra:
        print(f"\n{line}")


if __name__ == "__main__":
    main()
