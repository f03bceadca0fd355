package validate

import (
	"strings"
	"testing"
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
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for k := 0; k < n; k++ {
		var b strings.Builder
		for range src.Intn(12) {
			b.WriteString(alphabet[src.Intn(len(alphabet))])
		}
		raw := b.String()
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
	if len(first.Pairs) != 2 || first.Pairs[1].Value != "2,3" || len(second.Pairs) != 1 {
		t.Fatalf("pairs %+v and %+v", first.Pairs, second.Pairs)
	}
	_ = append(first.Pairs, Pair{Key: "x"})
	if second.Pairs[0].Key != "c" || second.Pairs[0].Value != "4" {
		t.Fatalf("an append to one line's pairs changed the next line's: %+v", second.Pairs)
	}
}
