package champagne

import (
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/score/champagne"
)

type finalScore struct {
	tally  champagne.GameTally
	result *score.Result
}

// finish runs the final scoring after the 10th harvest.
func (s *state) finish() {
	s.pending = append(s.pending[:0], want{kind: wDone})
	s.finished = true
	t := champagne.GameTally{Solo: s.humans == 1 && s.merchant != nil, Rules: s.r.Score}
	if s.merchant != nil {
		t.MerchantLevel = s.r.MerchantNames[s.level]
	}
	// The tallies of a recycled state lend their maps (the result keeps
	// none of them), those of an earlier game with more players too.
	t.Players = s.tallyBuf[:0]
	for i, p := range s.players {
		var cards, grapes map[string]int
		if i < cap(s.tallyBuf) {
			old := s.tallyBuf[:i+1][i]
			cards, grapes = old.Cards, old.Grapes
		}
		pt := champagne.PlayerTally{Name: p.name, Seat: i + 1, Merchant: p.merchant, Prestige: p.pp,
			Cards: emptied(cards), Grapes: emptied(grapes),
			Still: p.stillCount(), Cellar: p.cellarCount(), Oeno: p.oenoCount(), Grid: sum3(p.grid),
			Eco: s.r.ecoValue(p.eco), EcoPos: p.eco, Protection: p.token(s.r.tk.protection) > 0}
		if p.merchant {
			pt.Seat = 0
		}
		// Counted per region index first, then written once per region:
		// the same maps as one update per card, fewer map writes.
		nCards, nGrapes, vined := s.regionCards[:0], s.regionGrapes[:0], s.regionVined[:0]
		for range s.r.Regions {
			nCards, nGrapes, vined = append(nCards, 0), append(nGrapes, 0), append(vined, false)
		}
		for _, o := range p.vines {
			nCards[o.region]++
			nGrapes[o.region] += o.card.Qty
			vined[o.region] = true
		}
		if !s.r.on.LandTokenIgnored {
			for _, reg := range p.land {
				nCards[reg]++
			}
		}
		for r, reg := range s.r.Regions {
			if nCards[r] > 0 {
				pt.Cards[reg] = nCards[r]
			}
			if vined[r] {
				pt.Grapes[reg] = nGrapes[r]
			}
		}
		s.regionCards, s.regionGrapes, s.regionVined = nCards, nGrapes, vined
		for k, o := range s.order {
			if o == i {
				pt.Council = k + 1
			}
		}
		t.Players = append(t.Players, pt)
	}
	s.tallyBuf = t.Players
	s.finalBuf = finalScore{tally: t, result: champagne.Score(t)}
	s.final = &s.finalBuf
}

func (s *state) result() *score.Result {
	if s.final == nil {
		return nil
	}
	return s.final.result
}
