#!/usr/bin/env python3
"""ratios.py FILE...: pools the benchmark lines ratio.sh's RAW=FILE kept
(several runs, any games) and prints, per game, the median of all the
ratios, their range and how many there are: the measure the 3x target
is judged by (docs/performance.md, Targets)."""
import re, statistics, sys

by_game = {}
for name in sys.argv[1:]:
    for line in open(name):
        m = re.match(r"BenchmarkRatioFresh/(\S+?)(-\d+)?\s", line)
        r = re.search(r"([\d.]+) ratio\b", line)
        if m and r:
            by_game.setdefault(m.group(1), []).append(float(r.group(1)))
if not by_game:
    sys.exit("no RatioFresh lines")
for game, rs in by_game.items():
    rs.sort()
    print("%s: median %.2f of %d ratios (range %.2f-%.2f)" % (game, statistics.median(rs), len(rs), rs[0], rs[-1]))
