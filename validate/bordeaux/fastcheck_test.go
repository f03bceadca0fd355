package bordeaux

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCheckFastPathsAsSlow compares the check line's fast comparisons
// with the general ones they stand for: sameCircledSmall (the circled
// wines as bits) with sameCircledAny, and sameDigits with sameCountsAny,
// on the sheets of generated games and lists written right and wrong.
func TestCheckFastPathsAsSlow(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	seps := []string{",", "/"}
	for seed := uint64(1); seed <= 40; seed++ {
		data, err := Generate(2+int(seed%3), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		st, rep := replayBytes(t, "gen.vin", data)
		if rep.Diagnostics.HasErrors() {
			t.Fatalf("seed %d: %v", seed, rep.Diagnostics)
		}
		for _, p := range st.Players {
			var all []string // every wine name of the sheet
			for i := range p.Layout.Wines {
				all = append(all, wineName(&p.Layout.Wines[i]))
			}
			for try := 0; try < 200; try++ {
				names := p.CircledNames()
				rnd.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
				if len(names) > 0 {
					switch rnd.IntN(5) {
					case 1: // a wine named twice
						names[rnd.IntN(len(names))] = names[rnd.IntN(len(names))]
					case 2: // any wine
						names[rnd.IntN(len(names))] = all[rnd.IntN(len(all))]
					case 3: // another case
						k := rnd.IntN(len(names))
						names[k] = strings.ToLower(names[k])
					case 4: // not a name
						k := rnd.IntN(len(names))
						names[k] = names[k][:2] + "x"
					}
				}
				var b strings.Builder
				for i, n := range names {
					if i > 0 {
						b.WriteString(seps[rnd.IntN(2)])
					}
					b.WriteString(n)
				}
				w := b.String()
				if len(w)+1 != 4*p.nCircled {
					continue // both paths are reached only for such lists
				}
				if got, want := p.sameCircledSmall(w), p.sameCircledAny(w); got != want {
					t.Fatalf("%s: circled %v, check %q: bits say %v, the general path %v", p.Name, p.CircledNames(), w, got, want)
				}
			}
		}
	}
	items := []string{"0", "1", "2", "3", "9", "10", "+1", "-0", "", "x", "01"}
	for try := 0; try < 20000; try++ {
		got := make([]int, 1+rnd.IntN(4))
		for i := range got {
			got[i] = rnd.IntN(4)
		}
		var b strings.Builder
		for i := range got {
			if i > 0 {
				b.WriteString(seps[rnd.IntN(2)])
			}
			if rnd.IntN(4) == 0 {
				b.WriteString(items[rnd.IntN(len(items))])
			} else {
				b.WriteByte(byte('0' + got[i]))
			}
		}
		w := b.String()
		if sameDigits(w, got) && !sameCountsAny(w, got) {
			t.Fatalf("%q against %v: sameDigits says the same, sameCountsAny not", w, got)
		}
		if sameCounts(w, got) != sameCountsAny(w, got) {
			t.Fatalf("%q against %v: sameCounts %v", w, got, sameCounts(w, got))
		}
	}
}
