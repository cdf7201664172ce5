#!/bin/sh
# The two-stage scan against the lookahead on everyone, on the same populations: players flagged by the full
# scan that the screened one misses, and the CPU seconds of each (user + sys).
#   sh bench/screen_miss.sh build/bin/tilewatch-cli OUTDIR [P]
#   python3 bench/screen_miss.py OUTDIR
set -eu
cli=$1 out=$2 p=${3:-0.05}
mkdir -p "$out"
for ruleset in anshan xinchang; do
  for seed in 1 2 3 4 5; do
    x="$out/$ruleset-seed$seed"
    "$cli" simulate --ruleset "$ruleset" --games 2000 --seed "$seed" --players 60 --assisted 6 --late-onset 3 \
      --colluding-pairs 0 --assisted-topk 3 --assisted-hard 3 --assisted-share 3 --strong-share 0.2 \
      --perfect-share 0.2 --think-times -o "$x.jsonl" --truth "$x.truth" --roster "$x.roster" 2>/dev/null
    for mode in fast full screen; do
      case $mode in
        fast) extra="" ;;
        full) extra="--lookahead" ;;
        screen) extra="--lookahead --screen $p" ;;
      esac
      /usr/bin/time -f "%U %S" -o "$x.$mode.time" "$cli" scan "$x.jsonl" --model builtin $extra \
        > "$x.$mode.flags" 2> "$x.$mode.err" || true
    done
    rm "$x.jsonl"
  done
done
