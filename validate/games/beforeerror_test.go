package games_test

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// TestStateBeforeRejectedLine: a rejected line that does several things
// (two workers, an entry whose answer fails after its letters, a line that
// closes Grand Cru's loans step, a draw of several cuvées) leaves the state
// `vintner replay` prints as it was after the line before, as its help
// promises: with the whole record, with --at on that line (the lines after
// it kept), and as played, where the lines applied before it stay applied.
func TestStateBeforeRejectedLine(t *testing.T) {
	const (
		bx  = "../../testdata/examples/bordeaux-4p.vin"
		bx2 = "../../testdata/bordeaux/valid/2p.vin"
		gc  = "../../testdata/examples/grand-cru-3p.vin"
		gcp = "../../testdata/grand-cru/as-played/several-errors.vin"
		aoc = "../../testdata/examples/age-of-champagne-3p.vin"
	)
	for _, c := range []struct {
		file     string
		line     int    // the line replaced
		bad      string // by this rejected line
		asPlayed bool
		edits    map[int]string // other lines replaced (applied as played)
		was      string         // the old line, to notice a changed example
	}{
		// Bordeaux: the second worker fails after the first wrote.
		{file: bx, line: 12, bad: "Ann: pink E Ep1 , red XX", was: "Ann: pink E Ep1 , red CCC"},
		// A trellis answer fails after the entry's letters.
		{file: bx, line: 10, bad: "Dee: yellow TT t1 t9", was: "Dee: yellow TT t1 t1"},
		// A grape's answer fails after the letters.
		{file: bx, line: 17, bad: "Ann: pink VV , yellow RR @Q", was: "Ann: pink VV , yellow RR"},
		// '13: the choice and two workers, then a busy one.
		{file: bx, line: 68, bad: "Ann: choose E C , pink EEE Ep3 , yellow CC , red C", was: "Ann: choose E C , pink EEE Ep3 , yellow CC"},
		// As played: lines 9 and 17 applied, line 18 refused after its
		// red worker wrote.
		{file: bx2, line: 18, bad: "Ben: red RRR , yellow XX", asPlayed: true,
			edits: map[int]string{9: "Ben: yellow CC , red C", 17: "Ann: yellow RR Rr2"}, was: "Ben: red RRR , yellow TTT t1 t1 t2"},
		// Grand Cru: a line that closes the loans step and begins year 2,
		// refused there.
		{file: gc, line: 31, bad: "Ben: auction advertising 9", was: "Ann: loans +1"},
		{file: gc, line: 31, bad: "Ann: pass", was: "Ann: loans +1"},
		{file: gc, line: 31, bad: "claim Ann 10", was: "Ann: loans +1"},
		// As played: lines 13, 14 and 19 applied before.
		{file: gcp, line: 23, bad: "Ann: auction seal 9", asPlayed: true, was: "Ben: loans +1"},
		// AOC: a draw refused at its fourth cuvée, a ship line keeping no
		// token (fixed for the whole record before; --at N showed them).
		{file: aoc, line: 110, bad: "Cal: draw T=MPC N=MPP N=PPP T=PPP", was: "Cal: draw T=MPC N=MPP N=PPP T=MPC"},
		{file: aoc, line: 178, bad: "Cal: ship F13 short B", was: "Cal: ship F13 short B keep prestige-2"},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for n, s := range c.edits {
			lines[n-1] = s
		}
		lines[c.line-1] = c.bad
		if old := strings.TrimSpace(strings.Split(string(b), "\n")[c.line-1]); !strings.HasPrefix(old, c.was) {
			t.Fatalf("%s:%d is %q now, not %q", c.file, c.line, old, c.was)
		}
		data := []byte(strings.Join(lines, "\n"))
		state := func(at int) (string, *validate.Report) {
			rep := validate.Check(games.All(), "g.vin", data, validate.DefaultLimits, validate.Options{AtLine: at, AsPlayed: c.asPlayed})
			if rep.State == nil {
				t.Fatalf("%s:%d %q: no state after line %d", c.file, c.line, c.bad, at)
			}
			return rep.State.Text(), rep
		}
		want, _ := state(c.line - 1)
		for _, at := range []int{0, c.line} {
			got, rep := state(at)
			stop := 0
			for _, d := range rep.Diagnostics {
				if !d.Applied && d.Code != validate.CodeClaim && (stop == 0 || d.Line < stop) {
					stop = d.Line
				}
			}
			if stop != c.line {
				t.Fatalf("%s:%d %q (at %d) is not where the replay stops: %v", c.file, c.line, c.bad, at, rep.Diagnostics)
			}
			if got != want {
				t.Errorf("%s:%d %q, replayed to line %d: the state\n%s\nwant the state before the line\n%s", c.file, c.line, c.bad, at, got, want)
			}
		}
	}
}
