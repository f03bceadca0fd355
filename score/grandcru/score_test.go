package grandcru

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestScoreValuesAndTieBreaks(t *testing.T) {
	tallies := []Tally{
		{Name: "Ann", Seat: 1, Money: 20, Tiles: []string{"gamay", "gamay", "seal-of-excellence"}, Cellar: 4, Loans: 1},
		{Name: "Ben", Seat: 2, Money: 20, Tiles: []string{"gamay", "syrah", "syrah"}, Cellar: 4, Loans: 1},
		{Name: "Cal", Seat: 3, Money: 13, Tiles: []string{"gamay", "syrah"}, Cellar: 4, Loans: 0},
		{Name: "Dee", Seat: 4, Money: 90, Tiles: []string{"pinot"}, Loans: 11, Bankrupt: true},
	}
	r := Score(tallies, DefaultValues, nil)
	// Ann: 20 + 10 + 4 - 7 = 27; Ben the same with the same loans and tiles; Cal: 13 + 10 + 4 = 27 with 0 loans.
	order := []string{}
	for _, p := range r.Players {
		order = append(order, p.Name)
		if p.Name != "Dee" && p.Total != 27 {
			t.Errorf("%s total %d, want 27", p.Name, p.Total)
		}
	}
	if got := strings.Join(order, ","); got != "Cal,Ann,Ben,Dee" {
		t.Fatalf("order %s, want Cal,Ann,Ben,Dee", got)
	}
	if !strings.Contains(r.Players[0].Decided, "fewer loans") {
		t.Errorf("Cal's place should be decided by fewer loans: %q", r.Players[0].Decided)
	}
	if r.Players[1].Rank != 2 || r.Players[2].Rank != 2 || !r.Players[1].Shared {
		t.Errorf("Ann and Ben share 2nd: %+v %+v", r.Players[1], r.Players[2])
	}
	if r.Players[3].Rank != 4 || !r.Players[3].RanksLast {
		t.Errorf("the bankrupt vineyard ranks last: %+v", r.Players[3])
	}
}

// TestSeveralBankrupt: two bankrupt vineyards rank after the others and
// between themselves by value; neither is said to rank last when one of
// them does not, nor when both do not.
func TestSeveralBankrupt(t *testing.T) {
	ann := Tally{Name: "Ann", Seat: 1, Tiles: []string{"gamay", "syrah"}, Loans: 11, Bankrupt: true}
	ben := Tally{Name: "Ben", Seat: 2, Tiles: []string{"gamay"}, Loans: 11, Bankrupt: true}
	cal := Tally{Name: "Cal", Seat: 3, Money: 1, Loans: 1}
	r := Score([]Tally{ann, ben, cal}, DefaultValues, nil)
	var got []string
	for _, p := range r.Players {
		got = append(got, fmt.Sprintf("%s %s: %s", p.RankLabel(), p.Name, p.Note))
	}
	want := []string{"1 Cal: ", "2 Ann: bankrupt: ranks after every vineyard that did not go bankrupt",
		"3 Ben: bankrupt: ranks after every vineyard that did not go bankrupt"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("two of three bankrupt:\n%q\nwant\n%q", got, want)
	}
	r = Score([]Tally{ann, ben}, DefaultValues, nil)
	if p := r.Players[0]; p.Name != "Ann" || p.Note != "bankrupt, as every vineyard: ranked by value, then the tie-breaks" {
		t.Errorf("every vineyard bankrupt: %+v", p)
	}
	if p := Score([]Tally{ann, cal}, DefaultValues, nil).Players[1]; p.Note != "bankrupt: ranks last" {
		t.Errorf("one bankrupt: %+v", p)
	}
}

func TestScoreMoreTilesBreaksTie(t *testing.T) {
	r := Score([]Tally{
		{Name: "Ann", Seat: 1, Money: 10, Tiles: []string{"gamay", "gamay"}, Loans: 1},
		{Name: "Ben", Seat: 2, Money: 10, Tiles: []string{"gamay"}, Loans: 1},
	}, DefaultValues, nil)
	if r.Players[0].Name != "Ann" || !strings.Contains(r.Players[0].Decided, "more tiles") {
		t.Fatalf("Ann wins on more tiles: %+v", r.Players)
	}
}

func TestScorePerTileRuling(t *testing.T) {
	v := DefaultValues
	v.PerTile = true
	r := Score([]Tally{{Name: "Ann", Seat: 1, Tiles: []string{"gamay", "gamay", "aging"}}}, v, nil)
	if r.Players[0].Total != 15 {
		t.Fatalf("per-tile reading: 3 tiles give 15, got %d", r.Players[0].Total)
	}
	if got := r.Categories[1].Label; got != "Tiles" {
		t.Errorf("per-tile reading: the tile row is labelled %q, want Tiles", got)
	}
	if got := Score(nil, DefaultValues, nil).Categories[1].Label; got != "Tile types" {
		t.Errorf("default reading: the tile row is labelled %q, want Tile types (and the shared table must not change)", got)
	}
}

// TestTileTypesSmallAndLarge compares the count of a small vineyard
// (without a map) with that of a large one (with one).
func TestTileTypesSmallAndLarge(t *testing.T) {
	small := []string{"gamay", "aging", "gamay", "syrah", "aging", "pinot"}
	if got := TileTypes(small); got != 4 {
		t.Fatalf("TileTypes(%v) = %d, want 4", small, got)
	}
	var large []string
	for len(large) <= smallVineyard {
		large = append(large, small...)
	}
	if got := TileTypes(large); got != 4 {
		t.Fatalf("TileTypes of %d tiles = %d, want 4", len(large), got)
	}
	if got := TileTypes(nil); got != 0 {
		t.Fatalf("TileTypes(nil) = %d, want 0", got)
	}
}
