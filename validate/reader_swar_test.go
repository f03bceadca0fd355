package validate

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
)

// TestStopBytesFindsTheFirst checks stopBytes, which ends a word, and
// upperBytes | stopBytes, which ends a verb, on every byte value at every
// place in a word of 8 bytes, after bytes that may not end it and before
// any bytes: the lowest mark is at that byte when the byte may end the
// word (below '$', ',', not ASCII; for a verb a capital too), else
// further on or nowhere, and never before it.
func TestStopBytesFindsTheFirst(t *testing.T) {
	for _, tc := range []struct {
		name  string
		marks func(uint64) uint64
		may   func(byte) bool
		seed  uint64
	}{
		{"stopBytes", stopBytes, func(c byte) bool { return c < '$' || c == ',' || c >= 0x80 }, 3},
		{"upperBytes|stopBytes", func(x uint64) uint64 { return stopBytes(x) | upperBytes(x) },
			func(c byte) bool { return c < '$' || c == ',' || c >= 0x80 || 'A' <= c && c <= 'Z' }, 4},
	} {
		src := rng.New(tc.seed)
		var w [8]byte
		for p := range 8 {
			for c := range 256 {
				for range 40 {
					for k := range w {
						switch {
						case k < p: // a byte no mark may be on
							for w[k] = byte(src.Intn(256)); tc.may(w[k]); w[k] = byte(src.Intn(256)) {
							}
						case k > p:
							w[k] = byte(src.Intn(256))
						}
					}
					w[p] = byte(c)
					first := bits.TrailingZeros64(tc.marks(load8(string(w[:]), 0))) >> 3
					if tc.may(byte(c)) && first != p || !tc.may(byte(c)) && first <= p {
						t.Fatalf("%s(% x): first mark at %d", tc.name, w, first)
					}
				}
			}
		}
	}
}

// TestWordsEightAtATimeAsGeneral checks lexPlain's loop, which finds a
// word's end 8 bytes at a time, against the general loop (lexQuoted) on
// lines of long words holding any byte: control characters, '!', '$',
// capitals, bytes that are not ASCII, at every place in the 8; half of
// them after `Ann: `, so that the first word is a verb.
func TestWordsEightAtATimeAsGeneral(t *testing.T) {
	src := rng.New(17)
	for range runs(100000) {
		var b strings.Builder
		if src.Intn(2) == 0 {
			b.WriteString("Ann: ") // then the verb is read apart, up to a capital
		}
		for range src.Intn(6) {
			if src.Intn(2) == 0 {
				b.WriteString([]string{" ", "  ", "\t", ",", " , "}[src.Intn(5)])
			}
			for range src.Intn(20) {
				switch src.Intn(7) {
				case 0:
					b.WriteByte(byte(src.Intn(256)))
				case 1:
					b.WriteByte(byte(src.Intn('%')))
				case 2:
					b.WriteByte(byte('A' + src.Intn(26)))
				default:
					b.WriteByte(byte('a' + src.Intn(26)))
				}
			}
		}
		raw := b.String()
		if strings.IndexByte(raw, '\n') >= 0 {
			continue // a line holds none
		}
		fast, toks := lexBothWays(t, raw)
		if fast.verbLower && (fast.playerCol == 0 || len(toks) == 0 || !lowerASCII(toks[0].Text)) {
			t.Fatalf("%q: verbLower with tokens %v", raw, toks)
		}
	}
}

// TestPrintableNamesNeedNoLook: a players line skips isControl and
// badSpacing for a name printableASCII takes, which neither refuses.
func TestPrintableNamesNeedNoLook(t *testing.T) {
	src := rng.New(9)
	for range runs(100000) {
		b := make([]byte, src.Intn(6))
		for i := range b {
			b[i] = byte(src.Intn(256))
			if src.Intn(2) == 0 {
				b[i] = byte(' ' + src.Intn(96)) // around the printable range
			}
		}
		name := string(b)
		if printableASCII(name) && (strings.IndexFunc(name, isControl) >= 0 || badSpacing(name)) {
			t.Fatalf("%q: printableASCII, but refused", name)
		}
	}
	for c := range 256 {
		if name := string([]byte{'A', byte(c)}); printableASCII(name) != (c > ' ' && c < 0x7f) {
			t.Fatalf("printableASCII(%q) = %v", name, !(c > ' ' && c < 0x7f))
		}
	}
}

// deferCheckBefore is how deferCheck found a check line's player before
// it compared the name with actionKeys: the line's plain word after
// `check `, looked up with Seat.
func deferCheckBefore(rec *Record, raw string) int {
	rest := raw[len("check "):]
	n := 0
	for n < len(rest) && plainWordByte[rest[n]] {
		n++
	}
	if n == 0 || n+1 >= len(rest) || rest[n] != ' ' {
		return -1
	}
	return rec.Seat(rest[:n])
}

// TestDeferCheckAsBefore holds deferCheck's compare with actionKeys to the
// word and the look-up it replaces, on random check lines for players of
// 1 to 8 bytes, sharing a first byte or not, and for 20 players (seats
// past actionKeys).
func TestDeferCheckAsBefore(t *testing.T) {
	heads := []string{"players Ann Abe Bo Christo Dimitrio\n", "players a b\n",
		"players A1 B1 C1 D1 E1 F1 G1 H1 I1 J1 K1 L1 M1 N1 O1 P1 Q1 R1 S1 T1\n"}
	pieces := []string{"Ann", "Abe", "Bo", "Christo", "Dimitrio", "Dimitri", "a", "b", "Q1", "T1", "A1", " ", " ", "x=1", ",", "#", "\t", ":", "é", "\"", "\r"}
	src := rng.New(21)
	for range runs(100000) {
		head := heads[src.Intn(len(heads))]
		lx := newLexer(nil)
		lx.parse("f.vin", []byte("game grand-cru\n"+head), Limits{}, "")
		lx.lazyState = lazyYes
		raw := "check " + randomLine(src, pieces, 6)
		if len(raw) <= len("check ") {
			continue
		}
		l := &Line{Raw: raw}
		got := -1
		if lx.deferCheck(l) {
			got = l.Seat()
		}
		if want := deferCheckBefore(&lx.rec, raw); got != want {
			t.Fatalf("%q after %q: deferCheck finds seat %d, the word's look-up %d", raw, head, got, want)
		}
	}
}
