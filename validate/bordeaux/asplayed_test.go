package bordeaux

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

// asPlayedRecord is the two-player golden with four broken rules that can
// each be applied as written.
func asPlayedRecord(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../testdata/bordeaux/valid/2p.vin")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, r := range [][2]string{
		{"'02 R C\n", "'02 R C Ann\n"},                                      // line 7: Ben leads '02
		{"Ben: yellow CC\n'03", "Ben: yellow CC , red C\n'03"},              // line 9: red is busy and Ben gained already
		{"Ann: yellow RR\n", "Ann: yellow RR Rr2\n"},                        // line 17: the yellow worker makes Rw2
		{"Ann: yellow E , pink TTT t322", "Ann: yellow E , pink TTT t3222"}, // line 28: a fourth trellis answers nothing
	} {
		if !strings.Contains(s, r[0]) {
			t.Fatalf("the golden changed: %q", r[0])
		}
		s = strings.Replace(s, r[0], r[1], 1)
	}
	return []byte(s)
}

func TestAsPlayedAppliesAndGoesOn(t *testing.T) {
	data := asPlayedRecord(t)
	games := []validate.Game{New()}

	rep := validate.Check(games, "x.vin", data, validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Line != 7 || rep.Result != nil || rep.Disputed {
		t.Fatalf("without --as-played: stop at line 7, got %v (result %v, disputed %v)", rep.Diagnostics, rep.Result != nil, rep.Disputed)
	}

	rep = validate.Check(games, "x.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
	want := []string{
		"7: Ben leads '02 (the snake order: Ann, Ben, Ben, Ann, …), not Ann",
		"9: Ben's red worker is busy in '02 (its row is filled; it is free again in '03)",
		"9: Ben already gained resources in '02: one Gain a year",
		"17: the yellow worker makes white wine, not red (Rr2)",
		"17: Ann needs 1 cask to make Rr2 and has 0 available",
		"28: no trellis is left to place for Ann here: t2 answers nothing",
		"42: no trellis is left to place for Ann here: t2 answers nothing", // rows 1 and 2 full since line 28
	}
	var got []string
	checks := 0
	for _, d := range rep.Diagnostics {
		if d.Severity != validate.Error {
			t.Errorf("not an error: %v", d)
		}
		switch d.Code {
		case validate.CodeRule:
			got = append(got, fmt.Sprintf("%d: %s", d.Line, d.Message))
		case validate.CodeCheck, validate.CodeClaim:
			checks++ // the sheet differs from the golden's from line 9 on
		default:
			t.Errorf("unexpected: %v", d)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rule errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if checks == 0 || !rep.Disputed || rep.Result == nil || rep.Valid() {
		t.Fatalf("checks %d, disputed %v, result %v, valid %v", checks, rep.Disputed, rep.Result != nil, rep.Valid())
	}
	st := rep.State.(*State)
	ann, ben := st.Players[0], st.Players[1]
	// as written: Ann's yellow worker made Rr2 with no cask to cross out;
	// Ben's busy red worker gained a cask on top of his CC
	if _, ok := ann.Circled["R5"]; !ok || ann.Grid[YellowWorker][5] != 'R' || ann.CasksAvailable() < 0 {
		t.Errorf("Ann: Rr2 circled %v, '05 yellow %c, casks %d", ok, ann.Grid[YellowWorker][5], ann.CasksAvailable())
	}
	if ben.Grid[RedWorker][2] != 'C' || rep.Result.Player("Ben") == nil {
		t.Errorf("Ben's red row in '02: %c", ben.Grid[RedWorker][2])
	}
}

// TestAsPlayedStopsWhereNothingApplies: a wine the sheet does not have
// cannot be made as written; the replay stops there.
func TestAsPlayedStopsWhereNothingApplies(t *testing.T) {
	data := asPlayedRecord(t)
	s := strings.Replace(string(data), "Ben: pink T\n", "Ben: pink T , red LLL Lw3\n", 1)
	rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(s), validate.Limits{}, validate.Options{AsPlayed: true})
	last := rep.Diagnostics[len(rep.Diagnostics)-1]
	if rep.Result != nil || last.Line != 29 || last.Message != "Ben's sheet has no wine Lw3" {
		t.Fatalf("result %v, last %v", rep.Result != nil, last)
	}
}

// TestSharedLayoutsStayReadOnly: the engine replays on the layouts the
// code cache shares, so a replay (legal, or as played with rules broken)
// must never write to one.
func TestSharedLayoutsStayReadOnly(t *testing.T) {
	b, err := Generate(4, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := validate.Parse("g.vin", b, validate.Limits{})
	code := rec.Lines[0].Word(1)
	set, err := layouts.SetCached(code)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := layouts.SetJSON(set)
	ReplayState(rec, validate.Options{})
	validate.Check([]validate.Game{New()}, "x.vin", asPlayedRecord(t), validate.Limits{}, validate.Options{AsPlayed: true})
	again, _ := layouts.SetCached(code)
	after, _ := layouts.SetJSON(again)
	if &again[0] != &set[0] || string(before) != string(after) {
		t.Fatalf("the shared layouts changed (same slice %v)", &again[0] == &set[0])
	}
}

// TestCheckListsCommasOrSlashes: a check's list values are written with
// commas (the notation's form) or slashes, or both mixed.
func TestCheckListsCommasOrSlashes(t *testing.T) {
	b, err := os.ReadFile("../../testdata/bordeaux/valid/2p.vin")
	if err != nil {
		t.Fatal(err)
	}
	slashes := string(b)
	if !strings.Contains(slashes, "trellis=3/3/1 circled=Ep1/Er3/") {
		t.Fatal("the golden's checks changed")
	}
	commas := strings.NewReplacer("3/3/1", "3,3,1", "3/4/2", "3,4,2", "Ep1/Er3/Ew1/Lp3/Lr2/Rr1/Rr2/Rw2", "Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rw2",
		"Ep2/Lw1", "Ep2,Lw1").Replace(slashes)
	mixed := strings.Replace(commas, "Ep1,Er3,Ew1,Lp3", "Ep1/Er3,Ew1/Lp3", 1)
	for name, text := range map[string]string{"slashes": slashes, "commas": commas, "mixed": mixed} {
		if name != "slashes" && !strings.Contains(text, "trellis=3,3,1 circled=Ep1") {
			t.Fatalf("%s: not rewritten", name)
		}
		rep := validate.Check([]validate.Game{New()}, name+".vin", []byte(text), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) != 0 || rep.Result == nil {
			t.Errorf("%s: %v", name, rep.Diagnostics)
		}
	}
	for _, c := range []struct{ from, to, want string }{
		{"trellis=3,3,1", "trellis=3,3,2", "Ann has 3,3,1 trellises per row; the check says 3,3,2"},
		{"trellis=3,3,1", "trellis=3/3", "Ann has 3,3,1 trellises per row; the check says 3/3"},
		{"circled=Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rw2", "circled=Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rr2",
			"Ann's circled wines are Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rw2; the check says Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rr2"},
		{"circled=Ep1,Er3,Ew1,Lp3,Lr2,Rr1,Rr2,Rw2", "circled=rw2,ep1/er3,ew1,lp3,lr2,rr1,rr2", ""},
	} {
		text := strings.Replace(commas, c.from, c.to, 1)
		rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, validate.Options{})
		got := ""
		if len(rep.Diagnostics) > 0 {
			got = rep.Diagnostics[0].Message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.to, got, c.want)
		}
	}
}

// TestAsPlayedOverFixtures: every invalid fixture, replayed as played,
// reports the same first error. Those whose rule can be applied as written
// are disputed and go on; the others stop where they stopped.
func TestAsPlayedOverFixtures(t *testing.T) {
	applied := map[string]bool{}
	for _, f := range strings.Fields(`worker-busy worker-twice third-worker-must-pass two-gains two-make-wine
		region-not-this-years resource-not-this-years colour-mismatch age-not-duration named-wine-other-region
		wine-already-circled not-enough-casks grape-needs-casks grape-wine-circled grape-must-circle
		trellis-row-full trellis-no-such-row choice-answers-nothing grape-answers-nothing wrong-leader
		solo-not-leader prefilled-region prefilled-resource choose-conflict choose-resource-conflict
		worker-busy-to-the-end syntax-after-the-stop`) {
		applied[f+".vin"] = true
	}
	checks := map[string]bool{}
	for _, f := range strings.Fields(`check-mismatch check-circled check-empty-value check-used check-vines check-wines
		check-paths check-longest check-leader`) {
		checks[f+".vin"] = true
	}
	// Their rule can be applied, but a later entry or choice of the same
	// line cannot: the replay stops at that line, so nothing on it went
	// past (the note said "applied as written; the replay went on").
	stopsOnItsLine := map[string]bool{"third-worker-must-pass.vin": true, "worker-busy-to-the-end.vin": true,
		"choose-conflict.vin": true, "choose-resource-conflict.vin": true}
	files, _ := filepath.Glob("../../testdata/bordeaux/invalid/*.vin")
	seen := 0
	for _, f := range files {
		data, _ := os.ReadFile(f)
		name := filepath.Base(f)
		games := []validate.Game{New()}
		rep := validate.Check(games, name, data, validate.Limits{}, validate.Options{})
		ap := validate.Check(games, name, data, validate.Limits{}, validate.Options{AsPlayed: true})
		if len(rep.Diagnostics) == 0 || len(ap.Diagnostics) == 0 {
			t.Errorf("%s: no error %v, as played %v", name, rep.Diagnostics, ap.Diagnostics)
			continue
		}
		// The same first error, marked applied exactly when the replay
		// went past it.
		first := ap.Diagnostics[0]
		if first.Applied != (applied[name] && !stopsOnItsLine[name] || checks[name]) {
			t.Errorf("%s: first error applied = %v as played", name, first.Applied)
		}
		first.Applied, first.Note = false, "" // what was done is said as played only
		if rep.Diagnostics[0] != first {
			t.Errorf("%s: first error %v, as played %v", name, rep.Diagnostics, ap.Diagnostics)
			continue
		}
		// A check that differs is applied too: reported, and the result
		// disputed (the table saw what the rules do not give).
		if ap.Disputed != (applied[name] && !stopsOnItsLine[name] || checks[name]) {
			t.Errorf("%s: disputed %v as played", name, ap.Disputed)
		}
		if applied[name] {
			seen++
		}
		if !applied[name] && !checks[name] && len(ap.Diagnostics) != len(rep.Diagnostics) {
			t.Errorf("%s: as played went on: %v", name, ap.Diagnostics)
		}
		// went on: to the end, or to a later error (the record running
		// out, or a question the action as written raises and leaves open)
		if (applied[name] || checks[name]) && len(ap.Diagnostics) < 2 && ap.Result == nil {
			t.Errorf("%s: as played did not go on: %v", name, ap.Diagnostics)
		}
		if stopsOnItsLine[name] && (len(ap.Diagnostics) < 2 || ap.Diagnostics[1].Line != first.Line || ap.Diagnostics[1].Applied) {
			t.Errorf("%s: as played, want a second error on line %d that stops the replay: %v", name, first.Line, ap.Diagnostics)
		}
	}
	if seen != len(applied) {
		t.Errorf("%d of the %d applied fixtures found", seen, len(applied))
	}
}

// TestAsPlayedNotesSayWhatWasDone: the note under an error applied as
// played says what the replay did with the line. A leader named against
// the snake changes nothing and an answer to no question is ignored: the
// note said "applied as written" for them too, so that a judge read the
// wrong leader (a point in the score) or the answer as applied.
func TestAsPlayedNotesSayWhatWasDone(t *testing.T) {
	rep := validate.Check([]validate.Game{New()}, "x.vin", asPlayedRecord(t), validate.Limits{}, validate.Options{AsPlayed: true})
	want := map[string]string{
		"7: Ben leads":                "note: not applied: Ben leads '02, as the snake says (--as-played); the replay went on",
		"9: Ben's red worker is busy": "note: applied as written (--as-played); the replay went on",
		"28: no trellis is left":      "note: ignored (--as-played); the replay went on",
		"check":                       "note: a check changes nothing: noted as the table's memory (--as-played); the replay went on",
	}
	for _, d := range rep.Diagnostics {
		key := fmt.Sprintf("%d: %s", d.Line, d.Message)
		if d.Code == validate.CodeCheck {
			key = "check"
		}
		for k, note := range want {
			if !strings.HasPrefix(key, k) {
				continue
			}
			if !d.Applied || !strings.HasSuffix(d.Format(), "\n"+note+"\n") {
				t.Errorf("%s: want the note %q, got:\n%s", key, note, d.Format())
			}
			delete(want, k)
		}
	}
	for k := range want {
		t.Errorf("no error %q", k)
	}
}

// TestAsPlayedLostTrellis: a trellis written in a full row is lost as
// played, and its note says so (it said "applied as written").
func TestAsPlayedLostTrellis(t *testing.T) {
	b, err := os.ReadFile("../../testdata/bordeaux/valid/2p.vin")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.Contains(s, "Ann: yellow E , pink TTT t322") {
		t.Fatal("the golden changed")
	}
	s = strings.Replace(s, "Ann: yellow E , pink TTT t322", "Ann: yellow E , pink TTT t312", 1) // row 1 is full
	rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(s), validate.Limits{}, validate.Options{AsPlayed: true})
	for _, d := range rep.Diagnostics {
		if strings.Contains(d.Message, "trellis row 1 is full") {
			if note := "\nnote: the trellis is lost (--as-played); the replay went on\n"; !d.Applied || !strings.HasSuffix(d.Format(), note) {
				t.Errorf("want the note %q, got:\n%s", note, d.Format())
			}
			return
		}
	}
	t.Fatalf("no full-row error: %v", rep.Diagnostics)
}

// TestCheckNamesEveryDifference: a check line's first difference stops the
// replay, and its message adds the line's other differences, which point
// at the line that went wrong; a key past it that is no check key, or a
// count that is no number, is listed too, as every syntax error is (it
// went unsaid: the replay stopped at the difference, and only the lines
// after it were read for their words). Strict and as played alike.
func TestCheckNamesEveryDifference(t *testing.T) {
	data, err := os.ReadFile("../../testdata/examples/bordeaux-4p.vin")
	if err != nil {
		t.Fatal(err)
	}
	const line = "check Ben casks=2 used=6 vines=6 trellis=3/2/0 circled=Ep1/Er3/Ew2/Ew3/Lw1/Lw2/Rp1/Rp2/Rr3/Rw2 wines=10 paths=9 longest=7 leader=3"
	if !strings.Contains(string(data), line) {
		t.Fatal("the example's check of Ben changed")
	}
	for _, c := range []struct {
		paths string
		want  []string
	}{
		{"paths=8", []string{"Ben has 2 casks available; the check says 3 (also: Ben has 9 filled paths; the check says 8)"}},
		{"bogus=9", []string{
			"Ben has 2 casks available; the check says 3",
			`unknown check key "bogus": casks, used, vines, trellis, circled, wines, paths, longest, leader`,
		}},
		{"paths=9x", []string{
			"Ben has 2 casks available; the check says 3",
			`paths is checked as a whole number: write paths=9, not "9x"`,
		}},
	} {
		bad := strings.Replace(string(data), line, strings.Replace(strings.Replace(line, "casks=2", "casks=3", 1), "paths=9", c.paths, 1), 1)
		for _, asPlayed := range []bool{false, true} {
			rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: asPlayed})
			var got []string
			for _, d := range rep.Diagnostics {
				if d.Line != 74 {
					t.Errorf("%s, as played %v: an error at line %d: %s", c.paths, asPlayed, d.Line, d.Message)
				}
				got = append(got, d.Message)
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("%s, as played %v: want %q, got %q", c.paths, asPlayed, c.want, got)
			}
		}
	}
}
