package champagne

import (
	"github.com/vintner/vintner/internal/reuse"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/score/champagne"
)

type finalScore struct {
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
	// The counts per region go by index in the regions (the scoring
	// rules list the same regions, in the same order: tables.RegionKeys),
	// all players' in one buffer kept from game to game; the result keeps
	// none of them.
	t.Players = s.tallyBuf[:0]
	nr := len(s.r.Regions)
	counts := reuse.Zeroed(s.regionCounts, 2*nr*len(s.players))
	s.regionCounts = counts
	for i, p := range s.players {
		nCards, nGrapes := counts[2*i*nr:(2*i+1)*nr:(2*i+1)*nr], counts[(2*i+1)*nr:(2*i+2)*nr:(2*i+2)*nr]
		pt := champagne.PlayerTally{Name: p.name, Seat: i + 1, Merchant: p.merchant, Prestige: p.pp,
			RegionCards: nCards, RegionGrapes: nGrapes,
			Still: p.stillCount(), Cellar: p.cellarCount(), Oeno: p.oenoCount(), Grid: sum3(&p.grid),
			Eco: s.r.ecoValue(p.eco), EcoPos: p.eco, Protection: p.token(s.r.tk.protection) > 0}
		if p.merchant {
			pt.Seat = 0
		}
		for _, o := range p.vines {
			nCards[o.region]++
			nGrapes[o.region] += o.card.Qty
		}
		if !s.r.on.LandTokenIgnored {
			for _, reg := range p.land {
				nCards[reg]++
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
	res := champagne.Score(t)
	// As a scorepad tally of the game says it: the same numbers scored it.
	res.Notes = append(res.Notes, s.r.T.ScoreNotes(res)...)
	s.finalBuf = finalScore{result: res}
	s.final = &s.finalBuf
}

func (s *state) result() *score.Result {
	if s.final == nil {
		return nil
	}
	return s.final.result
}
