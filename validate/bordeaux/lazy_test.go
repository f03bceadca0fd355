package bordeaux

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/mutate"
	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/validate"
)

// checkEdits change one check line the ways a table writes it otherwise,
// or wrongly: every one must give the batch's lazy reading the same report
// as the full one (and most must leave the fast path: see
// TestCheckTextTakesOnlyTheUsualLine).
var checkEdits = []struct {
	name string
	edit func(line string) string
	fast bool // checkText confirms it (when the line as written is true)
}{
	{"as written", func(s string) string { return s }, true},
	{"a value off by one", func(s string) string { return strings.Replace(s, "casks=", "casks=1", 1) }, false},
	{"pairs in another order", func(s string) string {
		f := strings.Fields(s)
		f[2], f[3] = f[3], f[2]
		return strings.Join(f, " ")
	}, false},
	{"a key in capitals", func(s string) string { return strings.Replace(s, "used=", "USED=", 1) }, false},
	{"two blanks", func(s string) string { return strings.Replace(s, " vines=", "  vines=", 1) }, false},
	{"a tab", func(s string) string { return strings.Replace(s, " vines=", "\tvines=", 1) }, false},
	{"a comment", func(s string) string { return s + " # seen by all" }, false},
	{"a blank at the end", func(s string) string { return s + " " }, false},
	{"a pair left out", func(s string) string { return s[:strings.Index(s, " paths=")] + s[strings.Index(s, " longest="):] }, false},
	{"an unknown key", func(s string) string { return s + " foo=1" }, false},
	{"a list with slashes", func(s string) string { return strings.Replace(s, ",", "/", 2) }, true},
	{"a list with a trailing comma", func(s string) string { return strings.Replace(s, " wines=", ", wines=", 1) }, false},
	{"a list with blanks", func(s string) string { return strings.Replace(s, ",", ", ", 1) }, false},
	{"a pair without =", func(s string) string { return strings.Replace(s, "casks=", "casks", 1) }, false},
	{"an empty value", func(s string) string { return strings.Replace(s, "leader=", "leader= ", 1) }, false},
	{"a quoted value", func(s string) string { return strings.Replace(s, "leader=", `leader="`, 1) + `"` }, false},
	{"an unclosed quote", func(s string) string { return strings.Replace(s, "leader=", `leader="`, 1) }, false},
	{"a byte that is not UTF-8", func(s string) string { return s + " note=\xff" }, false},
	{"another player's name", func(s string) string { return strings.Replace(s, "check ", "check Zed ", 1) }, false},
	{"no pairs", func(s string) string { return s[:strings.Index(s, " casks=")] }, false},
	{"a sign", func(s string) string { return strings.Replace(s, "used=", "used=+", 1) }, true},
	{"a value with =", func(s string) string { return strings.Replace(s, "leader=", "leader==", 1) }, false},
	{"a name in capitals", func(s string) string { return "CHECK" + s[len("check"):] }, false},
}

// TestLazySameReport: a batch (Options.NoState) reads the usual check
// line lazily (validate/lazy.go, checkText). Over generated games, each
// with every check line edited in turn (checkEdits), and moved before the
// first year and after the claims, the batch's report must be the full
// reading's, as written and as played.
func TestLazySameReport(t *testing.T) {
	games := []validate.Game{New()}
	n := 0
	for _, players := range []int{1, 2, 3, 5} {
		for seed := uint64(1); seed <= 3; seed++ {
			rec, err := Generate(players, seed*31+uint64(players), nil)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
			for i, line := range lines {
				if !strings.HasPrefix(line, "check ") {
					continue
				}
				for _, e := range checkEdits {
					edited := e.edit(line)
					variants := map[string][]string{
						"in place":     replaced(lines, i, edited),
						"before '01":   moved(lines, i, edited, firstYear(lines)),
						"at the end":   moved(lines, i, edited, len(lines)),
						"and the rest": append(replaced(lines, i, edited)[:i+1:i+1], "Ann: red L"),
						"last":         replaced(lines, i, edited)[:i+1],
						// a tables file that cannot be read: Check stops before the replay
						"a rules line": moved(append(replaced(lines, i, edited), "rules nowhere.tables"), len(lines), "rules nowhere.tables", 2),
						// and a slip the reader finds after the line
						"a rules line and a slip": append(moved(append(replaced(lines, i, edited), "rules nowhere.tables"), len(lines), "rules nowhere.tables", 2), `note "unclosed`),
					}
					for where, v := range variants {
						data := []byte(strings.Join(v, "\n") + "\n")
						for _, asPlayed := range []bool{false, true} {
							name := fmt.Sprintf("%dp-seed%d-line%d-%s-%s-asplayed=%v", players, seed, i+1, e.name, where, asPlayed)
							opt := validate.Options{AsPlayed: asPlayed}
							full := validate.Check(games, name, data, validate.Limits{}, opt)
							if msg := wanttest.LazySame(games, name, data, opt, full); msg != "" {
								t.Fatal(msg)
							}
							n++
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d records compared", n)
	}
}

// TestLazySameReportMutants: the same comparison over random one-line
// changes of generated games (the mutation test's).
func TestLazySameReportMutants(t *testing.T) {
	games := []validate.Game{New()}
	src := rng.New(5)
	n := 0
	for seed := uint64(1); seed <= 20; seed++ {
		rec, err := Generate(2+int(seed%3), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			m, ok := mutate.Make(rec, mutate.Kinds[src.Intn(len(mutate.Kinds))], src)
			if !ok {
				continue
			}
			full := validate.Check(games, "m.vin", m.Data, validate.Limits{}, validate.Options{})
			if msg := wanttest.LazySame(games, "m.vin", m.Data, validate.Options{}, full); msg != "" {
				t.Fatalf("%s (%s)", msg, m.Desc)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d mutants compared", n)
	}
}

// TestCheckTextTakesOnlyTheUsualLine: the fast path confirms a check line
// written as the generator writes it, true of the sheet, and no other.
func TestCheckTextTakesOnlyTheUsualLine(t *testing.T) {
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
		for _, e := range checkEdits {
			data := []byte(strings.Join(replaced(lines, i, e.edit(line)), "\n") + "\n")
			got := confirmedChecks(t, data)
			if want := e.fast; got[i+1] != want {
				t.Errorf("line %d %s: confirmed from its text = %v, want %v", i+1, e.name, got[i+1], want)
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

func replaced(lines []string, i int, line string) []string {
	out := append([]string(nil), lines...)
	out[i] = line
	return out
}

// moved takes line i out and puts line before index at.
func moved(lines []string, i int, line string, at int) []string {
	out := append([]string(nil), lines[:i]...)
	out = append(out, lines[i+1:]...)
	if at > i {
		at--
	}
	out = append(out[:at:at], append([]string{line}, out[at:]...)...)
	return out
}

// firstYear is the index of the '01 line.
func firstYear(lines []string) int {
	for i, l := range lines {
		if strings.HasPrefix(l, "'01") {
			return i
		}
	}
	return 0
}
