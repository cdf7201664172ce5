#!/usr/bin/env bash
# Whether two builds of tilewatch-cli store the same rows on a server: imports GAMES (files or folders) with each into a
# database of its own on a private server (scripts/pg-server, removed after), the clock of both imports
# held at one instant (faketime, so that games.imported_at and the digests of the audit rows that attest
# them can match), then dumps every table of the schema, all its columns, rows in order, and compares.
# What only the server's clock or its random numbers make differs by design and is left out: audit_log's
# at, prev_hash and hash (the server stamps the row) and store_state's report_key (a random key a new
# database draws). Both audit chains are then verified by the build that wrote them.
#   bench/pg_same_rows.sh BEFORE_CLI AFTER_CLI GAMES…
# For example: bench/pg_same_rows.sh ../before/build/bin/tilewatch-cli build/bin/tilewatch-cli x3.jsonl \
#   ../shared/peer-data/tenhou-mjx ../shared/peer-data/xiangqi-ccpd
set -euo pipefail
before=$(realpath "$1") after=$(realpath "$2")
shift 2
games=()
for g in "$@"; do games+=("$(realpath "$g")"); done
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "pg_same_rows: faketime is needed (Debian package faketime)" >&2; exit 2; }
dir=$(mktemp -d /tmp/tilewatch-same-rows.XXXXXX) pg=$(mktemp -d /tmp/tilewatch-same-rows-pg.XXXXXX)
trap 'scripts/pg-server destroy "$pg" >/dev/null 2>&1; rm -rf "$dir"' EXIT
eval "$(scripts/pg-server start "$pg" | sed 's/^/export /')"
for build in before after; do
  psql -X -q -c "CREATE DATABASE same_$build"
  # The wall clock stands still; the monotonic one (timeouts, progress) runs.
  FAKETIME="2026-01-02 03:04:05" FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "2026-01-02 03:04:05" \
    "${!build}" import "${games[@]}" --db "postgresql:///same_$build" >"$dir/import-$build" 2>&1 ||
    true # exit status 1 when a record was rejected; the rows say the rest
  tables=$(psql -X -A -t -d "same_$build" -c "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
  : >"$dir/rows-$build"
  for t in $tables; do
    case $t in
      audit_log) select="SELECT id, actor, action, subject, detail FROM audit_log ORDER BY id" ;;
      store_state) select="SELECT key, CASE key WHEN 'report_key' THEN '(random)' ELSE value END FROM store_state ORDER BY key" ;;
      *) select="SELECT * FROM $t t ORDER BY t::text" ;;
    esac
    { echo "== $t"; psql -X -q -d "same_$build" -c "\\copy ($select) to stdout"; } >>"$dir/rows-$build"
  done
  "${!build}" audit verify --db "postgresql:///same_$build" >"$dir/verify-$build" 2>&1 ||
    { cat "$dir/verify-$build" >&2; echo "$build: audit verify failed" >&2; exit 1; }
  echo "$build: $(tail -1 "$dir/import-$build"); $(grep -c . "$dir/rows-$build") lines of rows; audit: $(tail -1 "$dir/verify-$build")"
done
for t in $(grep '^== ' "$dir/rows-after" | cut -c4-); do
  n=$(awk -v t="$t" '$0 == "== " t { on = 1; next } /^== / { on = 0 } on' "$dir/rows-after" | wc -l)
  printf '%s %s rows; ' "$t" "$n"
done
echo
if cmp -s "$dir/rows-before" "$dir/rows-after"; then
  echo "the same rows: every table, every column, before and after ($(wc -c <"$dir/rows-after") bytes)"
else
  diff "$dir/rows-before" "$dir/rows-after" >"$dir/diff" || true
  head -20 "$dir/diff" | cut -c1-200 >&2
  echo "the rows differ" >&2
  exit 1
fi
