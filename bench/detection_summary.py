#!/usr/bin/env python3
"""Sums bench_detection outputs (one file per seed) into the detection table of docs/detection.md.

    python3 bench/detection_summary.py det_k1_s*.txt

Prints, over every file given: the calibrated test's realised per-player FPR (honest and other non-engine
players flagged engine_assist or late_onset over the whole corpus), its TPR after N counted decisions by
kind of assistance, the late-onset delay, collusion and ring detection, and beside them the seed's fit z
ranked at 0.1% FPR and both rankings' ROC-AUC.
"""
import re
import sys


def rate(text):
    m = re.search(r"\((\d+)/(\d+)\)", text)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def add(acc, key, pair):
    h, n = acc.get(key, (0, 0))
    acc[key] = (h + pair[0], n + pair[1])


def pct(pair):
    h, n = pair
    return f"{100.0 * h / n:.1f}% ({h}/{n})" if n else "- (0/0)"


def main(files):
    acc, delays, aucs, scale = {}, [], {"seed z": [], "test p": []}, set()
    by_ruleset = {}  # ruleset -> games after the onset to the flag, every late-onset player of every run
    decisions = None
    for name in files:
        text = open(name, encoding="utf-8").read()
        ruleset = None
        m = re.search(r"honest skill scale ([0-9.]+)", text)
        if m:
            scale.add(m.group(1))
        for line in text.splitlines():
            if m := re.match(r"== (\w+): ", line):
                ruleset = m.group(1)
            if m := re.match(r"\s+late onset p\S+ \((\w+)\): flagged (\d+) games after the onset", line):
                by_ruleset.setdefault(ruleset, []).append(int(m.group(2)))
            if re.match(r"\s+FPR engine_assist \(non-engine players\)", line):
                add(acc, "fpr engine_assist", rate(line))
            elif re.match(r"\s+FPR late_onset\s+\(non-engine players\)", line):
                add(acc, "fpr late_onset", rate(line))
            elif re.match(r"\s+FPR either, strong honest players", line):
                add(acc, "fpr strong honest", rate(line))
            elif m := re.match(r"\s+TPR (.+?) any\s", line):
                add(acc, "corpus " + m.group(1), rate(line))
            elif m := re.match(r"  after (\d+) counted decisions: flag FPR (.*?); flag TPR(.*)", line):
                decisions = m.group(1)
                add(acc, "fpr after decisions", rate(m.group(2)))
                for g, h, n in re.findall(r"  ([a-z ]+?) +[0-9.]+% \((\d+)/(\d+)\)", m.group(3)):
                    add(acc, "after " + g.strip(), (int(h), int(n)))
            elif m := re.match(r"  after \d+ decisions, TPR by (seed z|test p|test z) at FPR 0.1%:(.*)", line):
                for g, h, n in re.findall(r"  ([a-z ]+?) +[0-9.]+% \((\d+)/(\d+)\)", m.group(2)):
                    add(acc, f"ranked {m.group(1)} {g.strip()}", (int(h), int(n)))
            elif m := re.match(r"  ROC-AUC after \d+ counted decisions: seed z ([0-9.na]+), calibrated test ([0-9.na]+)", line):
                aucs["seed z"].append(m.group(1))
                aucs["test p"].append(m.group(2))
            elif m := re.match(r"  late onset: (\d+) of (\d+) flagged.*median (\d+) \(max (\d+)\) played, (\d+) \(max (\d+)\) qualifying", line):
                add(acc, "late onset flagged", (int(m.group(1)), int(m.group(2))))
                delays.append((int(m.group(3)), int(m.group(4)), int(m.group(5)), int(m.group(6))))
            elif m := re.match(r"  collusion: TPR within (\d+) shared games\s+(.*?), at the end\s+(.*?); honest pair FPR at the end\s+(.*?), at any", line):
                add(acc, "collusion within", rate(m.group(2)))
                add(acc, "collusion end", rate(m.group(3)))
                add(acc, "honest pairs flagged", rate(m.group(4)))
            elif m := re.match(r"  rings of three: one group flag within \d+ shared games\s+(.*?), at the end", line):
                add(acc, "rings within", rate(m.group(1)))
    print(f"{len(files)} runs, honest skill scale {', '.join(sorted(scale))}")
    for key in sorted(acc):
        print(f"  {key:45s} {pct(acc[key])}")
    if delays:
        print("  late onset, games after the onset to the flag (per run: median/max played, median/max qualifying):",
              "; ".join(f"{a}/{b}, {c}/{d}" for a, b, c, d in delays))
    for r, v in sorted(by_ruleset.items()):
        v.sort()
        within = sum(1 for x in v if x <= 25)
        print(f"  late onset, {r}: games after the onset to the flag, median {v[len(v) // 2]}, max {v[-1]}; "
              f"within 25 games {within} of {len(v)}")
    print("  ROC-AUC after", decisions, "decisions: seed z", ", ".join(aucs["seed z"]), "| test", ", ".join(aucs["test p"]))


if __name__ == "__main__":
    main(sys.argv[1:])
