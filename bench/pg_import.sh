#!/usr/bin/env bash
# Import and `scan --db` into a SQLite file and into a PostgreSQL server (a private one started for the run
# with scripts/pg-server, removed after it), side by side for two builds of tilewatch-cli, the version
# before and this one, run alternately ROUNDS times: wall and CPU (user + sys) seconds, games per second.
# Checks that the file and the server end with the same queue (`cases list`) for both builds.
#   bench/pg_import.sh GAMES.jsonl BEFORE_CLI AFTER_CLI [ROUNDS=1] [SCAN OPTIONS…]
# For example, 20,000 simulated Xinchang games:
#   build/bin/tilewatch-cli simulate --ruleset xinchang --games 20000 --seed 3 -o x3.jsonl --truth x3.truth
#   bash bench/pg_import.sh x3.jsonl ../before/build/bin/tilewatch-cli build/bin/tilewatch-cli 2
set -euo pipefail
games=$(realpath "$1") before=$(realpath "$2") after=$(realpath "$3") rounds=${4:-1}
shift $(($# < 4 ? $# : 4))
cd "$(dirname "$0")/.."
n=$(grep -c . "$games")
dir=$(mktemp -d /tmp/tilewatch-bench-pgimport.XXXXXX) pg=$(mktemp -d /tmp/tilewatch-bench-pg.XXXXXX)
trap 'scripts/pg-server destroy "$pg" >/dev/null 2>&1; rm -rf "$dir"' EXIT
environment=$(scripts/pg-server start "$pg")
eval "$(sed 's/^/export /' <<<"$environment")"
echo "$n games, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# The server's CPU: its backends' time, which the postmaster collects when each ends (a command's connection
# ends with it), read from /proc; autovacuum's workers, started by the imports, count too.
postmaster=$(head -1 "$pg/data/postmaster.pid")
server_cpu() { awk '{ print ($16 + $17) / 100 }' "/proc/$postmaster/stat"; }
measure() { # LABEL COMMAND…: one line of figures; CPU is the command's user + sys, and the server's beside it
  local label=$1 before after
  shift
  before=$(server_cpu)
  /usr/bin/time -f '%e %U %S' -o "$dir/time" "$@" >"$dir/out" 2>"$dir/err" || {
    cat "$dir/err" >&2
    exit 1
  }
  # The backend is gone once psql finds no other connection than its own.
  while [ "$(psql -X -A -t -c 'SELECT count(*) FROM pg_stat_activity WHERE backend_type = $$client backend$$')" -gt 1 ]; do sleep 0.05; done
  sleep 0.2
  after=$(server_cpu)
  # A command on a file leaves the server alone (what it spends meanwhile is autovacuum's, or psql's).
  [[ $label == *server* ]] || after=$before
  awk -v label="$label" -v n="$n" -v server="$(awk -v a="$after" -v b="$before" 'BEGIN { print a - b }')" \
    '{ cpu = $2 + $3; printf "%-34s wall %6.2f s  %7.0f games/s  cpu %5.2f s + server %5.2f s = %7.0f games/cpu-s\n", label, $1, n / $1, cpu, server, n / (cpu + server) }' "$dir/time"
}
for round in $(seq 1 "$rounds"); do
  for build in before after; do
    cli=${!build}
    db="$dir/$build-$round.db" server="postgresql:///bench_${build}_$round"
    psql -X -q -c "CREATE DATABASE bench_${build}_$round"
    measure "$build import   file   (round $round)" "$cli" import "$games" --db "$db"
    measure "$build import   server (round $round)" "$cli" import "$games" --db "$server"
    measure "$build scan --db file   (round $round)" "$cli" scan --db "$db" --quiet "$@"
    measure "$build scan --db server (round $round)" "$cli" scan --db "$server" --quiet "$@"
    "$cli" cases list --db "$db" >"$dir/cases-$build-file"
    "$cli" cases list --db "$server" >"$dir/cases-$build-server"
    cmp -s "$dir/cases-$build-file" "$dir/cases-$build-server" ||
      { echo "$build: the queue on the server differs from the file's" >&2; exit 1; }
  done
  cmp -s "$dir/cases-before-file" "$dir/cases-after-file" ||
    { echo "the queue after differs from the queue before" >&2; exit 1; }
  echo "round $round: the same queue ($(wc -l <"$dir/cases-after-file") cases) on file and server, before and after"
done
