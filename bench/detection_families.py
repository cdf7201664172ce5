#!/usr/bin/env python3
"""Sums bench/detection_families.sh's output: per honest mix and size, for each scan (the earlier build's
default, this build's default and --perfect-play-honest; flagged: q at most 1e-3), honest players flagged per family and engine users
found per family, over the five seeds; and the honest families' p-values against uniform (KS distance D and
its one-sided D+, where p-values smaller than uniform would make the stated error rate false). Engine users
whose own style is the perfect one-step heuristic are counted in families of their own.
    python3 bench/detection_families.py OUTDIR
"""
import collections
import glob
import json
import math
import os
import re
import sys

out = sys.argv[1]
runs = collections.defaultdict(list)  # (strong, perfect, games) -> prefixes
for truth in glob.glob(os.path.join(out, "*.truth")):
    m = re.search(r"x-s([\d.]+)-p([\d.]+)-g(\d+)-seed(\d+)\.truth$", truth)
    runs[(m.group(1), m.group(2), int(m.group(3)))].append(truth[: -len(".truth")])

SCANS = [("before", "earlier build, default"), ("after", "this build, default"),
         ("after-php", "this build, --perfect-play-honest")]
LOG10_ALPHA = -3  # the scans' default alpha


def families(prefix):
    fam = {}
    for line in open(prefix + ".roster"):
        d = json.loads(line)
        fam[d["player"]] = "honest " + d.get("style", "?")
    for line in open(prefix + ".truth"):
        d = json.loads(line)
        if d["kind"] == "engine_assist":
            # A perfect one-step player's AI is its own play (at best: bench_gains' "perfect + …" rows show
            # what it gains); counted apart, not among the engine users a platform needs found.
            style = " (perfect player)" if d.get("style") == "perfect" else ""
            fam[d["player"]] = "engine " + d["assist"] + style
    return fam


def flagged(path):
    out = set()
    if not os.path.exists(path):
        return out
    for line in open(path):
        d = json.loads(line)
        if d.get("log10_q") is not None and d["log10_q"] <= LOG10_ALPHA:
            out.add(d["player"])
    return out


def ks(ps):
    ps = sorted(ps)
    n = len(ps)
    d = dplus = 0.0
    for i, p in enumerate(ps):
        d = max(d, abs((i + 1) / n - p), abs(p - i / n))
        dplus = max(dplus, (i + 1) / n - p)
    return d, dplus


for key in sorted(runs, key=lambda k: (float(k[0]), k[2])):
    strong, perfect, games = key
    prefixes = sorted(runs[key])
    print(f"## strong {strong}, perfect {perfect}, {games} games, {len(prefixes)} seeds")
    counts = collections.defaultdict(lambda: collections.Counter())
    decisions = collections.defaultdict(list)
    pvals = collections.defaultdict(lambda: collections.defaultdict(list))
    for prefix in prefixes:
        fam = families(prefix)
        for scan, _ in SCANS:
            f = flagged(f"{prefix}.{scan}.players")
            for player, family in fam.items():
                counts[(scan, family)]["n"] += 1
                counts[(scan, family)]["flagged"] += player in f
        for scan in ("before", "after", "after-php"):
            path = f"{prefix}.{scan}.players"
            if not os.path.exists(path):
                continue
            for line in open(path):
                d = json.loads(line)
                family = fam.get(d["player"], "?")
                if scan == "after":
                    decisions[family].append(d.get("decisions") or 0)
                if family.startswith("honest") and d.get("log10_p") is not None:
                    pvals[scan][family].append(10 ** d["log10_p"])
    fams = sorted({f for (_, f) in counts})
    print("| family | median decisions | " + " | ".join(name for _, name in SCANS) + " |")
    print("|---" * (len(SCANS) + 2) + "|")
    for family in fams:
        ds = sorted(decisions[family])
        med = ds[len(ds) // 2] if ds else 0
        cells = [f"{counts[(s, family)]['flagged']}/{counts[(s, family)]['n']}" for s, _ in SCANS]
        print(f"| {family} | {med} | " + " | ".join(cells) + " |")
    print()
    print("honest p-values against uniform, D / D+ (n):")
    for scan in ("before", "after", "after-php"):
        cells = []
        for family in sorted(pvals[scan]):
            d, dp = ks(pvals[scan][family])
            cells.append(f"{family[7:]} {d:.2f} / {dp:.3f} ({len(pvals[scan][family])})")
        print(f"  {scan}: " + "; ".join(cells))
    print()
