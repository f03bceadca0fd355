package tables

import "github.com/vintner/vintner/score/champagne"

// ScoreRules returns the final-scoring numbers and rulings of the tables,
// for champagne.Score.
func (t *Tables) ScoreRules() champagne.Rules {
	pp := 0
	for _, b := range t.Tokens {
		if b.Key == "protection" {
			pp = b.EndPP
		}
	}
	return champagne.Rules{
		Regions:             t.RegionKeys(),
		DiversificationPP:   t.Scoring.Diversification,
		DiversificationOnce: t.Option("diversification") == "once",
		MajorPP:             t.Scoring.Major,
		MajorSplitCeil:      t.Option("major-split") == "ceil",
		StillBatch:          t.Scoring.StillBatch,
		StillPP:             t.Scoring.StillPP,
		CuveeBatch:          t.Scoring.CuveeBatch,
		CuveePP:             t.Scoring.CuveePP,
		GridCuvees:          t.Option("grid-cuvees") == "counted",
		SoloProtection:      t.Option("solo-protection") != "ignored",
		ProtectionPP:        pp,
		EcoTieByValue:       t.Option("eco-tiebreak") == "value",
	}
}
