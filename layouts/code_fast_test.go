package layouts

import (
	"slices"
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
