#!/usr/bin/env bash
# scripts/dask-scan on a cluster started apart (a scheduler and W worker processes, each its own command, as
# on machines of their own), at each worker count, against one `tilewatch-cli scan` of the same files. Run
# by hand:
#   bash bench/cluster_scaling.sh [GAMES_PER_FILE (40000)] [FILES (4)] [WORKER_COUNTS ("1 2 4")]
# Simulates FILES Xinchang files of GAMES_PER_FILE games once (seeds 1..FILES, 200 players, 4 engine users,
# 3 colluding pairs; kept in $TW_BENCH_DIR, default /tmp/tw-cluster-bench). Then:
#  - `tilewatch-cli scan --model builtin --threads 1 FILES...` under /usr/bin/time -v: the reference flags,
#    its CPU time and peak memory;
#  - per worker count W: `dask scheduler` and W × `dask worker --nthreads 1 --no-nanny` (each under
#    /usr/bin/time -v, so its CPU time includes the scans it ran), bench/worker_memory.py sampling each
#    worker's process tree (the worker and its scan together), then `scripts/dask-scan --scheduler ADDRESS
#    --shards K --model builtin FILES...` (K = $TW_BENCH_SHARDS, default 16, the same at every W so every
#    worker scans pieces of the same size), its output compared byte for byte with the reference; the
#    cluster is shut down through the scheduler.
# Every shard's scan runs on one thread (dask-scan passes --threads 1), so a worker is one core's work.
# CPU time (user + sys) is what extrapolates; wall time only where the cores are free.
set -euo pipefail
games=${1:-40000} files=${2:-4} counts=${3:-"1 2 4"}
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${TILEWATCH_CLI:-$root/build/bin/tilewatch-cli}
dir=${TW_BENCH_DIR:-/tmp/tw-cluster-bench}
shards=${TW_BENCH_SHARDS:-16}
py=/usr/bin/python3 # Debian's, with python3-distributed (scripts/setup-debian.sh)
mkdir -p "$dir"
corpus=()
for s in $(seq "$files"); do
  f=$dir/xinchang-$games-s$s.jsonl
  if [ ! -s "$f" ]; then
    "$cli" simulate --ruleset xinchang --games "$games" --seed "$s" --players 200 --assisted 4 \
      --colluding-pairs 3 --id-prefix "s$s-" -o "$f.part"
    mv "$f.part" "$f"
  fi
  corpus+=("$f")
done
total=$((games * files))
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
# From a /usr/bin/time -v report: user + sys seconds, and the maximum resident set in MB.
cpu_of() { awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$1"; }
rss_of() { awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$1"; }

# From bench/worker_memory.py's report: a process tree's peak memory, all together and by part (MB).
tree_of() {
  "$py" -c 'import json, sys
for line in open(sys.argv[1]):
    m = json.loads(line)
    if m["root"] == int(sys.argv[2]):
        print("together %.0f MB (tilewatch-cli %.0f, Python %.0f)"
              % (m["peak_kb"] / 1024, m["peak_scan_kb"] / 1024, m["peak_python_kb"] / 1024))' "$1" "$2"
}

echo "corpus: $total games in $files files, $(du -cm "${corpus[@]}" | tail -n 1 | cut -f1) MB; $(nproc) cores;" \
  "$shards shards; load average $(cut -d' ' -f1 /proc/loadavg)"
t0=$(now)
/usr/bin/time -v -o "$dir/single.time" "$cli" scan --model builtin --threads 1 --quiet "${corpus[@]}" \
  > "$dir/single.jsonl"
t1=$(now)
echo "one scan (1 thread): wall $(secs "$t0" "$t1") s, CPU $(cpu_of "$dir/single.time") s," \
  "peak $(rss_of "$dir/single.time") MB, $(wc -l < "$dir/single.jsonl") flags;" \
  "$(awk -v g="$total" -v c="$(cpu_of "$dir/single.time")" 'BEGIN { printf "%.0f", g / c }') games per CPU-second"

for w in $counts; do
  run=$dir/w$w
  rm -rf "$run"
  mkdir -p "$run"
  /usr/bin/time -v -o "$run/scheduler.time" dask scheduler --host 127.0.0.1 --port 0 --no-dashboard \
    --scheduler-file "$run/scheduler.json" > "$run/scheduler.log" 2>&1 &
  scheduler=$!
  for _ in $(seq 300); do [ -s "$run/scheduler.json" ] && break; sleep 0.1; done
  workers=()
  for i in $(seq "$w"); do
    /usr/bin/time -v -o "$run/worker-$i.time" dask worker --scheduler-file "$run/scheduler.json" --nthreads 1 \
      --no-nanny --memory-limit 0 --host 127.0.0.1 --no-dashboard --name "worker-$i" \
      --local-directory "$run/worker-$i" > "$run/worker-$i.log" 2>&1 &
    workers+=($!)
  done
  "$py" -c 'import sys; from distributed import Client
c = Client(scheduler_file=sys.argv[1], timeout=60); c.wait_for_workers(int(sys.argv[2]), timeout=120)
print(c.scheduler_info()["address"]); c.close()' "$run/scheduler.json" "$w" > "$run/address"
  t0=$(now)
  /usr/bin/time -v -o "$run/client.time" "$root/scripts/dask-scan" --cli "$cli" --scheduler "$(cat "$run/address")" \
    --connect-timeout 60 --shards "$shards" --model builtin --quiet "${corpus[@]}" > "$run/flags.jsonl" \
    2> "$run/client.err" &
  client=$!
  # The workers' trees, and dask-scan's (its Python holding the shards' statistics, then the merge).
  "$py" "$root/bench/worker_memory.py" "$run/memory.jsonl" "${workers[@]}" "$client" &
  sampler=$!
  wait "$client" || echo "dask-scan exited with $?: $(tail -n 3 "$run/client.err")"
  t1=$(now)
  load=$(cut -d' ' -f1 /proc/loadavg)
  "$py" -c 'import sys; from distributed import Client
Client(scheduler_file=sys.argv[1], timeout=60).shutdown()' "$run/scheduler.json" || true
  for p in "${workers[@]}"; do wait "$p" || true; done
  wait "$scheduler" || true
  kill -TERM "$sampler" 2> /dev/null || true
  wait "$sampler" || true
  same=$(cmp -s "$dir/single.jsonl" "$run/flags.jsonl" && echo identical || echo DIFFERENT)
  worker_cpu=0
  for i in $(seq "$w"); do
    c=$(cpu_of "$run/worker-$i.time")
    worker_cpu=$(awk -v a="$worker_cpu" -v b="$c" 'BEGIN { printf "%.1f", a + b }')
    echo "  worker $i: CPU $c s, largest process $(rss_of "$run/worker-$i.time") MB, worker and its scan" \
      "$(tree_of "$run/memory.jsonl" "${workers[$((i - 1))]}")"
  done
  client_cpu=$(cpu_of "$run/client.time")
  scheduler_cpu=$(cpu_of "$run/scheduler.time")
  echo "$w workers: wall $(secs "$t0" "$t1") s; CPU: workers $worker_cpu s," \
    "$(awk -v g="$total" -v c="$worker_cpu" 'BEGIN { printf "%.0f", g / c }') games per worker CPU-second;" \
    "dask-scan (keys, merge) $client_cpu s, $(tree_of "$run/memory.jsonl" "$client"); scheduler $scheduler_cpu s;" \
    "all $(awk -v a="$worker_cpu" -v b="$client_cpu" -v c="$scheduler_cpu" -v g="$total" \
      'BEGIN { printf "%.1f s, %.0f games per CPU-second", a + b + c, g / (a + b + c) }'); output $same;" \
    "load average $load"
done
