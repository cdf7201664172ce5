#!/usr/bin/env python3
"""Sums bench/screen_miss.sh: per ruleset, players flagged by the one-step scan, by the lookahead on everyone
and by the two-stage scan; the full scan's flags the screen missed; CPU seconds of each.
    python3 bench/screen_miss.py OUTDIR
"""
import collections
import glob
import json
import os
import re
import sys

rows = collections.defaultdict(lambda: collections.Counter())
for truth in sorted(glob.glob(os.path.join(sys.argv[1], "*.truth"))):
    x = truth[: -len(".truth")]
    ruleset = re.search(r"([a-z]+)-seed\d+$", x).group(1)
    flagged = {}
    for mode in ("fast", "full", "screen"):
        flagged[mode] = set()
        for line in open(f"{x}.{mode}.flags"):
            d = json.loads(line)
            if d["kind"] in ("engine_assist", "late_onset"):
                flagged[mode].update(d["players"])
        user, sys_ = open(f"{x}.{mode}.time").read().split()[-2:]
        rows[ruleset][mode + " cpu"] += float(user) + float(sys_)
        rows[ruleset][mode] += len(flagged[mode])
        err = open(f"{x}.{mode}.err").read()
        m = re.search(r"screen: (\d+) of (\d+) players", err)
        if m:
            rows[ruleset]["forwarded"] += int(m.group(1))
            rows[ruleset]["players"] += int(m.group(2))
    rows[ruleset]["missed"] += len(flagged["full"] - flagged["screen"])
    rows[ruleset]["screen only"] += len(flagged["screen"] - flagged["full"])
    rows[ruleset]["runs"] += 1
print("| ruleset | runs | flagged: one-step / lookahead on all / two stages | full's flags missed by the screen | put forward | CPU s: one-step / all / two stages |")
print("|---|---|---|---|---|---|")
for r, c in sorted(rows.items()):
    print(f"| {r} | {c['runs']} | {c['fast']} / {c['full']} / {c['screen']} | {c['missed']} of {c['full']} |"
          f" {c['forwarded']} of {c['players']} | {c['fast cpu']:.1f} / {c['full cpu']:.1f} / {c['screen cpu']:.1f} |")
