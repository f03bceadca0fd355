package grandcru

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

func TestScoreTally(t *testing.T) {
	data, err := os.ReadFile("../../testdata/grand-cru/tally-3p.txt")
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.CheckTally(engines, "grand-cru", "tally.txt", data, validate.Limits{}, validate.Options{})
	if !rep.Valid() {
		t.Fatal(rep.Diagnostics[0].Error())
	}
	// The same end as the documented game: Ann 8, Cal 5, Ben -2.
	want := map[string]int{"Ann": 8, "Cal": 5, "Ben": -2}
	for _, p := range rep.Result.Players {
		if p.Total != want[p.Name] {
			t.Errorf("%s: %d, want %d", p.Name, p.Total, want[p.Name])
		}
	}
	if rep.Result.Players[0].Name != "Ann" || len(rep.Claims) != 1 {
		t.Errorf("Ann wins and her claim is compared: %+v", rep.Result.Players)
	}
}

func TestScoreTallyErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{"tally Ann money=6 tiles=gamay cellar=1\ntally Ben money=1 tiles= cellar=0 loans=0", "Ann's tally lacks loans="},
		{"tally Ann money=6 tiles=gamay,wine cellar=1 loans=0\ntally Ben money=1 tiles= cellar=0 loans=0", "t.txt:2:31: error: \"wine\" is not a tile"}, // the caret under the tile
		{"tally Ann money=x tiles=gamay cellar=1 loans=0", "money is a whole number"},
		{"tally Ann money=0 tiles=gamay cellar=1 loans=11 bankrupt\n", "t.txt:1:13: error: Ben has no tally line: write `tally Ben money=N"}, // at Ben on the players line
		{"tally Ann money=1 tiles=gamay cellar=1 loans=12\n", "no vineyard has more than 11 loans"},
		{"tally Ann money=1 tiles=gamay cellar=1 loans=1 wine=3\n", "unknown tally key"},
		{"tally Ann money=1 tiles=gamay syrah cellar=1 loans=1\n", "t.txt:2:31: error: \"syrah\" is a tile, not a tally key: tiles= separates its tiles with commas (tiles=gamay,syrah)"},
		{"tally Cal money=1 tiles=gamay cellar=1 loans=1\n", "Cal is not a player"},
		{"tally Ann money=1 tiles=seal,seal cellar=0 loans=2\ntally Ben money=1 tiles=seal,seal cellar=0 loans=2\n", "t.txt:3:19: error: the box holds 3 seal-of-excellence tiles, and the tallies list 4"},
		{"tally Ann money=40 tiles=gamay cellar=0 loans=3 bankrupt\n", "t.txt:2:11: error: a bankrupt vineyard has no money and 11 loans (ruling S20): money=0 loans=11, not money=40 loans=3"},
		{"tally Ann money=1 tiles=gamay,,syrah cellar=1 loans=1\n", "t.txt:2:31: error: a list has nothing between two commas"},
		// the box's 100 wine cubes bound every cellar together
		{"tally Ann money=1 tiles=gamay cellar=101 loans=0\n", "t.txt:2:31: error: the box holds 100 wine cubes, and the tallies' cellars hold 101"},
		{"tally Ann money=1 tiles=gamay cellar=60 loans=0\ntally Ben money=1 tiles=syrah cellar=41 loans=2\n", "t.txt:3:31: error: the box holds 100 wine cubes, and the tallies' cellars hold 101"},
		// the game has not ended while every vineyard owes and none went bankrupt
		{"tally Ann money=1 tiles=gamay cellar=1 loans=2\ntally Ben money=1 tiles=syrah cellar=0 loans=1\n",
			"t.txt:3:40: error: the game ends when a vineyard has repaid every loan or gone bankrupt (ruling S21): no tally says loans=0 or bankrupt"},
		// no number a total could overflow on
		{"tally Ann money=9223372036854775807 tiles= cellar=0 loans=0\n", "t.txt:2:11: error: money is a whole number from 0 to 999999: money=N"},
	}
	for _, c := range cases {
		rep := validate.CheckTally(engines, "grand-cru", "t.txt", []byte("players Ann Ben\n"+c.body+"\n"), validate.Limits{}, validate.Options{})
		if rep.Valid() {
			t.Errorf("%q accepted", c.body)
			continue
		}
		if got := rep.Diagnostics[0].Error(); !strings.Contains(got, c.want) {
			t.Errorf("%q: got %s, want %s", c.body, got, c.want)
		}
	}
	// The check key vineyard's name:count form, in a tally, is hinted.
	rep := validate.CheckTally(engines, "grand-cru", "t.txt", []byte("players Ann Ben\ntally Ann money=1 tiles=gamay:3 cellar=0 loans=0\n"), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Hint != "tiles= lists each tile once per copy: gamay,gamay" {
		t.Errorf("tiles=gamay:3: %v", rep.Diagnostics)
	}
	// A bankrupt vineyard ranks last even with the most points.
	rep = validate.CheckTally(engines, "grand-cru", "t.txt", []byte("players Ann Ben\ntally Ann money=0 tiles=gamay,syrah,merlot cellar=0 loans=11 bankrupt\ntally Ben money=0 tiles= cellar=0 loans=11\n"), validate.Limits{}, validate.Options{})
	if !rep.Valid() || rep.Result.Players[1].Name != "Ann" || !rep.Result.Players[1].RanksLast {
		t.Fatalf("the bankrupt vineyard ranks last: %+v %v", rep.Result, rep.Diagnostics)
	}
}

// A tally counts the players as a replay does: 2 to 5.
func TestATallyCountsThePlayers(t *testing.T) {
	for _, c := range []struct{ players, want string }{
		{"players Ann\n", "t.txt:1:9: error: Grand Cru is played by 2 to 5 players, not 1"},
		{"players A B C D E F\n", "t.txt:1:9: error: Grand Cru is played by 2 to 5 players, not 6"},
	} {
		rep := validate.CheckTally(engines, "grand-cru", "t.txt", []byte(c.players), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != c.want {
			t.Errorf("%q: %v", c.players, rep.Diagnostics)
		}
	}
}

// TestScoreTallyMessages gives every scorepad error the exact message:
// each line breaks one rule of the tally's form.
func TestScoreTallyMessages(t *testing.T) {
	const ok = "tally Ben money=1 tiles=syrah cellar=0 loans=0\n"
	cases := []struct{ body, want string }{
		// a record's line in a tally
		{"check Ann money=3\n", "t.txt:2:1: error: a Grand Cru tally has one line per player: tally NAME money=N tiles=TILE,TILE… cellar=N loans=N [bankrupt]"},
		{"Ann: pass\n", "t.txt:2:6: error: a Grand Cru tally has one line per player: tally NAME money=N tiles=TILE,TILE… cellar=N loans=N [bankrupt]"},
		{ok + "tally Cal money=1 tiles=gamay cellar=1 loans=1\n", "t.txt:3:7: error: Cal is not a player of this game (players: Ann, Ben)"},
		{ok + "tally Ben money=2 tiles=syrah cellar=0 loans=0\n", "t.txt:3:7: error: Ben is tallied twice"},
		{"tally Ann money=1 money=2 tiles=gamay cellar=0 loans=0\n", "t.txt:2:19: error: money is given twice"},
		{"tally Ann money=1 cellar=0 loans=0 tiles=gamay,\n", "t.txt:2:47: error: a list does not end with a comma"},
		{"tally Ann money=0 tiles=gamay cellar=0 loans=11 bankrupt=no\n", "t.txt:2:49: error: write bankrupt (or bankrupt=yes) for a bankrupt vineyard"},
		{"tally Ann money=1 tiles cellar=0 loans=0\n", "t.txt:2:19: error: write tiles=TILE,TILE,… (every tile in the vineyard)"},
		{"tally Ann money=1 tiles=" + strings.Repeat("gamay,", 12) + "syrah cellar=0 loans=0\n", "t.txt:2:19: error: a vineyard holds at most 12 tiles, not 13"},
		{"tally Ann money=1 tiles=gamay cellar=0 loans=0 wine=3\n", "t.txt:2:48: error: unknown tally key \"wine\": money, tiles, cellar, loans, bankrupt"},
		// The scorepad's rows, typed by their printed names or values.
		{"tally Ann money=1 tiles=15 cellar=0 loans=0\n", "t.txt:2:19: error: tiles= names every tile in the vineyard (tiles=gamay,syrah,seal), not a number: the scorepad's Tile types Francs and its tile count are worked out from them"},
		{"tally Ann money=1 tile-types=15\n", "t.txt:2:19: error: \"tile-types\" is the scorepad's row \"Tile types\": write tiles=TILE,TILE,…, every tile in the vineyard by name (its Francs are worked out)"},
		{"tally Ann money=1 tiles=gamay cellar=0 loans=-21\n", "t.txt:2:40: error: loans= counts the unpaid loans, not the Francs they cost (the scorepad's row \"Unpaid loans\", -7 each): loans=3, not loans=-21"},
		{"tally Ann money=1 unpaid-loans=2\n", "t.txt:2:19: error: \"unpaid-loans\" is the scorepad's row \"Unpaid loans\": write loans=N, how many loans are unpaid (their Francs are worked out)"},
		{"tally Ann money=1 cubes_in_cellar=2\n", "t.txt:2:19: error: \"cubes_in_cellar\" is the scorepad's row \"Cubes in cellar\": write cellar=N"},
		{"tally Ann money=1 Total=40\n", "t.txt:2:19: error: \"total\" is the scorepad's row \"Total\", which vintner adds up from the counts: write the table's total as a claim line, `claim Ann 40`, to have it compared"},
		{"tally Ann money=1 tiles=gamay cellar=x loans=0\n", "t.txt:2:31: error: cellar is a whole number from 0 to 999999: cellar=N"},
		{ok, "t.txt:1:9: error: Ann has no tally line: write `tally Ann money=N tiles=TILE,TILE… cellar=N loans=N [bankrupt]`"},
	}
	for _, c := range cases {
		rep := validate.CheckTally(engines, "grand-cru", "t.txt", []byte("players Ann Ben\n"+c.body), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 {
			t.Errorf("%q accepted", c.body)
			continue
		}
		if got := rep.Diagnostics[0].Error(); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.body, got, c.want)
		}
	}
}
