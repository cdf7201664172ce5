#!/usr/bin/env bash
# Scores the xiangqi reference population: a fixed sample of the CCPD master games
# (../shared/peer-data/xiangqi-ccpd, CC BY 4.0) searched by fairy-stockfish at depth 10 with MultiPV 4 (a played
# move outside the 4 lines searched alone as the root move),
# exported as resources/ccpd/xiangqi-ccpd-scores.txt, then the calibration on them. The sample: the distinct
# games (copies counted once, as import does) in the order of the SHA-1 of their path in the corpus
# ("xiangqi-ccpd/對局/…/00000001.pgn#1", their source below the peer data), the first GAMES of them
# (default 320), listed in resources/ccpd/xiangqi-ccpd-sample.txt. One position costs ~0.37 s of one core at multipv 4 (bench_multipv): 320 games of
# ~100 plies take about 3.3 core-hours; the export keeps only the games wholly scored, so the run may be
# stopped and exported at any time (split the sample over several databases to use several cores).
#   scripts/make-xiangqi-ccpd-scores.sh [GAMES] [ENGINES]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TILEWATCH_BUILD_DIR:-build}
cli="$(pwd)/$build/bin/tilewatch-cli"
ccpd=${TILEWATCH_PEER_DATA:-../shared/peer-data}/xiangqi-ccpd
games=${1:-320}
engines=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" import "$ccpd" --root "$(dirname "$ccpd")" --db "$work/all.db" --quiet 2>/dev/null || true
sqlite3 "$work/all.db" "SELECT source FROM games WHERE duplicate_of IS NULL" | python3 -c '
import hashlib, os, sys
ids = sorted((l.strip() for l in sys.stdin if l.strip()), key=lambda i: hashlib.sha1(i.encode()).hexdigest())
for i in ids[:int(sys.argv[1])]:
    path = i.split("#")[0]
    os.makedirs(os.path.dirname(os.path.join(sys.argv[2], path)), exist_ok=True)
    os.symlink(os.path.join(sys.argv[3], path), os.path.join(sys.argv[2], path))
' "$games" "$work/sample" "$(dirname "$(realpath "$ccpd")")"
"$cli" import "$work/sample/xiangqi-ccpd" --root "$(dirname "$(realpath "$ccpd")")" --db "$work/ccpd.db"
# With KEEP=1 the shipped scores are imported first: only what they lack is searched (the played moves
# outside the lines, searched alone as root moves, when they came from an older release).
if [ "${KEEP:-}" = 1 ]; then
  "$cli" scores import resources/ccpd/xiangqi-ccpd-single.txt --db "$work/ccpd.db"
  "$cli" scores import resources/ccpd/xiangqi-ccpd-scores.txt --db "$work/ccpd.db"
fi
"$cli" scan --db "$work/ccpd.db" --xiangqi --depth 10 --multipv 4 --engines "$engines" --quiet > /dev/null
mkdir -p resources/ccpd
"$cli" scores export --db "$work/ccpd.db" --depth 10 --multipv 4 -o resources/ccpd/xiangqi-ccpd-scores.txt
# Every position's single line (the engine's choice, the fit's window) beside the lines.
"$cli" scores export --db "$work/ccpd.db" --depth 10 --multipv 1 -o resources/ccpd/xiangqi-ccpd-single.txt
# The games wholly scored, by their file and place in the corpus (the score file names them by their ids).
python3 - "$work/ccpd.db" resources/ccpd/xiangqi-ccpd-scores.txt > resources/ccpd/xiangqi-ccpd-sample.txt <<'PY'
import sqlite3, sys
ids = [l.split("\t", 1)[0] for l in open(sys.argv[2], encoding="utf-8").read().split("\n")[3:] if l]
db = sqlite3.connect(sys.argv[1])
print("\n".join(sorted(db.execute("SELECT source FROM games WHERE id = ?", (i,)).fetchone()[0] for i in ids)))
PY
"$cli" calibrate --xiangqi --db "$work/ccpd.db" --depth 10 --multipv 4
