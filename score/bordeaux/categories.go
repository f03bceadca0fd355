// Package bordeaux scores a Bordeaux game from its end-state tally.
package bordeaux

import (
	"fmt"
	"slices"

	"github.com/vintner/vintner/score"
)

// Categories are the rulebook's scoring rows, in its order, for a sheet
// with three trellis rows (CategoriesFor builds them for other counts).
var Categories = categoriesFor(3)

// TieBreaks: the rulebook has none; tied players share the place.
var TieBreaks = []score.TieBreak{}

// CategoriesFor returns the scoring rows for a sheet with the given number
// of trellis rows (a fresh slice: the caller may keep it).
func CategoriesFor(rows int) []score.Category {
	if rows >= 0 && rows < len(categoriesByRows) {
		return slices.Clone(categoriesByRows[rows])
	}
	return categoriesFor(rows)
}

// categoriesByRows are built once for the usual row counts; a score
// needs them for every game.
var categoriesByRows = func() (c [9][]score.Category) {
	for rows := range c {
		c[rows] = categoriesFor(rows)
	}
	return c
}()

func categoriesFor(rows int) []score.Category {
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
