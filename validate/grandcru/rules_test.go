package grandcru

import (
	"os"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
)

const (
	gamay = iota
	syrah
	merlot
	cabernet
	pinot
)

func testState(t *testing.T, names ...string) *state {
	t.Helper()
	tb, diags := tablesFor(validate.Options{})
	if diags.HasErrors() {
		t.Fatal(diags[0].Error())
	}
	s := newState(tb, rulings{}, names)
	s.start = 0
	return s
}

// fromStock moves cubes from the stock, as the game would have.
func (s *state) fromStock(v, n int) int { s.stock[v] -= n; return n }

func TestFestivalMajorities(t *testing.T) {
	s := testState(t, "Ann", "Ben", "Cal")
	ann, ben, cal := s.pl[0], s.pl[1], s.pl[2]
	ann.festival = [5]int{s.fromStock(gamay, 3), s.fromStock(syrah, 2), s.fromStock(merlot, 3), s.fromStock(cabernet, 1), 0}
	ben.festival = [5]int{s.fromStock(gamay, 2), s.fromStock(syrah, 2), s.fromStock(merlot, 1), 0, 0}
	cal.festival = [5]int{s.fromStock(gamay, 1), s.fromStock(syrah, 1), s.fromStock(merlot, 1), 0, 0}
	s.festivalScoring()
	// gamay: Ann 3, Ben 1. syrah: Ann and Ben tie for first, 1 each, no
	// second. merlot: Ann 3, a tie for second scores nothing. cabernet: Ann 3.
	if got := [3]int{ann.prestige, ben.prestige, cal.prestige}; got != [3]int{3 + 3 + 1 + 3 + 3, 3 + 1 + 1, 3} {
		t.Fatalf("prestige %v", got)
	}
	if s.stock != s.t.Cubes || ann.festival != [5]int{} {
		t.Fatalf("the sold cubes go back to the stock: %v", s.stock)
	}
}

func TestMaturingAndSpoilage(t *testing.T) {
	// The aging-never-spoils ruling is about Aging only: the year end's
	// maturing spoils the same under it.
	for _, r := range []rulings{{}, {agingNeverSpoils: true}} {
		maturingAndSpoilage(t, r)
	}
}

func maturingAndSpoilage(t *testing.T, r rulings) {
	s := testState(t, "Ann", "Ben")
	s.r = r
	ann := s.pl[0]
	ann.barrels[0][gamay] = s.fromStock(gamay, 2)       // 1 -> 2: matures
	ann.barrels[2][gamay] = s.fromStock(gamay, 1)       // 3 -> 4: gamay no longer pictured, spoils
	ann.barrels[1][merlot] = s.fromStock(merlot, 1)     // 2 -> 3: never mature yet, keeps
	ann.barrels[5][cabernet] = s.fromStock(cabernet, 2) // 6 -> 7: spoils
	ann.barrels[6][pinot] = s.fromStock(pinot, 1)       // leaves the cellar
	s.endFestival()
	want := [7][5]int{}
	want[1][gamay] = 2
	want[2][merlot] = 1
	for b := range want {
		if ann.barrels[b] != want[b] {
			t.Fatalf("%+v: barrel %d: %v, want %v", r, b+1, ann.barrels[b], want[b])
		}
	}
	if s.stock[gamay] != 13 || s.stock[cabernet] != 23 || s.stock[pinot] != 25 {
		t.Fatalf("%+v: spoiled wine goes back to the stock: %v", r, s.stock)
	}
}

func TestInterestEmergencyLoansBankruptcy(t *testing.T) {
	s := testState(t, "Ann", "Ben", "Cal")
	// A linear interest row (1 Franc a loan), so that one emergency loan
	// can still leave a vineyard short.
	linear := *s.t
	linear.Interest = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	s.t = &linear
	ann, ben, cal := s.pl[0], s.pl[1], s.pl[2]
	ann.loans, ann.money = 3, 1  // owes 3: one emergency loan of 5
	ben.loans, ben.money = 11, 5 // owes 11 at the maximum: bankrupt
	cal.loans, cal.money = 10, 0 // owes 10: one emergency loan, still short
	s.endFestival()
	if ann.loans != 4 || ann.money != 3 || ann.bankrupt {
		t.Errorf("Ann: %d loans, %d Francs", ann.loans, ann.money)
	}
	if !ben.bankrupt || ben.loans != 11 || !cal.bankrupt || cal.loans != 11 {
		t.Errorf("Ben and Cal go bankrupt: %+v %+v", ben, cal)
	}
	s.finishLoans()
	if s.ph != phOver {
		t.Error("a bankruptcy ends the game after the loans step")
	}
	res := s.result()
	if res.Players[2].Name == "Ann" || !res.Players[2].RanksLast {
		t.Errorf("bankrupt vineyards rank last: %+v", res.Players)
	}
}

func TestPreparationFiniteStock(t *testing.T) {
	s := testState(t, "Ann", "Ben")
	s.start = 1 // Ben refills first
	s.pl[0].loans, s.pl[1].loans = 1, 1
	s.pl[0].vineyard = []tile{{kind: gamay}}
	s.pl[1].vineyard = []tile{{kind: gamay}, {kind: impAging, used: true}}
	// All but one gamay cube are in Ann's cellar.
	s.pl[0].barrels[3][syrah] = 0
	s.pl[0].barrels[1][gamay] = s.fromStock(gamay, s.stock[gamay]-1)
	s.ph = phLoans
	s.finishLoans()
	if !s.pl[1].vineyard[0].cube || s.pl[0].vineyard[0].cube {
		t.Fatal("in turn order from the starting player, Ben gets the last gamay cube")
	}
	if s.pl[0].money != 1 || s.pl[1].money != 0 {
		t.Fatalf("Ann gets 1 Franc for the missing cube: %d", s.pl[0].money)
	}
	if s.pl[1].vineyard[1].used {
		t.Fatal("improvements turn face up")
	}
	if s.ph != phActions || s.year != 1 || s.round != 1 {
		t.Fatalf("a new year begins: %s", s.where())
	}
}

func TestFestivalOrderTie(t *testing.T) {
	for _, c := range []struct {
		excl  bool
		first string
	}{{false, "Cal"}, {true, "Ben"}} {
		s := testState(t, "Ann", "Ben", "Cal")
		s.r.tieExcludesStart = c.excl
		s.start = 2
		s.pl[0].prestige, s.pl[1].prestige, s.pl[2].prestige = 2, 5, 5
		s.startFestival()
		if got := s.pl[s.turn].name; got != c.first {
			t.Errorf("tieExcludesStart=%v: %s goes first, want %s", c.excl, got, c.first)
		}
	}
}

func TestDisplayReshufflesDiscards(t *testing.T) {
	s := testState(t, "Ann", "Ben", "Cal")
	for k := range s.pile {
		s.discard[k], s.pile[k] = s.pile[k], 0
	}
	s.pile[gamay], s.discard[gamay] = 2, 12
	if f := s.drawDisplay([]int{syrah, merlot, cabernet, pinot, gamay, impAging}, 6); f == nil {
		t.Fatal("the two gamay left in the pile must come out before the reshuffle")
	}
	if f := s.drawDisplay([]int{gamay, gamay, gamay, merlot, impAging, impSeal}, 6); f != nil {
		t.Fatal(f.msg)
	}
	if s.pile[gamay] != 11 || s.discard[gamay] != 0 || s.pile[merlot] != 13 {
		t.Fatalf("the discards became the pile: gamay %d, merlot %d", s.pile[gamay], s.pile[merlot])
	}
}

// A festival line by a player the festival passed over is tried as the
// next year's action, which closes the loans step and prepares the year;
// refused, it leaves the state of the year end, vines and money included
// (replay shows the state before the error).
func TestFestivalOverLeavesTheYearEnd(t *testing.T) {
	name := "../../testdata/grand-cru/invalid/festival-over-passed-over.vin"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check(engines, name, data, validate.Limits{}, validate.Options{})
	if rep.Valid() {
		t.Fatal("accepted")
	}
	s := rep.State.(*state)
	if err := s.invariants(); err != nil {
		t.Fatalf("%v\n%s", err, s.Text())
	}
	ann := s.pl[0]
	if s.ph != phLoans || ann.vineyard[0].cube || ann.vineyard[1].cube || ann.ripe[gamay] != 0 {
		t.Fatalf("Ann's vines stay harvested until the preparation:\n%s", s.Text())
	}
}

// replay's state says what a judge asks at the year end: once Year End
// is triggered, who still has a final action; in the festival, which
// spaces are taken (each is used once a festival), how many special
// actions each player took, and who passed; in the loans step, who may
// still take or repay loans (each is heard once, in turn order).
func TestTextYearEndAndFestival(t *testing.T) {
	name := "../../testdata/examples/grand-cru-3p.vin"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	at := func(n int) string {
		rep := validate.Check(engines, name, data, validate.Limits{}, validate.Options{AtLine: n})
		return rep.State.Text()
	}
	for _, c := range []struct {
		line int
		want []string
	}{
		{17, []string{"Grand Cru, year 1 round 4, Ben to act, start player Ben\nbottle on leaf 5 of 5\n"}},
		{18, []string{"Grand Cru, year 1 round 4, Cal to act, start player Ben\nbottle on leaf 5 of 5, Year End triggered: final action for Cal, Ann\n"}},
		{19, []string{"bottle on leaf 5 of 5, Year End triggered: final action for Ann\n"}},
		{23, []string{"Grand Cru, year 1 festival, Ben to act, start player Ben\nfestival spaces taken: none\n"}},
		{26, []string{
			"festival spaces taken: start-player Ben, late-vintage Ann, cash-3 Cal\n",
			"Ann: 10 Francs, 2 loans, 1 prestige, 1 special action of 4\n",
		}},
		{27, []string{
			"festival spaces taken: start-player Ben, late-vintage Ann, demand-2 Ben, cash-3 Cal\n",
			"Ben: 18 Francs, 4 loans, 0 prestige, 2 special actions of 4\n",
		}},
		{29, []string{"Grand Cru, year 1 loans, start player Ben\nloans step: still to be heard Ben, Cal, Ann\n"}},
		{30, []string{"loans step: still to be heard Cal, Ann\n"}},
		{31, []string{"loans step: every player heard\n", "Ann: 16 Francs, 3 loans, 0 prestige\n"}},
		{47, []string{"Grand Cru, year 2 festival, Ann to act, start player Ben\nfestival spaces taken: none\n", ", passed\n"}},
	} {
		txt := at(c.line)
		for _, w := range c.want {
			if !strings.Contains(txt, w) {
				t.Errorf("after line %d: no %q in\n%s", c.line, w, txt)
			}
		}
	}
}
