#!/usr/bin/env python3
# Collusion figures of one or more tilewatch-cli binaries on the same simulated populations (docs/detection.md,
# collusion; docs/collusion.md). Not a test.
#   bench/collusion_figures.py OUTDIR SCENARIO SEED CLI [CLI...]   > one JSON line
#   bench/collusion_summary.py LINES...                            (the table)
# SCENARIO: gs03 / gs10 (6 colluding pairs and 3 rings of three whose whole group joins a member's table in
# 3% / 10% of its matches: `simulate --group-seating`), default (6 pairs, 3 rings, a partner brought to the
# table with chance 0.7), honest (no colluder). Environment: GAMES (20000), CHUNKS (10 checkpoints),
# PLAYERS (200), RULESET (xinchang), SKILL (--skill-scale, 1).
# The first CLI simulates the games and emits each chunk's mergeable statistics once (`scan --emit-stats`);
# every CLI then merges the first k chunks (`scan --merge-stats`) at each checkpoint k, so all of them judge
# the same populations. A colluding pair is found when one collusion flag names both; "within 200" when that
# happened at a checkpoint where they had shared at most 200 games. A ring is found as a ring when one flag
# names all three. Honest pairs: every other pair that sat together (a colluder with anyone but its
# partners included); flagged when a collusion flag names both (end: the last checkpoint; ever: any).
import json, subprocess, sys, os, itertools
out, scen, seed, bins = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
GAMES = int(os.environ.get("GAMES", 20000)); CHUNKS = int(os.environ.get("CHUNKS", 10))
PLAYERS = os.environ.get("PLAYERS", "200"); RULESET = os.environ.get("RULESET", "xinchang")
SKILL = os.environ.get("SKILL", "1")
args = {"gs03": ["--colluding-pairs", "6", "--colluding-rings", "3", "--group-seating", "0.03"],
        "gs10": ["--colluding-pairs", "6", "--colluding-rings", "3", "--group-seating", "0.10"],
        "default": ["--colluding-pairs", "6", "--colluding-rings", "3"],
        "honest": ["--colluding-pairs", "0", "--colluding-rings", "0"]}[scen]
d = f"{out}/{RULESET}-{scen}-{seed}" + ("" if SKILL == "1" else f"-skill{SKILL}") + ("" if GAMES == 20000 else f"-g{GAMES}"); os.makedirs(d, exist_ok=True)
sim = bins[0]
if not os.path.exists(f"{d}/stats.{CHUNKS-1}"):
    subprocess.run([sim, "simulate", "--ruleset", RULESET, "--games", str(GAMES), "--seed", str(seed),
                    "--players", PLAYERS, "--skill-scale", SKILL, *args, "-o", f"{d}/games.ops", "--truth", f"{d}/truth"], check=True)
    lines = open(f"{d}/games.ops").read().splitlines(True)
    per = (len(lines) + CHUNKS - 1) // CHUNKS
    for k in range(CHUNKS):
        open(f"{d}/chunk.{k}", "w").writelines(lines[k*per:(k+1)*per])
        with open(f"{d}/stats.{k}", "w") as f:
            subprocess.run([sim, "scan", f"{d}/chunk.{k}", "--emit-stats", "--threads", "2"], stdout=f,
                           stderr=subprocess.DEVNULL, check=True)
truth = [json.loads(l) for l in open(f"{d}/truth")]
pairs, rings = set(), set()
for t in truth:
    if t["kind"] != "collusion": continue
    if "other_partner" in t: rings.add(tuple(sorted([t["player"], t["partner"], t["other_partner"]])))
    else: pairs.add(tuple(sorted([t["player"], t["partner"]])))
ringpairs = {tuple(sorted(p)) for r in rings for p in itertools.combinations(r, 2)}
def shared(k):
    s = {}
    for l in open(f"{d}/stats.{k}"):
        if '"type":"pair"' not in l: continue
        o = json.loads(l); key = tuple(sorted([o["feeder"], o["receiver"]]))
        if o["feeder"] < o["receiver"]: s[key] = s.get(key, 0) + o["games"]
    return s
cum = {}; sharedAt = []
for k in range(CHUNKS):
    for key, g in shared(k).items(): cum[key] = cum.get(key, 0) + g
    sharedAt.append(dict(cum))
res = {}
for b in bins:
    name = b  # as given: two builds are both called tilewatch-cli
    first = {}; ringFirst = {}; honestEver = set(); honestEnd = set(); kinds = {}; seatHonestEnd = 0; seatHonestEver = set()
    for k in range(CHUNKS):
        p = subprocess.run([b, "scan", "--merge-stats", *[f"{d}/stats.{i}" for i in range(k+1)]],
                           capture_output=True, text=True, check=True)
        flags = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
        for f in flags:
            kinds[f["kind"]] = kinds.get(f["kind"], 0) + (k == CHUNKS-1)
            if f["kind"] == "co_seating":
                key = tuple(sorted(f["players"]))
                if key not in pairs and key not in ringpairs:
                    seatHonestEver.add(key); seatHonestEnd += (k == CHUNKS-1)
            if f["kind"] != "collusion": continue
            ps = f["players"]
            for a, c in itertools.combinations(sorted(ps), 2):
                key = (a, c)
                if key in pairs or key in ringpairs: first.setdefault(key, sharedAt[k].get(key, 0))
                else:
                    honestEver.add(key)
                    if k == CHUNKS-1: honestEnd.add(key)
            for r in rings:
                if set(r) <= set(ps): ringFirst.setdefault(r, max(sharedAt[k].get(x, 0) for x in itertools.combinations(r, 2)))
    honestPairs = sum(1 for key in sharedAt[-1] if key not in pairs and key not in ringpairs)
    res[name] = {
        "pairs": len(pairs),
        "pairs_within200": sum(1 for p in pairs if p in first and first[p] <= 200),
        "pairs_end": sum(1 for p in pairs if p in first),
        "pair_shared_end": sorted(sharedAt[-1].get(p, 0) for p in pairs),
        "pair_first": sorted(first.get(p, -1) for p in pairs),
        "rings": len(rings),
        "rings_within200": sum(1 for r in rings if r in ringFirst and ringFirst[r] <= 200),
        "rings_end": sum(1 for r in rings if r in ringFirst),
        "ringpairs_end": sum(1 for p in ringpairs if p in first),
        "ring_shared_end": sorted(max(sharedAt[-1].get(x, 0) for x in itertools.combinations(r, 2)) for r in rings),
        "honest_pairs": honestPairs, "honest_flagged_end": len(honestEnd), "honest_flagged_ever": len(honestEver),
        "kinds_end": kinds, "ring_first": sorted(ringFirst.get(r, -1) for r in rings),
        "seating_honest_end": seatHonestEnd, "seating_honest_ever": len(seatHonestEver)}
print(json.dumps({"scenario": scen, "seed": seed, "ruleset": RULESET, "games": GAMES, "skill": SKILL, "results": res}))
