#!/usr/bin/env bash
# scripts/dask-scan on a local cluster against one `tilewatch-cli scan`, run by hand:
#   bash bench/dask_scan.sh [GAMES (100000)] [RUNS (3)] [WORKERS (2)]
# Simulates GAMES Xinchang games once (200 players, 4 engine users, 3 colluding pairs; kept in
# $TW_BENCH_DIR, default /tmp/tw-dask-bench), then per run: the wall time of `tilewatch-cli scan --model
# builtin FILE`, of `scripts/dask-scan --workers WORKERS --model builtin FILE` and of the same with the worker
# running the middle shard killed in the middle of it (SIGKILL; the scheduler runs that shard again), each
# output compared byte for byte with scan's. (Without --model scan calibrates itself on this population, two
# passes over the files; TW_BENCH_SELF=1 times that too, once.)
set -euo pipefail
games=${1:-100000} runs=${2:-3} workers=${3:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${TILEWATCH_CLI:-$root/build/bin/tilewatch-cli}
dir=${TW_BENCH_DIR:-/tmp/tw-dask-bench}
mkdir -p "$dir"
corpus=$dir/xinchang-$games.jsonl
if [ ! -s "$corpus" ]; then
  "$cli" simulate --ruleset xinchang --games "$games" --seed 18 --players 200 --assisted 4 \
    --colluding-pairs 3 -o "$corpus.part"
  mv "$corpus.part" "$corpus"
fi
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
shards=$((4 * workers))
echo "corpus: $games games, $(du -m "$corpus" | cut -f1) MB; $(nproc) cores; $workers workers, $shards shards"
if [ "${TW_BENCH_SELF:-0}" = 1 ]; then
  t0=$(now)
  "$cli" scan "$corpus" > "$dir/self.jsonl" 2> "$dir/self.err"
  echo "scan without --model: $(secs "$t0" "$(now)") s, $(wc -l < "$dir/self.jsonl") flags; $(head -n 1 "$dir/self.err")"
fi
for run in $(seq "$runs"); do
  t0=$(now)
  "$cli" scan --model builtin "$corpus" > "$dir/single.jsonl" 2> /dev/null
  t1=$(now)
  "$root/scripts/dask-scan" --cli "$cli" --workers "$workers" --model builtin "$corpus" > "$dir/dask.jsonl" \
    2> /dev/null
  t2=$(now)
  rm -f "$dir/killed"
  DASK_SCAN_TEST_KILL="$((shards / 2)):$dir/killed" "$root/scripts/dask-scan" --cli "$cli" --workers "$workers" \
    --model builtin "$corpus" > "$dir/killed.jsonl" 2> /dev/null
  t3=$(now)
  same=$(cmp -s "$dir/single.jsonl" "$dir/dask.jsonl" && echo identical || echo DIFFERENT)
  killed=$(cmp -s "$dir/single.jsonl" "$dir/killed.jsonl" && echo identical || echo DIFFERENT)
  [ -e "$dir/killed" ] || killed="$killed (no worker was killed)"
  echo "run $run: scan $(secs "$t0" "$t1") s; dask-scan $(secs "$t1" "$t2") s, $same;" \
    "worker killed $(secs "$t2" "$t3") s, $killed; $(wc -l < "$dir/single.jsonl") flags;" \
    "load average $(cut -d' ' -f1 /proc/loadavg)"
done
