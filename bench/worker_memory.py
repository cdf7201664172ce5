#!/usr/bin/python3
# The memory of Dask workers started apart, as the machine sees it: GNU time's maximum resident set is that
# of the largest single process of a worker's tree, but a worker's memory is its Python process and the
# `tilewatch-cli scan` it runs at the same moment, together. Samples each tree every 0.1 s until SIGTERM or
# until every root is gone, then writes one JSON object per root to OUT:
#   python3 bench/worker_memory.py OUT ROOT_PID...
# Fields: root, peak_kb (the tree's largest sum of RSS), peak_scan_kb (its largest tilewatch-cli scan),
# peak_python_kb (its largest sum without the scans), samples. Sampling misses peaks shorter than 0.1 s.
import json
import signal
import sys
import time

import psutil


def main():
    out, roots = sys.argv[1], [int(p) for p in sys.argv[2:]]
    peaks = {r: {"root": r, "peak_kb": 0, "peak_scan_kb": 0, "peak_python_kb": 0, "samples": 0} for r in roots}
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    while not stopping:
        alive = 0
        for r in roots:
            try:
                tree = [psutil.Process(r)]
                tree += tree[0].children(recursive=True)
            except psutil.NoSuchProcess:
                continue
            alive += 1
            total = scans = python = 0
            for p in tree:
                try:
                    kb = p.memory_info().rss // 1024
                    scan = p.name().startswith("tilewatch-cli")
                except psutil.NoSuchProcess:
                    continue
                total += kb
                if scan:
                    scans = max(scans, kb)
                else:
                    python += kb
            peak = peaks[r]
            peak["peak_kb"] = max(peak["peak_kb"], total)
            peak["peak_scan_kb"] = max(peak["peak_scan_kb"], scans)
            peak["peak_python_kb"] = max(peak["peak_python_kb"], python)
            peak["samples"] += 1
        if not alive:
            break
        time.sleep(0.1)
    with open(out, "w") as f:
        for r in roots:
            f.write(json.dumps(peaks[r]) + "\n")


if __name__ == "__main__":
    main()
