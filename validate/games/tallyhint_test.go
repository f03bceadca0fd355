package games_test

import (
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// TestATallyGivenAsARecordIsHinted: a file of end-of-game counts checked
// as a record is refused by every engine at its tally lines, with a hint
// that it is scored in scorepad mode; in scorepad mode it is scored.
func TestATallyGivenAsARecordIsHinted(t *testing.T) {
	const hint = "a file of tally lines is a scorepad tally: vintner score --tally FILE"
	for game, tally := range map[string]string{
		"bordeaux":         "game bordeaux\nplayers Ann\ntally Ann paths=9 longest=7 casks=7 rows=5/5/0 leader=7\n",
		"grand-cru":        "game grand-cru\nplayers Ann Ben\ntally Ann money=1 tiles=gamay cellar=0 loans=0\ntally Ben money=1 tiles=syrah cellar=0 loans=1\n",
		"age-of-champagne": "game age-of-champagne\nplayers Ann Ben\ntally Ann pp=3 eco=0 council=1\ntally Ben pp=2 eco=0 council=2\n",
	} {
		rep := validate.Check(games.All(), "t.vin", []byte(tally), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Line != 3 || rep.Diagnostics[0].Hint != hint {
			t.Errorf("%s as a record: want the hint at line 3, got %v", game, rep.Diagnostics)
		}
		rep = validate.CheckTally(games.All(), game, "t.vin", []byte(tally), validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			t.Errorf("%s as a tally: %v", game, rep.Diagnostics)
		}
	}
}

// TestATallyWrittenLooselyIsHinted: the tally reader takes an indented
// line, a tab after the keyword and the keyword in any case, so such a
// tally checked as a record is hinted too (it was not: the hint looked
// for "tally " at column 1 only).
func TestATallyWrittenLooselyIsHinted(t *testing.T) {
	const hint = "a file of tally lines is a scorepad tally: vintner score --tally FILE"
	for game, tally := range map[string]string{
		"bordeaux":         "game bordeaux\nplayers Ann\n  tally Ann paths=9 longest=7 casks=7 rows=5/5/0 leader=7\n",
		"grand-cru":        "game grand-cru\nplayers Ann Ben\ntally\tAnn money=1 tiles=gamay cellar=0 loans=0\nTALLY Ben money=1 tiles=syrah cellar=0 loans=1\n",
		"age-of-champagne": "game age-of-champagne\nplayers Ann Ben\n Tally Ann pp=3 eco=0 council=1\ntally\tBen pp=2 eco=0 council=2\n",
	} {
		rep := validate.CheckTally(games.All(), game, "t.vin", []byte(tally), validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			t.Errorf("%s as a tally: %v", game, rep.Diagnostics)
		}
		rep = validate.Check(games.All(), "t.vin", []byte(tally), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 {
			t.Errorf("%s as a record: no error", game)
		}
		for _, d := range rep.Diagnostics {
			if d.Hint != hint {
				t.Errorf("%s as a record: want the hint at line %d, got %v", game, d.Line, d)
			}
		}
	}
}

// TestARefusedFirstLineStopsTheReplayThere: a record whose first line
// cannot be read is replayed no further than it, as one whose later line
// cannot be read is replayed up to that line: its one error is the
// line's, without what the engine would say of a record read past it
// ("the record has no years"), in a batch's lazy reading and in the full
// one alike (a fuzz find: the two differed).
func TestARefusedFirstLineStopsTheReplayThere(t *testing.T) {
	rec := []byte("0\"\ngAme BordeAuX\nplAYers n 000 0 7\nsheets B18E77LWFX5\"00000\ncheck 0 0\n1")
	want := "l.vin:1:2: error: the quote opened here is never closed\n" +
		"l.vin:4:19: error: the quote opened here is never closed\n" +
		"l.vin:5:9: error: a check compares key=value, not \"0\"\n"
	for _, noState := range []bool{false, true} {
		rep := validate.Check(games.All(), "l.vin", rec, validate.Limits{}, validate.Options{NoState: noState})
		got := ""
		for _, d := range rep.Diagnostics {
			got += d.Error() + "\n"
		}
		if got != want {
			t.Errorf("lazy %v:\n%swant\n%s", noState, got, want)
		}
	}
}
