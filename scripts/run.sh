#!/usr/bin/env bash
# Installs what is missing, builds and opens the TileWatch desk (the README's run command). With no
# database argument the desk opens the last one used, or the demo database, which it creates from the
# simulator on first run (a few hundred games of each ruleset with colluders, engine users and reports).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
build=${TILEWATCH_BUILD_DIR:-build}
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run: no display; starting the desk on a virtual one (xvfb-run)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$build/bin/tilewatch" "$@"
fi
exec "$build/bin/tilewatch" "$@"
