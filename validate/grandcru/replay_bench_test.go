package grandcru

import (
	"testing"

	"github.com/vintner/vintner/internal/cputime"
	"github.com/vintner/vintner/validate"
)

// cpuTime is the process's CPU time (internal/cputime).
var cpuTime = cputime.Process

// BenchmarkEngineReplay replays generated records already read, so that the
// engine's own cost shows without the shared reader's (the records are
// those of internal/bench's ReplayFresh: 2 to 4 players in turn).
func BenchmarkEngineReplay(b *testing.B) {
	var recs []*validate.Record
	actions := 0
	for i := 0; i < 64; i++ {
		data, err := random(2+i%3, uint64(1000+i), nil)
		if err != nil {
			b.Fatal(err)
		}
		rec, diags := validate.Parse("b.vin", data, validate.Limits{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		rep := Game{}.Replay(rec, validate.Options{})
		if len(rep.Diagnostics) > 0 || rep.Result == nil {
			b.Fatalf("record %d rejected: %v", i, rep.Diagnostics)
		}
		recs = append(recs, rec)
		actions += rep.Actions
	}
	b.ReportAllocs()
	cpu := cpuTime()
	i := 0
	for b.Loop() {
		Game{}.Replay(recs[i%len(recs)], validate.Options{})
		i++
	}
	// CPU time, garbage collection included: on a shared machine the
	// wall-clock ns/op says more about the neighbours.
	b.ReportMetric(float64(cpuTime()-cpu)/float64(i), "cpu-ns/op")
	b.ReportMetric(float64(actions)/float64(len(recs)), "actions/record")
}
