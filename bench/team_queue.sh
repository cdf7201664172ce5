#!/usr/bin/env bash
# Eight moderators (processes, each its own login in group moderator) claiming and deciding on one
# PostgreSQL database for a minute, on a private server started for the run and removed after it.
#   bench/team_queue.sh [MODERATORS=8] [SECONDS=60] [BUILD=build]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-8} seconds=${2:-60} build=${3:-build}
cmake --build "$build" -j2 --target bench_team >/dev/null
dir=$(mktemp -d /tmp/tilewatch-bench-pg.XXXXXX)
trap 'scripts/pg-server destroy "$dir"' EXIT
eval "$(scripts/pg-server start "$dir" | sed 's/^/export /')"
logins=()
for i in $(seq 1 "$n"); do scripts/pg-server role "$dir" "mod$i" moderator; logins+=("mod$i"); done
psql -X -q -c "CREATE DATABASE team_bench"
"$build/bin/bench_team" --db postgresql:///team_bench --logins "$(IFS=,; echo "${logins[*]}")" --seconds "$seconds"
