// Package mutate tests the engines with small random changes to legal
// records: delete a line, duplicate one, swap two, change a number, a
// player, or a word (a card, a wine, a tile). A mutant must either be
// rejected with a diagnostic, or replay clean to a result that its own
// claim lines confirm, the same result on every replay, and never panic.
//
// Mutants are made from the text, knowing only the shared record format,
// so the same test runs over every engine.
package mutate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
)

// Kind is a kind of one-line change.
type Kind string

const (
	Delete    Kind = "delete"    // remove a body line
	Duplicate Kind = "duplicate" // write a body line twice
	Swap      Kind = "swap"      // exchange two body lines
	Number    Kind = "number"    // change a number (a bid, a count, a claim, a check value)
	Player    Kind = "player"    // give an action, check or claim to another player
	Word      Kind = "word"      // replace a word (card, wine, tile) by another the record uses
)

// Kinds lists every kind, in report order.
var Kinds = []Kind{Delete, Duplicate, Swap, Number, Player, Word}

// Mutant is one changed record.
type Mutant struct {
	Kind Kind
	Line int    // the changed line (the first of two for a swap)
	Desc string // what changed, for a failure message
	Data []byte
	// Claimed holds the original record's claims, the game's own count
	// of every player's total. An accepted mutant must score the same:
	// one changed line either leaves every claim in place (and they all
	// matched) or deletes one claim (and leaves the game as it was).
	// Nil for an input that is no mutant.
	Claimed map[string]int
}

// body holds a record split into lines and the parse of the original.
type body struct {
	lines []string // without their newline
	rec   *validate.Record
	words []string // words of action lines that are neither numbers nor players
}

func split(data []byte) body {
	rec, _ := validate.Parse("m.vin", data, validate.Limits{})
	b := body{lines: strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"), rec: rec}
	seen := map[string]bool{}
	for _, l := range rec.Lines {
		if l.Kind != validate.KindAction {
			continue
		}
		for i, t := range l.Tokens {
			if i == 0 || t.Quoted || t.Text == "," || isNumber(t.Text) || rec.HasPlayer(t.Text) || seen[t.Text] {
				continue
			}
			seen[t.Text] = true
			b.words = append(b.words, t.Text)
		}
	}
	return b
}

func (b body) join() []byte { return []byte(strings.Join(b.lines, "\n") + "\n") }

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// byteCol converts a 1-based rune column of s into a byte offset.
func byteCol(s string, col int) int {
	i := 0
	for n := 1; n < col && i < len(s); n++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

// replaceToken returns the line with the unquoted token at rune column
// col (of byte length n) replaced by repl.
func replaceToken(raw string, col int, old, repl string) (string, bool) {
	i := byteCol(raw, col)
	if !strings.HasPrefix(raw[i:], old) {
		return raw, false
	}
	return raw[:i] + repl + raw[i+len(old):], true
}

// Make returns one mutant of data of the given kind, or false when the
// record offers nothing to change that way (no numbers, one player...).
func Make(data []byte, kind Kind, r *rng.Source) (Mutant, bool) {
	b := split(data)
	lines := b.rec.Lines
	if len(lines) == 0 {
		return Mutant{}, false
	}
	m := Mutant{Kind: kind, Claimed: map[string]int{}}
	for _, l := range lines {
		if l.Kind == validate.KindClaim {
			m.Claimed[l.Player] = l.Points()
		}
	}
	pick := func() *validate.Line { return lines[r.Intn(len(lines))] }
	switch kind {
	case Delete:
		l := pick()
		m.Line, m.Desc = l.Num, "deleted "+l.Raw
		b.lines = append(b.lines[:l.Num-1:l.Num-1], b.lines[l.Num:]...)
	case Duplicate:
		l := pick()
		m.Line, m.Desc = l.Num, "duplicated "+l.Raw
		b.lines = append(b.lines[:l.Num:l.Num], b.lines[l.Num-1:]...)
	case Swap:
		if len(lines) < 2 {
			return m, false
		}
		// Neighbours most of the time: that is the realistic slip.
		i := r.Intn(len(lines) - 1)
		j := i + 1
		if r.Chance(1, 4) {
			if j = r.Intn(len(lines)); j == i {
				j = i + 1
			}
		}
		a, c := lines[i], lines[j]
		if a.Raw == c.Raw {
			return m, false
		}
		m.Line, m.Desc = a.Num, fmt.Sprintf("swapped line %d %q with line %d %q", a.Num, a.Raw, c.Num, c.Raw)
		b.lines[a.Num-1], b.lines[c.Num-1] = c.Raw, a.Raw
	case Number, Player, Word:
		type spot struct {
			l        *validate.Line
			col      int
			old, new string
		}
		var spots []spot
		for _, l := range lines {
			for i, t := range l.Tokens {
				if t.Quoted {
					continue
				}
				switch kind {
				case Number:
					text, prefix := t.Text, ""
					if k, v, ok := strings.Cut(text, "="); ok {
						prefix, text = k+"=", v
					}
					if n, err := strconv.Atoi(text); err == nil {
						spots = append(spots, spot{l, int(t.Col), t.Text, prefix + strconv.Itoa(changeNumber(n, r))})
					}
				case Player:
					if (l.Kind == validate.KindCheck || l.Kind == validate.KindClaim) && i == 1 || b.rec.HasPlayer(t.Text) && i > 0 {
						if o := otherPlayer(b.rec.Players, t.Text, r); o != "" {
							spots = append(spots, spot{l, int(t.Col), t.Text, o})
						}
					}
				case Word:
					if l.Kind == validate.KindAction && i > 0 && t.Text != "," && !isNumber(t.Text) && !b.rec.HasPlayer(t.Text) {
						if w := otherWord(b.words, t.Text, r); w != "" {
							spots = append(spots, spot{l, int(t.Col), t.Text, w})
						}
					}
				}
			}
			if kind == Player && l.Kind == validate.KindAction {
				if o := otherPlayer(b.rec.Players, l.Player, r); o != "" && !strings.ContainsAny(o, " \t#\",:") {
					spots = append(spots, spot{l, l.ColOf(-1), l.Player + ":", o + ":"})
				}
			}
		}
		if len(spots) == 0 {
			return m, false
		}
		s := spots[r.Intn(len(spots))]
		raw, ok := replaceToken(s.l.Raw, s.col, s.old, s.new)
		if !ok || raw == s.l.Raw {
			return m, false
		}
		m.Line, m.Desc = s.l.Num, fmt.Sprintf("line %d: %q → %q", s.l.Num, s.l.Raw, raw)
		b.lines[s.l.Num-1] = raw
	default:
		return m, false
	}
	m.Data = b.join()
	return m, true
}

// changeNumber moves a number a little, the way a pen slips: ±1, ±2,
// doubled, or zero.
func changeNumber(n int, r *rng.Source) int {
	switch r.Intn(6) {
	case 0:
		return n + 1
	case 1:
		return n - 1
	case 2:
		return n + 2
	case 3:
		return n - 2
	case 4:
		return n * 2
	default:
		if n == 0 {
			return 1
		}
		return 0
	}
}

func otherPlayer(players []string, not string, r *rng.Source) string {
	return otherWord(players, not, r)
}

// otherWord picks one of the words that is not the given one, or "".
func otherWord(words []string, not string, r *rng.Source) string {
	var c []string
	for _, w := range words {
		if w != not {
			c = append(c, w)
		}
	}
	if len(c) == 0 {
		return ""
	}
	return c[r.Intn(len(c))]
}

// Verdict is what became of one mutant.
type Verdict struct {
	Mutant   Mutant
	Rejected bool
	Code     string // the first error's code when rejected
	Line     int    // the first error's line when rejected
	Problem  string // non-empty: the mutant broke a property (a bug)
}

// Check replays a mutant and checks the properties: no panic; a rejection
// names a line inside the record; an acceptance has a result, every claim
// line compared and matched, every player's total equal to the original
// record's claim (Mutant.Claimed), totals that add up, and the same
// answer on a second replay.
func Check(games []validate.Game, m Mutant) (v Verdict) {
	v.Mutant = m
	defer func() {
		if p := recover(); p != nil {
			v.Problem = fmt.Sprintf("panic: %v", p)
		}
	}()
	rep := validate.Check(games, "m.vin", m.Data, validate.Limits{}, validate.Options{NoState: true})
	nLines := bytes.Count(m.Data, []byte("\n")) + 1
	if !rep.Valid() {
		v.Rejected = true
		for _, d := range rep.Diagnostics {
			if d.Severity == validate.Warning {
				continue
			}
			if v.Code == "" {
				v.Code, v.Line = d.Code, d.Line
			}
			if d.Message == "" || d.Line < 0 || d.Line > nLines {
				v.Problem = fmt.Sprintf("a diagnostic outside the record or without a message: %+v", d)
			}
		}
		return v
	}
	if rep.Result == nil {
		v.Problem = "accepted without a result"
		return v
	}
	claims := 0
	rec, _ := validate.Parse("m.vin", m.Data, validate.Limits{})
	for _, l := range rec.Lines {
		if l.Kind == validate.KindClaim {
			claims++
		}
	}
	if len(rep.Claims) != claims {
		v.Problem = fmt.Sprintf("accepted with %d claim lines but %d compared", claims, len(rep.Claims))
		return v
	}
	for _, c := range rep.Claims {
		if c.Claimed != c.Computed {
			v.Problem = fmt.Sprintf("accepted although %s claimed %d and the rules give %d", c.Player, c.Claimed, c.Computed)
			return v
		}
	}
	for name, want := range m.Claimed {
		if p := rep.Result.Player(name); p == nil || p.Total != want {
			got := "no total"
			if p != nil {
				got = strconv.Itoa(p.Total)
			}
			v.Problem = fmt.Sprintf("accepted with %s for %s, but the original record's claim is %d", got, name, want)
			return v
		}
	}
	for _, p := range rep.Result.Players {
		sum := 0
		for _, x := range p.Points {
			sum += x
		}
		if sum != p.Total {
			v.Problem = fmt.Sprintf("%s's categories add to %d, the total is %d", p.Name, sum, p.Total)
			return v
		}
	}
	again := validate.Check(games, "m.vin", m.Data, validate.Limits{}, validate.Options{NoState: true})
	a, _ := json.Marshal(rep)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		v.Problem = "two replays of the same record differ"
	}
	return v
}

// Tally counts verdicts per kind of change.
type Tally struct {
	Mutants, Rejected int
	Codes             map[string]int // first-error codes of the rejected
	Problems          []Verdict
	Accepted          []Verdict // the first few accepted mutants, to read
}

// Add counts one verdict.
func (t *Tally) Add(v Verdict) {
	t.Mutants++
	if v.Rejected {
		t.Rejected++
		if t.Codes == nil {
			t.Codes = map[string]int{}
		}
		t.Codes[v.Code]++
	} else if len(t.Accepted) < 5 {
		t.Accepted = append(t.Accepted, v)
	}
	if v.Problem != "" {
		t.Problems = append(t.Problems, v)
	}
}

// Run makes n mutants of each kind from the records and checks them.
// Mutants are spread over the records round-robin, all from one seed, so
// a run is reproducible.
func Run(games []validate.Game, records [][]byte, n int, seed uint64) map[Kind]*Tally {
	out := map[Kind]*Tally{}
	for ki, k := range Kinds {
		t := &Tally{}
		out[k] = t
		r := rng.Derive(seed, uint64(ki))
		for made, tries := 0, 0; made < n && tries < 4*n && len(records) > 0; tries++ {
			m, ok := Make(records[tries%len(records)], k, r)
			if !ok {
				continue
			}
			made++
			t.Add(Check(games, m))
		}
	}
	return out
}
