// Package score holds the result shared by the three games: points per
// category, standard competition ranking ("1224", a shared place printed
// 1=), the tie-break chain and what decided each place, and its renderers.
// Each game's package (score/bordeaux, score/grandcru, score/champagne)
// turns that game's end-state tally into a Result; they are pure functions.
package score

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/prose"
)

// Category is one scoring row of a game's scorepad.
type Category struct {
	Key   string `json:"key"`
	Label string `json:"label"`          // short, for a table's column
	Long  string `json:"long,omitempty"` // the rulebook's wording, for a scorepad row
}

// Title is the rulebook's wording when there is one, else the label.
func (c Category) Title() string {
	if c.Long != "" {
		return c.Long
	}
	return c.Label
}

// TieBreak is one level of a rulebook's tie-break chain.
type TieBreak struct {
	Key   string `json:"key"`
	Label string `json:"label"` // "fewer loans"
	Fewer bool   `json:"fewer"` // the smaller value wins
}

// PlayerResult is one player's line of the result.
type PlayerResult struct {
	Name     string `json:"name"`
	Seat     int    `json:"seat"`   // 1-based seating order
	Points   []int  `json:"points"` // one per Result.Categories
	Total    int    `json:"total"`
	Rank     int    `json:"rank"`
	Shared   bool   `json:"shared"`
	TieBreak []int  `json:"tiebreak,omitempty"` // one per Result.TieBreaks
	// TieShown, when set, is what a note on a tie-break prints for each
	// level instead of the value compared: AOC compares positions on the
	// eco-responsibility report and prints the report's values, as the
	// score's row shows them.
	TieShown []int `json:"-"`
	// RanksLast puts the player after everyone else whatever the points
	// (a bankrupt Grand Cru vineyard).
	RanksLast bool   `json:"ranks_last,omitempty"`
	Decided   string `json:"decided,omitempty"` // what separated this place from a tied neighbour
	Level     string `json:"level,omitempty"`   // solo level of victory
	Note      string `json:"note,omitempty"`
}

// Result is a game's final scoring.
type Result struct {
	Game       string         `json:"game"`
	Categories []Category     `json:"categories"`
	TieBreaks  []TieBreak     `json:"tiebreaks"`
	Players    []PlayerResult `json:"players"` // in rank order after Rank
	Notes      []string       `json:"notes,omitempty"`
}

// Player returns the named player's result, or nil.
func (r *Result) Player(name string) *PlayerResult {
	for i := range r.Players {
		if r.Players[i].Name == name {
			return &r.Players[i]
		}
	}
	return nil
}

// Points returns a player's points in the category with the given key.
func (r *Result) Points(p *PlayerResult, key string) int {
	for i, c := range r.Categories {
		if c.Key == key && i < len(p.Points) {
			return p.Points[i]
		}
	}
	return 0
}

// Breakdown describes a player's points by category: "paths 9, longest 3, …".
func (r *Result) Breakdown(p *PlayerResult) string {
	var parts []string
	for i, c := range r.Categories {
		if i < len(p.Points) {
			parts = append(parts, fmt.Sprintf("%s %d", c.Label, p.Points[i]))
		}
	}
	return strings.Join(parts, ", ")
}

// Rank totals each player's points, sorts the players, gives standard
// competition ranks and writes what decided each place. The rulebook's
// tie-break chain is r.TieBreaks; players equal on every level share.
func (r *Result) Rank() {
	for i := range r.Players {
		p := &r.Players[i]
		p.Total = 0
		for _, v := range p.Points {
			p.Total += v
		}
		p.Rank, p.Shared, p.Decided = 0, false, ""
	}
	if len(r.Players) <= 8 {
		// Insertion, stable as SortStableFunc: a table has a few players,
		// and SortStableFunc's comparison took the players, large
		// structs, by value.
		ps := r.Players
		for i := 1; i < len(ps); i++ {
			for j := i; j > 0 && r.compare(&ps[j-1], &ps[j]) > 0; j-- {
				ps[j-1], ps[j] = ps[j], ps[j-1]
			}
		}
	} else {
		slices.SortStableFunc(r.Players, func(a, b PlayerResult) int { return r.compare(&a, &b) })
	}
	for i := range r.Players {
		p := &r.Players[i]
		if i > 0 && r.compare(&r.Players[i-1], p) == 0 {
			p.Rank = r.Players[i-1].Rank
			p.Shared, r.Players[i-1].Shared = true, true
		} else {
			p.Rank = i + 1
		}
	}
	for i := range r.Players {
		p := &r.Players[i]
		// At most three notes, on the stack: a list of them and the
		// separation's own list were allocations of every tied record.
		var notes [3]string
		n := 0
		if i > 0 && r.Players[i-1].Rank != p.Rank {
			if note, ok := r.separation(&r.Players[i-1], p, false); ok {
				notes[n], n = note, n+1
			}
		}
		if p.Shared {
			notes[n], n = r.Sharing(p), n+1
		}
		if i+1 < len(r.Players) && r.Players[i+1].Rank != p.Rank {
			if note, ok := r.separation(p, &r.Players[i+1], true); ok {
				notes[n], n = note, n+1
			}
		}
		p.Decided = strings.Join(notes[:n], "; ")
	}
}

// Sharing names everyone p shares the place with, not only a neighbour:
// "shares the place with Ben and Cal (…)". p is one of r.Players, ranked.
func (r *Result) Sharing(p *PlayerResult) string {
	var others []string
	for j := range r.Players {
		if o := &r.Players[j]; o != p && o.Rank == p.Rank {
			others = append(others, o.Name)
		}
	}
	with := prose.And(others)
	if len(r.TieBreaks) == 0 {
		return "shares the place with " + with + " (the rulebook has no tie-breaker)"
	}
	return "shares the place with " + with + " (equal on every tie-break)"
}

// compare orders a before b (negative) when a ranks higher.
func (r *Result) compare(a, b *PlayerResult) int {
	if a.RanksLast != b.RanksLast {
		if b.RanksLast {
			return -1
		}
		return 1
	}
	if a.Total != b.Total {
		return b.Total - a.Total
	}
	for k, tb := range r.TieBreaks {
		av, bv := at(a.TieBreak, k), at(b.TieBreak, k)
		if av == bv {
			continue
		}
		if tb.Fewer {
			return av - bv
		}
		return bv - av
	}
	return 0
}

func at(v []int, i int) int {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// separation says, from one side, what split two neighbours that were
// level on points (ok false: neighbours apart on points need no words).
// The note is written in one piece (fmt.Sprintf's, two of them, showed in
// the allocations of every record with a tie).
func (r *Result) separation(upper, lower *PlayerResult, fromUpper bool) (note string, ok bool) {
	if upper.RanksLast != lower.RanksLast || upper.Total != lower.Total {
		return "", false
	}
	other := lower.Name
	if !fromUpper {
		other = upper.Name
	}
	for k, tb := range r.TieBreaks {
		uv, lv := at(upper.TieBreak, k), at(lower.TieBreak, k)
		if uv == lv {
			continue
		}
		side := "ahead of"
		if !fromUpper {
			side = "behind"
		}
		var b strings.Builder
		b.Grow(64 + len(other) + len(tb.Label))
		b.WriteString(side)
		b.WriteByte(' ')
		b.WriteString(other)
		b.WriteString(" on tie-break ")
		b.WriteString(strconv.Itoa(k + 1))
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(len(r.TieBreaks)))
		b.WriteString(", ")
		b.WriteString(tb.Label)
		b.WriteString(" (")
		if k < len(upper.TieShown) && k < len(lower.TieShown) {
			us, ls := upper.TieShown[k], lower.TieShown[k]
			if us == ls { // a value printed twice: the positions decided
				writeVs(&b, us, ls)
				b.WriteString(", positions ")
				writeVs(&b, pick(fromUpper, uv, lv), pick(fromUpper, lv, uv))
			} else {
				writeVs(&b, pick(fromUpper, us, ls), pick(fromUpper, ls, us))
			}
		} else {
			writeVs(&b, pick(fromUpper, uv, lv), pick(fromUpper, lv, uv))
		}
		b.WriteByte(')')
		return b.String(), true
	}
	if len(r.TieBreaks) == 0 {
		return "shares the place with " + other + " (the rulebook has no tie-breaker)", true
	}
	return "shares the place with " + other + " (equal on every tie-break)", true
}

// writeVs writes "a vs b".
func writeVs(b *strings.Builder, x, y int) {
	b.WriteString(strconv.Itoa(x))
	b.WriteString(" vs ")
	b.WriteString(strconv.Itoa(y))
}

func pick(first bool, a, b int) int {
	if first {
		return a
	}
	return b
}

// RankLabel prints a rank as people write it: "1", or "1=" when shared.
func (p *PlayerResult) RankLabel() string {
	if p.Shared {
		return fmt.Sprintf("%d=", p.Rank)
	}
	return fmt.Sprint(p.Rank)
}
