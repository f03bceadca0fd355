package bordeaux

import (
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// TestLazyChecks: a batch (Options.NoState) reads the usual check line
// lazily (validate/lazy.go, checkText); its report must be the full
// reading's (wanttest.LazySuite).
func TestLazyChecks(t *testing.T) {
	gen := func(players int, seed uint64) ([]byte, error) { return Generate(players, seed, nil) }
	wanttest.LazySuite(t, []validate.Game{New()}, gen, []int{1, 2, 3, 4, 5, 8}, 1000, func(h func(*validate.Line, bool)) { checkTextHook = h })
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
