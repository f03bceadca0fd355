package champagne

import (
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestLazySameReport: a batch (Options.NoState) reads the usual check
// line lazily (validate/lazy.go, checkText). Over the first rounds of
// generated games, each with every check line edited in turn
// (wanttest.CheckEdits), and moved, the batch's report must be the full
// reading's, as written and as played.
func TestLazySameReport(t *testing.T) {
	var records [][]byte
	for players := 1; players <= 4; players++ {
		rec, err := generate(players, uint64(40+players), nil)
		if err != nil {
			t.Fatal(err)
		}
		// up to the third check line: each check line is edited
		// ~150 ways, and the whole record replayed for each
		lines := strings.SplitAfter(string(rec), "\n")
		checks := 0
		for i, l := range lines {
			if strings.HasPrefix(l, "check ") {
				if checks++; checks == 3 {
					lines = lines[:i+1]
					break
				}
			}
		}
		records = append(records, []byte(strings.Join(lines, "")))
	}
	wanttest.LazySameEdits(t, games(), records, wanttest.CheckEdits, 1000)
}

// TestLazySameReportMutants: the same comparison over random one-line
// changes of whole generated games (the mutation test's).
func TestLazySameReportMutants(t *testing.T) {
	var records [][]byte
	for seed := uint64(1); seed <= 8; seed++ {
		rec, err := generate(1+int(seed%4), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameMutants(t, games(), records, 40, 9, 300)
}

// TestCheckTextTakesTheUsualLine: a generated game's check lines are
// confirmed from their text, and a line that differs from the table is
// not.
func TestCheckTextTakesTheUsualLine(t *testing.T) {
	rec, err := generate(3, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	confirmed, checks := 0, strings.Count(string(rec), "\ncheck ")
	checkTextHook = func(ok bool) {
		if ok {
			confirmed++
		}
	}
	defer func() { checkTextHook = nil }()
	rep := validate.Check(games(), "c.vin", rec, validate.Limits{}, validate.Options{NoState: true})
	if !rep.Valid() || confirmed != checks || checks == 0 {
		t.Fatalf("%d of %d check lines confirmed from their text (%v)", confirmed, checks, rep.Diagnostics)
	}
	confirmed = 0
	off := string(rec)
	i := strings.Index(off, "\ncheck ") + 1
	j := i + strings.IndexByte(off[i:], '\n')
	line := off[i:j]
	off = off[:i] + wanttest.CheckEdits[1].Edit(line) + off[j:] // a value off by one
	validate.Check(games(), "c.vin", []byte(off), validate.Limits{}, validate.Options{NoState: true})
	if confirmed != 0 {
		t.Fatalf("a check line that differs from the table (%s) was confirmed from its text", wanttest.CheckEdits[1].Edit(line))
	}
}

// TestLazySameReportAtTheEnd: whole games cut at each of their last 30
// lines, ending with a check line written each way: the batch's report
// is the full reading's.
func TestLazySameReportAtTheEnd(t *testing.T) {
	var records [][]byte
	for players := 1; players <= 4; players++ {
		rec, err := generate(players, uint64(70+players), nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameAtTheEnd(t, games(), records, wanttest.CheckEdits, 30, 1000)
}
