#!/usr/bin/env python3
# The table of bench/collusion_figures.py's lines: per ruleset, scenario and CLI, summed over seeds.
import json, sys, collections
rows = collections.defaultdict(dict)
for f in sys.argv[1:]:
    for l in open(f):
        o = json.loads(l)
        for b, r in o['results'].items():
            rows[(o.get('ruleset','xinchang'), o['scenario'] + ('' if o.get('games',20000)==20000 else '/g%d' % o['games']) + ('' if o.get('skill','1')=='1' else '/skill' + o['skill']), b)][o['seed']] = r
for (rs, sc, b), seeds in sorted(rows.items()):
    agg = collections.Counter()
    for s, r in seeds.items():
        for k in ('pairs','pairs_within200','pairs_end','rings','rings_within200','rings_end','honest_pairs','honest_flagged_end','honest_flagged_ever'):
            agg[k] += r[k]
        agg['co_seating'] += r['kinds_end'].get('co_seating', 0)
        agg['seat_honest'] += r.get('seating_honest_end', 0); agg['seat_honest_ever'] += r.get('seating_honest_ever', 0)
    shared = sorted(x for r in seeds.values() for x in r['pair_shared_end'])
    firsts = sorted(x for r in seeds.values() for x in r['pair_first'] if x >= 0)
    rfirsts = sorted(x for r in seeds.values() for x in r.get('ring_first', []) if x >= 0)
    print(f"{rs:9} {sc:8} {b:7} seeds {sorted(seeds)}: pairs within 200 {agg['pairs_within200']}/{agg['pairs']}, end {agg['pairs_end']}/{agg['pairs']}; "
          f"rings as rings within 200 {agg['rings_within200']}/{agg['rings']}, end {agg['rings_end']}/{agg['rings']}; honest pairs flagged end {agg['honest_flagged_end']}, ever {agg['honest_flagged_ever']} / {agg['honest_pairs']}; co_seating flags {agg['co_seating']} (honest pairs {agg['seat_honest']}, ever {agg['seat_honest_ever']}); pair shared games {shared[0] if shared else '-'}-{shared[-1] if shared else '-'}; found after (median) {firsts[len(firsts)//2] if firsts else '-'}, rings {rfirsts[len(rfirsts)//2] if rfirsts else '-'}")
