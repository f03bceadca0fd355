package bordeaux

import (
	"github.com/vintner/vintner/score"
)

// Row is one trellis row at the end of the game.
type Row struct {
	Complete bool // every trellis of the row is traced
	Bonus    int  // what its bonus is worth on this sheet (wines matching it × points per wine)
}

// Tally is what one player's sheet shows at the end of the game.
type Tally struct {
	Name        string
	Seat        int // 1-based
	Paths       int // filled path segments
	Longest     int // segments of the longest continuous tour
	CasksUsed   int // crossed-out casks
	Rows        []Row
	LeaderYears int // years the player circled as leader
	Wines       int // circled wines (shown in the note; scores nothing by itself)
}

// Options are the scoring rulings.
type Options struct {
	// Solo scores one player: the longest-tour and most-casks bonuses need
	// SoloLongest segments and SoloCasks casks, and there is no leader point.
	Solo bool
}

// Bonus points and solo thresholds, as the rulebook prints them.
const (
	LongestBonus   = 3 // "3 points if you have the longest continuous tour path"
	MostCasksBonus = 3 // "3 points if you used the most Casks"
	LeaderPoint    = 1 // "1 point if you had fewer leader years"
	SoloLongest    = 7 // solo: "7 or more path segments"
	SoloCasks      = 7 // solo: "7 or more Casks"
)

// resultMemory holds a result of up to 4 players with 3 trellis rows.
type resultMemory struct {
	result  score.Result
	players [4]score.PlayerResult
	points  [4 * (3 + 5)]int
}

// categoriesOf is the scoring rows for a sheet with the given number of
// trellis rows, shared by every result (as the other games' results share
// their Categories): results are read, never written.
func categoriesOf(rows int) []score.Category {
	if rows >= 0 && rows < len(categoriesByRows) {
		return categoriesByRows[rows]
	}
	return categoriesFor(rows)
}

// Levels are the solo levels of victory, best first.
var Levels = []struct {
	Min  int
	Name string
}{{35, "Maître"}, {30, "Vigneron"}, {25, "Artisan"}, {20, "Apprenti"}}

// Level returns the solo level of victory for a total, or "" below 20.
func Level(total int) string {
	for _, l := range Levels {
		if total >= l.Min {
			return l.Name
		}
	}
	return ""
}

// Score turns the players' tallies into the ranked result. The bonuses
// compare players with each other: every player tied for the longest tour or
// the most casks scores the full bonus (a bonus needs at least one segment or
// cask), and every player with fewer leader years than the most anyone had
// scores the leader point. Tied players share their place.
func Score(tallies []Tally, opt Options) *score.Result {
	// As many trellis rows as the sheets have: 3 on the printed ones, any
	// number from 1 with a template of one's own (no phantom rows of 0).
	rows := 0
	for _, t := range tallies {
		rows = max(rows, len(t.Rows))
	}
	if len(tallies) == 0 {
		rows = 3 // an empty result has the printed sheet's rows
	}
	// The result, its players and their points are one allocation for
	// a game of the usual size.
	m := new(resultMemory)
	r := &m.result
	*r = score.Result{Game: "bordeaux", Categories: categoriesOf(rows), TieBreaks: TieBreaks,
		Players: m.players[:0]}
	if len(tallies) > len(m.players) {
		r.Players = make([]score.PlayerResult, 0, len(tallies))
	}
	// one backing array for every player's points
	width := rows + 5
	points := m.points[:]
	if n := len(tallies) * width; n <= len(points) {
		points = points[:n]
	} else {
		points = make([]int, n)
	}
	maxLongest, maxCasks, maxLeader := 0, 0, 0
	for _, t := range tallies {
		maxLongest = max(maxLongest, t.Longest)
		maxCasks = max(maxCasks, t.CasksUsed)
		maxLeader = max(maxLeader, t.LeaderYears)
	}
	// Each tally's points and total, in tally order: the players are then
	// written once, in rank order, instead of sorted as large structs.
	var totalsBuf [len(resultMemory{}.players)]int
	totals := totalsBuf[:0]
	if len(tallies) > len(totalsBuf) {
		totals = make([]int, 0, len(tallies))
	}
	for ti, t := range tallies {
		longest, most, leader := 0, 0, 0
		if opt.Solo {
			if t.Longest >= SoloLongest {
				longest = LongestBonus
			}
			if t.CasksUsed >= SoloCasks {
				most = MostCasksBonus
			}
		} else {
			if t.Longest > 0 && t.Longest == maxLongest {
				longest = LongestBonus
			}
			if t.CasksUsed > 0 && t.CasksUsed == maxCasks {
				most = MostCasksBonus
			}
			if t.LeaderYears < maxLeader {
				leader = LeaderPoint
			}
		}
		pts := points[ti*width : (ti+1)*width]
		pts[0], pts[1], pts[2], pts[3] = t.Paths, longest, t.CasksUsed, most
		total := t.Paths + longest + t.CasksUsed + most + leader
		for i := 0; i < rows; i++ {
			v := 0
			if i < len(t.Rows) && t.Rows[i].Complete {
				v = t.Rows[i].Bonus
			}
			pts[4+i] = v
			total += v
		}
		pts[width-1] = leader
		totals = append(totals, total)
	}
	rankByTotal(r, tallies, totals, points, width)
	if opt.Solo {
		for i := range r.Players {
			r.Players[i].Level = Level(r.Players[i].Total)
			if r.Players[i].Level == "" {
				r.Players[i].Note = "below 20 points: no level of victory"
			}
		}
	}
	return r
}

// rankByTotal writes the players into r in rank order, as r.Rank would
// order and rank them: the rulebook has no tie-break, so the players go
// by total, highest first, tied players in tally order, sharing the
// place. Player ti's points are points[ti*width:][:width] and its total
// totals[ti]. The order is sorted as indexes, not as players
// (TestScoreRanksAsResultRank compares the two).
func rankByTotal(r *score.Result, tallies []Tally, totals, points []int, width int) {
	n := len(tallies)
	var orderBuf [len(resultMemory{}.players)]int
	order := orderBuf[:0]
	if n > len(orderBuf) {
		order = make([]int, 0, n)
	}
	for ti := range n { // insertion: stable, and a game has a few players
		k := len(order)
		order = append(order, ti)
		for ; k > 0 && totals[order[k-1]] < totals[ti]; k-- {
			order[k] = order[k-1]
		}
		order[k] = ti
	}
	r.Players = r.Players[:n]
	for k, ti := range order {
		p := &r.Players[k]
		*p = score.PlayerResult{Name: tallies[ti].Name, Seat: tallies[ti].Seat,
			Points: points[ti*width : (ti+1)*width : (ti+1)*width], Total: totals[ti], Rank: k + 1}
		if k > 0 && totals[order[k-1]] == totals[ti] {
			above := &r.Players[k-1]
			p.Rank, p.Shared, above.Shared = above.Rank, true, true
		}
	}
	for k := range r.Players { // a shared place names everyone in it
		if p := &r.Players[k]; p.Shared {
			p.Decided = r.Sharing(p)
		}
	}
}
