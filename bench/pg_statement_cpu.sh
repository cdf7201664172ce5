#!/usr/bin/env bash
# Where a server spends its CPU during an import: the server's own user + sys seconds for each statement
# (log_statement_stats), summed by statement (a prepared one by its text), for two builds of tilewatch-cli
# importing the same games into a new database each, alternately ROUNDS times, on a private server
# (scripts/pg-server, removed after). Logging every statement costs the server time of its own, outside
# the figures; the sums are of the statements only (no connection start, no autovacuum).
#   bench/pg_statement_cpu.sh GAMES BEFORE_CLI AFTER_CLI [ROUNDS=1] [TOP=12]
set -euo pipefail
games=$(realpath "$1") before=$(realpath "$2") after=$(realpath "$3") rounds=${4:-1} top=${5:-12}
cd "$(dirname "$0")/.."
pg=$(mktemp -d /tmp/tilewatch-bench-stmt.XXXXXX)
trap 'scripts/pg-server destroy "$pg" >/dev/null 2>&1' EXIT
eval "$(scripts/pg-server start "$pg" | sed 's/^/export /')"
psql -X -q -c "ALTER SYSTEM SET log_statement_stats = on" -c "ALTER SYSTEM SET log_statement = 'all'" \
  -c "SELECT pg_reload_conf()" >/dev/null
log="$pg/data/server.log"
echo "$(grep -c . "$games" 2>/dev/null || echo '?') lines of games, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
  for build in before after; do
    db="stmt_${build}_$round"
    psql -X -q -c "CREATE DATABASE $db"
    : >"$log"
    "${!build}" import "$games" --db "postgresql:///$db" >/dev/null 2>&1 || true
    echo "== $build (round $round)"
    python3 - "$log" "$top" <<'EOF'
import collections, re, sys
text = open(sys.argv[1], errors="replace").read()
prepared, sums, last = {}, collections.defaultdict(lambda: [0, 0.0]), None
for rec in re.split(r"\n(?=\d{4}-\d\d-\d\d )", text):
    m = re.search(r"LOG:  statement: (.*)", rec, re.S)
    if m:
        s = m.group(1).strip()
        p = re.match(r"PREPARE (\w+) AS (.*)", s, re.S)
        if p:
            prepared[p.group(1)] = p.group(2)
            last = "(PREPARE)"
            continue
        e = re.match(r"EXECUTE (\w+)", s)
        last = prepared.get(e.group(1), e.group(1)) if e else s
        last = " ".join(last.split())[:90]
        continue
    m = re.search(r"system usage stats:\s*!\s+([\d.]+) s user, ([\d.]+) s system", rec, re.S)
    if m and last:
        sums[last][0] += 1
        sums[last][1] += float(m.group(1)) + float(m.group(2))
        last = None
print("  statements' CPU %.3f s" % sum(v[1] for v in sums.values()))
for k, v in sorted(sums.items(), key=lambda x: -x[1][1])[: int(sys.argv[2])]:
    print("  %5d %7.3f s  %s" % (v[0], v[1], k))
EOF
  done
done
