#!/bin/sh
# ratio.sh BINARY GAME N — the pipeline's distance from the floor, in time.
#
# BINARY is the bench test binary (go test -c -o bench.test ./internal/bench),
# GAME bordeaux | grand-cru | age-of-champagne. Each of N processes runs
# ReplayFresh/GAME and then TokenizeFresh/GAME over the same records, back to
# back (BENCHTIME each, 0.5s unless set), so both see the machine at the
# same speed; the ratio of their CPU time per record is taken per process.
# Prints the median ratio, its quartiles and range, and the median of the
# pipeline's actions per CPU second.
set -eu
bin=$1 game=$2 n=$3
runs=$(i=0; while [ "$i" -lt "$n" ]; do
	"$bin" -test.run '^$' -test.bench "Fresh/$game\$" -test.benchtime "${BENCHTIME:-0.5s}" |
		awk '/^Benchmark/ { for (i = 1; i < NF; i++) { if ($(i+1) == "cpu-records/s") r[$1 ~ /Tokenize/] = $i; if ($(i+1) == "cpu-actions/s" && $1 ~ /Replay/) a = $i } }
		     END { printf "%.4f %.0f\n", r[1] / r[0], a }'
	i=$((i + 1))
done)
# median, quartiles and range of a column of numbers, sorted
stats='{ v[NR] = $1 } END { n = NR; printf "%.2f %.2f %.2f %.2f %.2f %d", v[int((n + 1) / 2)], v[int(n / 4) + 1], v[int(3 * n / 4) + 1], v[1], v[n], n }'
set -- $(echo "$runs" | cut -d' ' -f1 | sort -n | awk "$stats")
acts=$(echo "$runs" | cut -d' ' -f2 | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] / 1e6 }')
echo "$game: ratio to the floor $1 (quartiles $2-$3, range $4-$5, $6 runs); $acts M actions/s per core (median)"
