package grandcru

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// FuzzReplay feeds records derived from generated games (and the bundled
// ones) to the whole pipeline: whatever the bytes, no panic, and a
// rejected record always names a line.
func FuzzReplay(f *testing.F) {
	// Short records keep the mutator fast: the head of generated games
	// (setup, the first year) and a whole short game.
	for p := 2; p <= 5; p++ {
		b, err := random(p, uint64(p), nil)
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		f.Add([]byte(strings.Join(lines[:min(len(lines), 30)], "\n")))
	}
	for _, name := range []string{"valid/shortest-2p.vin", "as-played/several-errors.vin"} {
		if b, err := os.ReadFile("../../testdata/grand-cru/" + name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := validate.Check(engines, "fuzz.vin", data, validate.Limits{}, validate.Options{})
		// a batch, which reads check lines lazily, reports the same
		if msg := wanttest.LazySame(engines, "fuzz.vin", data, validate.Options{}, rep); msg != "" {
			t.Fatal(msg)
		}
		for _, d := range rep.Diagnostics {
			if d.Message == "" {
				t.Fatalf("a diagnostic without a message: %+v", d)
			}
		}
		if rep.State != nil {
			_ = rep.State.Text()
		}
		// --as-played applies illegal actions (money below zero, turns out
		// of order): it must not panic either, and it never accepts more.
		ap := validate.Check(engines, "fuzz.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
		if ap.Valid() && !rep.Valid() {
			t.Fatalf("--as-played accepted a record the strict replay rejects: %v", rep.Diagnostics)
		}
	})
}

// FuzzTables checks the table reader never panics and never accepts a
// file that replays would trip over.
func FuzzTables(f *testing.F) {
	f.Add(defaultTables)
	f.Add([]byte(strings.Replace(string(defaultTables), "barrel 7  pinot", "barrel 9  pinot", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, diags := parseTables(data, "fuzz.txt")
		if diags.HasErrors() {
			return
		}
		// Accepted tables must carry a game: replay the documented one.
		rec, _ := validate.Parse("g.vin", []byte("game grand-cru\nplayers Ann Ben\n"), validate.Limits{})
		_ = Game{}.Replay(rec, validate.Options{Tables: data})
		_ = tb.triggerRound()
	})
}

// BenchmarkReplay replays one generated 4-player game.
func BenchmarkReplay(b *testing.B) {
	data, err := random(4, 7, nil)
	if err != nil {
		b.Fatal(err)
	}
	actions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep := validate.Check(engines, "bench.vin", data, validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			b.Fatal(rep.Diagnostics[0].Error())
		}
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkReplayEngine replays the same game from an already parsed
// record: the engine's share (rules, checks, scoring) without the reader.
func BenchmarkReplayEngine(b *testing.B) {
	data, err := random(4, 7, nil)
	if err != nil {
		b.Fatal(err)
	}
	rec, diags := validate.Parse("bench.vin", data, validate.Limits{})
	if diags.HasErrors() {
		b.Fatal(diags[0].Error())
	}
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep := Game{}.Replay(rec, validate.Options{})
		if rep.Diagnostics.HasErrors() || rep.Result == nil {
			b.Fatal("the benchmark game does not replay")
		}
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}
