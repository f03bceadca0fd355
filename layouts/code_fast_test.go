package layouts

import (
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
)

// TestSmallCodeArithmetic checks the 64-bit code arithmetic against the
// math/big one it short-cuts, both ways, on 100,000 seeds of every size
// (around each digit boundary too) and on random payloads.
func TestSmallCodeArithmetic(t *testing.T) {
	tp := defaultTemplate()
	src := rng.New(11)
	k := uint64(tp.kinds())
	var seeds []uint64
	for d := minDigits; d <= smallDigits+1; d++ {
		edge := pow31(d).Uint64() / k
		seeds = append(seeds, edge-1, edge, edge+1)
	}
	for range 100000 {
		seeds = append(seeds, src.Uint64()>>src.Intn(64))
	}
	small := 0
	for _, seed := range seeds {
		players := src.Intn(int(k))
		got, ok := tp.payloadSmall(seed, players)
		want := tp.payloadBig(seed, players)
		if ok {
			small++
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d, %d players: payload %s, math/big %s", seed, players, got, want)
			}
		} else if len(want) <= smallDigits {
			t.Fatalf("seed %d: a %d-symbol payload took the big path", seed, len(want))
		}
		s, p, ok := tp.unscrambleSmall(want)
		if ok {
			if s != seed || p != players {
				t.Fatalf("payload %s: seed %d players %d, want %d %d", want, s, p, seed, players)
			}
		}
		// Any payload, printed or not, reads the same both ways.
		rnd := make([]byte, minDigits+src.Intn(smallDigits-minDigits+1))
		for i := range rnd {
			rnd[i] = codeAlphabet[src.Intn(codeBase)]
		}
		s1, p1, ok := tp.unscrambleSmall(rnd)
		s2, p2, err := tp.unscrambleBig(rnd)
		if ok && (err != nil || s1 != s2 || p1 != p2) {
			t.Fatalf("payload %s: 64-bit %d %d, math/big %d %d %v", rnd, s1, p1, s2, p2, err)
		}
	}
	if small < len(seeds)/10 {
		t.Fatalf("only %d of %d seeds took the 64-bit path", small, len(seeds))
	}
}

// TestDecodeEncodedAsLongWay checks decodeCode's one-pass reading of a
// code written as encode writes it against the long way: every code
// encode writes (seeds of every size, every kind) is read in one pass
// with the same result, and no other spelling (a symbol changed, a dash
// moved, added or dropped, lower case, a seat) is read differently; also
// under a template whose sets have at least 2 players.
func TestDecodeEncodedAsLongWay(t *testing.T) {
	twoUp, err := ParseTemplate("two-up.txt", []byte(strings.Replace(string(defaultTemplateText), "\nplayers 1 12", "\nplayers 2 12", 1)))
	if err != nil || twoUp.MinPlayers != 2 {
		t.Fatalf("a template of 2 to 12 players: %v", err)
	}
	for _, tp := range []*Template{defaultTemplate(), twoUp} {
		decodeEncodedAsLongWay(t, tp)
	}
}

func decodeEncodedAsLongWay(t *testing.T, tp *Template) {
	src := rng.New(13)
	var codes []string
	for range 20000 {
		seed := src.Uint64() >> src.Intn(64)
		codes = append(codes, tp.encode(seed, src.Intn(int(tp.kinds()))))
	}
	fast := 0
	for _, code := range codes {
		info, ok := tp.decodeEncoded(code)
		want, err := tp.decodeLongWay(code)
		if ok {
			fast++
			if err != nil || info != want {
				t.Fatalf("%s: one pass reads %+v, the long way %+v, %v", code, info, want, err)
			}
		} else if err == nil && len(code) <= 4+smallDigits+smallDigits/groupLen {
			t.Fatalf("%s: a code encode writes is read the long way", code)
		}
		// spellings of it that are not encode's, or do not decode
		b := []byte(code)
		k := 2 + src.Intn(len(b)-2)
		variants := []string{
			code[:k] + code[k+1:],
			code[:k] + "-" + code[k:],
			code[:k] + string(codeAlphabet[src.Intn(codeBase)]) + code[k:],
			string(slices.Concat(b[:k], []byte{codeAlphabet[src.Intn(codeBase)]}, b[k+1:])),
			strings.ToLower(code),
			code + "/1",
			"B2" + code[2:],
		}
		for _, v := range variants {
			info, ok := tp.decodeEncoded(v)
			if !ok {
				continue
			}
			if want, err := tp.decodeLongWay(v); err != nil || info != want {
				t.Fatalf("%s: one pass reads %+v, the long way %+v, %v", v, info, want, err)
			}
		}
	}
	if fast < len(codes)/2 {
		t.Fatalf("only %d of %d codes read in one pass", fast, len(codes))
	}
}
