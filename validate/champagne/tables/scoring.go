package tables

import (
	"strings"

	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/score/champagne"
)

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

// ScoreNotes says when a placeholder number of the tables decided part of
// a result: the scoring numbers themselves, or the eco-track's positions
// when the eco tie-break separated players. A replay and a scorepad tally
// of one game add the same notes: both score by these numbers.
func (t *Tables) ScoreNotes(res *score.Result) []string {
	var notes []string
	protection := SrcRulebook
	for i := range t.Tokens { // TokensOf's last, without its list: a game's score asks
		if strings.EqualFold(t.Tokens[i].Key, "protection") {
			protection = t.Tokens[i].Src
		}
	}
	if t.Scoring.Src == SrcAssumed || protection == SrcAssumed {
		notes = append(notes, "scored with assumed scoring numbers (see `vintner tables age-of-champagne`)")
	}
	// Under eco-tiebreak value the values were compared, not positions
	// on the track.
	byPosition := t.Option("eco-tiebreak") != "value"
	if byPosition && len(res.TieBreaks) > 0 && (t.Eco.Src == SrcAssumed || t.assumed("eco-track")) {
		for _, p := range res.Players {
			if strings.Contains(p.Decided, res.TieBreaks[0].Label) {
				notes = append(notes, "the eco tie-break compared positions on an assumed eco-track (see `vintner tables age-of-champagne`)")
				break
			}
		}
	}
	return notes
}

// assumed tells whether a one-off statement of the tables was assumed.
func (t *Tables) assumed(item string) bool {
	for _, a := range t.AssumedItems {
		if a == item {
			return true
		}
	}
	return false
}
