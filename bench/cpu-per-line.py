#!/usr/bin/env python3
"""Runs a benchmark and prefixes each line it prints with the wall time and the CPU time (user +
system, all its threads) it has used so far. On a busy machine the wall-clock medians a benchmark
prints count the time other processes had the cores; the CPU time between two lines does not. For
bench_usage, the CPU between a report line and the one before it is that report's runs (and the
store's reopening before the first), between "what-if demand" and "what-if" the what-if's runs:

    bench/cpu-per-line.py build/bench/server/bench_usage 100 21

The command's output must be line-buffered (stdbuf -oL is put in front of it when it is there).
"""
import os
import shutil
import subprocess
import sys
import time

if len(sys.argv) < 2:
    sys.exit(__doc__)
command = sys.argv[1:]
if shutil.which("stdbuf"):
    command = ["stdbuf", "-oL"] + command
ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


start = time.monotonic()
process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
previous = 0.0
for line in process.stdout:
    try:
        cpu = cpu_seconds(process.pid)
    except OSError:  # ended between its last line and this read
        cpu = previous
    print(f"[wall {time.monotonic() - start:7.2f} s, cpu {cpu:7.2f} s, +{cpu - previous:6.2f}] {line}", end="", flush=True)
    previous = cpu
sys.exit(process.wait())
