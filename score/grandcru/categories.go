// Package grandcru scores a Grand Cru game from its end-state tally.
package grandcru

import "github.com/vintner/vintner/score"

// Categories are the rulebook's scoring rows, in its order.
var Categories = []score.Category{
	{Key: "money", Label: "Money"},
	{Key: "tiles", Label: "Tile types"},
	{Key: "cellar", Label: "Cubes in cellar"},
	{Key: "loans", Label: "Unpaid loans"},
}

// PerTileLabel replaces the "Tile types" label under the
// tile-value-per-tile ruling, which values every tile, duplicates included.
const PerTileLabel = "Tiles"

// TieBreaks are the rulebook's, in order; then the victory is shared.
var TieBreaks = []score.TieBreak{
	{Key: "loans", Label: "fewer loans", Fewer: true},
	{Key: "tiles", Label: "more tiles"},
}
