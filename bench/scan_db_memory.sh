#!/usr/bin/env bash
# `tilewatch-cli scan --db` by two builds on copies of one database: peak memory and CPU time of each
# (/usr/bin/time -v), their flags compared byte for byte and the rows they wrote compared table by table
# (sqlite3 dumps without the times of day: analyses, flags, flag_players, cases, case_flags,
# decision_models, and the audit log's actions). Run by hand:
#   bash bench/scan_db_memory.sh BEFORE_CLI AFTER_CLI DB [SCAN OPTIONS...]
# DB is left as it is (an imported database not yet scanned: `SCAN=0 bash bench/make_big_db.sh DB 10000 4`
# makes 120,000 games); the copies go to $TW_BENCH_DIR (default /tmp/tw-scan-memory).
set -euo pipefail
before=$1 after=$2 db=$3
shift 3
dir=${TW_BENCH_DIR:-/tmp/tw-scan-memory}
mkdir -p "$dir"
dump() {
  sqlite3 "$1" <<'SQL'
.mode list
SELECT 'analyses', game_id, seat, quote(fit), counted, detail, method FROM analyses ORDER BY game_id, seat;
SELECT 'flags', id, kind, ruleset, players, quote(score), games, evidence, active FROM flags ORDER BY id;
SELECT 'flag_players', player_id, flag_id FROM flag_players ORDER BY flag_id, player_id;
SELECT 'cases', id, kind, subject, quote(priority), status, players, ruleset, games FROM cases ORDER BY id;
SELECT 'case_flags', case_id, flag_id FROM case_flags ORDER BY case_id, flag_id;
SELECT 'decision_models', id, ruleset, quote(s), quote(c), quote(dispersion), quote(dispersion_ceiling), source,
       players, trimmed, decisions, detail FROM decision_models ORDER BY id;
SELECT 'audit_log', id, actor, action, subject FROM audit_log ORDER BY id;
SQL
}
games=$(sqlite3 "$db" "SELECT count(*) FROM games")
for which in before after; do
  cli=$before
  [ "$which" = after ] && cli=$after
  cp "$db" "$dir/$which.db"
  rm -f "$dir/$which.db-wal" "$dir/$which.db-shm"
  /usr/bin/time -v -o "$dir/$which.time" "$cli" scan --db "$dir/$which.db" --quiet "$@" > "$dir/$which.flags"
  dump "$dir/$which.db" > "$dir/$which.dump"
  awk -F': ' -v w="$which" -v g="$games" '/User time|System time/ { s += $2 } /Maximum resident/ { m = $2 }
    END { printf "%s: %d games, CPU %.1f s, peak %.0f MB (%.1f KB a game)\n", w, g, s, m / 1024, m / g }' \
    "$dir/$which.time"
done
echo "flags: $(cmp -s "$dir/before.flags" "$dir/after.flags" && echo identical || echo DIFFERENT)" \
  "($(wc -l < "$dir/after.flags") lines); rows: $(cmp -s "$dir/before.dump" "$dir/after.dump" && echo identical ||
    echo DIFFERENT) ($(wc -l < "$dir/after.dump") lines: $(cut -d'|' -f1 "$dir/after.dump" | uniq -c |
    awk '{ printf "%s%s %s", n++ ? ", " : "", $2, $1 }'))"
