package grandcru

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

// TestAsPlayedAppliesAndGoesOn: with --as-played every broken rule whose
// action can be carried out as written is reported, the action stands
// (money and prestige may go below zero) and the replay reaches the end;
// without it the replay stops at the first.
func TestAsPlayedAppliesAndGoesOn(t *testing.T) {
	data, err := os.ReadFile("../../testdata/grand-cru/as-played/several-errors.vin")
	if err != nil {
		t.Fatal(err)
	}
	strict := validate.Check(engines, "x.vin", data, validate.Limits{}, validate.Options{})
	if len(strict.Diagnostics) != 1 || strict.Diagnostics[0].Line != 13 || strict.Disputed || strict.Result != nil {
		t.Fatalf("without --as-played: one error at line 13, got %v (disputed %v)", strict.Diagnostics, strict.Disputed)
	}
	rep := validate.Check(engines, "x.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
	want := []string{
		"13: Ann cannot harvest the last vine before the bottle reaches the rightmost leaf (round 4)",
		"14: Ben has 6 Francs and cannot pay 7 Francs to buy a tile directly",
		"17: Ben cannot harvest without money (a harvest costs 1 Franc)",
		"19: Ann has 3 prestige, the cash-5 space costs 5",
		"25: it is Ann's turn, not Ben's",
		"25: the merlot in barrel 2 is not mature: barrel 2 pictures gamay",
		"33: Ben has already used the advertising tile this year",
	}
	var got []string
	for _, d := range rep.Diagnostics {
		if d.Severity != validate.Error || d.Code != validate.CodeRule {
			t.Errorf("every disputed rule is a rule error: %v", d)
		}
		got = append(got, fmt.Sprintf("%d: %s", d.Line, d.Message))
	}
	// Where the game was when each rule broke, not after the action went
	// on: the first is where the strict replay stopped.
	wheres := []string{"year 1 round 3", "year 1 round 3", "year 1 round 4", "year 1 festival", "year 2 round 1", "year 2 round 1", "year 2 round 5"}
	for i, d := range rep.Diagnostics {
		if i < len(wheres) && d.Where != wheres[i] {
			t.Errorf("line %d: where %q, want %q", d.Line, d.Where, wheres[i])
		}
	}
	if rep.Diagnostics[0].Where != strict.Diagnostics[0].Where {
		t.Errorf("line 13 as played in %q, strictly in %q", rep.Diagnostics[0].Where, strict.Diagnostics[0].Where)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The check lines after Ben's purchase and Ann's cash (Ben at -1
	// Francs, Ann at -2 prestige) and both claims hold: the state is the
	// one played.
	if !rep.Disputed || rep.Valid() || rep.Result == nil || len(rep.Claims) != 2 {
		t.Fatalf("disputed %v, valid %v, result %v, claims %d", rep.Disputed, rep.Valid(), rep.Result != nil, len(rep.Claims))
	}
	if ben := rep.Result.Player("Ben"); ben == nil || ben.Total != 1 {
		t.Errorf("Ben's vineyard as played is worth 1: %+v", ben)
	}
}

// TestAsPlayedStopsWhereNothingApplies: selling wine that is not in the
// barrel cannot be carried out as written; the replay stops there.
func TestAsPlayedStopsWhereNothingApplies(t *testing.T) {
	data, err := os.ReadFile("../../testdata/grand-cru/as-played/several-errors.vin")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), "Ben: sell merlot 2\n", "Ben: sell merlot 2 5\n", 1)
	rep := validate.Check(engines, "x.vin", []byte(s), validate.Limits{}, validate.Options{AsPlayed: true})
	last := rep.Diagnostics[len(rep.Diagnostics)-1]
	if last.Line != 25 || last.Message != "Ben has only 1 merlot in barrel 2" || rep.Result != nil {
		t.Fatalf("the replay stops at line 25: %v", rep.Diagnostics)
	}
}

// TestAsPlayedCarriesOutWhatIsWritten: a start player without the most
// loans, a bid no higher than the last, a partial sale under ruling
// sale-must-sell-all and a check that differs are carried out as written
// (the check changes nothing): as played each error is applied and the
// replay goes on to the next line, which reads the state played.
func TestAsPlayedCarriesOutWhatIsWritten(t *testing.T) {
	for _, tc := range []struct{ file, next string }{
		{"setup-start-not-most", "display gamay gamay merlot pinot seal aging\nyear 1\ncheck Ann start=Ben\nBen: auction gamay 1\n"},
		{"bid-not-higher", "check Ben bids=1 bid.1=3\ncheck Ann bids=0\n"},
		{"variant-sale-must-sell-all", "check Ann barrel2=gamay:1\n"},
		{"check-money", "check Ann money=16\n"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("../../testdata/grand-cru/invalid/" + tc.file + ".vin")
			if err != nil {
				t.Fatal(err)
			}
			strict := validate.Check(engines, "x.vin", data, validate.Limits{}, validate.Options{})
			if len(strict.Diagnostics) != 1 || strict.Diagnostics[0].Applied {
				t.Fatalf("without --as-played: %v", strict.Diagnostics)
			}
			stop := strict.Diagnostics[0]
			data = append(data, tc.next...)
			rep := validate.Check(engines, "x.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
			if len(rep.Diagnostics) != 2 || !rep.Disputed {
				t.Fatalf("as played: want the applied error and the record's early end, got %v (disputed %v)", rep.Diagnostics, rep.Disputed)
			}
			d := rep.Diagnostics[0]
			if !d.Applied || d.Line != stop.Line || d.Code != stop.Code || d.Message != stop.Message || d.Where != stop.Where {
				t.Errorf("as played %+v, want %+v applied", d, stop)
			}
			if end := rep.Diagnostics[1]; end.Code != validate.CodeMissing {
				t.Errorf("the replay went on to the end: %+v", end)
			}
		})
	}
}

// TestCheckNamesEveryDifference: a check line's first difference stops the
// replay, and its message adds the line's other differences, which point
// at the line that went wrong; as played, the one diagnostic is noted.
func TestCheckNamesEveryDifference(t *testing.T) {
	data, err := os.ReadFile("../../testdata/examples/grand-cru-3p.vin")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "check Ann money=8 loans=2 vineyard=gamay,syrah,vintage", "check Ann money=9 loans=3 vineyard=gamay,syrah,vintage", 1)
	want := "Ann's money is 8, not 9 as checked (also: Ann's loans is 2, not 3 as checked)"
	for _, asPlayed := range []bool{false, true} {
		rep := validate.Check(engines, "x.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: asPlayed})
		if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Line != 53 || rep.Diagnostics[0].Message != want {
			t.Errorf("as played %v: want line 53: %s, got %v", asPlayed, want, rep.Diagnostics)
		}
	}
}

// TestPassedOverPassOpensTheYear: a festival line of a player the festival
// passed over reads as the next year's first action; a loans line after it
// is refused in Phase I, with a hint naming the line that began the year.
func TestPassedOverPassOpensTheYear(t *testing.T) {
	data, err := os.ReadFile("../../testdata/grand-cru/invalid/loans-after-passed-over-pass.vin")
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check(engines, "x.vin", data, validate.Limits{}, validate.Options{})
	want := "line 12, Ann: pass, closed the loans step and began year 2: the festival had passed Ann over, so the line was read as year 2's"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Hint != want {
		t.Errorf("want the hint %q, got %v", want, rep.Diagnostics)
	}
}

// TestCheckUnknownKeyAfterDifference: a key that is no check key, past the
// line's first difference, is listed too, strict or as played (every
// syntax error of a record is listed); the also-list stops at it.
func TestCheckUnknownKeyAfterDifference(t *testing.T) {
	data, err := os.ReadFile("../../testdata/examples/grand-cru-3p.vin")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "check Ann money=8 loans=2 vineyard=gamay,syrah,vintage", "check Ann money=9 bogus=1 loans=3 vineyard=gamay,syrah,vintage", 1)
	for _, asPlayed := range []bool{false, true} {
		rep := validate.Check(engines, "x.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: asPlayed})
		if len(rep.Diagnostics) != 2 || rep.Diagnostics[0].Message != "Ann's money is 8, not 9 as checked" ||
			rep.Diagnostics[1].Col != 19 || !strings.HasPrefix(rep.Diagnostics[1].Message, `unknown check key "bogus"`) {
			t.Errorf("as played %v: %v", asPlayed, rep.Diagnostics)
		}
	}
}
