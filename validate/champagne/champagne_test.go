package champagne

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/cputime"
	"github.com/vintner/vintner/internal/golden"
	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// cpuTime is the process's CPU time (internal/cputime).
var cpuTime = cputime.Process

func games() []validate.Game { return []validate.Game{New()} }

func check(t testing.TB, name string, data []byte) *validate.Report {
	t.Helper()
	return validate.Check(games(), name, data, validate.Limits{}, validate.Options{})
}

// TestFixtures replays every record under testdata/champagne: the invalid
// ones fail at their `# want` line with that message, the others are valid.
func TestFixtures(t *testing.T) {
	n := wanttest.Run(t, games(), "../../testdata/champagne/invalid") + wanttest.Run(t, games(), "../../testdata/champagne/valid")
	if n < 30 {
		t.Errorf("only %d champagne fixtures", n)
	}
}

func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/examples/age-of-champagne-*.vin")
	if len(files) == 0 {
		t.Fatal("no age-of-champagne example")
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		rep := check(t, f, data)
		if !rep.Valid() || rep.Result == nil || len(rep.Claims) == 0 {
			t.Errorf("%s: want a valid scored record with claims, got %v", f, rep.Diagnostics)
		}
	}
}

// TestGolden scores each valid record and compares the table with its
// .golden file (go test -update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/champagne/valid/*.vin")
	if len(files) < 6 {
		t.Fatalf("want golden replays for 1-4 players and both sides, found %d", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, _ := os.ReadFile(f)
			rep := check(t, f, data)
			if !rep.Valid() || rep.Result == nil {
				t.Fatalf("rejected: %v", rep.Diagnostics)
			}
			var b bytes.Buffer
			if err := score.Render(&b, rep.Result, "table"); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, strings.TrimSuffix(f, ".vin")+".golden", b.Bytes())
		})
	}
}

// invariants are what must hold after every line of a legal game.
func invariants(s *state) error {
	r := s.r
	var cubesIn [3]int
	owner := map[string]string{}
	for i, p := range s.players {
		for t := range 3 {
			if p.still[t] < 0 || p.cellar[t] < 0 || p.oeno[t] < 0 || p.grid[t] < 0 || p.grid[t] > r.GridSlots {
				return fmt.Errorf("%s: negative or overfull cubes", p.name)
			}
			cubesIn[t] += p.still[t] + p.cellar[t] + p.oeno[t] + p.grid[t]
		}
		if p.cellarCount() > r.CellarMax || p.oenoCount() > r.OenoMax {
			return fmt.Errorf("%s: cellar %d, œnothèque %d over capacity", p.name, p.cellarCount(), p.oenoCount())
		}
		if p.eco < 0 || p.eco >= len(r.EcoValues) {
			return fmt.Errorf("%s: eco index %d off the report", p.name, p.eco)
		}
		if !p.merchant {
			if p.stillCount() > r.wineryCap(p.modules) {
				return fmt.Errorf("%s: %d still wines in %d modules", p.name, p.stillCount(), p.modules)
			}
			if p.modules > r.ModulesMax || p.press < r.PressStart || p.press > r.PressMax {
				return fmt.Errorf("%s: modules %d press %d", p.name, p.modules, p.press)
			}
		}
		if s.placed[i] > p.collabs {
			return fmt.Errorf("%s placed %d collaborators", p.name, s.placed[i])
		}
		for _, o := range p.vines {
			if prev, ok := owner[o.card.ID]; ok {
				return fmt.Errorf("%s owned by %s and %s", o.card.ID, prev, p.name)
			}
			owner[o.card.ID] = p.name
			if o.region < 0 {
				return fmt.Errorf("%s lies in no region", o.card.ID)
			}
		}
	}
	for t := range 3 {
		if cubesIn[t] > r.T.BoxCount("cubes-per-colour") {
			return fmt.Errorf("%d cubes of colour %d in play, the box has %d", cubesIn[t], t, r.T.BoxCount("cubes-per-colour"))
		}
	}
	if s.round < 0 || s.round > r.Rounds {
		return fmt.Errorf("round %d", s.round)
	}
	// The stacks' cards counted as they come up (keyInStacks) are the
	// cards not seen yet.
	var left stackCounts
	left.region = make([]int, len(r.Regions))
	for i := range r.Vineyards {
		if c := &r.Vineyards[i]; !c.Inheritance && !s.vineSeen[c.Idx] {
			left.add(c, 1)
		}
	}
	if !slices.Equal(left.region, s.unseen.region) || left.wild != s.unseen.wild || left.grape != s.unseen.grape {
		return fmt.Errorf("the stacks' counts %+v, the cards not seen %+v", s.unseen, left)
	}
	// place reads the player to place from his wPlace step, found in the
	// mask place keeps (toPlace).
	if w := s.next(); w.kind == wPlace {
		if m := s.placeMask(); s.toPlace != m {
			return fmt.Errorf("players left to place %b, kept as %b", m, s.toPlace)
		}
		turn := s.turn
		if cur := s.current(); cur != int(w.who) {
			return fmt.Errorf("the wPlace step is %s's, but it is %s's turn", s.nameOf(int(w.who)), s.nameOf(cur))
		}
		s.turn = turn
	}
	return nil
}

func variantsFor(players int, seed uint64) []string {
	var v []string
	switch seed % 6 {
	case 1:
		v = append(v, "first-game")
	case 2:
		if players >= 2 {
			v = append(v, "trade-partnership")
		}
	case 3:
		if players <= 3 {
			v = append(v, "merchant=hard")
		}
	case 4:
		if players == 2 || players == 3 {
			v = append(v, "high-tension")
		}
	case 5:
		if players <= 2 {
			v = append(v, "merchant=extreme", "high-tension")
		}
	}
	return v
}

// TestRandomGames plays generated games with the invariants checked after
// every line, then replays each record from its text: valid, ten rounds,
// every check and claim matching.
func TestRandomGames(t *testing.T) {
	n := 250 // 1,000 games over the four player counts
	if testing.Short() {
		n = 40
	}
	// One subtest per player count, in parallel: the machine's cores share
	// the 1,000 games.
	for players := 1; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			randomGames(t, players, n)
		})
	}
}

func randomGames(t *testing.T, players, n int) {
	lines := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		vs := variantsFor(players, seed)
		data, err := generateChecked(players, seed, vs, invariants)
		if err != nil {
			t.Fatalf("players %d seed %d %v: %v", players, seed, vs, err)
		}
		rep := check(t, "gen.vin", data)
		if !rep.Valid() || rep.Result == nil {
			t.Fatalf("players %d seed %d %v: generated game rejected: %v", players, seed, vs, rep.Diagnostics)
		}
		st := rep.State.(*state)
		if st.round != 10 || !st.finished {
			t.Fatalf("players %d seed %d: the game ended in round %d", players, seed, st.round)
		}
		if len(rep.Claims) != players {
			t.Fatalf("players %d seed %d: %d claims compared", players, seed, len(rep.Claims))
		}
		lines += rep.Actions
	}
	t.Logf("%d games, %d actions", n, lines)
}

func TestRandomDeterministic(t *testing.T) {
	a, _ := generate(3, 42, nil)
	b, _ := generate(3, 42, nil)
	c, _ := generate(3, 43, nil)
	if !bytes.Equal(a, b) || bytes.Equal(a, c) {
		t.Error("the same seed must give the same game, another seed another")
	}
}

func TestRandomRejectsBadPlayerCount(t *testing.T) {
	for _, n := range []int{0, 5} {
		if _, err := generate(n, 1, nil); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
}

// Variants a generator cannot honour together are refused, not dropped:
// "standard" asks for none, and a variant has one value.
func TestRandomRefusesContradictoryVariants(t *testing.T) {
	for _, c := range []struct {
		variants []string
		want     string
	}{
		{[]string{"first-game", "standard"}, "variant standard asks for none: it cannot go with first-game"},
		{[]string{"merchant=easy", "merchant=hard"}, "variant merchant=hard contradicts merchant=easy, given before: a variant has one value"},
	} {
		if _, err := generate(2, 1, c.variants); err == nil || err.Error() != c.want {
			t.Errorf("%v: error %v, want %q", c.variants, err, c.want)
		}
	}
	if b, err := generate(2, 1, []string{"standard"}); err != nil || bytes.Contains(b, []byte("\nvariant ")) {
		t.Errorf("standard alone: %v, or a variant line", err)
	}
}

// TestRandomWineMerchantLevel: a solo game asked for with variant
// wine-merchant=LEVEL (the replay's other name of merchant=LEVEL) is played
// at that level; the generator added a merchant= of its own, at a level of
// its choosing, which the replay took instead.
func TestRandomWineMerchantLevel(t *testing.T) {
	b, err := generate(1, 1, []string{"wine-merchant=hard"})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("\nvariant merchant=")) {
		t.Errorf("a second level was added:\n%s", b[:bytes.Index(b, []byte("\noffers"))])
	}
}

// TestStateText: `vintner replay` shows the state where it stopped.
func TestStateText(t *testing.T) {
	data, _ := generate(2, 3, nil)
	rec, _ := validate.Parse("g.vin", data, validate.Limits{})
	rep := New().Replay(rec, validate.Options{AtLine: 40})
	if rep.Result != nil {
		t.Fatal("a truncated replay has no result")
	}
	txt := rep.State.Text()
	for _, want := range []string{"round ", "council:", "Ann: pp=", "next: "} {
		if !strings.Contains(txt, want) {
			t.Errorf("state text lacks %q:\n%s", want, txt)
		}
	}
}

// TestStateTextBoard: the state shows the action spots of the round: who
// was placed where (a disc marked; a vineyard spot by its card, the one
// taken once resolved), who waits on a marketing n+1 spot, and the spots
// High Tension blocks.
func TestStateTextBoard(t *testing.T) {
	for _, c := range []struct {
		file string
		at   int
		want string
	}{
		{"../../testdata/examples/age-of-champagne-3p.vin", 4, "setup\ncouncil:\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 17, "round 1\ncouncil: 1.Ben 2.Cal 3.Ann\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 17, "\nplaced this round: none\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 21, "\nplaced this round: winery 3 Cal, shipping 1 Ben\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 44, "\nplaced this round: vineyard damery Ben, press 1 Ben, press 2 Ben, press 4 Cal, winery 2 Cal, winery 3 Ann, winery 4 Ann, marketing n2 Cal, council 1 Ann; waiting: marketing n2+ Cal\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 48, "\nplaced this round: none; waiting: marketing n2+ Cal\n"},
		{"../../testdata/examples/age-of-champagne-3p.vin", 164, "\nplaced this round: vineyard sezanne Ben (disc), draw 4 Ann\n"},
		{"../../testdata/champagne/valid/3p-high-tension.vin", 25, "\nplaced this round: vineyard trepail Cal, vineyard celles-sur-ource Cal, press 2 Ben, press 3 Ben, marketing n1 Ann; blocked: press 1, winery 4, draw 2\n"},
		{"../../testdata/champagne/valid/3p-merchant.vin", 20, "\nplaced this round: shipping 4 the Wine Merchant\n"},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		rec, _ := validate.Parse(c.file, data, validate.Limits{})
		txt := New().Replay(rec, validate.Options{AtLine: c.at}).State.Text()
		if !strings.Contains(txt, c.want) {
			t.Errorf("%s after line %d: no %q in\n%s", c.file, c.at, c.want, txt)
		}
	}
}

// TestStateTextBeforeError: a rejected line leaves the state `vintner
// replay` prints as it was just before it (as its help says): none of the
// line applied, and the next step the line's own, not the one after it.
func TestStateTextBeforeError(t *testing.T) {
	const file = "../../testdata/examples/age-of-champagne-3p.vin"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for _, c := range []struct {
		before int    // the lines kept
		bad    string // the rejected line that follows them
		next   string
	}{
		// Three cuvées drawn before the fourth is refused.
		{109, "Cal: draw T=MPC N=MPP N=PPP T=PPP\n", "next: Cal draws wines"},
		// A ship line that keeps no token: the shipping step stays Cal's.
		{177, "Cal: ship F13 short B\n", "next: Cal ships from shipping 3"},
	} {
		good := strings.Join(lines[:c.before], "")
		rec, _ := validate.Parse(file, []byte(good), validate.Limits{})
		want := New().Replay(rec, validate.Options{AtLine: c.before}).State.Text()
		rec, _ = validate.Parse(file, []byte(good+c.bad), validate.Limits{})
		rep := New().Replay(rec, validate.Options{})
		if !rep.Diagnostics.HasErrors() || rep.Diagnostics[0].Line != c.before+1 {
			t.Fatalf("%q after line %d is not rejected at its line: %v", c.bad, c.before, rep.Diagnostics)
		}
		got := rep.State.Text()
		if got != want {
			t.Errorf("state after the rejected %q:\n%s\nwant the state before it:\n%s", c.bad, got, want)
		}
		if !strings.Contains(got, c.next) {
			t.Errorf("state after the rejected %q lacks %q:\n%s", c.bad, c.next, got)
		}
		// Replayed to a line past it (--at N, or the line before a
		// syntax error further on, where Check cuts the replay), the
		// state is the same.
		rec, _ = validate.Parse(file, []byte(good+c.bad+"Ann: ship none\n"), validate.Limits{})
		if got := New().Replay(rec, validate.Options{AtLine: c.before + 1}).State.Text(); got != want {
			t.Errorf("state after the rejected %q, replayed to a later line:\n%s\nwant the state before it:\n%s", c.bad, got, want)
		}
	}
}

// TestStateTextLandAndReservation: the state shows a player's land
// ownership tokens (each a Vineyard card of its region at the final
// scoring) and the market card his reservation disc is on.
func TestStateTextLandAndReservation(t *testing.T) {
	for _, c := range []struct {
		file string
		at   int
		want string
	}{
		{"../../testdata/champagne/valid/3p-high-tension.vin", 118, "essomes-sur-marne@marne\n"},
		{"../../testdata/champagne/valid/3p-high-tension.vin", 119, "essomes-sur-marne@marne land=marne\n"},
		{"../../testdata/champagne/valid/3p-high-tension.vin", 0, "villedommange@reims land=marne\n"},
		{"../../testdata/champagne/valid/3p-trade-partnership.vin", 117, "chamery@reims reserved=E03\n"},
	} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		rec, _ := validate.Parse(c.file, data, validate.Limits{})
		txt := New().Replay(rec, validate.Options{AtLine: c.at}).State.Text()
		ann := txt[strings.Index(txt, "\nAnn: ")+1:]
		ann = ann[:strings.Index(ann, "\n")+1]
		if !strings.HasSuffix(ann, c.want) {
			t.Errorf("%s after line %d: %q does not end with %q", c.file, c.at, ann, c.want)
		}
	}
}

// TestSoloScoresLikeTheMerchant: in solo, vineyards and the winery do not score.
func TestSoloScoresLikeTheMerchant(t *testing.T) {
	data, _ := generate(1, 7, []string{"merchant=medium"})
	rep := check(t, "solo.vin", data)
	if rep.Result == nil || len(rep.Result.Players) != 2 {
		t.Fatalf("want the player and the Wine Merchant ranked, got %+v", rep.Result)
	}
	for _, p := range rep.Result.Players {
		if rep.Result.Points(&p, "regions") != 0 || rep.Result.Points(&p, "major") != 0 || rep.Result.Points(&p, "still") != 0 {
			t.Errorf("%s scores vineyards or still wines in solo", p.Name)
		}
	}
}

func FuzzReplay(f *testing.F) {
	// Short seeds keep the mutations and their minimisation quick: the
	// setup and first rounds of each player count, and one whole game.
	for _, p := range []int{1, 2, 3, 4} {
		data, _ := generate(p, uint64(p), nil)
		if p == 2 {
			f.Add(data)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		f.Add(bytes.Join(lines[:min(len(lines), 60)], nil))
	}
	files, _ := filepath.Glob("../../testdata/champagne/invalid/*.vin")
	for _, fl := range files[:min(len(files), 10)] {
		data, _ := os.ReadFile(fl)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// As played, broken rules are applied: that path must not panic either.
		validate.Check(games(), "fuzz.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
		rep := check(t, "fuzz.vin", data)
		// a batch, which reads check lines lazily, reports the same
		if msg := wanttest.LazySame(games(), "fuzz.vin", data, validate.Options{}, rep); msg != "" {
			t.Fatal(msg)
		}
		if rep.Valid() && rep.Result == nil && rep.State != nil {
			if st, ok := rep.State.(*state); ok && st.finished {
				t.Error("a finished valid game has no result")
			}
		}
	})
}

// BenchmarkReplay measures the engine alone: the record is read once.
func BenchmarkReplay(b *testing.B) {
	data, err := generate(4, 1, []string{"standard"})
	if err != nil {
		b.Fatal(err)
	}
	rec, diags := validate.Parse("bench.vin", data, validate.Limits{})
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	g := New()
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		rep := g.Replay(rec, validate.Options{})
		if rep.Result == nil {
			b.Fatal(rep.Diagnostics)
		}
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
	if d := cpuTime() - cpu; d > 0 {
		// On a loaded machine wall time includes waiting for a core.
		b.ReportMetric(float64(actions)/d.Seconds(), "cpu-actions/s")
	}
}

// BenchmarkReplayFresh measures the engine alone over many different
// records (players 2 to 4), read once, with recycled states (NoState), as
// in a batch: a single record replayed again and again stays in the
// caches.
func BenchmarkReplayFresh(b *testing.B) {
	var recs []*validate.Record
	for i := range 256 {
		data, err := generate(2+i%3, uint64(1000+i), nil)
		if err != nil {
			b.Fatal(err)
		}
		rec, diags := validate.Parse("bench.vin", data, validate.Limits{})
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		recs = append(recs, rec)
	}
	g := New()
	actions := 0
	b.ReportAllocs()
	cpu := cpuTime()
	i := 0
	for b.Loop() {
		rep := g.Replay(recs[i%len(recs)], validate.Options{NoState: true})
		if rep.Result == nil {
			b.Fatal(rep.Diagnostics)
		}
		actions += rep.Actions
		i++
	}
	if d := cpuTime() - cpu; d > 0 {
		b.ReportMetric(float64(actions)/d.Seconds(), "cpu-actions/s")
		b.ReportMetric(d.Seconds()*1e6/float64(i), "cpu-us/rec")
	}
}

// BenchmarkCheck measures the whole pipeline: reading, replay, report.
func BenchmarkCheck(b *testing.B) {
	data, err := generate(4, 1, []string{"standard"})
	if err != nil {
		b.Fatal(err)
	}
	actions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rep := check(b, "bench.vin", data)
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// TestNotationDoc replays the complete game of the notation page.
func TestNotationDoc(t *testing.T) {
	data, err := os.ReadFile("../../docs/notation/age-of-champagne.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "```vin\n")
	game, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("the notation page has no ```vin block")
	}
	rep := check(t, "age-of-champagne.md", []byte(game))
	if !rep.Valid() || rep.Result == nil || len(rep.Claims) != 2 {
		t.Fatalf("the documented game does not replay clean: %v", rep.Diagnostics)
	}
}

// TestExchangeWinesAsWords: the notation page's names table lets still
// wines be one word or several (MMC, M M C); an exchange reads them so,
// the first two given and the last taken.
func TestExchangeWinesAsWords(t *testing.T) {
	for _, form := range []string{"Ben: exchange M M C", "Ben: exchange MMC"} {
		game := replaceLine(t, notationGame(t), "Ben: exchange MM C", form)
		if rep := check(t, "x.vin", []byte(game)); !rep.Valid() {
			t.Errorf("%s: %v", form, rep.Diagnostics)
		}
	}
	game := replaceLine(t, notationGame(t), "Ben: exchange MM C", "Ben: exchange M M C C")
	rep := check(t, "x.vin", []byte(game))
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Message != "an exchange gives 2 still wines for 1: Ben: exchange MM C" {
		t.Errorf("four still wines: %v", rep.Diagnostics)
	}
}

// withOption returns the default tables with one house ruling changed.
func withOption(t *testing.T, name, value string) []byte {
	t.Helper()
	var out []string
	found := false
	for _, l := range strings.Split(string(tables.DefaultText()), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "option" && f[1] == name {
			l, found = "option "+name+" "+value+" src=box", true
		}
		out = append(out, l)
	}
	if !found {
		t.Fatalf("no option %s in the tables", name)
	}
	return []byte(strings.Join(out, "\n"))
}

// TestOptions plays games under each house ruling the engine applies and
// replays them with the same tables: the generator and the engine agree,
// and the option changes something.
func TestOptions(t *testing.T) {
	opts := map[string]string{
		"oenotheque-shipping": "yes", "corks-defect": "cellar-then-oenotheque", "partial-delivery": "each-card",
		"partner-bonus": "no", "forfeit-effect": "lost", "subsidies": "per-player", "council-order": "descending",
		"eco-spill": "ignored-at-setup", "press-token": "each-time", "pandemic-top-row": "all",
		"market-refill": "stack-top", "reservation-penalty": "with-event", "major-split": "ceil",
		"negative-score": "floor-zero", "marketing-order": "spot-order", "market-tokens": "any-active",
		"exchange-timing": "own-actions", "grid-transfer": "written", "land-token": "ignored",
		"vitryats-key": "chardonnay",
	}
	mustDiffer := map[string]bool{"subsidies": true, "council-order": true, "market-refill": true, "grid-transfer": true,
		"forfeit-effect": true, "press-token": true, "negative-score": true, "market-tokens": true, "partner-bonus": true,
		"vitryats-key": true}
	n := 6
	if testing.Short() {
		n = 3
	}
	type option struct{ name, value string }
	var all []option
	for name, value := range opts {
		all = append(all, option{name, value})
	}
	// The other values: subsidies' third, and the rulings of the scoring
	// and of the blends, which the generated games never played.
	all = append(all, option{"subsidies", "per-zone"}, option{"diversification", "once"}, option{"grid-cuvees", "counted"},
		option{"solo-protection", "ignored"}, option{"eco-tiebreak", "value"}, option{"blends", "lenient"})
	for _, o := range all {
		name, value := o.name, o.value
		text := withOption(t, name, value)
		tb, diags := tables.Parse("opt", text)
		if diags.HasErrors() {
			t.Fatalf("%s=%s: %v", name, value, diags)
		}
		r := fromTables(tb)
		differ := false
		for seed := uint64(1); seed <= uint64(n); seed++ {
			for players := 1; players <= 4; players++ {
				vs := variantsFor(players, seed)
				if name == "partner-bonus" && players > 1 {
					vs = []string{"trade-partnership"}
				}
				inv := invariants
				if name == "negative-score" {
					inv = func(s *state) error {
						for _, p := range s.players {
							if p.pp < 0 {
								return fmt.Errorf("%s has %d PP under floor-zero", p.name, p.pp)
							}
						}
						return invariants(s)
					}
				}
				data, err := generateRules(r, players, seed, vs, inv)
				if err != nil {
					t.Fatalf("%s=%s players %d seed %d: %v", name, value, players, seed, err)
				}
				rep := validate.Check(games(), "opt.vin", data, validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
				if !rep.Valid() {
					t.Fatalf("%s=%s players %d seed %d: %v", name, value, players, seed, rep.Diagnostics)
				}
				def, _ := generateChecked(players, seed, vs, nil)
				differ = differ || !bytes.Equal(def, data)
			}
		}
		// The others are rarer in so few games: each has its own test
		// (TestRareOptionsChangeTheReplay, TestMarketingSpotOrder,
		// TestExchangeOwnActions, TestGeneratorCoverage, the scoring and
		// setup tests).
		if !differ && mustDiffer[name] {
			t.Errorf("option %s=%s changed no game", name, value)
		}
	}
}

// TestAsPlayedGoesOnAfterACheck: --as-played notes a check mismatch and
// still scores the game (disputed); without it the replay stops there.
func TestAsPlayedGoesOnAfterACheck(t *testing.T) {
	data, _ := generate(2, 5, nil)
	bad := strings.Replace(string(data), "check Ann pp=", "check Ann pp=9", 1)
	strict := check(t, "c.vin", []byte(bad))
	if strict.Result != nil || !strings.Contains(strict.Diagnostics[0].Message, "Ann has pp=") {
		t.Fatalf("want the replay stopped at the check, got %v", strict.Diagnostics)
	}
	rep := validate.Check(games(), "c.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: true})
	if rep.Result == nil || !rep.Disputed || len(rep.Diagnostics) != 1 {
		t.Errorf("as played: want a disputed result with one diagnostic, got %v (result %v)", rep.Diagnostics, rep.Result != nil)
	}
}

// TestAsPlayedHarvestNote: a harvest line written for a harvest the rules
// decided is noted as played, and the rules' harvest stands (E26, E27):
// the note says so (it said "applied as written", while the grapes written
// are not pressed); a harvest of a wrong size is applied as written.
func TestAsPlayedHarvestNote(t *testing.T) {
	data, err := os.ReadFile("../../testdata/champagne/invalid/harvest-derived.vin")
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check(games(), "h.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
	if len(rep.Diagnostics) == 0 || !rep.Diagnostics[0].Applied ||
		!strings.HasSuffix(rep.Diagnostics[0].Format(), "\nnote: not applied: the rules' harvest stands (--as-played); the replay went on\n") {
		t.Errorf("want the rules' harvest noted, got %v", rep.Diagnostics)
	}
	data, _ = generate(2, 5, nil)
	bad := strings.Replace(string(data), "Ben: harvest MPPCC", "Ben: harvest MPPC", 1)
	rep = validate.Check(games(), "h.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: true})
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, "Ben presses 4 grapes") ||
		!strings.HasSuffix(rep.Diagnostics[0].Format(), "\nnote: applied as written (--as-played); the replay went on\n") {
		t.Errorf("want the harvest applied as written, got %v", rep.Diagnostics)
	}
}

// TestMarketFromTables: `market SECTOR ID` takes the printed contents.
func TestMarketFromTables(t *testing.T) {
	short := strings.Replace(setup2, "market france F10 NNN 9 truck", "market france F10", 1)
	s := started(t, short)
	c := s.sectors[0].active
	if c == nil || c.ID != "F10" || cubes(c.Cuvees, cuveeLetters) != "NNN" || c.PP != 9 || c.Transport != "truck" {
		t.Errorf("F10 from the tables: %+v", c)
	}
}

func TestMisspeltVineyardHint(t *testing.T) {
	rep := check(t, "h.vin", []byte("game age-of-champagne\nplayers Ann Ben\noffers urvile damery\n"))
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Hint != "did you mean urville? (`vintner tables age-of-champagne` lists the vineyard cards)" {
		t.Errorf("want a hint for urvile, got %+v", rep.Diagnostics)
	}
	// A name far from every card points to the list only.
	rep = check(t, "h.vin", []byte("game age-of-champagne\nplayers Ann Ben\noffers bouzy damery\n"))
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Hint != "`vintner tables age-of-champagne` lists the vineyard cards" {
		t.Errorf("want the tables named for bouzy, got %+v", rep.Diagnostics)
	}
}

// TestTablesAndTally: the engine hands out the tables helper's text and
// scorepad mode.
func TestTablesAndTally(t *testing.T) {
	b, diags := New().Tables(nil, "")
	if diags.HasErrors() || !bytes.Equal(b, tables.DefaultText()) {
		t.Errorf("Tables(nil) is not the embedded file: %v", diags)
	}
	if _, diags := New().Tables([]byte("rounds ten\n"), "bad.txt"); !diags.HasErrors() {
		t.Error("a broken tables file is accepted")
	}
	files, _ := filepath.Glob("../../testdata/champagne/tally/*.vin")
	if len(files) == 0 {
		t.Fatal("no tally fixtures in testdata/champagne/tally")
	}
	data, _ := os.ReadFile(files[0])
	rep := validate.CheckTally(games(), "age-of-champagne", files[0], data, validate.Limits{}, validate.Options{})
	if rep.Result == nil && !rep.Diagnostics.HasErrors() {
		t.Errorf("scorepad mode gave neither a result nor an error")
	}
}

// notationGame is the complete game of the notation page.
func notationGame(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/notation/age-of-champagne.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(data), "```vin\n")
	game, _, _ := strings.Cut(rest, "```")
	return game
}

// replaceLine swaps the first line starting with old for new.
func replaceLine(t *testing.T, text, old, new string) string {
	t.Helper()
	i := strings.Index(text, "\n"+old)
	if i < 0 {
		t.Fatalf("no line %q", old)
	}
	end := strings.IndexByte(text[i+1:], '\n') + i + 1
	return text[:i+1] + new + text[end:]
}

// TestAsPlayedAppliesBrokenRules: as played, a placement on a taken spot,
// a blend off the blending guide and a draw out of turn are applied as
// written, each reported as an error, and the game goes on to the end.
func TestAsPlayedAppliesBrokenRules(t *testing.T) {
	game := notationGame(t)
	game = replaceLine(t, game, "Ben: press 4", "Ben: press 3")       // Ann's press 3 comes next
	game = replaceLine(t, game, "Ann: draw N=PPP", "Ann: draw B=PPM") // round 3: not a Blanc de blancs
	game = strings.Replace(game, "Ben: draw N=MPP T=MMC\nAnn: draw N=MMP N=MMP N=MMP\n",
		"Ann: draw N=MMP N=MMP N=MMP\nBen: draw N=MPP T=MMC\n", 1) // round 6: Ann draws before Ben
	game = replaceLine(t, game, "Ben: harvest MMMMPCC", "Ben: harvest MMMPCC") // round 4: one grape short
	strict := check(t, "s.vin", []byte(game))
	if len(strict.Diagnostics) != 1 || !strings.Contains(strict.Diagnostics[0].Message, "press 3 is taken by Ben") {
		t.Fatalf("strict: want the replay stopped on the taken spot, got %v", strict.Diagnostics)
	}
	rep := validate.Check(games(), "p.vin", []byte(game), validate.Limits{}, validate.Options{AsPlayed: true})
	if !rep.Disputed {
		t.Error("an as-played game with broken rules is disputed")
	}
	for _, want := range []string{"press 3 is taken by Ben", "Blanc de blancs is not blended from MPP: the blending guide makes it from CCC", "it is Ben's turn, not Ann's",
		"Ben presses 6 grapes, but the press level and the winery take 7: as many are pressed as they take, so write exactly 7 of the 8 grapes produced (MMMMPPCC)"} {
		found := false
		for _, d := range rep.Diagnostics {
			if strings.Contains(d.Message, want) && d.Severity == validate.Error {
				found = true
			}
		}
		if !found {
			t.Errorf("as played: no error %q in %v", want, rep.Diagnostics)
		}
	}
	st := rep.State.(*state)
	if st.final == nil {
		t.Fatalf("as played, the game goes on to the end: %v", rep.Diagnostics)
	}
	// Ann's Blanc de blancs from PPM is in her cellar at the end (she never ships).
	if st.players[0].cellar[2] == 0 {
		t.Errorf("Ann's blend as played was not applied: cellar %s", cubes(st.players[0].cellar, cuveeLetters))
	}
}

// TestAsPlayedStopsWhereNothingApplies: two collaborators cannot take the
// same vineyard card; as played, the replay stops there.
func TestAsPlayedStopsWhereNothingApplies(t *testing.T) {
	game := strings.Replace(notationGame(t), "Ann: winery 1\nBen: vineyard ay", "Ann: vineyard ay\nBen: vineyard ay", 1)
	rep := validate.Check(games(), "v.vin", []byte(game), validate.Limits{}, validate.Options{AsPlayed: true})
	if rep.Result != nil || len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[len(rep.Diagnostics)-1].Message, "is taken by Ann") {
		t.Fatalf("want the replay stopped on the vineyard taken twice, got %v", rep.Diagnostics)
	}
}

// TestAsPlayedHarvestOutOfTurnStops: a harvest line is not brought
// forward as played, as the other resolution lines are (E26): each
// harvest takes its grapes from what the earlier ones left in the
// supply, so a later player's harvest is not due before theirs.
func TestAsPlayedHarvestOutOfTurnStops(t *testing.T) {
	game := strings.Replace(notationGame(t), "Ann: harvest PPP\nBen: harvest MMMMPPC\n", "Ben: harvest MMMMPPC\nAnn: harvest PPP\n", 1)
	rep := validate.Check(games(), "h.vin", []byte(game), validate.Limits{}, validate.Options{AsPlayed: true})
	want := "it is Ann's turn, not Ben's: next, Ann chooses the grapes to press: Ann: harvest GRAPES"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Message != want || rep.Diagnostics[0].Applied || rep.Result != nil {
		t.Fatalf("want the replay stopped with %q, got %v", want, rep.Diagnostics)
	}
}

// optionChangesReplay generates games under a house ruling and replays
// them with the default tables: it returns the first whose replay differs
// (rejected, or scored otherwise), with what the default replay said.
func optionChangesReplay(t *testing.T, name, value string, seeds int) (string, bool) {
	t.Helper()
	text := withOption(t, name, value)
	tb, diags := tables.Parse("opt", text)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	r := fromTables(tb)
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		for players := 2; players <= 4; players++ {
			data, err := generateRules(r, players, seed, nil, invariants)
			if err != nil {
				t.Fatalf("%s=%s players %d seed %d: %v", name, value, players, seed, err)
			}
			opt := validate.Check(games(), "opt.vin", data, validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
			if !opt.Valid() || opt.Result == nil {
				t.Fatalf("%s=%s players %d seed %d: the game generated under the option is rejected with it: %v", name, value, players, seed, opt.Diagnostics)
			}
			def := check(t, "def.vin", data)
			if !def.Valid() || def.Result == nil {
				return fmt.Sprintf("players %d seed %d: %v", players, seed, def.Diagnostics), true
			}
		}
	}
	return "", false
}

// TestMarketTokensAnyActive: with market-tokens any-active, a later
// validation of a sector's active order still finds tokens to keep, which
// the default (first-active) reading has sent back to the supply.
func TestMarketTokensAnyActive(t *testing.T) {
	why, ok := optionChangesReplay(t, "market-tokens", "any-active", 20)
	if !ok {
		t.Fatal("no game played under market-tokens any-active differs from the default reading")
	}
	if !strings.Contains(why, "no bonus token lies on") {
		t.Errorf("want the default replay to refuse a token kept from an emptied space, got %s", why)
	}
}

// TestVitryatsKeyChardonnay: with vitryats-key chardonnay, a Coteaux
// Vitryats key card makes grapes quality honour Chardonnay with no choice,
// where the default reading has the player with the fewest points choose.
func TestVitryatsKeyChardonnay(t *testing.T) {
	why, ok := optionChangesReplay(t, "vitryats-key", "chardonnay", 20)
	if !ok {
		t.Fatal("no game played under vitryats-key chardonnay differs from the default reading")
	}
	if !strings.Contains(why, "is a Coteaux Vitryats card: the key of round") || !strings.Contains(why, "grapes quality was chosen by a player") {
		t.Errorf("want the default replay to ask who chose the key, got %s", why)
	}
}

// TestRareOptionsChangeTheReplay: options that the few seeds of
// TestOptions may not exercise each change some generated game: the
// default reading refuses what the option allowed, at the expected step.
func TestRareOptionsChangeTheReplay(t *testing.T) {
	for _, c := range []struct{ name, value, want string }{
		{"pandemic-top-row", "all", "during the global pandemic only the 3 active orders can be validated"},
		{"reservation-penalty", "with-event", "has pp="},
		{"land-token", "ignored", "claimed"},
		{"corks-defect", "cellar-then-oenotheque", "discards a cuvée of the cellar for the corks defect"},
	} {
		why, ok := optionChangesReplay(t, c.name, c.value, 15)
		if !ok {
			t.Errorf("no game played under %s %s differs from the default reading", c.name, c.value)
		} else if !strings.Contains(why, c.want) {
			t.Errorf("%s %s: want the default replay to say %q, got %s", c.name, c.value, c.want, why)
		}
	}
}

// TestOptionWrittenAsAVariant: a house ruling of the tables written as a
// variant is refused with a hint that says where it is set.
func TestOptionWrittenAsAVariant(t *testing.T) {
	game := strings.Replace(notationGame(t), "players Ann Ben", "players Ann Ben\nvariant eco-tiebreak=value", 1)
	rep := check(t, "v.vin", []byte(game))
	if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Message, `unknown variant "eco-tiebreak=value"`) {
		t.Fatalf("want the variant refused, got %v", rep.Diagnostics)
	}
	if want := "eco-tiebreak is a house ruling of the component tables, not a variant: write `option eco-tiebreak value src=box`"; !strings.HasPrefix(rep.Diagnostics[0].Hint, want) {
		t.Errorf("hint %q, want it to start %q", rep.Diagnostics[0].Hint, want)
	}
}

// TestSoloWrittenAsAVariant: `variant solo` (Bordeaux's, and read by an
// AOC tally) is no variant of an AOC record; the hint says what is.
func TestSoloWrittenAsAVariant(t *testing.T) {
	rep := check(t, "v.vin", []byte("game age-of-champagne\nplayers Ann\nvariant solo\n"))
	if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Message, `unknown variant "solo"`) {
		t.Fatalf("want the variant refused, got %v", rep.Diagnostics)
	}
	if want := "one player always plays the solo game against the Wine Merchant: leave `variant solo` out (he is Jéroboam, easy), or name his level with `variant merchant=LEVEL`"; rep.Diagnostics[0].Hint != want {
		t.Errorf("hint %q, want %q", rep.Diagnostics[0].Hint, want)
	}
}

// TestMerchantLevelByItsPrintedName: the level as verdicts print it
// (Jéroboam) names it in a header, and is the same level as easy.
func TestMerchantLevelByItsPrintedName(t *testing.T) {
	for _, c := range []struct{ variants, want string }{
		{"merchant=Jéroboam", "the record ends in the setup before the game does"},
		{"wine-merchant=JÉROBOAM", "the record ends in the setup before the game does"},
		{"merchant=easy wine-merchant=Jéroboam", "variant wine-merchant=jéroboam is given twice (merchant=easy before)"},
		{"merchant=hard wine-merchant=Jéroboam", "variant wine-merchant=jéroboam contradicts merchant=hard, given before: a variant has one value"},
	} {
		rep := check(t, "v.vin", []byte("game age-of-champagne\nplayers Ann\nvariant "+c.variants+"\n"))
		if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Message, c.want) {
			t.Errorf("%s: got %v, want %q", c.variants, rep.Diagnostics, c.want)
		}
	}
}

// TestMarketingSpotOrder: with marketing-order spot-order, a player on an
// n spot fills his œnothèque before his own n+1 collaborator empties it.
func TestMarketingSpotOrder(t *testing.T) {
	why, ok := optionChangesReplay(t, "marketing-order", "spot-order", 60)
	if !ok {
		t.Fatal("no game played under marketing-order spot-order differs from the default reading")
	}
	t.Log(why)
}

// TestExchangeOwnActions: with exchange-timing own-actions, an exchange
// written while another player is to act is refused.
func TestExchangeOwnActions(t *testing.T) {
	game := strings.Replace(notationGame(t), "Ann: draw N=PPP\nBen: exchange MM C", "Ben: exchange MM C\nAnn: draw N=PPP", 1)
	if rep := check(t, "x.vin", []byte(game)); !rep.Valid() {
		t.Fatalf("an exchange at any time is the default: %v", rep.Diagnostics)
	}
	text := withOption(t, "exchange-timing", "own-actions")
	rep := validate.Check(games(), "x.vin", []byte(game), validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
	want := "Ben cannot exchange now: still wines are exchanged only by the player whose step it is (house ruling exchange-timing own-actions): next, Ann draws wines: Ann: draw CUVEE=WINES … | none"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Message != want {
		t.Fatalf("want %q, got %v", want, rep.Diagnostics)
	}
	// In his own draw the exchange is fine.
	rep = validate.Check(games(), "x.vin", []byte(notationGame(t)), validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
	if !rep.Valid() {
		t.Errorf("an exchange during his own draw: %v", rep.Diagnostics)
	}
}

// TestGeneratorCoverage: over a few hundred seeds the generator plays every
// variant, gains and uses every bonus token kind, takes a reservation twice
// in a game, and (under the matching house rulings) ships from the
// œnothèque and ships several short cards at once.
func TestGeneratorCoverage(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 100
	}
	each := withOption(t, "partial-delivery", "each-card")
	each = []byte(strings.Replace(string(each), "option oenotheque-shipping", "option oenotheque-shipping yes src=box #", 1))
	tb, diags := tables.Parse("opt", each)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	both := fromTables(tb)
	// A smaller box of tokens runs the supply out: the discards are
	// reshuffled and the reservation token comes back.
	small := string(tables.DefaultText())
	for _, rp := range [][2]string{{"token prestige-2 2", "token prestige-2 1"}, {"token prestige-3 2", "token prestige-3 1"},
		{"token eco 3", "token eco 1"}, {"token additional-action 2", "token additional-action 1"}, {"token transport 2", "token transport 1"}, {"token additional-action 1 free zone=marketing", "#"},
		{"token additional-action 1 free zone=draw", "#"}, {"box bonus-tokens 22", "box bonus-tokens 11"}, {"cards=17", "cards=6"}, {"box market-cards 51", "box market-cards 18"}} {
		small = strings.ReplaceAll(small, rp[0], rp[1])
	}
	// and 6 market cards a sector: the stacks run out and the discards
	// are reshuffled (ruling E5)
	var kept []string
	for _, l := range strings.Split(small, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "market" && len(f[2]) == 3 && f[2][1:] > "06" {
			continue
		}
		kept = append(kept, l)
	}
	small = strings.Join(kept, "\n")
	tb, diags = tables.Parse("small", []byte(small))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	smallBox := fromTables(tb)
	seen := map[string]int{}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		for players := 1; players <= 4; players++ {
			r := []*rules{defaultRules(), both, smallBox}[seed%3]
			g, err := generateGame(r, players, seed, nil, nil)
			if err != nil {
				t.Fatalf("players %d seed %d: %v", players, seed, err)
			}
			for f, n := range g.features {
				seen[f] += n
				if f == "use reservation" && n >= 2 {
					seen["second reservation"]++
				}
				if strings.HasPrefix(f, "variant merchant") && players > 1 {
					seen[fmt.Sprintf("merchant with %d players", players)]++
				}
			}
		}
	}
	want := []string{"variant first-game", "variant trade-partnership", "variant high-tension",
		"merchant with 2 players", "merchant with 3 players", "second reservation",
		"ship from the oenotheque", "several short cards", "use transport", "use protection", "use reservation",
		"inheritance by contents", "market card by its id", "derived harvest written", "market stack reshuffled"}
	for kind := range defaultRules().Tokens {
		switch {
		case strings.HasPrefix(kind, "additional-action"):
			want = append(want, "use "+kind)
		default:
			want = append(want, "gain "+kind)
		}
	}
	for _, f := range want {
		if seen[f] == 0 {
			t.Errorf("no generated game has %q", f)
		}
	}
	t.Log(seen)
}

// TestGridTransferWritten: under grid-transfer written the n+1 step waits
// for the player's grid line, which moves only cuvées of his œnothèque.
func TestGridTransferWritten(t *testing.T) {
	text := withOption(t, "grid-transfer", "written")
	replay := func(game string) validate.Diagnostics {
		return validate.Check(games(), "g.vin", []byte(game), validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"}).Diagnostics
	}
	game := notationGame(t)
	const at = "Ann: shipping 2\nmerchant ship none\n" // round 5: Ben's collaborator leaves n1+
	if !strings.Contains(game, at) {
		t.Fatal("the notation game changed")
	}
	cases := []struct{ grid, want string }{
		{"", "the merchant line comes out of order: next, Ben moves œnothèque cuvées to the Marketing grid: Ben: grid CUVEES | none"},
		{"Ben: grid TT\n", "Ben's œnothèque holds T, not TT"},
	}
	for _, c := range cases {
		d := replay(strings.Replace(game, at, "Ann: shipping 2\n"+c.grid+"merchant ship none\n", 1))
		if len(d) == 0 || d[0].Message != c.want || d[0].Line != 80 {
			t.Errorf("%q: want line 80 %q, got %v", c.grid, c.want, d)
		}
	}
	d := replay(strings.Replace(game, at, "Ann: shipping 2\nBen: grid none\nmerchant ship none\n", 1))
	if len(d) == 0 || d[0].Line <= 81 {
		t.Errorf("Ben keeps his Tradition Brut in the œnothèque: the replay goes on, got %v", d)
	}
}

// TestRecycledStates replays records with Options.NoState, where each
// replay reuses the state of an earlier one (spareStates), and compares every
// report with a replay from a new state: nothing of a game may leak into
// the next. Invalid fixtures are mixed in, so that states abandoned halfway
// are recycled too.
func TestRecycledStates(t *testing.T) {
	var recs [][]byte
	for _, dir := range []string{"valid", "invalid"} {
		files, _ := filepath.Glob("../../testdata/champagne/" + dir + "/*.vin")
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, data)
		}
	}
	for players := 1; players <= 4; players++ {
		for seed := uint64(1); seed <= 12; seed++ {
			data, err := generate(players, seed, variantsFor(players, seed))
			if err != nil {
				t.Fatalf("players %d seed %d: %v", players, seed, err)
			}
			recs = append(recs, data)
		}
	}
	// Interleave: a generated game after an invalid fixture, and so on.
	mixed := make([][]byte, 0, len(recs))
	for i, j := 0, len(recs)-1; i <= j; i, j = i+1, j-1 {
		mixed = append(mixed, recs[i])
		if i != j {
			mixed = append(mixed, recs[j])
		}
	}
	for _, asPlayed := range []bool{false, true} {
		want := make([]*validate.Report, len(mixed))
		for i, data := range mixed {
			want[i] = validate.Check(games(), "r.vin", data, validate.Limits{}, validate.Options{AsPlayed: asPlayed})
			want[i].State = nil
		}
		for round := range 2 {
			for i, data := range mixed {
				got := validate.Check(games(), "r.vin", data, validate.Limits{}, validate.Options{AsPlayed: asPlayed, NoState: true})
				if !reflect.DeepEqual(got, want[i]) {
					t.Fatalf("as played %v, pass %d, record %d: a recycled state replays differently:\n got %+v\nwant %+v\n%s",
						asPlayed, round, i, got, want[i], data)
				}
			}
		}
	}
}

// TestMerchantForfeitLost: under forfeit-effect lost, the Wine Merchant who
// cannot fulfil an order loses the spot's placement effect as a player
// does ("he retrieves his Collaborators according to the normal rules").
// In round 4 of the fixture he forfeits from shipping 4 (-1 PP).
func TestMerchantForfeitLost(t *testing.T) {
	data, err := os.ReadFile("../../testdata/champagne/valid/2p-merchant-high-tension.vin")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	game := strings.Join(lines[:72], "\n") + "\n" // through "merchant ship none" of round 4
	if !strings.HasPrefix(lines[71], "merchant ship none") {
		t.Fatalf("the fixture changed: line 72 is %q", lines[71])
	}
	for _, c := range []struct{ value, pp string }{{"applies", "14"}, {"lost", "15"}} {
		text := withOption(t, "forfeit-effect", c.value)
		rep := validate.Check(games(), "f.vin", []byte(game+"merchant check pp="+c.pp+"\n"), validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
		if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != validate.CodeMissing {
			t.Errorf("forfeit-effect %s: want the Merchant at %s PP, got %v", c.value, c.pp, rep.Diagnostics)
		}
	}
}

// TestPartnerPartial: under partner-partial yes the card shipped short
// takes the partner's cuvée, which the default refuses (the fixture
// partner-short.vin); the partner then scores it, so the next check of
// his prestige differs by the cuvée's value.
func TestPartnerPartial(t *testing.T) {
	game, err := os.ReadFile("../../testdata/champagne/invalid/partner-short.vin")
	if err != nil {
		t.Fatal(err)
	}
	text := withOption(t, "partner-partial", "yes")
	rep := validate.Check(games(), "p.vin", game, validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
	if len(rep.Diagnostics) == 0 {
		t.Fatal("the record's later checks should differ from the partner's new prestige")
	}
	if d := rep.Diagnostics[0]; d.Line != 215 || d.Message != "Ann has pp=14 (Prestige Points), not 12 as checked (also: Ann has cellar=TTTTN (cuvées in the cellar), not TTTTTN as checked)" {
		t.Errorf("want the short card with a partner accepted and Ann's check at line 215 to differ by a Tradition's 2 PP and the Tradition she gave, got %v", d)
	}
}

// TestAsPlayedCheckThenUnreadable: a check line that differs and then has
// a pair that cannot be read: both are listed; as played, the difference is noted and the
// replay stops at that pair, as in Grand Cru and Bordeaux (the pair was
// passed over without a word, and the record scored as disputed).
func TestAsPlayedCheckThenUnreadable(t *testing.T) {
	for _, c := range []struct {
		file, line, with string
		first, then      string
	}{
		{"2p-standard.vin", "check Ann pp=3 eco=0 press=5 modules=5 still=MMCCC cellar=TT oeno=- grid=-", "check Ann pp=4 bogus=1",
			"Ann has pp=3 (Prestige Points), not 4 as checked",
			`unknown check key "bogus": pp, eco, press, modules, still, cellar, oeno, grid, vineyards, council, tokens`},
		{"2p-merchant-high-tension.vin", "merchant check pp=0 eco=14 cellar=TNB oeno=- grid=-", "merchant check pp=1 cellar=TNQ",
			"the Wine Merchant has pp=0 (Prestige Points), not 1 as checked",
			""},
		{"2p-merchant-high-tension.vin", "merchant check pp=0 eco=14 cellar=TNB oeno=- grid=-", "merchant check pp=1 bogus=1",
			"the Wine Merchant has pp=0 (Prestige Points), not 1 as checked",
			""},
		// A count that is no number cannot be read either (it was
		// compared as text, "not 5F as checked").
		{"2p-standard.vin", "check Ann pp=3 eco=0 press=5 modules=5 still=MMCCC cellar=TT oeno=- grid=-", "check Ann pp=4 eco=0 press=5F",
			"Ann has pp=3 (Prestige Points), not 4 as checked",
			`press is checked as a whole number: write press=5, not "5F"`},
		{"2p-merchant-high-tension.vin", "merchant check pp=0 eco=14 cellar=TNB oeno=- grid=-", "merchant check pp=1 eco=14x",
			"the Wine Merchant has pp=0 (Prestige Points), not 1 as checked",
			`eco is checked as a whole number: write eco=14, not "14x"`},
	} {
		data, err := os.ReadFile("../../testdata/champagne/valid/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		bad := strings.Replace(string(data), c.line+"\n", c.with+"\n", 1)
		if bad == string(data) {
			t.Fatalf("%s: no line %q", c.file, c.line)
		}
		strict := validate.Check(games(), "c.vin", []byte(bad), validate.Limits{}, validate.Options{})
		rep := validate.Check(games(), "c.vin", []byte(bad), validate.Limits{}, validate.Options{AsPlayed: true})
		// Strict, the replay stops at the difference, and the line's words
		// are read too: the pair that cannot be read is listed after it.
		if len(strict.Diagnostics) != 2 || strict.Diagnostics[0].Message != c.first ||
			strict.Diagnostics[1].Line != strict.Diagnostics[0].Line || strict.Diagnostics[1].Code != validate.CodeSyntax {
			t.Errorf("%s: want the difference, then the pair it cannot read, got %v", c.with, strict.Diagnostics)
		}
		if len(rep.Diagnostics) != 2 || rep.Result != nil || rep.Diagnostics[0].Message != c.first || !rep.Diagnostics[0].Applied ||
			rep.Diagnostics[1].Applied || rep.Diagnostics[1].Line != rep.Diagnostics[0].Line || rep.Diagnostics[1].Code != validate.CodeSyntax {
			t.Errorf("%s as played: want the difference noted, then the replay stopped at the pair it cannot read, got %v (result %v)", c.with, rep.Diagnostics, rep.Result != nil)
		}
		if c.then != "" && len(rep.Diagnostics) == 2 && rep.Diagnostics[1].Message != c.then {
			t.Errorf("%s as played: want %q next, got %q", c.with, c.then, rep.Diagnostics[1].Message)
		}
	}
}

// TestMarketingSpotOrderSamePlayer: under marketing-order spot-order, a
// player whose collaborator waits on n2+ and who places another on n2
// has the new one move on to n2+ when the old one leaves: it waits there
// through the next round (the old one's leaving freed it at once).
func TestMarketingSpotOrderSamePlayer(t *testing.T) {
	data, err := generate(2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	head, _, ok := strings.Cut(string(data), "Ben: winery 3\nAnn: shipping 1\nBen: vineyard essoyes\n")
	if !ok {
		t.Fatal("the generated game has changed: round 5's placements are not there")
	}
	game := head + "Ben: winery 3\nAnn: shipping 1\nBen: marketing n2\nAnn: winery 2\nAnn: shipping 4\n" +
		"Ben: oenotheque none\nAnn: ship none\nAnn: ship none\nAnn: harvest MMP\n" +
		"offers verzenay sezanne\nreveal perfect-climate\nBen: draw 1\nAnn: draw 2\nBen: press 3\nAnn: press 4\nBen: winery 2\n"
	text := withOption(t, "marketing-order", "spot-order")
	rep := validate.Check(games(), "m.vin", []byte(game), validate.Limits{}, validate.Options{Tables: text, TablesName: "opt"})
	want := "Ben has no collaborator left this round: 2 placed, 1 waiting on a marketing n+1 spot"
	if len(rep.Diagnostics) == 0 || !strings.HasPrefix(rep.Diagnostics[0].Message, want) {
		t.Fatalf("want %q, got %v", want, rep.Diagnostics)
	}
}
