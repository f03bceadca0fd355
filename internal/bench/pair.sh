#!/bin/bash
# pair.sh OLD NEW GAME N: two builds of the benchmarks compared in N pairs
# of alternating processes, each running BenchmarkRatioFresh/GAME for
# ${BT:-1s} (GAME: bordeaux, grand-cru or age-of-champagne). Prints the
# median ratio to the floor of each, the median of new/old over the pairs
# with its range, the same for the pipeline's CPU time per action (from
# cpu-actions/s, which does not depend on the floor), and the floor's
# offsets: the ratios compare only when both offsets are 0
# (docs/performance.md, Method). OLD, NEW: go test -c -o FILE ./internal/bench,
# at each commit (git worktree add DIR COMMIT). A pass compares its end
# with the previous pass's end, so that no commit between two passes goes
# unmeasured (section 19).
set -euo pipefail
old=$1 new=$2 game=$3 n=$4
run() {
	"$1" -test.run '^$' -test.bench "RatioFresh/$game\$" -test.benchtime "${BT:-1s}" | awk '/^Benchmark/ {
		for (i = 1; i < NF; i++) {
			if ($(i+1) == "ratio") r = $i
			if ($(i+1) == "cpu-actions/s") a = $i
			if ($(i+1) == "floor-offset") f = $i
		}
		print r, a, f
	}'
}
for _ in $(seq "$n"); do
	echo "$(run "$old") $(run "$new")"
done | python3 -c '
import sys, statistics as st
rows = [tuple(map(float, l.split())) for l in sys.stdin if len(l.split()) == 6]
if not rows:
    sys.exit("no benchmark ran")
ratio = sorted(r[3] / r[0] for r in rows)
time = sorted(r[1] / r[4] for r in rows)  # old actions/s over new: new time over old
offsets = sorted(set("%d/%d" % (r[2], r[5]) for r in rows))
print("%s: ratio old %.2f new %.2f, new/old %.3f (%.3f-%.3f); time per action new/old %.3f (%.3f-%.3f); %d pairs; floor offsets old/new %s" % (
    sys.argv[1], st.median(r[0] for r in rows), st.median(r[3] for r in rows),
    st.median(ratio), ratio[0], ratio[-1], st.median(time), time[0], time[-1], len(rows), ",".join(offsets)))
' "$game"
