#!/usr/bin/env bash
# Two builds side by side in one run, alternating (the layout change's before/after table in docs/performance.md):
#   bash bench/before_after.sh OLD_BIN_DIR NEW_BIN_DIR WORK_DIR
# WORK_DIR holds docs/performance.md's simulated files (sichuan/anshan/xinchang.jsonl, a-*.jsonl); databases go there.
# Copy each build's bin/ first: a rebuild during the run would measure a moving target.
set -u
B=$(realpath "$1"); A=$(realpath "$2")
cd "$3"
t() { /usr/bin/time -f "%e s wall %U s user" "$@"; }
for round in 1 2; do
  for v in before after; do
    d=$([ $v = before ] && echo $B || echo $A)
    echo "== round $round $v: import 40,002 games"
    rm -f imp-$v.db*; t $d/tilewatch-cli import sichuan.jsonl anshan.jsonl xinchang.jsonl --db imp-$v.db 2>&1 | tail -2
    echo "== round $round $v: scan FILE --threads 2 (a-xinchang, a-sichuan, a-anshan)"
    for r in xinchang sichuan anshan; do echo -n "$r: "; t $d/tilewatch-cli scan a-$r.jsonl --threads 2 --quiet > /dev/null 2> scan-$v-$r.err; tail -1 scan-$v-$r.err; done
    echo "== round $round $v: bench_analysis --current-only --threads 1"
    $d/bench_analysis a-xinchang.jsonl a-sichuan.jsonl a-anshan.jsonl --current-only --threads 1 2>&1 | tail -6
  done
done
for v in before after; do
  d=$([ $v = before ] && echo $B || echo $A)
  echo "== $v: bench_records 300"; taskset -c 1 $d/bench_records 300 2>&1 | tail -6
  echo "== $v: bench_prediction"; taskset -c 1 $d/bench_prediction 2>&1 | tail -4
done
for v in before after; do
  d=$([ $v = before ] && echo $B || echo $A)
  echo "== $v: scan --db on the import db, then bench_desk 20"
  t $d/tilewatch-cli scan --db imp-$v.db --quiet > /dev/null 2>&1
  QT_QPA_PLATFORM=offscreen taskset -c 1 $d/bench_desk imp-$v.db 20 2>&1 | tail -8
done
