#!/usr/bin/env bash
# Installs what is missing and builds everything into ${TILEWATCH_BUILD_DIR:-build}.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
cmake -S . -B "${TILEWATCH_BUILD_DIR:-build}" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "${TILEWATCH_BUILD_DIR:-build}" -j2
