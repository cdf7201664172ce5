#!/usr/bin/env bash
# Saves the desk with a case open to PNG under a virtual display, to look at after a change:
#   bash scripts/screenshot.sh [DB] [OUT_PREFIX] [CASE_ROW | game:ID] [STEPS] [WIDTHxHEIGHT] [LANGUAGE]
# (game:ID opens that game alone, e.g. a riichi hand imported from Tenhou, which has no case)
# (the window 1600x1000 by default; LANGUAGE zh_CN shows the Chinese desk).
# Without DB it builds a small one from the simulator. Writes OUT_PREFIX-desk.png, -later.png, -history.png,
# -settings.png and -handbook.png (Help → Handbook, F1).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TILEWATCH_BUILD_DIR:-build}
cmake --build "$build" -j2 --target desk_screenshot tilewatch-cli >/dev/null
out=${2:-/tmp/tilewatch-shot}
db=${1:-}
if [ -z "$db" ]; then
  db=$(mktemp -d)/shot.db
  for r in xinchang sichuan anshan; do
    "$build/bin/tilewatch-cli" simulate --ruleset "$r" --games 300 --seed 7 --players 12 --colluding-pairs 1 \
      --id-prefix "$r-" -o "${db%.db}-$r.jsonl" >/dev/null
    "$build/bin/tilewatch-cli" import "${db%.db}-$r.jsonl" --db "$db" >/dev/null
  done
  "$build/bin/tilewatch-cli" scan --db "$db" --quiet >/dev/null || true
fi
size=${5:-1600x1000}
xvfb-run -a -s "-screen 0 ${size}x24" "$build/bin/desk_screenshot" "$db" "$out" "${3:-0}" "${4:-25}" "$size" ${6:+"$6"}
ls -1 "$out"-*.png
