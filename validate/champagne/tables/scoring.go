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
	names := map[string]string{}
	for _, r := range t.Regions {
		names[r.Key] = r.Name
	}
	return champagne.Rules{
		Regions:             t.RegionKeys(),
		RegionNames:         names,
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
