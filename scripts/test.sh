#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (the README's test command).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd "${TILEWATCH_BUILD_DIR:-build}"
QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 ctest --output-on-failure -j2
