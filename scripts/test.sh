#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test (the README's test command), then a
# short libFuzzer run of every reader of untrusted input (fuzz/README.md; TW_FUZZ_SECONDS each, 0 skips).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
bash scripts/check-format.sh
cd "${TILEWATCH_BUILD_DIR:-build}"
QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 ctest --output-on-failure -j2
cd - >/dev/null
[ "${TW_FUZZ_SECONDS:-20}" = 0 ] || bash scripts/fuzz.sh "${TW_FUZZ_SECONDS:-20}"
