package champagne

import (
	"os"
	"testing"

	"github.com/vintner/vintner/validate"
)

func BenchmarkReplayFile(b *testing.B) {
	data, err := os.ReadFile("/tmp/bench4.vin")
	if err != nil {
		b.Fatal(err)
	}
	rec, _ := validate.Parse("bench.vin", data, validate.Limits{})
	g := New()
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rep := g.Replay(rec, validate.Options{})
		if rep.Result == nil {
			b.Fatal(rep.Diagnostics)
		}
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}
