package grandcru

import (
	"fmt"
	"strings"
)

// Text describes the state for `vintner replay`.
func (s *state) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Grand Cru, %s", s.where())
	if s.ph == phActions || s.ph == phFestival {
		fmt.Fprintf(&b, ", %s to act", s.pl[s.turn].name)
	}
	if s.start >= 0 {
		fmt.Fprintf(&b, ", start player %s", s.pl[s.start].name)
	}
	b.WriteString("\n")
	if s.ph == phActions {
		leaf := min(s.round+1, s.t.Leaves)
		fmt.Fprintf(&b, "bottle on leaf %d of %d", leaf, s.t.Leaves)
		if s.triggered {
			// Year End is triggered: who still has a final action.
			var owed []string
			for _, q := range s.final {
				owed = append(owed, s.pl[q].name)
			}
			fmt.Fprintf(&b, ", Year End triggered: final action for %s", strings.Join(owed, ", "))
		}
		b.WriteString("\n")
	}
	if s.ph == phLoans {
		// In turn order from the starting player, each once: who may
		// still take or repay loans.
		var open []string
		for k := 0; k < s.n; k++ {
			q := (s.start + k) % s.n
			if k >= s.loansNext && !s.pl[q].bankrupt {
				open = append(open, s.pl[q].name)
			}
		}
		if len(open) == 0 {
			b.WriteString("loans step: every player heard\n")
		} else {
			fmt.Fprintf(&b, "loans step: still to be heard %s\n", strings.Join(open, ", "))
		}
	}
	if s.ph == phFestival {
		// Each space is used once a festival: the markers on them.
		var taken []string
		for sp, by := range s.space {
			if by != 0 {
				taken = append(taken, spaceNames[sp]+" "+s.pl[by-1].name)
			}
		}
		fmt.Fprintf(&b, "festival spaces taken: %s\n", orNone(strings.Join(taken, ", ")))
	}
	b.WriteString("demand: ")
	for v := 0; v < nVarieties; v++ {
		if v > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s space %d (%d F)", varietyNames[v], s.price[v]+1, s.t.price(v, s.price[v]))
	}
	b.WriteString("\nstock: ")
	for v := 0; v < nVarieties; v++ {
		if v > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", varietyNames[v], s.stock[v])
	}
	fmt.Fprintf(&b, "\ndisplay: %s\n", orNone(joinKinds(s.display)))
	for i, c := range s.cols {
		if c.kind >= 0 {
			fmt.Fprintf(&b, "auction column %d: %s, %s bids %d\n", i+1, kindName(c.kind), s.pl[c.bidder].name, c.bid)
		}
	}
	pile, disc := 0, 0
	for k := 0; k < nKinds; k++ {
		pile += s.pile[k]
		disc += s.discard[k]
	}
	fmt.Fprintf(&b, "draw pile %s, discard pile %s\n", plural(pile, "tile", "tiles"), plural(disc, "tile", "tiles"))
	for _, p := range s.pl {
		fmt.Fprintf(&b, "\n%s: %s, %s, %d prestige", p.name, francs(p.money), plural(p.loans, "loan", "loans"), p.prestige)
		if p.passed && s.ph == phActions {
			b.WriteString(", passed")
		}
		if s.ph == phFestival {
			if p.actions > 0 {
				fmt.Fprintf(&b, ", %s of %d", plural(p.actions, "special action", "special actions"), s.t.FestivalLimit)
			}
			if p.done {
				b.WriteString(", passed")
			}
		}
		if p.bankrupt {
			b.WriteString(", BANKRUPT")
		}
		b.WriteString("\n  vineyard:")
		if len(p.vineyard) == 0 {
			b.WriteString(" empty")
		}
		for _, t := range p.vineyard {
			b.WriteString(" " + kindName(t.kind))
			switch {
			case t.kind < nVarieties && t.cube:
				b.WriteString("(cube)")
			case t.used:
				b.WriteString("(used)")
			}
		}
		b.WriteString("\n  barrels:")
		for i, br := range p.barrels {
			var counts [nKinds]int
			copy(counts[:], br[:])
			fmt.Fprintf(&b, " %d[%s]", i+1, strings.ReplaceAll(countList(counts[:]), ",", " "))
		}
		b.WriteString("\n")
		var sold [nKinds]int
		copy(sold[:], p.festival[:])
		if l := countList(sold[:]); l != "" {
			fmt.Fprintf(&b, "  sold this year: %s\n", l)
		}
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
