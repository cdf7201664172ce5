#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (the README's test command).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
build=${TILEWATCH_BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$build" -j2
cd "$build"
QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 ctest --output-on-failure -j2
