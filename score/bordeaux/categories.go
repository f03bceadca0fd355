// Package bordeaux scores a Bordeaux game from its end-state tally.
package bordeaux

import (
	"fmt"

	"github.com/vintner/vintner/score"
)

// Categories are the rulebook's scoring rows, in its order, for a sheet
// with three trellis rows (CategoriesFor builds them for other counts).
var Categories = CategoriesFor(3)

// TieBreaks: the rulebook has none; tied players share the place.
var TieBreaks = []score.TieBreak{}

// CategoriesFor returns the scoring rows for a sheet with the given number
// of trellis rows.
func CategoriesFor(rows int) []score.Category {
	c := []score.Category{
		{Key: "paths", Label: "Filled paths"},
		{Key: "longest", Label: "Longest tour"},
		{Key: "casks", Label: "Casks used"},
		{Key: "most-casks", Label: "Most casks"},
	}
	for i := 1; i <= rows; i++ {
		c = append(c, score.Category{Key: fmt.Sprintf("trellis%d", i), Label: fmt.Sprintf("Trellis row %d", i)})
	}
	return append(c, score.Category{Key: "leader", Label: "Fewer leader years"})
}
