// Package champagne scores an AOC: Age of Champagne game from its end-state
// tally. It is pure: the numbers of the tables file come in Rules, the
// counts of each player in PlayerTally.
package champagne

import "github.com/vintner/vintner/score"

// Categories are the rulebook's final-scoring rows, in its order ("Final
// Scoring": 1. Vineyard cards — diversification of regions, major vineyard;
// 2. Inventory — still wines in the winery, cuvees in the cellar; 3.
// Eco-responsibility report), after the prestige gained during the game,
// then the unused Protection against the cold token ("Bonus tokens": "If
// you don't use it, you will gain 1 Prestige Point at the end of the game").
//
// Labels are short so that a score table fits a terminal; the scorepad
// and docs/rulings/age-of-champagne.md give the rulebook's full wording.
var Categories = []score.Category{
	{Key: "prestige", Label: "Prestige in play"},
	{Key: "regions", Label: "Regions", Long: "Diversification of regions"},
	{Key: "major", Label: "Major vineyards"},
	{Key: "still", Label: "Still wines", Long: "Still wines in the winery"},
	{Key: "cuvees", Label: "Cuvées", Long: "Cuvées in the cellar"},
	{Key: "eco", Label: "Eco report", Long: "Eco-responsibility report"},
	{Key: "protection", Label: "Protection", Long: "Unused protection token"},
}

// Category indices into PlayerResult.Points.
const (
	CatPrestige = iota
	CatRegions
	CatMajor
	CatStill
	CatCuvees
	CatEco
	CatProtection
)

// TieBreaks are the rulebook's, in order ("In the event of a tie, the
// player with the best eco-responsibility report is the winner. In the
// event of a further tie, the position at the Council of Cellar Masters
// determines the winner."); then the victory is shared.
var TieBreaks = []score.TieBreak{
	{Key: "eco", Label: "better eco-responsibility report"},
	{Key: "council", Label: "better council position", Fewer: true},
}
