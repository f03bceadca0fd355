//go:build linux

package bench

import (
	"reflect"
	"runtime"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/vintner/vintner/internal/floor"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// ratioChunk is how many records BenchmarkRatioFresh replays, then
// tokenizes, at a time: a few milliseconds, far shorter than the
// machine's drifts in speed, which last seconds.
const ratioChunk = 32

// BenchmarkRatioFresh measures the pipeline (ReplayFresh) against its
// floor (TokenizeFresh) in one process, interleaved: the records of
// ReplayFresh's corpus, 32 at a time, replayed and then tokenized, or
// tokenized and then replayed (every other chunk, so that each finds the
// records in the caches as often as the other). Two benchmarks run one
// after the other see the machine at different speeds; these share it.
//
// The floor's time is its own thread's CPU time; the pipeline's is the
// rest of the process's CPU time, so that it bears all of the garbage
// collector's work, whenever that ran, and the harness's. Its metrics:
// ratio (pipeline over floor, CPU time per record), the pipeline's
// cpu-actions/s (and, for Bordeaux, cpu-worker-actions/s: see
// workerActions), the floor's floor-cpu-records/s, and floor-offset
// (floorOffset).
func BenchmarkRatioFresh(b *testing.B) {
	all := games.All()
	for _, g := range all {
		b.Run(g.Name(), func(b *testing.B) {
			recs, counts := freshCorpus(b, g, 1024)
			var workerCounts []int // Bordeaux only: see workerActions
			if g.Name() == "bordeaux" {
				for _, rec := range recs {
					workerCounts = append(workerCounts, workerActions(b, rec))
				}
			}
			runtime.LockOSThread() // the floor's CPU time is read for this thread
			defer runtime.UnlockOSThread()
			var fields [][]byte
			var floor time.Duration
			actions, workers, nFields, next, served := 0, 0, 0, 0, 0
			start := cpuTime()
			for c := 0; b.Loop(); c++ {
				from := next
				next = (next + ratioChunk) % len(recs)
				chunk := recs[from : from+ratioChunk]
				floorFirst := c%2 == 1
				if floorFirst {
					floor += tokenizeChunk(chunk, &fields, &nFields)
				}
				served += len(chunk)
				for i, rec := range chunk {
					validate.Check(all, "b.vin", rec, validate.Limits{}, batchOptions)
					actions += counts[from+i]
					if workerCounts != nil {
						workers += workerCounts[from+i]
					}
				}
				if !floorFirst {
					floor += tokenizeChunk(chunk, &fields, &nFields)
				}
			}
			pipeline := cpuTime() - start - floor
			if nFields == 0 || floor <= 0 || pipeline <= 0 {
				b.Fatalf("nothing measured: %d fields, floor %v, pipeline %v", nFields, floor, pipeline)
			}
			b.ReportMetric(pipeline.Seconds()/floor.Seconds(), "ratio")
			b.ReportMetric(float64(actions)/pipeline.Seconds(), "cpu-actions/s")
			if workerCounts != nil {
				b.ReportMetric(float64(workers)/pipeline.Seconds(), "cpu-worker-actions/s")
			}
			b.ReportMetric(float64(served)/floor.Seconds(), "floor-cpu-records/s")
			b.ReportMetric(float64(floorOffset()), "floor-offset")
		})
	}
}

// floorOffset is where the floor's code starts within a 64-byte block:
// its loop ran ~15% slower at 32 than at 0 on the machine of
// docs/performance-log.md (section 11), so two binaries compare fairly only
// when this metric is the same in both. A build with another Go or with
// -pgo can move it, as project code no longer can (TestFloorLaidOutFirst).
func floorOffset() uintptr {
	_ = floor.Pad() // linked, before the floor: see floor.Pad
	return reflect.ValueOf(floor.Record).Pointer() % 64
}

// tokenizeChunk runs the floor over records, adds the fields it found to
// *n, and returns the CPU time it took on this thread.
func tokenizeChunk(recs [][]byte, fields *[][]byte, n *int) time.Duration {
	t0 := threadCPUTime()
	for _, rec := range recs {
		*n += floor.Record(rec, fields)
	}
	return threadCPUTime() - t0
}

// threadCPUTime is the CPU time of the calling thread, to the
// nanosecond. (getrusage's RUSAGE_THREAD is not: Linux brings a running
// thread's time up to date only at a clock tick or a switch, every few
// milliseconds, longer than a chunk.)
func threadCPUTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
