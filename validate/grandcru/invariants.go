package grandcru

import "fmt"

// invariants checks what must hold after every action: no negative money,
// every cube and tile accounted for, at most the free action markers out.
func (s *state) invariants() error {
	var cubes [nVarieties]int
	var tiles [nKinds]int
	cubes = s.stock
	for k := 0; k < nKinds; k++ {
		tiles[k] = s.pile[k] + s.discard[k]
	}
	for _, k := range s.display {
		tiles[k]++
	}
	for i, c := range s.cols {
		if c.kind >= 0 {
			tiles[c.kind]++
		}
		if (c.kind < 0) != (c.bidder < 0) {
			return fmt.Errorf("auction column %d: tile %d, bidder %d", i+1, c.kind, c.bidder)
		}
	}
	if s.ph == phActions && s.active != s.countActive() {
		return fmt.Errorf("%d players counted active, %d have not passed", s.active, s.countActive())
	}
	for _, p := range s.pl {
		if p.money < 0 {
			return fmt.Errorf("%s has %d Francs", p.name, p.money)
		}
		if p.loans < 0 || p.loans > s.t.MaxLoans || p.prestige < 0 {
			return fmt.Errorf("%s has %d loans and %d prestige", p.name, p.loans, p.prestige)
		}
		held := 0
		for _, c := range s.cols {
			if c.bidder == p.seat {
				held++
			}
		}
		if held != p.bids || p.bids > s.t.Markers-1 {
			return fmt.Errorf("%s has %d markers counted out, %d on the panel", p.name, p.bids, held)
		}
		if len(p.vineyard) > s.t.Spaces {
			return fmt.Errorf("%s has %d tiles", p.name, len(p.vineyard))
		}
		var ripe [nVarieties]int
		var ripeAt [nVarieties]uint64
		for i, t := range p.vineyard {
			tiles[t.kind]++
			if t.cube {
				if t.kind >= nVarieties {
					return fmt.Errorf("%s has a cube on an improvement", p.name)
				}
				cubes[t.kind]++
				ripe[t.kind]++
				if i < 64 {
					ripeAt[t.kind] |= 1 << i
				}
			}
		}
		if ripe != p.ripe {
			return fmt.Errorf("%s has %v vines with a cube, counted %v", p.name, ripe, p.ripe)
		}
		if ripeAt != p.ripeAt {
			return fmt.Errorf("%s has vines with a cube at %x, marked at %x", p.name, ripeAt, p.ripeAt)
		}
		for _, b := range p.barrels {
			for v, c := range b {
				if c < 0 {
					return fmt.Errorf("%s has %d %s in a barrel", p.name, c, varietyNames[v])
				}
				cubes[v] += c
			}
		}
		for v, c := range p.festival {
			cubes[v] += c
		}
	}
	for v, c := range cubes {
		if c != s.t.Cubes[v] || s.stock[v] < 0 {
			return fmt.Errorf("%d %s cubes in play, the box holds %d (stock %d)", c, varietyNames[v], s.t.Cubes[v], s.stock[v])
		}
	}
	for k, c := range tiles {
		want := s.t.VineTiles
		if k >= nVarieties {
			want = s.t.Improvements
		}
		if c != want || s.pile[k] < 0 || s.discard[k] < 0 {
			return fmt.Errorf("%d %s tiles in play, the box holds %d", c, kindName(k), want)
		}
	}
	return nil
}
