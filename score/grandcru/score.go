package grandcru

import (
	"slices"

	"github.com/vintner/vintner/score"
)

// Tally is one vineyard at the end of the game: what the final scoring
// counts. Tiles lists the type of every tile in the vineyard (duplicates
// included, face up or down).
type Tally struct {
	Name     string
	Seat     int // 1-based
	Money    int
	Tiles    []string
	Cellar   int // cubes in the cellar, any barrel
	Loans    int
	Bankrupt bool
}

// Values are the end-of-game numbers of the component tables.
type Values struct {
	TileValue   int // Francs per different tile type (or per tile)
	CellarCube  int // Francs per cube in the cellar
	LoanPenalty int // Francs paid per unpaid loan
	// PerTile counts every tile instead of every different type (the
	// `tile-value-per-tile` ruling).
	PerTile bool
}

// DefaultValues are the rulebook's: 5, 1 and 7 Francs.
var DefaultValues = Values{TileValue: 5, CellarCube: 1, LoanPenalty: 7}

// TileTypes counts the different tile types in a vineyard.
func TileTypes(tiles []string) int {
	if len(tiles) > smallVineyard {
		seen := map[string]bool{}
		for _, t := range tiles {
			seen[t] = true
		}
		return len(seen)
	}
	// A vineyard holds a dozen tiles or so: each tile is compared with
	// those before it, with no map to build for every player scored.
	types := 0
	for i, t := range tiles {
		if !slices.Contains(tiles[:i], t) {
			types++
		}
	}
	return types
}

// smallVineyard is the most tiles TileTypes counts without a map.
const smallVineyard = 32

// Score values each vineyard and ranks them: more Francs first, then fewer
// loans, then more tiles, then a shared place. A bankrupt vineyard ranks
// last whatever its value.
func Score(tallies []Tally, v Values, notes []string) *score.Result {
	cats := Categories
	if v.PerTile {
		// The tile-value-per-tile ruling counts every tile, so the row
		// says so.
		cats = append([]score.Category(nil), Categories...)
		for i := range cats {
			if cats[i].Key == "tiles" {
				cats[i].Label = PerTileLabel
			}
		}
	}
	r := &score.Result{Game: "grand-cru", Categories: cats, TieBreaks: TieBreaks, Notes: notes,
		Players: make([]score.PlayerResult, 0, len(tallies))}
	// Every player's points and tie-break numbers, in one block.
	const perPlayer = 4 + 2
	nums := make([]int, perPlayer*len(tallies))
	for _, t := range tallies {
		counted := TileTypes(t.Tiles)
		if v.PerTile {
			counted = len(t.Tiles)
		}
		p := score.PlayerResult{
			Name:      t.Name,
			Seat:      t.Seat,
			Points:    append(nums[0:0:4], t.Money, v.TileValue*counted, v.CellarCube*t.Cellar, -v.LoanPenalty*t.Loans),
			TieBreak:  append(nums[4:4:6], t.Loans, len(t.Tiles)),
			RanksLast: t.Bankrupt,
		}
		if t.Bankrupt {
			p.Note = bankruptNote(tallies)
		}
		r.Players = append(r.Players, p)
		nums = nums[perPlayer:]
	}
	r.Rank()
	return r
}

// bankruptNote is a bankrupt vineyard's note. Several bankrupt vineyards
// rank after the others and among themselves by value, then the
// tie-breaks: "ranks last" would be said of each, on the first's line too.
func bankruptNote(tallies []Tally) string {
	n := 0
	for _, t := range tallies {
		if t.Bankrupt {
			n++
		}
	}
	switch n {
	case 1:
		return "bankrupt: ranks last"
	case len(tallies):
		return "bankrupt, as every vineyard: ranked by value, then the tie-breaks"
	}
	return "bankrupt: ranks after every vineyard that did not go bankrupt"
}
