// Package bordeaux scores a Bordeaux game from its end-state tally.
package bordeaux

import "github.com/vintner/vintner/score"

// Categories are the rulebook's scoring rows, in its order.
var Categories = []score.Category{
	{Key: "paths", Label: "Filled paths"},
	{Key: "longest", Label: "Longest tour"},
	{Key: "casks", Label: "Casks used"},
	{Key: "most-casks", Label: "Most casks"},
	{Key: "trellis1", Label: "Trellis row 1"},
	{Key: "trellis2", Label: "Trellis row 2"},
	{Key: "trellis3", Label: "Trellis row 3"},
	{Key: "leader", Label: "Fewer leader years"},
}

// TieBreaks: the rulebook has none; tied players share the place.
var TieBreaks = []score.TieBreak{}
