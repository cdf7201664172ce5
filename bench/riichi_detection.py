#!/usr/bin/env python3
"""Riichi engine users found and other players flagged (engine_assist or late_onset at the scan's default alpha)
in simulated riichi populations, at about 100, 200 and 400 games a player, over several seeds; `scan FILE` as a
user runs it (a population of 40 players with 200 decisions each calibrates itself, a smaller one is tested
against the built-in model; stderr's "riichi:" line says which). A third argument `sanma` plays three-player
hands instead (a game a player then is a hand at a table of three).
    python3 bench/riichi_detection.py CLI small   # 40 players, 11 engine users, seeds 1-5
    python3 bench/riichi_detection.py CLI large   # 200 players, 19 engine users, seeds 1-3
    python3 bench/riichi_detection.py CLI small sanma
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

cli, size = sys.argv[1], sys.argv[2]
ruleset = sys.argv[3] if len(sys.argv) > 3 else "riichi"
seats = 3 if ruleset == "sanma" else 4
if size == "small":
    players, seeds = 40, (1, 2, 3, 4, 5)
    cheats = ["--assisted", "3", "--late-onset", "2", "--assisted-topk", "2", "--assisted-hard", "2",
              "--assisted-share", "2"]
else:
    players, seeds = 200, (1, 2, 3)
    cheats = ["--assisted", "6", "--late-onset", "4", "--assisted-topk", "3", "--assisted-hard", "3",
              "--assisted-share", "3", "--colluding-pairs", "4"]

work = tempfile.mkdtemp()
for gpp in (100, 200, 400):
    found, users, others, honest = collections.Counter(), collections.Counter(), 0, 0
    for seed in seeds:
        f = os.path.join(work, f"r{gpp}-{seed}.jsonl")
        subprocess.run([cli, "simulate", "--ruleset", ruleset, "--games", str(gpp * players // seats), "--seed",
                        str(seed), "--players", str(players), "--onset-game", "40", *cheats, "--truth",
                        f + ".truth", "-o", f], check=True, capture_output=True)
        truth = {}
        for line in open(f + ".truth"):
            d = json.loads(line)
            if d["kind"] in ("engine_assist", "late_onset"):
                truth[d["player"]] = d["assist"] + ("-late" if d["kind"] == "late_onset" else "")
        scan = subprocess.run([cli, "scan", f], capture_output=True, text=True, check=True)
        flagged = {p for line in scan.stdout.splitlines() for fl in [json.loads(line)]
                   if fl["kind"] in ("engine_assist", "late_onset") for p in fl["players"]}
        users.update(truth.values())
        found.update(truth[p] for p in flagged if p in truth)
        others += len(flagged - truth.keys())
        honest += players - len(truth)
        model = [l for l in scan.stderr.splitlines() if l.startswith(ruleset + ":")]
        print(f"  {gpp} games a player, seed {seed}: {model[0] if model else ''}", file=sys.stderr)
        os.remove(f)
    print(f"{gpp} games a player: engine users found {sum(found.values())}/{sum(users.values())} ("
          + ", ".join(f"{k} {found[k]}/{users[k]}" for k in sorted(users))
          + f"); others flagged {others}/{honest}", flush=True)
