#!/usr/bin/env bash
# The CPU (user + sys) of the default pipeline, two builds side by side, alternating: import FILE into a new
# database, then `scan --db` on it (default options, and --model builtin), and `scan FILE`; one thread. Prints
# each run, then each build's medians and its games per CPU-second of import + scan --db. Outputs are compared:
# the builds must print the same flags.
#   bash bench/import_scan_cpu.sh OLD_CLI NEW_CLI FILE [RUNS]
# Copy each build's tilewatch-cli first: a rebuild during the run would measure a moving target.
set -eu
OLD=$(realpath "$1"); NEW=$(realpath "$2"); FILE=$(realpath "$3"); RUNS=${4:-3}
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
games=$(wc -l < "$FILE")
cpu() { # the command's CPU seconds; a command that fails stops the run with its messages
  /usr/bin/time -f "%U %S" -o "$WORK/t" "$@" > "$WORK/out" 2> "$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
  awk '{printf "%.2f", $1 + $2}' "$WORK/t"
}
for i in $(seq "$RUNS"); do
  for v in old new; do
    bin=$([ $v = old ] && echo "$OLD" || echo "$NEW")
    rm -f "$WORK/$v.db"*
    imp=$(cpu "$bin" import "$FILE" --db "$WORK/$v.db" --quiet)
    cp "$WORK/$v.db" "$WORK/copy.db"
    db=$(cpu "$bin" scan --db "$WORK/copy.db" --threads 1 --quiet); cp "$WORK/out" "$WORK/$v.db-flags"
    cp "$WORK/$v.db" "$WORK/copy.db"
    builtin=$(cpu "$bin" scan --db "$WORK/copy.db" --threads 1 --quiet --model builtin)
    file=$(cpu "$bin" scan "$FILE" --threads 1 --quiet); cp "$WORK/out" "$WORK/$v.file-flags"
    echo "$v run $i: import $imp, scan --db $db, scan --db --model builtin $builtin, scan FILE $file"
    echo "$v $imp $db $builtin $file" >> "$WORK/runs"
  done
done
cmp -s "$WORK/old.db-flags" "$WORK/new.db-flags" && cmp -s "$WORK/old.file-flags" "$WORK/new.file-flags" \
  && echo "flags: the same (scan --db and scan FILE)" || echo "flags: DIFFER"
for v in old new; do
  awk -v v=$v -v g="$games" 'BEGIN { n = 0 } $1 == v { i[n] = $2; d[n] = $3; b[n] = $4; f[n] = $5; n++ }
    function med(a,   k, j, t) { for (k = 0; k < n; k++) for (j = k + 1; j < n; j++) if (a[j] < a[k]) { t = a[k]; a[k] = a[j]; a[j] = t }
                                 return n % 2 ? a[int(n / 2)] : (a[n / 2 - 1] + a[n / 2]) / 2 }
    END { mi = med(i); md = med(d); mb = med(b); mf = med(f)
          printf "%s medians: import %.2f, scan --db %.2f, --model builtin %.2f, scan FILE %.2f CPU-s; import + scan --db: %.0f games per CPU-second\n", v, mi, md, mb, mf, g / (mi + md) }' "$WORK/runs"
done
