// Package champagne scores an AOC: Age of Champagne game from its end-state
// tally.
package champagne

import "github.com/vintner/vintner/score"

// Categories are the rulebook's final-scoring rows, in its order.
var Categories = []score.Category{
	{Key: "prestige", Label: "Prestige in play"},
	{Key: "regions", Label: "Regional diversification"},
	{Key: "major", Label: "Major vineyards"},
	{Key: "still", Label: "Still wines"},
	{Key: "cuvees", Label: "Cuvées"},
	{Key: "eco", Label: "Eco-responsibility"},
}

// TieBreaks are the rulebook's, in order; then the victory is shared.
var TieBreaks = []score.TieBreak{
	{Key: "eco", Label: "higher eco report"},
	{Key: "council", Label: "better council position", Fewer: true},
}
