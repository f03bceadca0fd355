package validate_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vintner/vintner/validate"
)

// fuzzSeeds are small records that reach every branch of the reader:
// header words, quoting, commas, comments and wants, check and claim
// lines, CRLF, a BOM, bad UTF-8 and the usual mistakes.
var fuzzSeeds = []string{
	"game bordeaux\nplayers Ann Ben\nyear 1\nAnn: plant merlot 3, 4 # want \"x\"\ncheck Ann money=5 vines=2\nclaim Ben 12\n",
	"\xef\xbb\xbfgame grand-cru\r\nplayers \"Anne Marie\" Bob\r\nvariant short\r\n\"Anne Marie\": bid 5\r\n",
	"game aoc\nplayers A B C\ndate 2026-11-28\nevent \"Thursday \\\"league\\\"\"\nnote ok\nrules t.txt\nA: pass\nB: \"open\n",
	"players Ann\n",
	"game chess\n",
	"game bordeaux\ngame bordeaux\nplayers a a\n",
	"game bordeaux\nplayers check claim \"check\"\n",
	"game bordeaux\nplayers Ann Ben\nAnn:\nBen pass\nclaim Ann x\ncheck Ann\ncheck Cal a=b\ncheck Ann novalue\n",
	"game bordeaux\nplayers Ann Ben\nAnn: pass\nplayers Cal\nvariant late\n",
	"game bordeaux\nplayers Ann Ben\n\xff\xfe\nAnn: pass\t# tab\n",
	"# only a comment\n\n   \n",
	"game bordeaux\nplayers Ann:x Ben\n",
	"game\nplayers\nvariant\nrules\n",
}

// checkInvariants holds for any input: the reader never panics, every
// diagnostic points inside the input with a stable code and a message,
// and every line it keeps is the input's line with tokens inside it.
func checkInvariants(t *testing.T, data []byte, lim validate.Limits) {
	rec, diags := validate.Parse("f.vin", data, lim)
	if rec == nil {
		t.Fatal("Parse returned no record")
	}
	nLines := bytes.Count(data, []byte("\n")) + 1
	codes := map[string]bool{validate.CodeSyntax: true, validate.CodeHeader: true, validate.CodeRule: true,
		validate.CodeCheck: true, validate.CodeClaim: true, validate.CodeMissing: true,
		validate.CodeLimit: true, validate.CodeIO: true}
	for _, d := range diags {
		if !codes[d.Code] || d.Message == "" || d.File != "f.vin" {
			t.Errorf("diagnostic with code %q, file %q, message %q", d.Code, d.File, d.Message)
		}
		if d.Line < 0 || d.Line > nLines || (d.Line > 0 && d.Col < 1) {
			t.Errorf("diagnostic at %d:%d outside the %d lines: %s", d.Line, d.Col, nLines, d.Message)
		}
		if !utf8.ValidString(d.Format()) {
			t.Errorf("diagnostic is not valid UTF-8: %q", d.Format())
		}
	}
	lines := strings.Split(strings.TrimPrefix(string(data), "\xef\xbb\xbf"), "\n")
	prev := 0
	max := lim.MaxLineBytes
	if lim.MaxBytes == 0 {
		max = validate.DefaultLimits.MaxLineBytes
	}
	for _, l := range rec.Lines {
		if l.Num <= prev || l.Num > len(lines) {
			t.Fatalf("line numbers out of order: %d after %d", l.Num, prev)
		}
		prev = l.Num
		if want := strings.TrimSuffix(lines[l.Num-1], "\r"); l.Raw != want {
			t.Errorf("line %d is %q, the input has %q", l.Num, l.Raw, want)
		}
		if len(l.Raw) > max {
			t.Errorf("line %d has %d bytes, over the %d limit", l.Num, len(l.Raw), max)
		}
		width := utf8.RuneCountInString(l.Raw) + 1
		for i := -1; i <= len(l.Tokens); i++ {
			if c := l.ColOf(i); c < 1 || c > width {
				t.Errorf("line %d token %d at column %d, outside 1..%d", l.Num, i, c, width)
			}
		}
		if l.Kind == validate.KindAction && !rec.HasPlayer(l.Player) {
			t.Errorf("line %d: an action by %q, not a player", l.Num, l.Player)
		}
	}
	// The same bytes give the same answer.
	rec2, diags2 := validate.Parse("f.vin", data, lim)
	if len(rec2.Lines) != len(rec.Lines) || len(diags2) != len(diags) {
		t.Errorf("Parse is not deterministic")
	}
}

// FuzzParse feeds the record reader arbitrary bytes.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	addExamples(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkInvariants(t, data, validate.Limits{})
		// Small limits exercise the refusals.
		checkInvariants(t, data, validate.Limits{MaxBytes: 512, MaxLineBytes: 32})
		checkReaderReuse(t, data)
	})
}

// checkReaderReuse reads data with a Reader that read another record
// before, and reads that record again after: each must read as Parse reads
// it with fresh memory, so nothing of one record leaks into the next.
func checkReaderReuse(t *testing.T, data []byte) {
	other := []byte(fuzzSeeds[0])
	var r validate.Reader
	for _, in := range [][]byte{other, data, other} {
		rec, diags := r.Read("f.vin", in, validate.Limits{})
		got := dumpRecord(rec, diags)
		freshRec, freshDiags := validate.Parse("f.vin", in, validate.Limits{})
		if want := dumpRecord(freshRec, freshDiags); got != want {
			t.Fatalf("a reused Reader read %q as\n%s\nfresh memory reads\n%s", in, got, want)
		}
	}
}

// dumpRecord prints everything the reader found, for comparisons.
func dumpRecord(rec *validate.Record, diags validate.Diagnostics) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %q players %q variants %q meta %v rules %q\n", rec.Game, rec.Players, rec.Variants, rec.Meta, rec.Rules)
	for _, l := range rec.Lines {
		fmt.Fprintf(&b, "%d %d %q %q %q end %d player %d comment %q want %q points %d pairs %v tokens",
			l.Num, l.Kind, l.Raw, l.Player, l.Verb, l.ColOf(len(l.Tokens)), l.ColOf(-1), l.Comment(), l.Want(), l.Points(), l.Pairs())
		for _, tok := range l.Tokens {
			fmt.Fprintf(&b, " %q@%d%v", tok.Text, tok.Col, tok.Quoted)
		}
		b.WriteByte('\n')
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%s | %s\n", d.Format(), d.Hint)
	}
	return b.String()
}

// addExamples seeds with the bundled example records.
func addExamples(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "examples", "*.vin"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}
