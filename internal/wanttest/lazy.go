package wanttest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/mutate"
	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
)

// LazySame replays data again as a batch does (Options.NoState, where an
// engine may read check lines lazily) and compares the report with rep,
// the same record's report with every line read first: "" when they
// agree, else what differs. (The report's JSON is compared: every field
// but the state.)
func LazySame(games []validate.Game, file string, data []byte, opt validate.Options, rep *validate.Report) string {
	opt.NoState = true
	lazy := validate.Check(games, file, data, validate.Limits{}, opt)
	a, errA := json.Marshal(rep)
	b, errB := json.Marshal(lazy)
	if errA != nil || errB != nil {
		return fmt.Sprintf("%s: reports do not encode: %v, %v", file, errA, errB)
	}
	if string(a) != string(b) {
		return fmt.Sprintf("%s: the batch's report differs from the full reading's\nfull:  %s\nbatch: %s", file, a, b)
	}
	return ""
}

// A LineEdit changes one line of a record.
type LineEdit struct {
	Name string
	Edit func(line string) string
}

// CheckEdits change a check line (`check NAME key=value …`) the ways a
// table writes one otherwise, or wrongly.
var CheckEdits = []LineEdit{
	{"as written", func(s string) string { return s }},
	{"a value off by one", func(s string) string { return nextDigit(s) }},
	{"pairs in another order", func(s string) string { return withFields(s, func(f []string) { f[2], f[3] = f[3], f[2] }) }},
	{"a pair left out", func(s string) string { return withFields(s, func(f []string) { f[3] = "" }) }},
	{"a key in capitals", func(s string) string { return withFields(s, func(f []string) { f[2] = strings.ToUpper(f[2]) }) }},
	{"two blanks", func(s string) string { return withFields(s, func(f []string) { f[3] = " " + f[3] }) }},
	{"a tab", func(s string) string { return withFields(s, func(f []string) { f[2] += "\t" + f[3]; f[3] = "" }) }},
	{"a no-break space", func(s string) string { return withFields(s, func(f []string) { f[2] += "\u00a0" + f[3]; f[3] = "" }) }},
	{"a comment", func(s string) string { return s + " # seen by all" }},
	{"a blank at the end", func(s string) string { return s + " " }},
	{"an unknown key", func(s string) string { return s + " foo=1" }},
	{"a list with slashes", func(s string) string { return strings.Replace(s, ",", "/", 2) }},
	{"a trailing comma", func(s string) string { return withFields(s, func(f []string) { f[2] += "," }) }},
	{"a list with blanks", func(s string) string { return withFields(s, func(f []string) { f[2] += ", x" }) }},
	{"a pair without =", func(s string) string { return strings.Replace(s, "=", "", 1) }},
	{"an empty value", func(s string) string {
		return withFields(s, func(f []string) { f[2] = f[2][:strings.IndexByte(f[2], '=')+1] })
	}},
	{"a quoted value", func(s string) string { return strings.Replace(s, "=", `="`, 1) + `"` }},
	{"an unclosed quote", func(s string) string { return strings.Replace(s, "=", `="`, 1) }},
	{"a byte that is not UTF-8", func(s string) string { return s + " note=\xff" }},
	{"another player's name", func(s string) string { return strings.Replace(s, "check ", "check Zed ", 1) }},
	{"no pairs", func(s string) string { return strings.Join(strings.Fields(s)[:2], " ") }},
	{"a sign", func(s string) string { return strings.Replace(s, "=", "=+", 1) }},
	{"a value with =", func(s string) string { return strings.Replace(s, "=", "==", 1) }},
	{"a name in capitals", func(s string) string { return "CHECK" + s[len("check"):] }},
}

// withFields edits the blank-separated fields of s (at least 4: check,
// the name, two pairs) and joins them again; an empty field is left out.
func withFields(s string, edit func(f []string)) string {
	f := strings.Fields(s)
	if len(f) < 4 {
		return s
	}
	edit(f)
	var kept []string
	for _, w := range f {
		if w != "" {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// nextDigit adds one to the first digit after the first '=' (9 to 0).
func nextDigit(s string) string {
	for i := strings.IndexByte(s, '='); i >= 0 && i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			return s[:i] + string('0'+(c-'0'+1)%10) + s[i+1:]
		}
	}
	return s + "1"
}

// LazySameEdits replays each record with each of its check lines edited
// in turn (edits), at its place, near the top, after the last line, as the
// last line, and behind a `rules` line that cannot be read, as written and
// as played, and fails when a batch's report differs from the full
// reading's, or when it compared fewer than atLeast records.
func LazySameEdits(t *testing.T, games []validate.Game, records [][]byte, edits []LineEdit, atLeast int) {
	t.Helper()
	n := 0
	for r, rec := range records {
		lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
		for i, line := range lines {
			if !strings.HasPrefix(line, "check ") {
				continue
			}
			for _, e := range edits {
				edited := replaced(lines, i, e.Edit(line))
				withRules := moved(append(edited, "rules nowhere.tables"), len(lines), 2)
				variants := map[string][]string{
					"in place":     edited,
					"near the top": moved(edited, i, 3),
					"at the end":   moved(edited, i, len(lines)),
					"last":         edited[:i+1],
					// a tables file that cannot be read: Check stops before the replay
					"a rules line": withRules,
					// and a slip the reader finds after the line
					"a rules line and a slip": append(withRules, `note "unclosed`),
				}
				for where, v := range variants {
					data := []byte(strings.Join(v, "\n") + "\n")
					for _, asPlayed := range []bool{false, true} {
						name := fmt.Sprintf("record%d-line%d-%s-%s-asplayed=%v", r, i+1, e.Name, where, asPlayed)
						opt := validate.Options{AsPlayed: asPlayed}
						full := validate.Check(games, name, data, validate.Limits{}, opt)
						if msg := LazySame(games, name, data, opt, full); msg != "" {
							t.Fatal(msg)
						}
						n++
					}
				}
			}
		}
	}
	enough(t, n, atLeast, "edited records")
}

// enough fails t when fewer than atLeast records were compared.
func enough(t *testing.T, n, atLeast int, what string) {
	t.Helper()
	if n < atLeast {
		t.Fatalf("only %d %s compared", n, what)
	}
	t.Logf("%d %s compared", n, what)
}

func replaced(lines []string, i int, line string) []string {
	out := append([]string(nil), lines...)
	out[i] = line
	return out
}

// moved takes line i out and puts it back before index at (of lines).
func moved(lines []string, i, at int) []string {
	line := lines[i]
	out := append([]string(nil), lines[:i]...)
	out = append(out, lines[i+1:]...)
	if at > i {
		at--
	}
	return append(out[:at:at], append([]string{line}, out[at:]...)...)
}

// LazySameMutants compares a batch's report with the full reading's over
// perRecord random one-line changes of each record (the mutation test's,
// internal/mutate), and fails when they differ or when it compared fewer
// than atLeast mutants.
func LazySameMutants(t *testing.T, games []validate.Game, records [][]byte, perRecord int, seed uint64, atLeast int) {
	t.Helper()
	src := rng.New(seed)
	n := 0
	for _, rec := range records {
		for range perRecord {
			m, ok := mutate.Make(rec, mutate.Kinds[src.Intn(len(mutate.Kinds))], src)
			if !ok {
				continue
			}
			full := validate.Check(games, "m.vin", m.Data, validate.Limits{}, validate.Options{})
			if msg := LazySame(games, "m.vin", m.Data, validate.Options{}, full); msg != "" {
				t.Fatalf("%s (%s)", msg, m.Desc)
			}
			n++
		}
	}
	enough(t, n, atLeast, "mutants")
}

// LazySameAtTheEnd takes whole games, cuts each after each of its last
// tail lines in turn and writes its last check line again, edited each
// way (edits), as the record's last line: where the game ends (or not)
// right before a line that may not read. It fails when a batch's report
// differs from the full reading's, or when it compared fewer than atLeast
// records.
func LazySameAtTheEnd(t *testing.T, games []validate.Game, records [][]byte, edits []LineEdit, tail, atLeast int) {
	t.Helper()
	n := 0
	for r, rec := range records {
		lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
		var check string
		for _, l := range lines {
			if strings.HasPrefix(l, "check ") {
				check = l
			}
		}
		if check == "" {
			t.Fatalf("record %d has no check line", r)
		}
		for cut := max(len(lines)-tail, 1); cut <= len(lines); cut++ {
			for _, e := range edits {
				data := []byte(strings.Join(append(lines[:cut:cut], e.Edit(check)), "\n") + "\n")
				name := fmt.Sprintf("record%d-cut%d-%s", r, cut, e.Name)
				full := validate.Check(games, name, data, validate.Limits{}, validate.Options{})
				if msg := LazySame(games, name, data, validate.Options{}, full); msg != "" {
					t.Fatal(msg)
				}
				n++
			}
		}
	}
	enough(t, n, atLeast, "records ending in a check line")
}

// A Generator writes a random legal game of an engine.
type Generator func(players int, seed uint64) ([]byte, error)

// LazySuite holds an engine's lazy reading of check lines to the full
// reading's report: over generated games cut after their checks-th check
// line, every check line edited every way at six places
// (LazySameEdits); random one-line changes of whole games
// (LazySameMutants); whole games ending in a check line written every
// way (LazySameAtTheEnd). setHook installs the engine's hook that is told
// of each lazy line and whether its text confirmed it: every check line
// of a generated game must be (nil hook: after the test).
func LazySuite(t *testing.T, games []validate.Game, gen Generator, players []int, checks int, setHook func(func(l *validate.Line, confirmed bool))) {
	t.Helper()
	var cut, whole [][]byte
	for i, p := range players {
		rec, err := gen(p, uint64(40+i))
		if err != nil {
			t.Fatal(err)
		}
		whole = append(whole, rec)
		cut = append(cut, toCheckLine(rec, checks))
	}
	t.Run("edits", func(t *testing.T) { LazySameEdits(t, games, cut, CheckEdits, 1000) })
	t.Run("mutants", func(t *testing.T) { LazySameMutants(t, games, whole, 120, 7, 300) })
	t.Run("at the end", func(t *testing.T) { LazySameAtTheEnd(t, games, whole, CheckEdits, 30, 1000) })
	t.Run("confirmed", func(t *testing.T) {
		confirmed := 0
		setHook(func(_ *validate.Line, ok bool) {
			if ok {
				confirmed++
			}
		})
		defer setHook(nil)
		for _, rec := range whole {
			confirmed = 0
			want := strings.Count(string(rec), "\ncheck ")
			rep := validate.Check(games, "c.vin", rec, validate.Limits{}, validate.Options{NoState: true})
			if !rep.Valid() || want == 0 || confirmed != want {
				t.Fatalf("%d of %d check lines confirmed from their text (%v)", confirmed, want, rep.Diagnostics)
			}
		}
	})
}

// toCheckLine cuts rec after its n-th check line (all of it when it has
// fewer): each check line is edited ~150 ways and the record replayed
// for each, so the records LazySameEdits takes are kept short.
func toCheckLine(rec []byte, n int) []byte {
	lines := strings.SplitAfter(string(rec), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "check ") {
			if n--; n == 0 {
				return []byte(strings.Join(lines[:i+1], ""))
			}
		}
	}
	return rec
}
