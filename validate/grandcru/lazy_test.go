package grandcru

import (
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestLazySameReport: a batch (Options.NoState) reads the usual check
// line lazily (validate/lazy.go, checkText). Over the first years of
// generated games, each with every check line edited in turn
// (wanttest.CheckEdits), and moved, the batch's report must be the full
// reading's, as written and as played.
func TestLazySameReport(t *testing.T) {
	var records [][]byte
	for players := 2; players <= 5; players++ {
		rec, err := random(players, uint64(50+players), nil)
		if err != nil {
			t.Fatal(err)
		}
		// up to the fourth check line: each is edited ~150 ways
		lines := strings.SplitAfter(string(rec), "\n")
		checks := 0
		for i, l := range lines {
			if strings.HasPrefix(l, "check ") {
				if checks++; checks == 4 {
					lines = lines[:i+1]
					break
				}
			}
		}
		records = append(records, []byte(strings.Join(lines, "")))
	}
	wanttest.LazySameEdits(t, engines, records, wanttest.CheckEdits, 1000)
}

// TestLazySameReportMutants: the same comparison over random one-line
// changes of whole generated games (the mutation test's).
func TestLazySameReportMutants(t *testing.T) {
	var records [][]byte
	for seed := uint64(1); seed <= 8; seed++ {
		rec, err := random(2+int(seed%4), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameMutants(t, engines, records, 40, 11, 300)
}

// TestCheckTextTakesTheUsualLine: a generated game's check lines are
// confirmed from their text.
func TestCheckTextTakesTheUsualLine(t *testing.T) {
	rec, err := random(3, 5, nil)
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
	rep := validate.Check(engines, "c.vin", rec, validate.Limits{}, validate.Options{NoState: true})
	if !rep.Valid() || confirmed != checks || checks == 0 {
		t.Fatalf("%d of %d check lines confirmed from their text (%v)", confirmed, checks, rep.Diagnostics)
	}
}

// TestLazySameReportAtTheEnd: whole games cut at each of their last 30
// lines, ending with a check line written each way: the batch's report
// is the full reading's.
func TestLazySameReportAtTheEnd(t *testing.T) {
	var records [][]byte
	for players := 2; players <= 5; players++ {
		rec, err := random(players, uint64(80+players), nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameAtTheEnd(t, engines, records, wanttest.CheckEdits, 30, 1000)
}
