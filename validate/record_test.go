package validate_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

func parse(t *testing.T, src string) (*validate.Record, validate.Diagnostics) {
	t.Helper()
	return validate.Parse("r.vin", []byte(src), validate.Limits{})
}

func TestReaderLinesAndColumns(t *testing.T) {
	src := "\xef\xbb\xbfgame bordeaux\r\n" +
		"players \"Anne Marie\" Bob Zoë\r\n" +
		"\r\n" +
		"# a comment line keeps its number\n" +
		"\"Anne Marie\": plant merlot 3, 4 # want \"a message\"\n" +
		"Zoë:\tsell \"wine # not a comment\"\n" +
		"check Bob money=5 Casks=2\n" +
		"claim Zoë 12\n" +
		"year 3\n"
	rec, diags := parse(t, src)
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if rec.Game != "bordeaux" || strings.Join(rec.Players, "|") != "Anne Marie|Bob|Zoë" {
		t.Fatalf("header: game %q players %q", rec.Game, rec.Players)
	}
	if len(rec.Lines) != 5 {
		t.Fatalf("%d body lines, want 5", len(rec.Lines))
	}
	a := rec.Lines[0]
	if a.Num != 5 || a.Kind != validate.KindAction || a.Player != "Anne Marie" || a.Verb != "plant" || a.Want() != "a message" {
		t.Errorf("action line: %+v", a)
	}
	var words []string
	for _, tok := range a.Tokens {
		words = append(words, tok.Text)
	}
	if got := strings.Join(words, " "); got != "plant merlot 3 , 4" {
		t.Errorf("tokens %q", got)
	}
	if a.ColOf(-1) != 1 || a.ColOf(0) != 15 || a.ColOf(3) != 29 || a.ColOf(99) != 32 {
		t.Errorf("columns: player %d, plant %d, comma %d, end %d", a.ColOf(-1), a.ColOf(0), a.ColOf(3), a.ColOf(99))
	}
	z := rec.Lines[1]
	// Columns count characters: "Zoë:" is 4 runes, then a tab.
	if z.Player != "Zoë" || z.ColOf(0) != 6 || z.Word(1) != "wine # not a comment" || !z.Tokens[1].Quoted || z.Comment() != "" {
		t.Errorf("unicode/tab/quote line: %+v", z)
	}
	c := rec.Lines[2]
	if c.Kind != validate.KindCheck || c.Player != "Bob" || len(c.Pairs()) != 2 || c.Pairs()[1].Key != "casks" || c.Pairs()[1].Value != "2" || c.Pairs()[1].Tok != 3 {
		t.Errorf("check line: %+v", c)
	}
	if cl := rec.Lines[3]; cl.Kind != validate.KindClaim || cl.Player != "Zoë" || cl.Points() != 12 {
		t.Errorf("claim line: %+v", cl)
	}
	if ev := rec.Lines[4]; ev.Kind != validate.KindEvent || ev.Verb != "year" || ev.Word(1) != "3" {
		t.Errorf("event line: %+v", ev)
	}
}

// TestReaderListsEverySyntaxError: each line's mistake is reported at its
// own line and column with the message a person reads.
func TestReaderListsEverySyntaxError(t *testing.T) {
	src := "game bordeaux\n" + // 1
		"players Ann Ben\n" + // 2
		"Ann:\n" + // 3
		"Bem: pass\n" + // 4
		"Ben pass\n" + // 5
		"claim Ann lots\n" + // 6
		"check Ann money\n" + // 7
		"Ann: say \"hello\n" + // 8
		"Ben: pass\n" + // 9
		"variant late\n" + // 10
		"claim Ann\n" // 11
	_, diags := parse(t, src)
	want := []string{
		"r.vin:3:5: error: Ann: what did Ann do? an action follows the colon",
		"r.vin:4:1: error: Bem is not a player of this game (players: Ann, Ben)",
		"r.vin:5:1: error: a player's action starts with the name and a colon: Ben: …",
		"r.vin:6:11: error: a claim is a whole number of points, not \"lots\"",
		"r.vin:7:11: error: a check compares key=value, not \"money\"",
		"r.vin:8:10: error: the quote opened here is never closed",
		"r.vin:10:1: error: `variant` belongs to the header, before the first action",
		"r.vin:11:7: error: write `claim NAME POINTS`",
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics\n got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if diags[1].Hint != "did you mean Ben?" {
		t.Errorf("hint %q", diags[1].Hint)
	}
	if f := diags[0].Format(); f != "r.vin:3:5: error: Ann: what did Ann do? an action follows the colon\n    Ann:\n        ^\n" {
		t.Errorf("Format = %q", f)
	}
}

func TestReaderHeaderErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"players Ann\n", "r.vin:1:1: error: a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne"},
		// nothing to read: said as such, not as a missing line among others
		{"", "r.vin:1:1: error: the file is empty: a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne"},
		{"\ufeff", "r.vin:1:1: error: the file is empty: a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne"},
		{"\n  \n# a comment\r\n", "r.vin:1:1: error: the record holds only blank lines and comments: a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne"},
		{"game chess\nplayers Ann\n", "r.vin:1:6: error: unknown game \"chess\": bordeaux | grand-cru | age-of-champagne"},
		{"game bordeaux\n", "r.vin:1:1: error: the header has no `players` line"},
		{"game bordeaux\ngame bordeaux\nplayers A\n", "r.vin:2:1: error: the record names its game twice"},
		{"game bordeaux\nplayers Ann Ann\n", "r.vin:2:13: error: Ann is listed twice among the players"},
		// commas split off as tokens of their own: not a player ","
		{"game bordeaux\nplayers Ann, Ben\n", "r.vin:2:12: error: players are separated by blanks, not commas: players Ann Ben"},
		{"game bordeaux\nplayers Ann,Ben,\"Cal D\"\n", "r.vin:2:12: error: players are separated by blanks, not commas: players Ann Ben \"Cal D\""},
		{"game bordeaux\nplayers Ann claim\n", "r.vin:2:13: error: \"claim\" is a keyword and cannot be a player name; quote it to insist"},
		{"game bordeaux\nplayers A B\nplayers C\n", "r.vin:3:1: error: the record lists its players twice"},
		{"game bordeaux\nplayers A B\ndate 1\ndate 2\n", "r.vin:4:1: error: `date` is given twice"},
		// a metadata line written bare was kept as "" (rules and variant were refused)
		{"game bordeaux\nplayers A B\nevent\n", "r.vin:3:1: error: `event` gives its value after the word: event \"Thursday league\""},
		{"game bordeaux\nplayers A B\nnote # later\n", "r.vin:3:1: error: `note` gives its value after the word: note \"played with the reprint\""},
		{"game bordeaux\nplayers A \"\"\n", "r.vin:2:11: error: a player name cannot be empty"},
		// an empty quoted name before a colon (found by FuzzReplay: it panicked)
		{"game grand-cru\nplayers A B\n\"\": bid 3\n", "r.vin:3:1: error: an action starts with a player's name, not an empty one: NAME: …"},
	} {
		_, diags := parse(t, c.src)
		if len(diags) == 0 || diags[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, diags, c.want)
		}
	}
	// Aliases of the game names.
	for _, alias := range []string{"grandcru", "grand_cru", "aoc", "champagne"} {
		rec, diags := parse(t, "game "+alias+"\nplayers A B\n")
		if len(diags) != 0 || (rec.Game != "grand-cru" && rec.Game != "age-of-champagne") {
			t.Errorf("game %s: %q %v", alias, rec.Game, diags)
		}
	}
}

func TestReaderLimits(t *testing.T) {
	lim := validate.Limits{MaxBytes: 100, MaxLineBytes: 20}
	_, diags := validate.Parse("r.vin", []byte(strings.Repeat("#", 101)), lim)
	if len(diags) != 1 || diags[0].Code != validate.CodeLimit || diags[0].Error() != "r.vin: error: the record is 101 bytes, more than the limit of 100 (--max-bytes)" {
		t.Errorf("size limit: %v", diags)
	}
	rec, diags := validate.Parse("r.vin", []byte("game bordeaux\nplayers Ann Ben\nAnn: pass pass pass pass\nBen: pass\n"), lim)
	if len(diags) != 1 || diags[0].Error() != "r.vin:3:1: error: line is 24 bytes, more than the limit of 20 (--max-line)" {
		t.Errorf("line limit: %v", diags)
	}
	if len(rec.Lines) != 1 || rec.Lines[0].Player != "Ben" {
		t.Errorf("the lines after a long one are still read: %d lines", len(rec.Lines))
	}
	// at the first byte that is not UTF-8 (column 12)
	_, diags = validate.Parse("r.vin", []byte("game bordeaux\nplayers Ann\xff Ben\n"), validate.Limits{})
	if len(diags) == 0 || diags[0].Error() != "r.vin:2:12: error: line is not valid UTF-8" {
		t.Errorf("UTF-8: %v", diags)
	}
	// A byte-order mark starts a file, not a line after it (two files
	// joined): said as such, not as an unknown word with an invisible mark.
	rec, diags = validate.Parse("r.vin", []byte("\ufeffgame bordeaux\n\ufeffplayers Ann Ben\n"), validate.Limits{})
	if len(diags) != 1 || diags[0].Error() != "r.vin:2:1: error: a byte-order mark (U+FEFF) starts this line: it belongs only at the start of a file (were two files joined?)" ||
		rec.Game != "bordeaux" {
		t.Errorf("byte-order mark: %v, game %q", diags, rec.Game)
	}
}

func TestRecordVariants(t *testing.T) {
	rec, diags := parse(t, "game age-of-champagne\nplayers A\nvariant merchant=Medium Solo\n")
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	if v, ok := rec.Variant("MERCHANT"); !ok || v != "medium" {
		t.Errorf("Variant(merchant) = %q, %v", v, ok)
	}
	if !rec.HasVariant("solo") || rec.HasVariant("late") || rec.Seat("A") != 0 || rec.Seat("B") != -1 {
		t.Errorf("variants %v", rec.Variants)
	}
}

func TestParseWant(t *testing.T) {
	for in, want := range map[string]string{
		`want "Ben cannot \"harvest\""`: `Ben cannot "harvest"`,
		`want "unterminated`:            "",
		`wanted "x"`:                    "",
		`want "a" trailing"`:            `a" trailing`,
	} {
		if got := validate.ParseWant(in); got != want {
			t.Errorf("ParseWant(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSeatFindsEveryPlayer covers the first-letter index behind Seat:
// names alone on their letter, names sharing one, a quoted name with a
// blank, and names that are not players.
func TestSeatFindsEveryPlayer(t *testing.T) {
	rec, diags := validate.Parse("f.vin", []byte("game bordeaux\nplayers Ann Abe Ben \"Cé Dé\" A\n"), validate.Limits{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for want, name := range []string{"Ann", "Abe", "Ben", "Cé Dé", "A"} {
		if got := rec.Seat(name); got != want {
			t.Errorf("Seat(%q) = %d, want %d", name, got, want)
		}
	}
	for _, name := range []string{"", "An", "Anne", "ann", "Bob", "C", "Cé"} {
		if got := rec.Seat(name); got != -1 {
			t.Errorf("Seat(%q) = %d, want -1", name, got)
		}
	}
	// A NUL (the index's own mark) cannot start a name: no control
	// character can be in one.
	_, diags = validate.Parse("f.vin", []byte("game bordeaux\nplayers Ann \x00x Ab\n"), validate.Limits{})
	if len(diags) != 1 || diags[0].Error() != "f.vin:2:13: error: a player name cannot contain a control character (U+0000)" {
		t.Errorf("a name with a NUL: %v", diags)
	}
	byHand := &validate.Record{Players: []string{"Ann", "Ben"}} // no index: every name compared
	if byHand.Seat("Ben") != 1 || byHand.Seat("Cal") != -1 {
		t.Error("Seat on a Record made by hand")
	}
}

// TestLineSeat requires every action, check and claim line of a known
// player to carry its player's seat, a quoted name included, and every
// other line to carry none.
func TestLineSeat(t *testing.T) {
	rec, diags := parse(t, "game grand-cru\nplayers Ann \"Cé Dé\" Abe\nyear 1\nAnn: pass\n\"Cé Dé\": pass\nAbe: pass\n"+
		"check Abe money=3\nclaim \"Cé Dé\" 7\ndisplay pinot\n")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := map[int]int{4: 0, 5: 1, 6: 2, 7: 2, 8: 1} // line number: seat
	for _, l := range rec.Lines {
		seat, ok := want[l.Num]
		if !ok {
			seat = -1
		}
		if got := l.Seat(); got != seat {
			t.Errorf("line %d %q: Seat() = %d, want %d", l.Num, l.Raw, got, seat)
		}
		if seat >= 0 && l.Player != rec.Players[seat] {
			t.Errorf("line %d: Player %q, not the players line's %q", l.Num, l.Player, rec.Players[seat])
		}
	}
	if (&validate.Line{Player: "Ann"}).Seat() != -1 {
		t.Error("a line made by hand has a seat")
	}
}

// TestHeaderLine requires each shared header statement's line, and nil for
// a statement the record lacks or a word that is none.
func TestHeaderLine(t *testing.T) {
	rec, diags := parse(t, "game bordeaux\nplayers Ann Ben\nvariant solo\ndate 2026-11-30\nevent League\nlocation Lyon\nnote hi\n'01 L C\n")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	want := map[string]int{"game": 1, "players": 2, "date": 4, "event": 5, "location": 6, "note": 7, "rules": 0, "variant": 0, "check": 0, "": 0}
	for word, num := range want {
		got := rec.HeaderLine(word)
		switch {
		case num == 0 && got != nil:
			t.Errorf("HeaderLine(%q) = line %d, want none", word, got.Num)
		case num > 0 && (got == nil || got.Num != num):
			t.Errorf("HeaderLine(%q) = %v, want line %d", word, got, num)
		}
	}
}

// A suggestion is for a slip: a word two edits or fewer from a name. A
// word whose length alone puts it further is not compared at all.
func TestDidYouMeanSuggestsOnlyNearNames(t *testing.T) {
	names := []string{"Ann", "Benjamin", "Ben"}
	for _, c := range []struct{ word, want string }{
		{"Bne", "did you mean Ben?"},          // two letters swapped: one edit
		{"benjamn", "did you mean Benjamin?"}, // case does not count
		{"Bo", "did you mean Ben?"},           // two edits
		{"Xyz", ""},                           // three edits from every name
		{"Benjaminxxx", ""},                   // three letters longer than any name
		{strings.Repeat("x", 10000), ""},      // a line of junk
	} {
		if got := validate.DidYouMean(c.word, names); got != c.want {
			t.Errorf("DidYouMean(%.20q) = %q, want %q", c.word, got, c.want)
		}
	}
	// A players line of a thousand names (refused for its count) gives no
	// hint: each later line would compare them all.
	many := []string{"Ben"}
	for i := range 1000 {
		many = append(many, fmt.Sprintf("P%d", i))
	}
	if got := validate.DidYouMean("Bne", many); got != "" {
		t.Errorf("a hint among 1001 names: %q", got)
	}
	if got := validate.DidYouMean("Bne", many[:200]); got != "did you mean Ben?" {
		t.Errorf("a hint among 200 names: %q", got)
	}
}

// Text a terminal would act on is never printed raw, and a file whose
// lines end with CR alone is said to be one.
func TestControlCharactersAndLoneCarriageReturns(t *testing.T) {
	d := validate.Diagnostic{File: "x.vin", Line: 3, Col: 7, Message: "m", Source: "Ann: \x1b[31m pass"}
	if got := d.Format(); got != "x.vin:3:7: error: m\n    Ann: ?[31m pass\n          ^\n" {
		t.Errorf("Format = %q", got)
	}
	_, diags := validate.Parse("cr.vin", []byte("game bordeaux\rplayers Ann Ben\r"), validate.Limits{})
	if len(diags) != 1 || diags[0].Error() != "cr.vin:1:14: error: the lines end with a carriage return (CR) alone: a record ends its lines with LF or CRLF" {
		t.Errorf("lone CR: %v", diags)
	}
	// A players line with an error: the players are not known, so no
	// engine counts them (no "played by 2 to 5 players, not 1").
	games := []validate.Game{}
	rep := validate.Check(games, "p.vin", []byte("game grand-cru\nplayers Ann Ben:x\n"), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != `p.vin:2:13: error: a player name cannot contain a colon: "Ben:x"` {
		t.Errorf("a refused players line: %v", rep.Diagnostics)
	}
}

// A players line refused for its bytes is one error: the record does have
// a players line. A C1 control character is named by its code point.
func TestARefusedPlayersLineIsOneError(t *testing.T) {
	_, diags := validate.Parse("p.vin", []byte("game bordeaux\nplayers Zo\xc3\xab B\xffn\n"), validate.Limits{})
	if len(diags) != 1 || diags[0].Error() != "p.vin:2:14: error: line is not valid UTF-8" {
		t.Errorf("%v", diags)
	}
	_, diags = validate.Parse("p.vin", []byte("game bordeaux\nplayers Ann \"B\xc2\x85n\"\n"), validate.Limits{})
	if len(diags) != 1 || diags[0].Error() != "p.vin:2:13: error: a player name cannot contain a control character (U+0085)" {
		t.Errorf("%v", diags)
	}
}

// An invisible formatting character would make two players look alike
// ("Ann" and "Ann" with a zero-width space) or reverse a line in a
// terminal (a bidirectional override): refused in a name, shown as "?"
// in a message. The joiners that scripts and emoji need are names' text.
func TestInvisibleFormattingCharactersInNames(t *testing.T) {
	for _, c := range []struct{ players, want string }{
		{"players Ann Ann\u200b", "p.vin:2:13: error: a player name cannot contain an invisible formatting character (U+200B)"},
		{"players Ann \u202eneB", "p.vin:2:13: error: a player name cannot contain an invisible formatting character (U+202E)"},
		{"players Ann Be\u00adn", "p.vin:2:13: error: a player name cannot contain an invisible formatting character (U+00AD)"},
		{"players Ann \u0645\u06cc\u200c\u0631\u0627", ""},
		{"players Ann \U0001F469\u200d\U0001F467", ""},
		{"players Ann \"An\u2028n\"", "p.vin:2:13: error: a player name cannot contain a line or paragraph separator (U+2028)"},
		// Blanks that would make two names print alike in a table.
		{"players Ann \" Ann\"", `p.vin:2:13: error: a player name has no blank at either end, and one space between its words: " Ann"`},
		{"players Ann \"Ben \"", `p.vin:2:13: error: a player name has no blank at either end, and one space between its words: "Ben "`},
		{"players Ann \"Anne  Marie\"", `p.vin:2:13: error: a player name has no blank at either end, and one space between its words: "Anne  Marie"`},
		{"players Ann \"Anne\u00a0Marie\"", `p.vin:2:13: error: a player name has no blank at either end, and one space between its words: "Anne\u00a0Marie"`},
		{"players Ann \"Anne Marie\"", ""},
	} {
		_, diags := validate.Parse("p.vin", []byte("game bordeaux\n"+c.players+"\n"), validate.Limits{})
		got := ""
		if len(diags) > 0 {
			got = diags[0].Error()
		}
		if got != c.want {
			t.Errorf("%q: %q, want %q", c.players, got, c.want)
		}
	}
	d := validate.Diagnostic{File: "p.vin", Line: 3, Col: 1, Severity: validate.Error, Code: validate.CodeSyntax,
		Message: "m", Source: "Ann: \u202eLL der"}
	if f := d.Format(); !strings.Contains(f, "Ann: ?LL der") {
		t.Errorf("a bidirectional override printed raw:\n%s", f)
	}
}

// A refused players line (a name the reader refuses, a line over
// --max-line) is the one error: the later lines' "not a player" and
// "comes before the body" follow from it and are not listed, and the
// record does have a players line.
func TestARefusedPlayersLineHasNoCascade(t *testing.T) {
	long := "players " + strings.Repeat("A", 100)
	for _, c := range []struct{ text, want string }{
		{"game bordeaux\nplayers Ann B:en\nBen: red L\ncheck Ben casks=1\nclaim Ben 3\n", `p.vin:2:13: error: a player name cannot contain a colon: "B:en"`},
		{"game bordeaux\nplayers A:nn Ben\nAnn: red L\n'01 L V\n", `p.vin:2:9: error: a player name cannot contain a colon: "A:nn"`},
		{"game bordeaux\n" + long + "\nAnn: red L\n", "p.vin:2:1: error: line is 108 bytes, more than the limit of 60 (--max-line)"},
	} {
		_, diags := validate.Parse("p.vin", []byte(c.text), validate.Limits{MaxBytes: 1 << 20, MaxLineBytes: 60, MaxLines: 1000})
		var got []string
		for _, d := range diags {
			got = append(got, d.Error())
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q:\n got %q\nwant [%q]", c.text, got, c.want)
		}
	}
	// A carriage return is no blank: "players\r0" is one word, no players
	// line (fuzz-found: it was taken for a refused one, and the record had
	// no error at all).
	_, diags0 := validate.Parse("p.vin", []byte("game bordeaux\nplayers\r0"), validate.Limits{})
	if len(diags0) != 2 || diags0[1].Message != "the header has no `players` line" {
		t.Errorf("players\\r0: %v", diags0)
	}
	// Without a players line at all, the body's lines say so.
	_, diags := validate.Parse("p.vin", []byte("game bordeaux\nAnn: red L\n"), validate.Limits{})
	if len(diags) != 2 || diags[0].Message != "the `players` line comes before the record's body" || diags[1].Message != "the header has no `players` line" {
		t.Errorf("no players line: %v", diags)
	}
}

// A name written with a combining accent and the same name with the
// accented letter print alike: the hint says why they differ.
func TestAPlayerNameWithACombiningAccent(t *testing.T) {
	_, diags := validate.Parse("n.vin", []byte("game bordeaux\nplayers Zo\u00eb Ben\nZoe\u0308: red L\nBem: red L\n"), validate.Limits{})
	if len(diags) != 2 {
		t.Fatalf("%v", diags)
	}
	if want := "did you mean Zo\u00eb? (the two may look alike: one writes an accent as a separate combining mark; retype the name as on the players line)"; diags[0].Hint != want {
		t.Errorf("hint %q, want %q", diags[0].Hint, want)
	}
	if diags[1].Hint != "did you mean Ben?" {
		t.Errorf("a plain slip: hint %q", diags[1].Hint)
	}
}

// A name may be a whole line long, and a record may misspell it on every
// line: each hint compared the two names with a table of distances as
// large as their lengths' product (a 4,000-letter name, 128 MB and 0.1 s
// a line; a 4 MiB record of such lines, minutes and gigabytes). Only a
// distance of 2 or less matters, and it now costs in proportion to the
// names' length: the bytes allocated are asserted, not the time.
func TestDidYouMeanOverLongNamesIsLinear(t *testing.T) {
	name := strings.Repeat("A", 4000)
	var src strings.Builder
	src.WriteString("game bordeaux\nplayers " + name + " Bo\n")
	for range 4 {
		src.WriteString("check " + name[1:] + "B paths=1\n")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, diags := parse(t, src.String())
	runtime.ReadMemStats(&after)
	if len(diags) != 4 || diags[0].Hint != "did you mean "+name+"?" {
		t.Fatalf("diagnostics: %d, first hint %.40q", len(diags), diags[0].Hint)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("four hints over a 4,000-letter name allocated %d bytes; want under 4 MiB", got)
	}
	// the distance is still the whole table's where it is 2 or less
	for _, c := range []struct {
		word string
		want string
	}{
		{name[2:], "did you mean " + name + "?"},                         // two letters missing
		{name[3:], ""},                                                   // three
		{"BA" + name[2:], "did you mean " + name + "?"},                  // one changed
		{"AB" + name[2:] + "BB", ""},                                     // three edits
		{name[:1000] + "BA" + name[1002:], "did you mean " + name + "?"}, // one changed
		{name[:1000] + "B" + name[1001:3999] + "C", "did you mean " + name + "?"},
	} {
		if got := validate.DidYouMean(c.word, []string{name, "Bo"}); got != c.want {
			t.Errorf("DidYouMean(%.20q…) = %.40q, want %.40q", c.word, got, c.want)
		}
	}
}

// A message about a name that is not a player's lists the players, but
// not a players line's worth of names: 100,000 lines naming someone else
// under twelve 340-letter names made a 1.8 MB record's report 400 MB
// (1.5 GB of memory). Short names are listed as before.
func TestNotAPlayerListsLongNamesByCount(t *testing.T) {
	var names []string
	for i := range 12 {
		names = append(names, fmt.Sprintf("P%d%s", i, strings.Repeat("x", 330)))
	}
	_, diags := parse(t, "game bordeaux\nplayers "+strings.Join(names, " ")+"\ncheck Zed paths=1\n")
	if len(diags) != 1 || diags[0].Message != "Zed is not a player of this game (players: the 12 named on the players line)" {
		t.Errorf("long names: %.200v", diags)
	}
	_, diags = parse(t, "game bordeaux\nplayers Ann Ben\ncheck Zed paths=1\n")
	if len(diags) != 1 || diags[0].Message != "Zed is not a player of this game (players: Ann, Ben)" {
		t.Errorf("short names: %v", diags)
	}
}

// The Wine Merchant written as a player is hinted to his own lines, in an
// AOC record only: he has no seat, and "did you mean" had nothing to offer.
func TestMerchantWrittenAsAPlayer(t *testing.T) {
	for _, c := range []struct{ game, line, hint string }{
		{"age-of-champagne", "check merchant pp=3", "the Wine Merchant is no player: his board is checked with `merchant check key=value …`"},
		{"age-of-champagne", "claim Merchant 30", "the Wine Merchant is no player: his score is claimed with `merchant claim N`"},
		{"age-of-champagne", "merchant: ship I05", "the Wine Merchant is no player: his lines start with `merchant` and no colon: merchant shipping …, merchant ship …"},
		{"age-of-champagne", "\"wine merchant\": ship I05", "the Wine Merchant is no player: his lines start with `merchant` and no colon: merchant shipping …, merchant ship …"},
		{"grand-cru", "check merchant money=3", ""},
	} {
		_, diags := parse(t, "game "+c.game+"\nplayers Ann Ben\n"+c.line+"\n")
		if len(diags) != 1 || !strings.HasSuffix(diags[0].Message, "is not a player of this game (players: Ann, Ben)") || diags[0].Hint != c.hint {
			t.Errorf("%s %q: %v (hint %q)\nwant the hint %q", c.game, c.line, diags, hintOf(diags), c.hint)
		}
	}
}

func hintOf(d validate.Diagnostics) string {
	if len(d) == 0 {
		return ""
	}
	return d[0].Hint
}

// A header line the reader refuses for its text (a quote never closed,
// a byte that is not UTF-8, a keyword in capitals) is still that header
// line: one error, not "the header has no `players` line" or "a record
// starts with a `game` line" at the next line as well.
func TestARefusedHeaderLineIsOneError(t *testing.T) {
	for _, c := range []struct {
		src  string
		lim  validate.Limits
		want string
	}{
		{"game bordeaux\nPLAYERS \"Ann Ben\n", validate.Limits{}, "r.vin:2:9: error: the quote opened here is never closed"},
		{"game bordeaux\n  Players Ann\xff Ben\n", validate.Limits{}, "r.vin:2:14: error: line is not valid UTF-8"},
		{"game \"bordeaux\nplayers Ann Ben\n", validate.Limits{}, "r.vin:1:6: error: the quote opened here is never closed"},
		{"# a game\nGame bordeaux\xff\nplayers Ann Ben\n", validate.Limits{}, "r.vin:2:14: error: line is not valid UTF-8"},
		{"game bordeaux\nplayers Ann Ben\n", validate.Limits{MaxBytes: 100, MaxLineBytes: 10},
			"r.vin:1:1: error: line is 13 bytes, more than the limit of 10 (--max-line)"},
		// The players line may be in the lines past the limit: unread,
		// not missing.
		{"game bordeaux\nplayers Ann Ben\n", validate.Limits{MaxBytes: 100, MaxLineBytes: 100, MaxLines: 1},
			"r.vin:2:1: error: the record has more than 1 lines, the limit (--max-lines): the rest is not read"},
	} {
		_, diags := validate.Parse("r.vin", []byte(c.src), c.lim)
		if len(diags) != 1 || diags[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, diags, c.want)
		}
	}
}

// A space character that is not a blank or a tab (a no-break space from a
// word processor, an input method's ideographic space) looks like a blank
// but is none: it is refused where it stands, outside quotes, rather than
// read as part of a word ("players Ann" as no players line, "casks=0
// used=0" as one value). In quotes it is text.
func TestSpacesThatAreNoBlanks(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game bordeaux\nplayers\u00a0Ann Ben\n", "r.vin:2:8: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
		{"game\u3000bordeaux\nplayers Ann Ben\n", "r.vin:1:5: error: a space character (U+3000) is no blank: a record separates its words with spaces or tabs"},
		{"game bordeaux\nplayers Ann Zoë\ncheck Zoë casks=0\u202fused=0\n", "r.vin:3:18: error: a no-break space (U+202F) is no blank: a record separates its words with spaces or tabs"},
		{"game bordeaux\nplayers Ann Ben\n\u00a0Ann: red L\n", "r.vin:3:1: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
		// After a closing quote, it is no word glued to the quote.
		{"game bordeaux\nplayers \"Ann\"\u00a0\"Ben\"\n", "r.vin:2:14: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
		{"game bordeaux\nplayers Ann Ben\ncheck Ann start=\"Ann\"\u00a0casks=0\n", "r.vin:3:22: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
		// Before a header word, it hides no game or players line: the
		// refusal is the line's only error.
		{"\u00a0game bordeaux\nplayers Ann Ben\n", "r.vin:1:1: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
		{"game bordeaux\n\u00a0players Ann Ben\nAnn: red L\n", "r.vin:2:1: error: a no-break space (U+00A0) is no blank: a record separates its words with spaces or tabs"},
	} {
		_, diags := parse(t, c.src)
		if len(diags) != 1 || diags[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, diags, c.want)
		}
	}
	rec, diags := parse(t, "game bordeaux\nplayers Ann Ben\nnote \"a\u00a0b\" # c\u00a0d\n")
	if len(diags) != 0 || rec.Meta["note"] != "a\u00a0b" {
		t.Errorf("in quotes and comments: %v %q", diags, rec.Meta["note"])
	}
}

// A second `rules` line is refused, as a second `date` is: it replaced
// the first without a word, and which tables the game was played with is
// not for the tool to guess.
func TestRulesTwice(t *testing.T) {
	rec, diags := parse(t, "game bordeaux\nplayers Ann Ben\nrules a.txt\nRules b.txt\n")
	want := "r.vin:4:1: error: `rules` is given twice: a record names one component-table file"
	if len(diags) != 1 || diags[0].Error() != want {
		t.Errorf("got %v\nwant %s", diags, want)
	}
	if rec.Rules != "a.txt" {
		t.Errorf("the record's tables file is %q, not the first named", rec.Rules)
	}
}

// A check or claim of an empty name (`check "" …`) says so, rather than
// " is not a player of this game", a message that starts with no name.
func TestCheckAndClaimOfAnEmptyName(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game bordeaux\nplayers Ann Ben\ncheck \"\" casks=1\n", "r.vin:3:7: error: a check names a player, not an empty name: check NAME key=value …"},
		{"game bordeaux\nplayers Ann Ben\nclaim \"\" 4\n", "r.vin:3:7: error: a claim names a player, not an empty name: claim NAME POINTS"},
	} {
		_, diags := parse(t, c.src)
		if len(diags) != 1 || diags[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, diags, c.want)
		}
	}
}

// Quotes hold a whole word: one written against a word was read as a
// word of its own, so `players Ann"Ben"` had two players and `players
// "Anne"Marie Ben` three, without a word.
func TestAQuoteAgainstAWord(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game bordeaux\nplayers Ann\"Ben\" Cal\n", "r.vin:2:12: error: a quote opens in the middle of a word: put a blank before it, or quote the whole word"},
		{"game bordeaux\nplayers \"Anne\"Marie Ben\n", "r.vin:2:15: error: a quoted word goes on after its closing quote: put a blank after it, or quote the whole word"},
		{"game bordeaux\nplayers Ann Ben\ncheck Ann casks=\"1\"x\n", "r.vin:3:20: error: a quoted word goes on after its closing quote: put a blank after it, or quote the whole word"},
		{"game bordeaux\nplayers Ann Ben\ncheck Ann ca=sks\"1\"\n", "r.vin:3:17: error: a quote opens in the middle of a word: put a blank before it, or quote the whole word"},
	} {
		_, diags := parse(t, c.src)
		if len(diags) != 1 || diags[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, diags, c.want)
		}
	}
	// After a key's '=', a quote holds the value: start="Anne Marie" is
	// the word "start=Anne Marie", as when the whole word is quoted.
	rec, diags := parse(t, "game grand-cru\nplayers \"Anne Marie\" Ben\ncheck Ben start=\"Anne Marie\" money=\"3\" \"loans=1\"\n")
	if len(diags) != 0 || len(rec.Lines) != 1 || fmt.Sprint(rec.Lines[0].Pairs()) != "[{start Anne Marie 2} {money 3 3} {loans 1 4}]" {
		t.Errorf("a quoted value: %v %+v", diags, rec.Lines)
	}
	// Against a blank, a comma, a colon or a comment, a quote is a word's.
	rec, diags = parse(t, "game bordeaux\nplayers \"Anne Marie\" Ben\n\"Anne Marie\":\tplant \"a b\",\"c\"# \"x\"y\n")
	if len(diags) != 0 || len(rec.Lines) != 1 || rec.Lines[0].Word(1) != "a b" || rec.Lines[0].Word(3) != "c" {
		t.Errorf("quoted words: %v %+v", diags, rec.Lines)
	}
}

// IsTally tells a scorepad tally from a record by its first line past the
// header, as a batch finds one among records.
func TestIsTally(t *testing.T) {
	for src, want := range map[string]bool{
		"game bordeaux\nplayers A B\ntally A paths=1\n":                               true,
		"\ufeff# a pad\n\nGame grand-cru\nplayers A\nvariant x\n  TALLY\tA money=1\n": true,
		"players A\ntally A pp=1\n":                                                   true, // no game: still a tally, refused for it
		"game grand-cru\nplayers A B\nloans A 1 B 2\ntally A money=1\n":               false,
		"game bordeaux\nplayers A\n'01 L V\n":                                         false,
		"":                                                                            false,
		"game bordeaux\nplayers A\n# tally A paths=1\n":                               false,
		"game bordeaux\nplayers A\ndate 2026-11-28\nnote \"typed from the pad\"\ntally A\n": true,
		// The tally reader takes these before the tally lines too.
		"game aoc\nplayers A\nvariant merchant=easy\nmerchant pp=1 eco=1\ntally A pp=1 eco=1\n": true,
		"game bordeaux\nplayers A\nclaim A 3\ntally A paths=1\n":                                true,
		"game bordeaux\nplayers A\nsheets B1-2FKD-7AS8-M\ntally A paths=1\n":                    true, // a record header's sheets line kept
		"game aoc\nplayers A\nround 1\nmerchant shipping 1 cuvees 2\n":                          false,
		"game aoc\nplayers A\nmerchant claim 3\n":                                               false,
	} {
		if got := validate.IsTally([]byte(src)); got != want {
			t.Errorf("IsTally(%q) = %v, want %v", src, got, want)
		}
	}
}

// TallyNamesAGame tells a tally with a game line, whatever it names, from
// one without: only the latter is told to write one.
func TestTallyNamesAGame(t *testing.T) {
	for src, want := range map[string]bool{
		"game chess\nplayers A B\ntally A paths=1\n":     true,
		"# pad\n  GAME bordeaux\nplayers A\ntally A\n":   true,
		"players A\ntally A pp=1\n":                      false,
		"players A\ntally A pp=1\ngame bordeaux\n":       false, // past the header: no game line
		"players A\n# game bordeaux\ntally A paths=1\n":  false,
		"players A B\ngame grand-cru\ntally A money=1\n": false, // not first: told where it goes
	} {
		if got := validate.TallyNamesAGame([]byte(src)); got != want {
			t.Errorf("TallyNamesAGame(%q) = %v, want %v", src, got, want)
		}
	}
}
