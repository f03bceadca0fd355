package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dumpInternal writes out all a Record and its diagnostics hold that the
// fast path (plainLines, actionPlayer) could get wrong: each line's kind,
// player, seat, verb, columns, tokens and extra, the header's fields and
// every diagnostic with its hint.
func dumpInternal(rec *Record, diags Diagnostics) string {
	var b strings.Builder
	for _, l := range rec.Lines {
		fmt.Fprintf(&b, "%d %q kind %d player %q seat %d verb %q @%d end %d lazy %v toks %v",
			l.Num, l.Raw, l.Kind, l.Player, l.seat, l.Verb, l.playerCol, l.endCol, l.lazy, l.Tokens)
		if l.extra != nil {
			fmt.Fprintf(&b, " extra %q %q %d %v", l.extra.comment, l.extra.want, l.extra.points, l.extra.pairs)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "game %q players %q variants %q meta %v rules %q refused %v spaced %v\n",
		rec.Game, rec.Players, rec.Variants, rec.Meta, rec.Rules, rec.playersRefused, rec.spacedNames)
	for i, l := range rec.headerLines {
		if l != nil {
			fmt.Fprintf(&b, "header %d at %d\n", i, l.Num)
		}
	}
	for _, l := range rec.VariantLine {
		fmt.Fprintf(&b, "variant at %d\n", l.Num)
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%+v\n", d)
	}
	return b.String()
}

// diffLimits are the limits FuzzPlainLinesAsGeneral reads each input
// with: the defaults, and small ones that put the line and line-count
// limits within the fuzzer's reach.
var diffLimits = []Limits{
	{},
	{MaxBytes: 1 << 20, MaxLineBytes: 12, MaxLines: 5},
	{MaxBytes: 1 << 20, MaxLineBytes: 1, MaxLines: 2},
}

// FuzzPlainLinesAsGeneral reads each input with the fast path (plainLines
// and actionPlayer, at the default window and at small windows that put
// the window's boundary inside short lines) and with every line read the
// general way (plainWindow 0), under several limits and as a tally of a
// preset game, and requires the same record and diagnostics.
func FuzzPlainLinesAsGeneral(f *testing.F) {
	for _, s := range []string{
		"game grand-cru\nplayers Ann Ben Cal\nAnn: bid 3\nBen: Pass, x\n\nCal:\nyear 2\n",
		"game grand-cru\nplayers Ann Abe \"Ben Cal\"\nAnn: bid\r\nBen Cal: x\nAbe:x\n",
		"\xef\xbb\xbfgame bordeaux\nplayers A B\nA: a\nB: b\nA:,\nA:\tx\nplayers C\ngame bordeaux\n",
		"\nplayers Ann\nAnn: bid\n",
		"game bordeaux\nplayers Ann Ben\nAnn: plant merlot 3, 4 # want \"x\"\ncheck Ann money=5\nclaim Ben 12\nAnn: bid",
		"game bordeaux\nplayers Ann Ben\nAnn: bid\r",
		"game bordeaux\r\rplayers Ann\n",
		"game bordeaux\nplayers \"game\" b\ngame: x\nb: y\n",
		"# c\ngame grand-cru\nplayers ann Annie A.n-1_x\nann: bid\nAnnie: Bid\nA.n-1_x: x\nAnn: y\nannie: z\n",
		"game grand-cru\nplayers Ann Ben\nAnn: bid\xff\n\xef\xbb\xbfBen: x\nBen: \x00\x01 x\nAnn:\"a b\"\nBen: y\r\n",
		"game grand-cru\nplayers Zo\xc3\xab \"Ann Lee\" Ben\nZo\xc3\xab: x\nAnn Lee: y\n\"Ann Lee\": z\nBen: q\ndate 2026\nvariant short\n",
	} {
		f.Add([]byte(s))
	}
	// 256 players: no first-byte index, every name compared.
	var many strings.Builder
	many.WriteString("game grand-cru\nplayers")
	for i := range 256 {
		fmt.Fprintf(&many, " p%d", i)
	}
	many.WriteString("\np7: bid\np255: x\np256: y\n")
	f.Add([]byte(many.String()))
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "examples", "*.vin"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	window := plainWindow
	defer func() { plainWindow = window }()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, lim := range diffLimits {
			for _, tally := range []string{"", "grand-cru"} {
				plainWindow = 0
				want := dumpInternal(parse("f.vin", data, lim, tally))
				for _, w := range []int{window, 9, 3} {
					plainWindow = w
					if got := dumpInternal(parse("f.vin", data, lim, tally)); got != want {
						t.Fatalf("%q (limits %+v, tally %q, window %d): read\n%s\nthe general way\n%s", data, lim, tally, w, got, want)
					}
				}
			}
		}
		plainWindow = window
	})
}

// TestPlainLinesAtTheWindow reads lines of every length around the
// window (1,024 bytes) and the --max-line limit, at the end of the record
// and before another line, ended by LF, CRLF or nothing, made of words or
// of blanks after a verb, both ways: the same record and diagnostics.
func TestPlainLinesAtTheWindow(t *testing.T) {
	head := "game grand-cru\nplayers Ann Ben\n"
	fill := map[string]func(n int) string{
		"blanks": func(n int) string { return strings.Repeat(" ", n) },
		"words":  func(n int) string { return strings.Repeat(" x", n/2) + strings.Repeat("y", n%2) },
		"verb":   func(n int) string { return strings.Repeat("z", n) },
	}
	window := plainWindow
	defer func() { plainWindow = window }()
	for _, maxLine := range []int{0, window - 1, window, window + 1} {
		lim := Limits{}
		if maxLine > 0 {
			lim = Limits{MaxBytes: 1 << 20, MaxLineBytes: maxLine}
		}
		for name, f := range fill {
			for n := window - 8; n <= window+2; n++ {
				for _, end := range []string{"", "\n", "\r\n", "\nBen: pass\n", "\r", "\n\r"} {
					line := "Ann: b" + f(n-len("Ann: b"))
					data := []byte(head + line + end)
					plainWindow = window
					got := dumpInternal(Parse("f.vin", data, lim))
					plainWindow = 0
					want := dumpInternal(Parse("f.vin", data, lim))
					if got != want {
						t.Fatalf("%s line of %d bytes, end %q, limits %+v: read\n%s\nthe general way\n%s", name, len(line), end, lim, got, want)
					}
				}
			}
		}
	}
}
