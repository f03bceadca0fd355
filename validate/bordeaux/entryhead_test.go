package bordeaux

import (
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestEntryHeadTables compares the look-ups of an entry's head, its
// letters and its commas with the plain reading they replace, over every
// word of up to three bytes from an alphabet of the notation's letters
// and the worker words with a byte changed.
func TestEntryHeadTables(t *testing.T) {
	alphabet := "rRpPyYlLeEcCvVtT-,x"
	words := []string{"", "red", "pink", "yellow", "choose", "Red", "RED", "yellowy", "pinkk"}
	for _, a := range alphabet {
		words = append(words, string(a))
		for _, b := range alphabet {
			words = append(words, string(a)+string(b))
			for _, c := range alphabet {
				words = append(words, string(a)+string(b)+string(c))
			}
		}
	}
	for _, w := range []string{"red", "pink", "yellow"} {
		for i := range w {
			for _, c := range []byte{'x', w[i] ^ 0x20, w[i] + 1} {
				words = append(words, w[:i]+string(c)+w[i+1:])
			}
		}
	}
	for _, w := range words {
		// the head: the table, else headWorkerAny, is the plain reading
		want := -1
		switch {
		case w == "red":
			want = RedWorker
		case w == "pink":
			want = PinkWorker
		case w == "yellow":
			want = YellowWorker
		}
		if w != "" {
			if h := &headWords[w[0]]; isHeadWord(w, h) != (want >= 0) || want >= 0 && h.worker != want {
				t.Errorf("head %q: the table says %v (worker %d), want worker %d", w, isHeadWord(w, h), h.worker, want)
			}
		}
		// the letters: one letter of a region or resource, 1 to 3 times
		kind := uint8(0)
		if len(w) >= 1 && len(w) <= 3 && sameLetter(w) {
			kind = letterKinds[w[0]]
		}
		if got := letterKind(w); got != kind {
			t.Errorf("letterKind(%q) = %d, want %d", w, got, kind)
		}
	}
	// the commas, against a plain loop, on lines cut from the words
	for start := 0; start+70 < len(words); start += 37 {
		var toks []validate.Token
		for _, w := range words[start : start+70] {
			toks = append(toks, validate.Token{Text: w})
		}
		for n := 0; n <= len(toks); n++ {
			want := uint64(0)
			for i, tok := range toks[:n] {
				if i < 64 && tok.Text == "," {
					want |= 1 << i
				}
			}
			if got := commaBits(toks[:n]); got != want {
				t.Errorf("commaBits of %d tokens from %d = %b, want %b", n, start, got, want)
			}
		}
	}
}

// TestLongLineCutAsShort replays lines of more than 64 words, which
// action cuts at their commas by actionLong instead of by bits, and
// requires each first error to be the one the same line gives with its
// filler words taken out: the same message, at the same word.
func TestLongLineCutAsShort(t *testing.T) {
	const head = "game bordeaux\nplayers Ann Ben\nsheets B1-48J5-5WLB-W\n'01 L C\nAnn: red L\nBen: pink L\n'02 R C\n"
	filler := strings.Repeat(" x", 70)
	cases := []struct{ before, after string }{ // the line is before+after, or before+filler+after
		{"Ann: red R x", " , , yellow C"},        // an empty entry after the 64th word
		{"Ann: red R x", " , yellow C ,"},        // a trailing comma
		{"Ann: red R , yellow C x", ""},          // an error in the second entry
		{"Ann: red R , yellow C , , pink R", ""}, // an empty entry before the filler
	}
	game := []validate.Game{New()}
	for _, c := range cases {
		short := validate.Check(game, "s.vin", []byte(head+c.before+c.after+"\n"), validate.Limits{}, validate.Options{})
		long := validate.Check(game, "l.vin", []byte(head+c.before+filler+c.after+"\n"), validate.Limits{}, validate.Options{})
		if len(short.Diagnostics) == 0 || len(long.Diagnostics) == 0 {
			t.Fatalf("%q: want an error, got %v and %v", c.before+c.after, short.Diagnostics, long.Diagnostics)
		}
		s, l := short.Diagnostics[0], long.Diagnostics[0]
		wantCol := s.Col
		if s.Col > len(c.before) { // the word is after the filler
			wantCol += len(filler)
		}
		if s.Line != l.Line || s.Message != l.Message || l.Col != wantCol {
			t.Errorf("%q:\n short: %s\n long:  %s (want column %d)", c.before+c.after, s.Error(), l.Error(), wantCol)
		}
	}
}

// TestCommaBitsEveryShortLine checks commaBits's fixed steps for short
// lines against a plain loop, on every place of commas in lines of up to
// 10 tokens (past 8, the loop over the tokens).
func TestCommaBitsEveryShortLine(t *testing.T) {
	for n := 0; n <= 10; n++ {
		for set := 0; set < 1<<n; set++ {
			toks := make([]validate.Token, n)
			want := uint64(0)
			for i := range toks {
				toks[i].Text = []string{"red", "LL", ",x", "", "@R"}[i%5]
				if set>>i&1 != 0 {
					toks[i].Text = ","
					want |= 1 << i
				}
			}
			if got := commaBits(toks); got != want {
				t.Fatalf("commaBits of %d tokens with commas %b = %b", n, want, got)
			}
		}
	}
}
