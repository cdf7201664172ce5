#!/usr/bin/env bash
# Makes the demo database's xiangqi games and their engine scores (resources/demo/): fairy-stockfish
# self-play among six simulated players, one assisted from the start and one from their 40th game, then the
# default scan: every position scored at depth 10 (about 20,000 positions: 10-15 minutes on two cores), and
# the 4 lines (MultiPV 4, the played move searched alone when outside them) before every counted move
# (about 6,700 positions: 30-60 minutes on two busy cores), both exported with `tilewatch-cli scores`. The
# same seed and engine give the same files; run it again only when the simulator, the engine version or the
# default search changes. With SCORES=keep the games are not simulated again and the shipped single-line
# scores are imported first (only the lines are searched).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TILEWATCH_BUILD_DIR:-build}
cli="$build/bin/tilewatch-cli"
out=resources/demo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "${SCORES:-}" != keep ]; then
  "$cli" simulate --ruleset xiangqi --games 240 --seed 20261124 --players 6 --onset-game 40 \
    --id-prefix crane- --player-prefix crane -o "$out/xiangqi-games.jsonl" --truth "$out/xiangqi-truth.jsonl"
fi
"$cli" import "$out/xiangqi-games.jsonl" --db "$work/demo.db"
if [ "${SCORES:-}" = keep ]; then "$cli" scores import "$out/xiangqi-scores.txt" --db "$work/demo.db"; fi
"$cli" scan --db "$work/demo.db" --xiangqi --quiet
"$cli" scores export --db "$work/demo.db" --multipv 1 -o "$out/xiangqi-scores.txt"
"$cli" scores export --db "$work/demo.db" -o "$out/xiangqi-lines.txt"
