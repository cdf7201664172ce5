#!/usr/bin/env python3
"""Sums bench_think_time outputs (one file per run) into one row per set of runs: engine users flagged by
time, by choice and by both under one alpha; honest players flagged; the honest timing p-values' KS, KS+
and smallest over the runs.
    python3 bench/think_time_summary.py runs/xinchang_s*.txt
"""
import re
import sys

flags = {}  # group -> test -> [flagged, players]
ks, ksplus, smallest, floors = [], [], [], []
for path in sys.argv[1:]:
    for line in open(path, encoding="utf-8"):
        m = re.match(r"reference: (\w+); floor slope ([-\d.]+), median ([-\d.]+)", line)
        if m:
            floors.append((float(m.group(2)), float(m.group(3))))
        m = re.match(r"(honest|engine_assist/\w+)\s+\d+\s+\d+\s+\S+\s+\S+\s+(\d+)/(\d+)\s+(\d+)/(\d+)\s+(\d+)/(\d+)", line)
        if m:
            g = flags.setdefault(m.group(1), {"time": [0, 0], "choice": [0, 0], "both": [0, 0]})
            for i, t in enumerate(("time", "choice", "both")):
                g[t][0] += int(m.group(2 + 2 * i))
                g[t][1] += int(m.group(3 + 2 * i))
        m = re.match(r"time\s+KS ([\d.]+)\s+KS\+ ([\d.]+).*min ([\d.e+-]+)", line)
        if m:
            ks.append(float(m.group(1)))
            ksplus.append(float(m.group(2)))
            smallest.append(float(m.group(3)))
print(f"{len(sys.argv) - 1} runs; floor/median slope {min(f for f, _ in floors):.3f}-{max(f for f, _ in floors):.3f}"
      f" / {min(m for _, m in floors):.3f}-{max(m for _, m in floors):.3f}")
for group in sorted(flags):
    print(group.ljust(24), "  ".join(f"{t} {v[0]}/{v[1]}" for t, v in flags[group].items()))
print(f"honest timing p: KS {min(ks):.3f}-{max(ks):.3f}, KS+ {max(ksplus):.4f} at most, smallest p {min(smallest):.3g}")
