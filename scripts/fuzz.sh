#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/) with clang in their own build directory and runs each for SECONDS
# (default 20: CI's smoke run). Exits 1 when any harness crashed, hit a sanitizer or broke an invariant; the input
# is kept as BUILD_DIR/fuzz-artifacts/<harness>-crash-*. Inputs found along the way accumulate in
# BUILD_DIR/fuzz-corpus/<harness>, so later runs start where earlier ones stopped.
#   scripts/fuzz.sh [SECONDS] [BUILD_DIR]
# TW_FUZZ_HARNESSES="pgn xq" runs only those; TW_FUZZ_RUNS=N also stops each after N inputs; TW_FUZZ_MAX_LEN=N
# changes the longest input. fuzz/<harness>.dict, when present, is the harness's dictionary.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${1:-20}
build=${2:-build-fuzz}
peer=${TILEWATCH_PEER_DATA:-$root/../shared/peer-data}
harnesses=(${TW_FUZZ_HARNESSES:-ops xq pgn fen_move tile json stats score_file tenhou})

bash scripts/setup-debian.sh
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DTILEWATCH_FUZZ=ON -DTILEWATCH_TESTS=OFF -DTILEWATCH_BENCH=OFF \
  -DTILEWATCH_PEER_DATA="$peer" >/dev/null
cmake --build "$build" -j2 --target fuzzers

# Seeds beyond fuzz/corpus/<harness>: the tests' data and public reference files, read in place or cut
# into one game per file: small inputs run and mutate faster than whole files of games, hence also the
# length limits below (a few games at most).
split_lines() {  # FOLDER FILE [MAX_LINES]: each non-blank line its own file
  awk -v d="$1" -v b="$(basename "$2")" -v max="${3:-0}" \
    'NF && (max == 0 || n < max) { f = sprintf("%s/%s-%03d", d, b, ++n); print > f; close(f) }' "$2"
}
split_pgn() {  # FOLDER FILE: each game (from one [Event tag to the next) its own file
  awk -v d="$1" -v b="$(basename "$2")" '/^\[Event / { if (f) close(f); f = sprintf("%s/%s-%03d", d, b, ++n) } f { print > f }' "$2"
}
seeds() {  # sets seed_dirs
  local cut="$build/fuzz-seeds/$1"
  rm -rf "$cut" && mkdir -p "$cut"
  seed_dirs=("$cut")
  case $1 in
    ops|json)
      for f in tests/data/games/*.jsonl; do split_lines "$cut" "$f"; done
      [ "$1" = json ] && seed_dirs+=(fuzz/corpus/xq fuzz/corpus/stats) ;;
    xq) split_lines "$cut" resources/demo/xiangqi-games.jsonl 10 ;;
    tenhou) seed_dirs+=("$peer/tenhou-mjx") ;;
    pgn)
      for f in "$peer"/xiangqi/*.pgn; do [ -f "$f" ] && split_pgn "$cut" "$f"; done
      seed_dirs+=("$peer/xiangqi-ccpd/對局/大師對局/以棋手分類/吳貴臨" fuzz/corpus/xq) ;;
  esac
  return 0
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
mkdir -p "$build/fuzz-artifacts"
status=0
for h in "${harnesses[@]}"; do
  work="$build/fuzz-corpus/$h"
  mkdir -p "$work"
  dirs=("$work")
  [ -d "fuzz/corpus/$h" ] && dirs+=("fuzz/corpus/$h")
  seeds "$h"
  for d in "${seed_dirs[@]}"; do
    if [ -d "$d" ]; then dirs+=("$d"); else echo "fuzz: $h: seed folder $d missing, skipped" >&2; fi
  done
  log="$build/fuzz-artifacts/$h.log"
  start=$(date +%s)
  rc=0
  case $h in tile) max=256 ;; fen_move) max=1024 ;; pgn|stats) max=8192 ;; tenhou) max=65536 ;; *) max=4096 ;; esac
  max=${TW_FUZZ_MAX_LEN:-$max}
  dict=()
  [ -f "fuzz/$h.dict" ] && dict=(-dict="fuzz/$h.dict")
  "$build/fuzz/fuzz_$h" -max_total_time="$seconds" -max_len=$max -print_final_stats=1 -timeout=30 ${TW_FUZZ_RUNS:+-runs=$TW_FUZZ_RUNS} "${dict[@]}" \
    -artifact_prefix="$build/fuzz-artifacts/$h-" "${dirs[@]}" >"$log" 2>&1 || rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "fuzz_$h: ${runs:-?} executions in $(( $(date +%s) - start )) s, $([ $rc -eq 0 ] && echo "no finding" || echo "FINDING (exit $rc), see $log")"
  if [ $rc -ne 0 ]; then
    grep -E "ERROR|runtime error|invariant failed|Test unit written|SUMMARY" "$log" | head -20 >&2
    status=1
  fi
done
exit $status
