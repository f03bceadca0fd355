package bordeaux

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/score"
)

// The rulebook's worked example: 9 paths, longest tour 7 (the longest of
// all), 4 casks used (not the most), 5 white wines and 5 two-year wines in
// the completed rows, third row not completed, no leader point: 26.
func TestRulebookExample(t *testing.T) {
	you := Tally{Name: "You", Seat: 1, Paths: 9, Longest: 7, CasksUsed: 4, LeaderYears: 4,
		Rows: []Row{{Complete: true, Bonus: 5}, {Complete: true, Bonus: 5}, {Complete: false, Bonus: 3}}}
	other := Tally{Name: "Other", Seat: 2, Paths: 6, Longest: 5, CasksUsed: 6, LeaderYears: 4,
		Rows: []Row{{}, {}, {}}}
	r := Score([]Tally{you, other}, Options{})
	p := r.Player("You")
	want := []int{9, 3, 4, 0, 5, 5, 0, 0}
	for i, v := range want {
		if p.Points[i] != v {
			t.Errorf("%s: %d points, want %d", r.Categories[i].Label, p.Points[i], v)
		}
	}
	if p.Total != 26 {
		t.Errorf("total %d, want 26", p.Total)
	}
	if o := r.Player("Other"); o.Points[3] != 3 || o.Points[1] != 0 {
		t.Errorf("other: most casks %d, longest %d; want 3 and 0", o.Points[3], o.Points[1])
	}
}

func TestTiesShareBonusesAndPlace(t *testing.T) {
	a := Tally{Name: "A", Seat: 1, Paths: 5, Longest: 4, CasksUsed: 3, LeaderYears: 2}
	b := Tally{Name: "B", Seat: 2, Paths: 5, Longest: 4, CasksUsed: 3, LeaderYears: 2}
	c := Tally{Name: "C", Seat: 3, Paths: 2, Longest: 2, CasksUsed: 1, LeaderYears: 3}
	r := Score([]Tally{a, b, c}, Options{})
	pa, pb, pc := r.Player("A"), r.Player("B"), r.Player("C")
	if r.Points(pa, "longest") != 3 || r.Points(pb, "longest") != 3 || r.Points(pc, "longest") != 0 {
		t.Errorf("longest bonus: %v %v %v", pa.Points, pb.Points, pc.Points)
	}
	if r.Points(pa, "most-casks") != 3 || r.Points(pb, "most-casks") != 3 {
		t.Errorf("most casks shared: %v %v", pa.Points, pb.Points)
	}
	if r.Points(pa, "leader") != 1 || r.Points(pc, "leader") != 0 {
		t.Errorf("leader point: %v %v", pa.Points, pc.Points)
	}
	if pa.Rank != 1 || pb.Rank != 1 || !pa.Shared || pc.Rank != 3 {
		t.Errorf("ranks %d %d %d", pa.Rank, pb.Rank, pc.Rank)
	}
	if len(r.TieBreaks) != 0 {
		t.Errorf("tie-breaks %v", r.TieBreaks)
	}
}

func TestEqualLeaderYearsGiveNoPoint(t *testing.T) {
	r := Score([]Tally{{Name: "A", LeaderYears: 3}, {Name: "B", LeaderYears: 3}}, Options{})
	for _, p := range r.Players {
		if r.Points(&p, "leader") != 0 {
			t.Errorf("%s gets a leader point with equal counts", p.Name)
		}
	}
}

func TestSolo(t *testing.T) {
	cases := []struct {
		t     Tally
		total int
		level string
	}{
		{Tally{Name: "S", Paths: 12, Longest: 7, CasksUsed: 7, LeaderYears: 7, Rows: []Row{{true, 5}, {true, 4}, {false, 9}}}, 12 + 3 + 7 + 3 + 9, "Vigneron"},
		{Tally{Name: "S", Paths: 12, Longest: 6, CasksUsed: 6, LeaderYears: 7}, 18, ""},
		{Tally{Name: "S", Paths: 14, Longest: 9, CasksUsed: 8, Rows: []Row{{true, 5}, {true, 5}, {true, 2}}}, 14 + 3 + 8 + 3 + 12, "Maître"},
		{Tally{Name: "S", Paths: 10, Longest: 6, CasksUsed: 10}, 23, "Apprenti"},
		{Tally{Name: "S", Paths: 12, Longest: 8, CasksUsed: 10}, 28, "Artisan"},
	}
	for _, c := range cases {
		r := Score([]Tally{c.t}, Options{Solo: true})
		p := r.Players[0]
		if p.Total != c.total || p.Level != c.level {
			t.Errorf("%+v: total %d level %q, want %d %q", c.t, p.Total, p.Level, c.total, c.level)
		}
		if r.Points(&p, "leader") != 0 {
			t.Errorf("solo leader point")
		}
	}
}

// Score ranks the players itself, as indexes (rankByTotal): the result
// must be the one score.Result.Rank gives the same players in tally
// order, ties, their notes and more players than the usual memory holds
// included.
func TestScoreRanksAsResultRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for i := 0; i < 5000; i++ {
		n := 1 + rng.IntN(7)
		ts := make([]Tally, n)
		for ti := range ts {
			ts[ti] = Tally{Name: fmt.Sprintf("P%d", ti), Seat: ti + 1, Paths: rng.IntN(4), Longest: rng.IntN(3),
				CasksUsed: rng.IntN(3), LeaderYears: rng.IntN(3)}
			for range rng.IntN(5) {
				ts[ti].Rows = append(ts[ti].Rows, Row{Complete: rng.IntN(2) == 0, Bonus: rng.IntN(3)})
			}
		}
		opt := Options{Solo: n == 1 && rng.IntN(2) == 0}
		got := Score(ts, opt)
		want := *got
		want.Players = slices.Clone(got.Players)
		slices.SortFunc(want.Players, func(a, b score.PlayerResult) int { return a.Seat - b.Seat })
		for k := range want.Players {
			want.Players[k].Points = slices.Clone(want.Players[k].Points)
			want.Players[k].Rank, want.Players[k].Shared, want.Players[k].Decided, want.Players[k].Total = 0, false, "", -1
		}
		want.Rank()
		if opt.Solo {
			want.Players[0].Level, want.Players[0].Note = got.Players[0].Level, got.Players[0].Note
		}
		if !reflect.DeepEqual(got.Players, want.Players) {
			t.Fatalf("%+v:\n got %+v\nwant %+v", ts, got.Players, want.Players)
		}
	}
}

// A sheet of one's own with two trellis rows scores two rows: no third
// category of zeros.
func TestTwoTrellisRowsScoreTwoCategories(t *testing.T) {
	rows := []Row{{Complete: true, Bonus: 4}, {}}
	r := Score([]Tally{
		{Name: "Ann", Seat: 1, Paths: 3, Longest: 3, CasksUsed: 2, Rows: rows},
		{Name: "Ben", Seat: 2, Paths: 2, Longest: 2, CasksUsed: 1, Rows: []Row{{}, {}}},
	}, Options{})
	var labels []string
	for _, c := range r.Categories {
		labels = append(labels, c.Label)
	}
	if got := strings.Join(labels, ", "); got != "Filled paths, Longest tour, Casks used, Most casks, Trellis row 1, Trellis row 2, Fewer leader years" {
		t.Errorf("categories %s", got)
	}
	if p := r.Player("Ann"); len(p.Points) != len(r.Categories) || p.Total != 3+3+2+3+4 {
		t.Errorf("Ann: points %v, total %d", p.Points, p.Total)
	}
}
