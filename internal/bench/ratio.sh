#!/bin/bash
# ratio.sh BINARY GAME N: the pipeline's distance from its floor, from N
# processes that each run BenchmarkRatioFresh/GAME for ${BT:-1s}: the
# pipeline and the tokenize-only floor interleaved, 32 records at a time,
# in one process (see ratio_linux_test.go). Prints the median of the N
# ratios (CPU time per record, pipeline over floor), their quartiles and
# range, the median of the pipeline's actions per CPU second, and the
# floor's offset in its 64-byte block (two binaries compare fairly only
# when it is the same in both: docs/performance.md, Method).
# BINARY: go test -c -o BINARY ./internal/bench. RAW=FILE appends each
# process's benchmark line to FILE (ratios.py pools several runs).
b=$1; g=$2; n=$3
for k in $(seq $n); do
  $b -test.run '^$' -test.bench "RatioFresh/$g\$" -test.benchtime ${BT:-1s} 2>/dev/null | grep ^Bench
done | tee -a "${RAW:-/dev/null}" | python3 -c '
import sys, statistics as st
rows=[l.split() for l in sys.stdin]
def metric(f, name):
    for i in range(len(f)-1):
        if f[i+1]==name: return float(f[i])
if not rows: sys.exit("no benchmark ran")
ratios=sorted(metric(r,"ratio") for r in rows)
acts=sorted(metric(r,"cpu-actions/s") for r in rows)
workers=[metric(r,"cpu-worker-actions/s") for r in rows]
offsets=sorted(set("?" if metric(r,"floor-offset") is None else "%d" % metric(r,"floor-offset") for r in rows))
q=lambda v,k: v[k*len(v)//4]
print("%s: ratio to the floor %.2f (quartiles %.2f-%.2f, range %.2f-%.2f, %d runs); %.2f M actions/s per core (median; quartiles %.2f-%.2f)%s; floor at offset %s" % (
  sys.argv[1], st.median(ratios), q(ratios,1), q(ratios,3), ratios[0], ratios[-1], len(ratios),
  st.median(acts)/1e6, q(acts,1)/1e6, q(acts,3)/1e6,
  "; %.2f M worker actions/s" % (st.median(workers)/1e6) if workers[0] else "",
  ",".join(offsets)))
' $g
