#!/usr/bin/env bash
# scripts/dask-scan against one `tilewatch-cli scan`: the same flags byte for byte, the
# same rejected lines and copies in the same words and order, the same exit status; the same again when a
# worker is killed in the middle of its shard; the same without --model, where the population calibrates
# itself; a scheduler that does not answer is an error, not a hang.
#   tests/dask_scan_test.sh TILEWATCH_CLI DASK_SCAN DEMO_XIANGQI_GAMES
# (and xiangqi: the workers fill a database's score cache, the scan after them searches nothing)
set -euo pipefail
cli=$1 dask_scan=$2 demo_xiangqi=$3
tmp=$(mktemp -d)
pids=()
trap '[ ${#pids[@]} = 0 ] || kill "${pids[@]}" 2> /dev/null; rm -rf "$tmp"' EXIT
cd "$tmp"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# What scan says about the input itself (not its timings or which model line it words how).
words() { grep -E '^(rejected: |duplicate: |tilewatch-cli scan: cannot open )' "$1" || true; }

# Two files: 1,600 Xinchang games with engine users and colluders (so that there are flags), and 400 Sichuan
# games; the first with a game the reader rejects, a line that is not JSON and copies of games, one of them
# far from its original so that it lies in another shard.
"$cli" simulate --ruleset xinchang --games 1600 --seed 18 --players 50 --assisted 3 --colluding-pairs 2 \
  -o xc.jsonl
"$cli" simulate --ruleset sichuan --games 400 --seed 5 --players 30 --assisted 2 --id-prefix sc -o sc.jsonl
{
  head -n 700 xc.jsonl
  echo '{"format":"ops/1","id":"no-ruleset"}'
  echo 'not json'
  echo
  sed -n 3p xc.jsonl
  sed -n '701,$p' xc.jsonl
  sed -n 10p xc.jsonl
} > corpus.jsonl
files=(corpus.jsonl missing.jsonl sc.jsonl)

status=0
"$cli" scan --model builtin "${files[@]}" > single.jsonl 2> single.err || status=$?
[ "$status" = 1 ] || fail "single scan: exit status $status, expected 1 (rejected lines)"
grep -q '"kind":"engine_assist"' single.jsonl || fail "no engine_assist flag: the comparison would be weak"
grep -q '"kind":"collusion"' single.jsonl || fail "no collusion flag: the comparison would be weak"
[ "$(words single.err | grep -c '^duplicate: ')" = 2 ] || fail "single scan: expected 2 copies"

# The comparison can fail: a fifth of the games missing (a lost shard) changes the flags.
head -n 1300 xc.jsonl > part.jsonl
"$cli" scan --model builtin part.jsonl sc.jsonl > part.out 2> /dev/null
cmp -s part.out single.jsonl && fail "a lost shard would go unnoticed: the flags do not change without it"

# run NAME [dask-scan options]: compares stdout, the words about the input and the exit status.
run() {
  local name=$1
  shift
  local s=0
  "$dask_scan" --cli "$cli" "$@" > "$name.out" 2> "$name.err" || s=$?
  cmp "$name.out" "${expected:-single.jsonl}" || fail "$name: flags differ from one scan"
  diff <(words "$name.err") <(words single.err) || fail "$name: rejected lines or copies differ"
  [ "$s" = 1 ] || { fail "$name: exit status $s, expected 1"; cat "$name.err" >&2; }
}
start=$(date +%s)
run two --workers 2 --shards 5 --model builtin "${files[@]}"
# Shards that cut corpus.jsonl between a game and its copy: the copy is still counted once.
grep -q 'shards' two.err && grep -q '^duplicate: corpus.jsonl:1605: game xinchang-10 is a copy of game xinchang-10' \
  two.err || fail "two: the copy in another shard was not named as scan names it"

# A worker killed in the middle of its shard (the shard's first attempt SIGKILLs its own worker): the
# scheduler runs the shard again on a fresh worker and nothing changes.
DASK_SCAN_TEST_KILL="2:$tmp/killed" run killed --workers 2 --shards 5 --model builtin "${files[@]}"
[ -e killed ] || fail "killed: the worker was never killed (the hook did not run)"

# One player per line (--players goes to the merge).
"$cli" scan --model builtin --players "${files[@]}" > players.jsonl 2> /dev/null || true
expected=players.jsonl run players --workers 2 --shards 3 --model builtin --players "${files[@]}"

# A model file (calibrate -o; this one calibrated on 3,000 simulated games): flags name it as given ("file
# corpus.model"), so the workers read it by the same name; a different file there is refused.
echo '{"format":"tilewatch-model/1","ruleset":"xinchang","s":0.10294708667738207,"c":0.5839856826416715,'\
'"dispersion":1.5287386988160248,"dispersion_ceiling":2.0835383588880756,"players":60,"decisions":138031}' \
  > corpus.model
"$cli" scan --model corpus.model "${files[@]}" > model.jsonl 2> /dev/null || true
grep -q '"model":"file corpus.model"' model.jsonl || fail "no flag tested against corpus.model"
cmp -s model.jsonl single.jsonl && fail "the model file changes nothing: the comparison would be weak"
expected=model.jsonl run model --workers 2 --shards 4 --model corpus.model "${files[@]}"

# A cluster started apart (Debian's dask-scheduler and dask-worker), joined with --scheduler.
dask-scheduler --host 127.0.0.1 --port 0 --no-dashboard --scheduler-file sched.json > sched.log 2>&1 &
pids+=($!)
dask-worker --scheduler-file sched.json --nworkers 2 --nthreads 1 --host 127.0.0.1 --no-dashboard \
  > workers.log 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -s sched.json ] && break; sleep 0.2; done
address=$(/usr/bin/python3 -c 'import json, sys; print(json.load(open("sched.json"))["address"])')
run joined --scheduler "$address" --connect-timeout 30 --shards 4 --model builtin "${files[@]}"
kill "${pids[@]}"
wait "${pids[@]}" 2> /dev/null || true
pids=()

# Nothing listens on port 1: a clear error within the timeout, exit status 2.
s=0
timeout 60 "$dask_scan" --cli "$cli" --scheduler tcp://127.0.0.1:1 --connect-timeout 3 --model builtin corpus.jsonl \
  > /dev/null 2> sched.err || s=$?
[ "$s" = 2 ] || fail "unreachable scheduler: exit status $s, expected 2"
grep -q 'cannot reach the scheduler tcp://127.0.0.1:1' sched.err || fail "unreachable scheduler: $(cat sched.err)"

# No --model: the Xinchang population is large enough to calibrate itself, as one scan does; the shards'
# samples are fitted once and every shard scanned again against that model: the same flags, copies across
# shards included. The comparison can fail: the built-in model's flags differ.
"$cli" scan "${files[@]}" > self.jsonl 2> self.err || true
grep -q "tested against this population's own calibration" self.err || fail "the population did not calibrate itself"
grep -q '"model":"scan-calibrated"' self.jsonl || fail "no flag tested against the population's own model"
cmp -s self.jsonl single.jsonl && fail "self-calibration changes nothing: the comparison would be weak"
expected=self.jsonl run self --workers 2 --shards 5 "${files[@]}"
grep -q "tested against this population's own calibration" self.err || fail "self: the merge did not calibrate"

# A shard that cannot be scanned at all (a model file scan refuses) is named, exit status 2.
echo 'not a model' > bad.model
s=0
"$dask_scan" --cli "$cli" --workers 1 --model bad.model corpus.jsonl > /dev/null 2> badmodel.err || s=$?
[ "$s" = 2 ] || fail "bad model: exit status $s, expected 2"
grep -q 'corpus.jsonl (bytes 0-[0-9]*): the shard could not be scanned' badmodel.err ||
  fail "bad model: $(cat badmodel.err)"

# Xiangqi on the cluster: the workers search parts of the stored games' positions into the database's score
# cache, then the scan here finds every score there: its flags are one plain scan's, byte for byte. The
# comparison can fail: a database whose cache lacks a part searches it in the last scan (checked below), and
# a scan at another depth gives other flags.
head -n 12 "$demo_xiangqi" > xq.jsonl
"$cli" import xq.jsonl --db xq-plain.db > /dev/null
cp xq-plain.db xq-cluster.db
"$cli" scan --xiangqi --db xq-plain.db --depth 4 --multipv 2 --players > xq-plain.jsonl 2> xq-plain.err
s=0
"$dask_scan" --cli "$cli" --workers 2 --shards 3 --xiangqi --db xq-cluster.db --depth 4 --multipv 2 --players \
  > xq-cluster.jsonl 2> xq-cluster.err || s=$?
[ "$s" = 0 ] || fail "xiangqi: exit status $s: $(cat xq-cluster.err)"
[ -s xq-plain.jsonl ] || fail "xiangqi: the plain scan printed no player"
cmp -s xq-plain.jsonl xq-cluster.jsonl || fail "xiangqi: the cluster's players differ from one scan's"
grep -q 'positions ([0-9]* from the cache, 0 searched)' xq-cluster.err ||
  fail "xiangqi: the scan after the workers searched: $(cat xq-cluster.err)"
grep -q ' [1-9][0-9]* searched)' xq-plain.err || fail "xiangqi: the plain scan searched nothing"

echo "dask-scan: $(($(date +%s) - start)) s for the cluster runs; $failures failure(s)"
[ "$failures" = 0 ]
