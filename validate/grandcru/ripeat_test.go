package grandcru

import "testing"

// TestRipeAtPastMarks drives a vineyard longer than the 64 places ripeAt
// marks through discards and harvests, and checks each harvest takes the
// cube off the first ripe vine, as a scan does, and the marks stay right.
func TestRipeAtPastMarks(t *testing.T) {
	p := &player{}
	seed := uint32(7)
	next := func(n int) int { // a small fixed sequence: the test is the same every run
		seed = seed*1664525 + 1013904223
		return int(seed>>16) % n
	}
	add := func(k int, cube bool) {
		if cube {
			p.ripe[k]++
			p.ripeAt[k] |= 1 << len(p.vineyard)
		}
		p.vineyard = append(p.vineyard, tile{kind: k, cube: cube})
	}
	for range 90 {
		add(next(nVarieties), next(3) > 0)
	}
	for step := range 400 {
		switch next(3) {
		case 0:
			i := next(len(p.vineyard))
			if p.vineyard[i].cube {
				p.ripe[p.vineyard[i].kind]--
			}
			removeTile(p, i)
			add(next(nVarieties), next(2) == 0)
		default:
			v := next(nVarieties)
			if p.ripe[v] == 0 {
				continue
			}
			first := -1
			for i, x := range p.vineyard {
				if x.kind == v && x.cube {
					first = i
					break
				}
			}
			takeVineCube(p, v)
			if p.vineyard[first].cube {
				t.Fatalf("step %d: the %s vine at place %d keeps its cube", step, varietyNames[v], first)
			}
		}
		var want [nVarieties]uint64
		for i, x := range p.vineyard[:64] {
			if x.cube {
				want[x.kind] |= 1 << i
			}
		}
		if want != p.ripeAt {
			t.Fatalf("step %d: ripeAt %x, the vineyard has %x", step, p.ripeAt, want)
		}
	}
}
