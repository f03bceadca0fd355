#!/bin/bash
# report.sh [N]: takes every figure of docs/performance.md's Results at
# the checked-out commit, in one go, on a machine left alone for its ~10
# minutes: the ratio to the floor and actions/s (ratio.sh, N processes
# per game, default 9), records/s, MB/s and allocations per record (the
# fresh-record benchmarks), each stage, the batch over 10,000 generated
# records, the command over the same folder (wall, CPU, peak memory),
# start-up, and a 100-page PDF pad. CG=1 adds instructions per record
# (cachegrind; ~5 more minutes).
# RAW=FILE keeps each ratio process's line in FILE (ratio.sh), for
# internal/bench/ratios.py to pool with other runs: the 3x target is
# judged on three runs pooled (docs/performance.md, Targets).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -c -o "$work/bench.test" ./internal/bench
go build -o "$work/vintner" ./cmd/vintner

echo "## commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)'), $(date -u '+%Y-%m-%d %H:%M UTC')"
# The family and model tell the CPU's generation (25/1 is AMD Zen 3,
# 25/17 Zen 4, 6/207 Intel Emerald Rapids), which "AMD EPYC" or "Intel
# Xeon" alone does not: the ratio to the floor differs between them for
# the same code.
echo "$(go version); $(nproc) cores; $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), family $(grep -m1 '^cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 '^model[[:space:]]' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')"

echo "## the pipeline against the floor (ratio.sh, $n processes per game)"
for g in bordeaux grand-cru champagne; do
	internal/bench/ratio.sh "$work/bench.test" "$g" "$n"
	echo
done

echo "## fresh records: records/s, MB/s, allocations (3 runs each)"
"$work/bench.test" -test.run '^$' -test.bench 'TokenizeFresh|ReplayFresh' -test.benchmem -test.benchtime 2s -test.count 3 | grep ^Bench

echo "## each stage (16 records per game, repeated)"
"$work/bench.test" -test.run '^$' -test.bench '^Benchmark(Tokenize|Parse|Replay|Score|Layout)$' -test.benchmem -test.benchtime 2s | grep ^Bench

echo "## the batch over 10,000 records (audit.Run, every core)"
VINTNER_BENCH_FOLDER="$work/folder" "$work/bench.test" -test.run '^$' -test.bench '^BenchmarkBatch$' -test.benchmem -test.benchtime 3x | grep ^Bench

echo "## the command over the same folder ($(du -sh "$work/folder" | cut -f1), three runs)"
for k in 1 2 3; do
	/usr/bin/time -f '%e s wall, %U s user, %S s sys, %M KB peak RSS' "$work/vintner" validate "$work/folder" 2>&1 >/dev/null | tail -1
done

echo "## start-up"
if command -v hyperfine >/dev/null; then
	hyperfine -N --warmup 5 --runs 300 --style basic "$work/vintner version" \
		"$work/vintner validate testdata/examples/bordeaux-4p.vin" 2>&1 | grep -E 'Benchmark|Time|Range'
else
	# no hyperfine: 200 runs each, timed from python (which adds the cost
	# of starting a process, shown by /bin/true)
	python3 - "$work/vintner" <<'PY'
import statistics, subprocess, sys, time
def runs(args, n=200):
    ms = []
    for _ in range(n):
        t0 = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ms.append((time.perf_counter() - t0) * 1000)
    ms.sort()
    return "median %.1f ms (10%%-90%%: %.1f-%.1f ms), %d runs" % (statistics.median(ms), ms[n // 10], ms[9 * n // 10], n)
v = sys.argv[1]
print("vintner version:", runs([v, "version"]))
print("vintner validate (one record):", runs([v, "validate", "testdata/examples/bordeaux-4p.vin"]))
print("/bin/true (the cost of a process):", runs(["/bin/true"]))
PY
fi

echo "## a 100-page PDF pad"
go test -run '^$' -bench '^BenchmarkPad100$' -benchmem -benchtime 3x ./pdf | grep ^Bench

if [ "${CG:-0}" = 1 ]; then
	echo "## instructions per record (cachegrind, 1,024 and 2,048 iterations)"
	for g in bordeaux grand-cru champagne; do
		for b in TokenizeFresh ReplayFresh; do
			for it in 1024 2048; do
				GOMAXPROCS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no \
					--cachegrind-out-file="$work/cg.$it" "$work/bench.test" -test.run '^$' \
					-test.bench "$b/$g\$" -test.benchtime ${it}x >/dev/null 2>&1
			done
			a=$(awk '/^summary:/ {print $2}' "$work/cg.1024")
			c=$(awk '/^summary:/ {print $2}' "$work/cg.2048")
			echo "$b/$g: $(((c - a) / 1024)) instructions per record"
		done
	done
fi
