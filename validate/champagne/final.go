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
	// none of them).
	t.Players = s.tallyBuf[:0]
	for i, p := range s.players {
		var cards, grapes map[string]int
		if i < len(s.tallyBuf) {
			cards, grapes = s.tallyBuf[i].Cards, s.tallyBuf[i].Grapes
		}
		pt := champagne.PlayerTally{Name: p.name, Seat: i + 1, Merchant: p.merchant, Prestige: p.pp,
			Cards: emptied(cards), Grapes: emptied(grapes),
			Still: p.stillCount(), Cellar: p.cellarCount(), Oeno: p.oenoCount(), Grid: sum3(p.grid),
			Eco: s.r.ecoValue(p.eco), EcoPos: p.eco, Protection: p.tokens["protection"] > 0}
		if p.merchant {
			pt.Seat = 0
		}
		for _, o := range p.vines {
			reg := s.r.Regions[o.region]
			pt.Cards[reg]++
			pt.Grapes[reg] += o.card.Qty
		}
		if !s.r.on.LandTokenIgnored {
			for _, reg := range p.land {
				pt.Cards[s.r.Regions[reg]]++
			}
		}
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
