package validate

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/vintner/vintner/internal/rng"
)

// endColSlow is how the reader found a line's end column before the lexer
// tracked it: the rune length of the line without its comment and
// trailing blanks, plus one.
func endColSlow(raw string) int {
	return utf8.RuneCountInString(strings.TrimRight(stripComment(raw), " \t")) + 1
}

// TestEndColAsBefore checks the column the lexer tracks against the
// original computation on 200,000 random lines built from the characters
// that matter (blanks, commas, quotes, '#', colons, escapes, non-ASCII).
func TestEndColAsBefore(t *testing.T) {
	alphabet := []string{" ", "\t", ",", "\"", "#", ":", "\\", "a", "B", "é", "3", "=", "Ann:", "'", "\r", "€"}
	src := rng.New(7)
	for range runs(200000) {
		raw := randomLine(src, alphabet, 12)
		l, d := lexLine("f.vin", 1, raw)
		if d != nil || l == nil {
			continue
		}
		if got, want := l.ColOf(len(l.Tokens)), endColSlow(raw); got != want {
			t.Fatalf("%q: end column %d, want %d", raw, got, want)
		}
	}
}

// TestCheckPairsDoNotShareSpace appends to one check line's pairs and
// requires the next line's to be untouched: the pairs live in one slab.
func TestCheckPairsDoNotShareSpace(t *testing.T) {
	rec, diags := Parse("f.vin", []byte("game bordeaux\nplayers Ann Ben\ncheck Ann a=1 b=2,3\ncheck Ben c=4\n"), Limits{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	first, second := rec.Lines[0], rec.Lines[1]
	if len(first.Pairs()) != 2 || first.Pairs()[1].Value != "2,3" || len(second.Pairs()) != 1 {
		t.Fatalf("pairs %+v and %+v", first.Pairs(), second.Pairs())
	}
	_ = append(first.Pairs(), Pair{Key: "x"})
	if second.Pairs()[0].Key != "c" || second.Pairs()[0].Value != "4" {
		t.Fatalf("an append to one line's pairs changed the next line's: %+v", second.Pairs())
	}
}

// pairsSlow is how the reader joined a check line's pairs before list
// values became substrings of the line.
func pairsSlow(toks []Token) []Pair {
	var out []Pair
	for i := 2; i < len(toks); i++ {
		if toks[i].Text == "," && len(out) > 0 {
			last := &out[len(out)-1]
			last.Value += ","
			if i+1 < len(toks) && toks[i+1].Text != "," && !strings.Contains(toks[i+1].Text, "=") {
				i++
				last.Value += toks[i].Text
			}
			continue
		}
		k, v, ok := strings.Cut(toks[i].Text, "=")
		if !ok || k == "" {
			return nil
		}
		out = append(out, Pair{Key: strings.ToLower(k), Value: v, Tok: i})
	}
	return out
}

// TestCheckPairsAsBefore reads 100,000 random check lines and compares
// their pairs with the original joining.
func TestCheckPairsAsBefore(t *testing.T) {
	alphabet := []string{" ", ",", "=", "a", "K", "3", "é", "\"x,\"", "\",\"", "\"a=b\"", "  ", "/", "\"\\\"\""}
	src := rng.New(5)
	n := 100000
	if testing.Short() {
		n = 10000
	}
	compared, joined := 0, 0
	for k := 0; k < n; k++ {
		var b strings.Builder
		b.WriteString("check Ann k=")
		for range src.Intn(10) {
			b.WriteString(alphabet[src.Intn(len(alphabet))])
		}
		data := "game bordeaux\nplayers Ann\n" + b.String() + "\n"
		rec, diags := Parse("f.vin", []byte(data), Limits{})
		if diags.HasErrors() || len(rec.Lines) != 1 {
			continue
		}
		l := rec.Lines[0]
		want := pairsSlow(l.Tokens)
		if len(want) != len(l.Pairs()) {
			t.Fatalf("%q: pairs %+v, want %+v", b.String(), l.Pairs(), want)
		}
		for i := range want {
			if want[i] != l.Pairs()[i] {
				t.Fatalf("%q: pairs %+v, want %+v", b.String(), l.Pairs(), want)
			}
		}
		compared++
		for _, p := range want {
			if strings.Contains(p.Value, ",") {
				joined++
				break
			}
		}
	}
	if compared < n/4 || joined < n/20 {
		t.Fatalf("only %d of %d lines parsed, %d with a list value", compared, n, joined)
	}
}

// TestIsReservedFold: every keyword in any case is reserved, and nothing
// else is, whatever its length.
func TestIsReservedFold(t *testing.T) {
	for _, w := range []string{"game", "GAME", "Players", "variant", "date", "EVENT", "location", "note", "rules", "check", "Claim"} {
		if !isReservedFold(w) {
			t.Errorf("isReservedFold(%q) = false, want true", w)
		}
	}
	for _, w := range []string{"", "Ann", "gam", "games", "player", "playerss", "locations", "claimed", "chess", "nöte"} {
		if isReservedFold(w) {
			t.Errorf("isReservedFold(%q) = true, want false", w)
		}
	}
}

// BenchmarkReadPairs reads the pairs of a typical Bordeaux check line.
func BenchmarkReadPairs(b *testing.B) {
	l, d := lexLine("b.vin", 1, "check Ben casks=3 used=2 vines=4 trellis=3,0,0 circled=Er3,Ew1,Lp1,Rr1,Rw2 wines=5 paths=1 longest=1 leader=2")
	if d != nil {
		b.Fatal(d)
	}
	bad := func(tok int, format string, args ...any) *Diagnostic { b.Fatal(format); return nil }
	ps := make([]Pair, 0, 16)
	for b.Loop() {
		ps, _ = readPairs(l, ps[:0], true, bad)
	}
	if len(ps) != 9 || ps[4].Value != "Er3,Ew1,Lp1,Rr1,Rw2" || ps[8].Key != "leader" {
		b.Fatalf("pairs %+v", ps)
	}
}

// lexBothWays lexes raw with lexInto and with the general loop
// (lexQuoted from the line's start), fails t when they differ, and
// returns lexInto's line and tokens.
func lexBothWays(t *testing.T, raw string) (*Line, []Token) {
	t.Helper()
	fast := &Line{Num: 1, Raw: raw}
	toks, ok, d := lexInto(fast, nil, nil)
	general := &Line{Num: 1, Raw: raw}
	gtoks, gok, gd := lexQuoted(general, nil, 0, nil, 0, 1)
	if got, want := dumpLexed(fast, toks, ok, d), dumpLexed(general, gtoks, gok, gd); got != want {
		t.Fatalf("%q: lexInto reads\n%s\nthe general loop\n%s", raw, got, want)
	}
	return fast, toks
}

// dumpLexed is what the lexer made of a line, for comparing two ways of
// lexing it.
func dumpLexed(l *Line, toks []Token, ok bool, d *Diagnostic) string {
	var b strings.Builder
	fmt.Fprintf(&b, "ok %v player %q@%d end %d", ok, l.Player, l.playerCol, l.endCol)
	if l.extra != nil {
		fmt.Fprintf(&b, " comment %q want %q", l.extra.comment, l.extra.want)
	}
	if d != nil {
		fmt.Fprintf(&b, " error %d: %s", d.Col, d.Message)
	}
	for _, tok := range toks {
		fmt.Fprintf(&b, " %q@%d%v", tok.Text, tok.Col, tok.Quoted)
	}
	return b.String()
}

// TestLexFastAsGeneral checks lexInto's ASCII loop, which takes offsets for
// columns and reads a line's first word apart, against the general loop
// (lexQuoted from the line's start) on 200,000 random lines.
func TestLexFastAsGeneral(t *testing.T) {
	alphabet := []string{" ", "\t", ",", "\"", "#", ":", "a", "B", "é", "3", "=", "Ann:", "Zoë:", ":x", "\r", "€", "red", "LLL",
		"Ann: bid", "Ann: Bid", "Ann: b"}
	src := rng.New(11)
	for range runs(200000) {
		raw := randomLine(src, alphabet, 12)
		fast, toks := lexBothWays(t, raw)
		// verbLower spares actionLine its look at the verb: only for a
		// first word after NAME: in lower-case ASCII.
		if fast.verbLower && (fast.playerCol == 0 || len(toks) == 0 || toks[0].Quoted || !lowerASCII(toks[0].Text)) {
			t.Fatalf("%q: verbLower with tokens %v", raw, toks)
		}
	}
}

// TestInvalidUTF8LinesAsBefore checks that the lines refused as invalid
// UTF-8, now found from what the lexer notes rather than by a check of the
// whole text first, are exactly those utf8.ValidString refuses, wherever
// the bad byte is: in a word, a quote, an unclosed quote, a comment.
func TestInvalidUTF8LinesAsBefore(t *testing.T) {
	alphabet := []string{" ", ",", "\"", "#", "Ann:", "red", "é", "\xff", "\xc3", "\xe2\x82", "x", "=", "check"}
	src := rng.New(5)
	for range runs(20000) {
		var b strings.Builder
		b.WriteString("game bordeaux\nplayers Ann Ben\n")
		var lines []string
		for range 1 + src.Intn(4) {
			l := randomLine(src, alphabet, 8)
			lines = append(lines, l)
			b.WriteString(l + "\n")
		}
		_, diags := Parse("f.vin", []byte(b.String()), Limits{})
		refused := map[int]bool{}
		for _, d := range diags {
			if d.Message == "line is not valid UTF-8" {
				refused[d.Line] = true
			}
		}
		for i, l := range lines {
			if want := !utf8.ValidString(l); refused[i+3] != want {
				t.Fatalf("line %q: refused as invalid UTF-8 %v, want %v (diagnostics %v)", l, refused[i+3], want, diags)
			}
		}
	}
}

// randomLine joins up to max-1 words drawn from alphabet: the random lines
// the reader's fast paths are compared on.
func randomLine(src *rng.Source, alphabet []string, max int) string {
	var b strings.Builder
	for range src.Intn(max) {
		b.WriteString(alphabet[src.Intn(len(alphabet))])
	}
	return b.String()
}

// runs is n, or a tenth of it under -short.
func runs(n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

// editDistanceFull is the whole table of optimal-string-alignment
// distances, as editDistance computed it before it was bounded.
func editDistanceFull(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// TestEditDistanceBanded checks the banded distance against the whole
// table on 200,000 random pairs of short words over a small alphabet (so
// that swaps and near misses are common): the same distance up to the
// limit, limit+1 beyond it.
func TestEditDistanceBanded(t *testing.T) {
	r := rng.New(7)
	word := func() string {
		b := make([]rune, r.Intn(9))
		for i := range b {
			b[i] = []rune("abcé")[r.Intn(4)]
		}
		return string(b)
	}
	for range 200000 {
		a, b := word(), word()
		if r.Intn(2) == 0 { // a near miss of a
			rb := []rune(a)
			for range r.Intn(3) {
				if len(rb) > 1 {
					k := r.Intn(len(rb) - 1)
					rb[k], rb[k+1] = rb[k+1], rb[k]
				}
			}
			b = string(rb)
		}
		limit := r.Intn(4)
		want := min(editDistanceFull(a, b), limit+1)
		if got := editDistance(a, b, limit); got != want {
			t.Fatalf("editDistance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	}
}

// TestHasSpaceAsUnicode: the reader's byte loop finds a blank in a name
// exactly where unicode.IsSpace does, which is what strings.Fields splits
// on when unquotedPlayer looks for the name written without its quotes.
func TestHasSpaceAsUnicode(t *testing.T) {
	for _, name := range []string{
		"", "Ann", "Marie Claire", "Marie\tClaire", "Ann\v", "\fAnn", "Ann\r", "Ann\n",
		"Zoë", "Zoë Ann", "Zoë\u00a0Ann", "Ann\u00a0", "Ann\u0085", "Ann\u2003Ben", "Ann\u200bBen",
		"\x1c", "Ann\x7f", "é", "日本 語", "日本語",
	} {
		want := strings.IndexFunc(name, unicode.IsSpace) >= 0
		if got := hasSpace(name); got != want {
			t.Errorf("hasSpace(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestPlainLinesAsGeneral reads random records with plainLines (the usual
// line read straight from the text, a player's name told by actionPlayer)
// and with every line read the general way (plainWindow 0), and requires
// the same lines and diagnostics: names that share a first byte, a NUL,
// names of 7 and 8 bytes, seats past actionKeys,
// colons, CRs, blanks, quotes, comments, non-ASCII and empty lines; a
// header with no game or no players line, a BOM, invalid UTF-8; small
// --max-line and --max-lines limits, and small windows, so that lines
// cross the window's end and the limits.
func TestPlainLinesAsGeneral(t *testing.T) {
	alphabet := []string{" ", "\t", ",", "\"", "#", ":", "\r", "\n", "\n", "\n", "\x00", "é", "a", "B", "3", "=",
		"Ann:", "Ann: ", "Abe: ", "\x00nn: ", "\x00nn:", "Ben Cal: ", "\"Ben Cal\": ", "Zoë: ", "Ben:", "Ben: bid", "Ann: Bid", "Ann:x", "Ann::", "check Ann a=1", "cal: x", "year 2", "players Ann",
		"\xff", "\xef\xbb\xbf", "\x01", "game grand-cru", "date x", "variant v", "ann: x", "Annie: x", "Ann:\tx", "Ann:,",
		"Annabel: ", "Annabel:x", "Annabel:", "Annabe: x", "AnnabeL: x", "Bo: x", "Bo:", "Christo: x", "Dimitrio: x", "Dimitri: x", "Q1: x", "R1:x", "R1: ",
		"Bo", "Bo ", "Annabel", "Annabel ", "Dimitrio", "Dimitrio ", "R1"}
	heads := []string{"game grand-cru\nplayers Ann Ben Cal\n", "game grand-cru\nplayers Ann Abe Ben\n",
		"game grand-cru\nplayers Ann \"Ben Cal\" Zoë\n", "", "\n", "# c\ngame grand-cru\n", "\xef\xbb\xbfgame grand-cru\r\nplayers Ann Ben\r\n",
		// Names of 7 bytes (actionKeys holds `NAME:` in 8), 8 and 2; seats
		// past actionKeys.
		"game grand-cru\nplayers Annabel Bo Christo Dimitrio\n",
		"game grand-cru\nplayers A1 B1 C1 D1 E1 F1 G1 H1 I1 J1 K1 L1 M1 N1 O1 P1 Q1 R1\n"}
	limits := []Limits{{}, {MaxBytes: 1 << 20, MaxLineBytes: 10, MaxLines: 4}, {MaxBytes: 1 << 20, MaxLineBytes: 6}}
	src := rng.New(13)
	defer func(w int) { plainWindow = w }(plainWindow)
	window := plainWindow
	for range runs(50000) {
		head := heads[src.Intn(len(heads))]
		if src.Intn(2) == 0 {
			head = heads[src.Intn(3)] // mostly a whole header
		}
		data := []byte(head + randomLine(src, alphabet, 30))
		lim := limits[src.Intn(len(limits))]
		w := []int{window, window, 7, 2}[src.Intn(4)]
		plainWindow = w
		got := dumpInternal(Parse("f.vin", data, lim))
		plainWindow = 0
		want := dumpInternal(Parse("f.vin", data, lim))
		if got != want {
			t.Fatalf("%q (limits %+v, window %d): read\n%s\nthe general way\n%s", data, lim, w, got, want)
		}
	}
}
