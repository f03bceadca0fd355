package layouts

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

func TestCodeShape(t *testing.T) {
	code, err := NewSetCode(42, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Pinned: docs/layouts.md and the command's help show this code.
	if code != "B1-ELJA-G2AR-P" {
		t.Errorf("NewSetCode(42, 4) = %s, want B1-ELJA-G2AR-P", code)
	}
	if len(code) != len("B1-7KQ2-M9XD-4") || !strings.HasPrefix(code, "B1-") || code[7] != '-' || code[12] != '-' {
		t.Fatalf("code %q is not shaped like B1-7KQ2-M9XD-4", code)
	}
	for _, c := range strings.ReplaceAll(code[3:], "-", "") {
		if strings.ContainsRune("01IOU", c) {
			t.Errorf("code %q uses the ambiguous %c", code, c)
		}
	}
	if len(codeAlphabet) != 31 {
		t.Fatalf("alphabet has %d symbols; the check needs the prime 31", len(codeAlphabet))
	}
	if _, err := NewSetCode(1, 0); err == nil {
		t.Error("a set of 0 players got a code")
	}
	if _, err := NewSetCode(1, 13); err == nil {
		t.Error("a set of 13 players got a code")
	}
}

func TestCodeRoundTrip(t *testing.T) {
	tp := defaultTemplate()
	seeds := []uint64{0, 1, 2, 42, 1 << 20, tp.padSeedLimit() - 1, tp.padSeedLimit(), 1 << 40, 1 << 63, ^uint64(0) - 1, ^uint64(0)}
	for _, seed := range seeds {
		for players := 0; players <= tp.MaxPlayers; players++ {
			code := tp.encode(seed, players)
			for _, typed := range []string{code, strings.ToLower(code), strings.ReplaceAll(code, "-", ""), " " + strings.ReplaceAll(code, "-", " ") + " "} {
				info, err := tp.decodeCode(typed)
				if err != nil {
					t.Fatalf("decode %q: %v", typed, err)
				}
				if info.seed != seed || info.players != players {
					t.Fatalf("%q decodes to seed %d players %d, want %d and %d", typed, info.seed, info.players, seed, players)
				}
			}
		}
	}
	if c := tp.encode(tp.padSeedLimit()-1, tp.MaxPlayers); len(c) != len("B1-7KQ2-M9XD-4") {
		t.Errorf("the largest short seed gives %q, not a short code", c)
	}
	if c := tp.encode(^uint64(0), tp.MaxPlayers); len(c) > len("B1-XXXX-XXXX-XXXX-XX-C") {
		t.Errorf("the largest seed gives %q", c)
	}
	ls, isSet, err := Decode(strings.ToLower(tp.encode(9, 5)))
	if err != nil || !isSet || len(ls) != 5 {
		t.Fatalf("Decode set: %d layouts, isSet %v, %v", len(ls), isSet, err)
	}
	pads := NewPadCodes(3, 50)
	seen := map[string]bool{}
	for _, c := range pads {
		if seen[c] {
			t.Errorf("pad code %s twice", c)
		}
		seen[c] = true
		ls, isSet, err := Decode(c)
		if err != nil || isSet || len(ls) != 1 || ls[0].Code != c || ls[0].Seat != 0 {
			t.Fatalf("Decode(%s) = %d layouts, set %v, %v", c, len(ls), isSet, err)
		}
		if len(c) != len("B1-7KQ2-M9XD-4") {
			t.Errorf("pad code %s is not short", c)
		}
	}
	if got := NewPadCodes(3, 50); strings.Join(got, " ") != strings.Join(pads, " ") {
		t.Error("NewPadCodes is not deterministic")
	}
}

// sampleCodes are codes of every length and kind.
func sampleCodes() []string {
	tp := defaultTemplate()
	var out []string
	for _, seed := range []uint64{0, 7, 42, 123456789, 1 << 50, ^uint64(0)} {
		for _, players := range []int{0, 1, 4, 12} {
			out = append(out, tp.encode(seed, players))
		}
	}
	return append(out, NewPadCodes(11, 20)...)
}

func checked(code string) string { return strings.ReplaceAll(code, "-", "")[2:] }

// Exhaustively: every single wrong symbol after B1 is caught.
func TestCheckCatchesEverySingleError(t *testing.T) {
	tp := defaultTemplate()
	for _, code := range sampleCodes() {
		body := checked(code)
		for i := range body {
			for _, c := range []byte(codeAlphabet) {
				if c == body[i] {
					continue
				}
				typo := "B1" + body[:i] + string(c) + body[i+1:]
				_, err := tp.decodeCode(typo)
				var ce *CodeError
				if !errors.As(err, &ce) || !ce.Typo || !strings.Contains(err.Error(), "typo") {
					t.Fatalf("%s with symbol %d changed to %c (%s) gives %v, want a typo", code, i+1, c, typo, err)
				}
			}
		}
		// The prefix too.
		for _, p := range []string{"A1", "B2", "BI", "8I", "C1"} {
			if _, err := tp.decodeCode(p + body); err == nil {
				t.Errorf("%s with prefix %s accepted", code, p)
			}
		}
	}
}

// Exhaustively: every swap of two different neighbours is caught,
// including the check symbol and across the dashes.
func TestCheckCatchesEveryAdjacentSwap(t *testing.T) {
	tp := defaultTemplate()
	for _, code := range sampleCodes() {
		s := []byte(strings.ReplaceAll(code, "-", ""))
		for i := 0; i+1 < len(s); i++ {
			if s[i] == s[i+1] {
				continue
			}
			sw := append([]byte(nil), s...)
			sw[i], sw[i+1] = sw[i+1], sw[i]
			if _, err := tp.decodeCode(string(sw)); err == nil {
				t.Fatalf("%s with symbols %d and %d swapped (%s) accepted", code, i+1, i+2, sw)
			}
		}
	}
}

// The check symbol is uniform: every symbol ends some code.
func TestCheckSymbolsSpread(t *testing.T) {
	seen := map[byte]bool{}
	for _, c := range NewPadCodes(1, 400) {
		seen[c[len(c)-1]] = true
	}
	if len(seen) != len(codeAlphabet) {
		t.Errorf("only %d check symbols in 400 codes", len(seen))
	}
}

func TestBadCodeMessages(t *testing.T) {
	code, _ := NewSetCode(42, 4)
	pad := NewPadCodes(1, 1)[0]
	body := checked(code)
	typo := []byte(code)
	typo[3] = codeAlphabet[(strings.IndexByte(codeAlphabet, typo[3])+1)%len(codeAlphabet)]
	cases := []struct{ code, want string }{
		{"", "is empty"},
		{"G1-2222-2222-2", "is not a Bordeaux sheet code: those start with B1"},
		{"B7-" + code[3:], "is for layout version 7, but this vintner knows version 1"},
		{"B0-" + code[3:], "is for layout version 0, but this vintner knows version 1"}, // a digit, not "no version digit"
		{string(typo), "has a typo: its check symbol (the last one) does not match the rest"},
		{"B1" + body[:3] + "O" + body[4:], "has a typo: 'O' (symbol 4 after B1) is never used in codes (codes have no 0 or O)"},
		{"B1" + body[:len(body)-2], "symbols after B1; a code has 9"},
		{"B1-2222-é222-2", "contains 'é'"},
		{code + "/5", "is a game set of 4 players: there is no seat 5"},
		{code + "/13", "is a game set of 4 players: there is no seat 13"},
		{code + "/0", "ends in /0, but a seat is a number from 1 to 12"},
		{pad + "/13", "is a pad page's code: it has no seats, so drop the /13"},
		{code + "/x", "ends in /x, but a seat is a number from 1 to 12"},
		{pad + "/1", "is a pad page's code: it has no seats"},
	}
	for _, c := range cases {
		_, _, err := Decode(c.code)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Decode(%q) = %v, want %q", c.code, err, c.want)
		}
	}
	if _, err := Set(pad); err == nil || !strings.Contains(err.Error(), "is a pad page's code") {
		t.Errorf("Set(pad) = %v", err)
	}
	if _, err := Sheet(code); err == nil || !strings.Contains(err.Error(), "add the seat to name one") {
		t.Errorf("Sheet(set) = %v", err)
	}
}

// A code longer than its number needs is not one vintner prints, so each
// sheet has exactly one code.
func TestNonCanonicalCodeRejected(t *testing.T) {
	tp := defaultTemplate()
	// Build a 9-digit payload whose number fits in 8 digits.
	digits := minDigits + 1
	mod := pow31(digits)
	n := big.NewInt(42*tp.kinds() + 3)
	m := new(big.Int).Mul(n, big.NewInt(mixMul))
	m.Add(m, big.NewInt(mixAdd))
	m.Mod(m, mod)
	payload := make([]byte, digits)
	d := new(big.Int)
	for i := digits - 1; i >= 0; i-- {
		m.DivMod(m, bigBase, d)
		payload[i] = codeAlphabet[d.Int64()]
	}
	code := "B1" + string(payload) + string(codeAlphabet[checkValue(1, payload)])
	_, err := tp.decodeCode(code)
	if err == nil || !strings.Contains(err.Error(), "longer than its number needs") {
		t.Fatalf("decode %s = %v", code, err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, c := range sampleCodes()[:6] {
		f.Add(c)
		f.Add(strings.ToLower(c) + "/2")
	}
	f.Add("B1-")
	f.Add("b1 ZZZZ ZZZZ ZZZZ ZZZZ Z")
	f.Add("/")
	tp := defaultTemplate()
	f.Fuzz(func(t *testing.T, code string) {
		info, err := tp.decodeCode(code)
		if err != nil {
			return
		}
		// What decodes re-encodes to the same symbols.
		again := tp.encode(info.seed, info.players)
		norm := strings.ToUpper(code)
		if k := strings.IndexByte(norm, '/'); k >= 0 {
			norm = norm[:k]
		}
		strip := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r == '-' || r == ' ' || r == '\t' {
					return -1
				}
				return r
			}, s)
		}
		if strip(again) != strip(norm) {
			t.Fatalf("%q decodes to seed %d players %d, which encodes to %q", code, info.seed, info.players, again)
		}
		if info.canonical != (code == again) {
			t.Fatalf("%q is read as canonical: %v, but encode writes %q", code, info.canonical, again)
		}
		if info.players == 0 && info.seed > 1<<20 {
			return // keep the fuzzer fast: dealing is tested elsewhere
		}
		ls, _, err := Decode(code)
		if err != nil {
			t.Fatalf("decodeCode accepted %q but Decode: %v", code, err)
		}
		if len(ls) == 0 {
			t.Fatalf("%q gave no layouts", code)
		}
	})
}
