package wanttest

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/vintner/vintner/score"
)

// SameResult compares what a scorepad tally scored (got) with what the
// replay of the same game scored (want): the categories and notes (those
// of want that skipNote drops concern the play, which a tally has not),
// and each place's name, points, total, rank, shared place, solo level,
// note, last-rank flag and tie-break numbers. It says the first
// difference, or "" when there is none.
func SameResult(want, got *score.Result, skipNote func(string) bool) string {
	notes := want.Notes
	if skipNote != nil {
		notes = slices.DeleteFunc(slices.Clone(notes), skipNote)
	}
	if !reflect.DeepEqual(want.Categories, got.Categories) || !slices.Equal(notes, got.Notes) {
		return fmt.Sprintf("categories %v notes %q, the tally's %v %q", want.Categories, notes, got.Categories, got.Notes)
	}
	if len(want.Players) != len(got.Players) {
		return fmt.Sprintf("the replay scores %d players, the tally %d", len(want.Players), len(got.Players))
	}
	for i := range want.Players {
		w, g := want.Players[i], got.Players[i]
		if w.Name != g.Name || w.Total != g.Total || w.Rank != g.Rank || w.Shared != g.Shared || w.Level != g.Level ||
			w.Note != g.Note || w.RanksLast != g.RanksLast || !reflect.DeepEqual(w.Points, g.Points) || !reflect.DeepEqual(w.TieBreak, g.TieBreak) {
			return fmt.Sprintf("place %d: the replay scores %+v, the tally %+v", i+1, w, g)
		}
	}
	return ""
}
