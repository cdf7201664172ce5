#!/bin/sh
# Every honest and cheating family of the simulator, at ~100, ~200 and ~400 games a player, five seeds per
# size and two honest mixes, each population scanned by an earlier build (BEFORE) and this one (AFTER) in
# the same run: the earlier build's default scan, this build's default and --perfect-play-honest, with the
# records' think times.
#   sh bench/detection_families.sh BEFORE/tilewatch-cli build/bin/tilewatch-cli OUTDIR
#   python3 bench/detection_families.py OUTDIR
set -eu
before=$1 after=$2 out=$3
mkdir -p "$out"
for mix in "0 0" "0.3 0.2"; do
  set -- $mix
  strong=$1 perfect=$2
  for games in 5000 10000 20000; do
    for seed in 1 2 3 4 5; do
      p="$out/x-s$strong-p$perfect-g$games-seed$seed"
      "$after" simulate --ruleset xinchang --games "$games" --seed "$seed" --players 200 --assisted 6 \
        --late-onset 0 --colluding-pairs 0 --assisted-topk 6 --assisted-hard 6 --assisted-share 6 \
        --strong-share "$strong" --perfect-share "$perfect" --think-times \
        -o "$p.jsonl" --truth "$p.truth" --roster "$p.roster" 2>/dev/null
      # A player is flagged where its q is at most the scan's alpha (1e-3): the players' lines say both.
      [ -s "$p.before.players" ] || "$before" scan "$p.jsonl" --players > "$p.before.players" 2>/dev/null || true
      "$after" scan "$p.jsonl" --players > "$p.after.players" 2>/dev/null || true
      "$after" scan "$p.jsonl" --perfect-play-honest --players > "$p.after-php.players" 2>/dev/null || true
      rm "$p.jsonl"
    done
  done
done
