package bordeaux

import (
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestLazySameReport: a batch (Options.NoState) reads the usual check
// line lazily (validate/lazy.go, checkText). Over generated games, each
// with every check line edited in turn (wanttest.CheckEdits), and moved,
// the batch's report must be the full reading's, as written and as
// played.
func TestLazySameReport(t *testing.T) {
	var records [][]byte
	for _, players := range []int{1, 2, 3, 5} {
		for seed := uint64(1); seed <= 3; seed++ {
			rec, err := Generate(players, seed*31+uint64(players), nil)
			if err != nil {
				t.Fatal(err)
			}
			records = append(records, rec)
		}
	}
	wanttest.LazySameEdits(t, []validate.Game{New()}, records, wanttest.CheckEdits, 1000)
}

// TestLazySameReportMutants: the same comparison over random one-line
// changes of generated games (the mutation test's).
func TestLazySameReportMutants(t *testing.T) {
	var records [][]byte
	for seed := uint64(1); seed <= 20; seed++ {
		rec, err := Generate(2+int(seed%3), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameMutants(t, []validate.Game{New()}, records, 60, 5, 1000)
}

// TestCheckTextTakesOnlyTheUsualLine: the fast path confirms a check line
// written as the generator writes it, true of the sheet, and no other.
func TestCheckTextTakesOnlyTheUsualLine(t *testing.T) {
	fast := map[string]bool{"as written": true}
	rec, err := Generate(3, 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
	confirmed := 0
	for i, line := range lines {
		if !strings.HasPrefix(line, "check ") {
			continue
		}
		for _, e := range wanttest.CheckEdits {
			edited := append([]string(nil), lines...)
			edited[i] = e.Edit(line)
			got := confirmedChecks(t, []byte(strings.Join(edited, "\n")+"\n"))
			if got[i+1] != fast[e.Name] {
				t.Errorf("line %d %s: confirmed from its text = %v, want %v", i+1, e.Name, got[i+1], fast[e.Name])
			}
			if got[i+1] {
				confirmed++
			}
		}
	}
	if confirmed == 0 {
		t.Fatal("no check line confirmed from its text")
	}
}

// confirmedChecks replays data as a batch does and tells which lines the
// replay confirmed from their text.
func confirmedChecks(t *testing.T, data []byte) map[int]bool {
	t.Helper()
	var confirmed map[int]bool
	checkTextHook = func(l *validate.Line, ok bool) {
		if confirmed == nil {
			confirmed = map[int]bool{}
		}
		confirmed[l.Num] = ok
	}
	defer func() { checkTextHook = nil }()
	validate.Check([]validate.Game{New()}, "c.vin", data, validate.Limits{}, validate.Options{NoState: true})
	return confirmed
}

// TestLazySameReportAtTheEnd: whole games cut at each of their last 30
// lines, ending with a check line written each way: the batch's report
// is the full reading's.
func TestLazySameReportAtTheEnd(t *testing.T) {
	var records [][]byte
	for players := 1; players <= 4; players++ {
		rec, err := Generate(players, uint64(80+players), nil)
		if err != nil {
			t.Fatal(err)
		}
		records = append(records, rec)
	}
	wanttest.LazySameAtTheEnd(t, []validate.Game{New()}, records, wanttest.CheckEdits, 30, 1000)
}
