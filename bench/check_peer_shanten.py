#!/usr/bin/env python3
"""Feeds Ara's 40,000 peer hands (../shared/peer-data/ara-shanten) through `tilewatch-cli hand --json`
and compares shanten_regular / shanten_pairs with columns 15 / 17. Exit status 1 on any mismatch.

usage: check_peer_shanten.py [CLI] [PEER_DIR]
"""
import glob, json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
cli = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "build-bench", "bin", "tilewatch-cli")
peer = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "peer-data", "ara-shanten")

def notation(tiles):
    out = ""
    for s, letter in enumerate("mpsz"):
        digits = "".join(str(t - 9 * s + 1) for t in sorted(tiles) if t // 9 == s)
        if digits:
            out += digits + letter
    return out

total = mismatches = 0
for path in sorted(glob.glob(os.path.join(peer, "*.txt"))):
    rows = []
    with open(path, newline="") as f:
        for line in f:
            v = [int(x) for x in line.split()]
            if v:
                assert len(v) == 17, (path, line)
                rows.append(v)
    hands = [notation(r[:14]) for r in rows]
    res = subprocess.run([cli, "hand", "--json"], input="\n".join(hands) + "\n", capture_output=True,
                         text=True, check=True)
    outs = [json.loads(l) for l in res.stdout.splitlines() if l.strip()]
    assert len(outs) == len(rows), (path, len(outs), len(rows))
    bad = 0
    for r, h, o in zip(rows, hands, outs):
        if o.get("shanten_regular") != r[14] or o.get("shanten_pairs") != r[16]:
            bad += 1
            if bad <= 5:
                print(f"MISMATCH {os.path.basename(path)} {h}: got regular {o.get('shanten_regular')} "
                      f"pairs {o.get('shanten_pairs')}, expected {r[14]} / {r[16]}")
    print(f"{os.path.basename(path)}: {len(rows)} hands, {bad} mismatches")
    total += len(rows)
    mismatches += bad
print(f"total: {total} hands, {mismatches} mismatches")
sys.exit(1 if mismatches else 0)
