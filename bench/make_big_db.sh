#!/usr/bin/env bash
# Builds a large database for bench_desk: simulates BASE games per ruleset, then writes COPIES copies of
# each with new game and player ids (so the database has COPIES times the players, each with a normal
# history), imports them and analyses them.  Usage: bench/make_big_db.sh OUT.db [BASE] [COPIES]
# (defaults 10000 and 34: 1,020,000 games). SCAN=0 leaves the scan out (bench_browse needs none).
set -euo pipefail
out=$1; base=${2:-10000}; copies=${3:-34}
bin=${TILEWATCH_BUILD_DIR:-build}/bin
work=$(mktemp -d)
for r in xinchang sichuan anshan; do
  "$bin/tilewatch-cli" simulate --ruleset "$r" --games "$base" --seed 11 --players 200 --colluding-pairs 2 \
    --assisted 2 --late-onset 1 --id-prefix "$r-" -o "$work/$r.jsonl"
done
python3 - "$work" "$copies" <<'PY'
import json, sys, re, os
work, copies = sys.argv[1], int(sys.argv[2])
with open(os.path.join(work, "all.jsonl"), "w") as out:
    for r in ("xinchang", "sichuan", "anshan"):
        lines = open(os.path.join(work, r + ".jsonl")).read().splitlines()
        for k in range(copies):
            for line in lines:
                g = json.loads(line)
                g["id"] = f'{g["id"]}-c{k}'
                g["seats"] = [f"{r[:2]}{k}-{p}" for p in g["seats"]]
                for rep in g.get("reports", []):
                    rep["reporter"] = f'{r[:2]}{k}-{rep["reporter"]}'
                    rep["accused"] = f'{r[:2]}{k}-{rep["accused"]}'
                out.write(json.dumps(g, separators=(",", ":"), ensure_ascii=False) + "\n")
PY
"$bin/tilewatch-cli" import "$work/all.jsonl" --db "$out"
if [ "${SCAN:-1}" != 0 ]; then "$bin/tilewatch-cli" scan --db "$out" --quiet > /dev/null; fi
rm -rf "$work"
