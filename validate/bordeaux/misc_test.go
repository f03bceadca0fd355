package bordeaux

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/wanttest"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

func FuzzReplay(f *testing.F) {
	for _, n := range []int{1, 2, 4} {
		b, err := Generate(n, uint64(n)*7, nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	files, _ := filepath.Glob("../../testdata/bordeaux/invalid/*.vin")
	for _, file := range files[:min(len(files), 8)] {
		b, _ := os.ReadFile(file)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep := validate.Check([]validate.Game{New()}, "fuzz.vin", data, validate.Limits{}, validate.Options{})
		// a batch, which reads check lines lazily, reports the same
		if msg := wanttest.LazySame([]validate.Game{New()}, "fuzz.vin", data, validate.Options{}, rep); msg != "" {
			t.Fatal(msg)
		}
		if !rep.Diagnostics.HasErrors() && rep.Result == nil {
			t.Fatalf("an accepted record without a result")
		}
		for _, d := range rep.Diagnostics {
			if d.Message == "" || d.Line < 0 {
				t.Fatalf("a diagnostic without a message or place: %+v", d)
			}
		}
		// as played, the same record goes further and never panics; its
		// first error is the same
		ap := validate.Check([]validate.Game{New()}, "fuzz.vin", data, validate.Limits{}, validate.Options{AsPlayed: true})
		if len(rep.Diagnostics) > 0 && (len(ap.Diagnostics) == 0 || ap.Diagnostics[0].Message != rep.Diagnostics[0].Message) {
			t.Fatalf("as played, the first error differs: %v / %v", rep.Diagnostics[0], ap.Diagnostics)
		}
	})
}

func BenchmarkReplay(b *testing.B) {
	data, err := Generate(4, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	rec, diags := validate.Parse("bench.vin", data, validate.Limits{})
	if diags.HasErrors() {
		b.Fatal(diags[0].Error())
	}
	actions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, rep := ReplayState(rec, validate.Options{})
		if rep.Diagnostics.HasErrors() {
			b.Fatal(rep.Diagnostics[0].Error())
		}
		actions += rep.Actions
	}
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkParse is the floor under BenchmarkReplay: reading the same
// record's lines into tokens, with no rules.
func BenchmarkParse(b *testing.B) {
	data, err := Generate(4, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	rec, _ := validate.Parse("bench.vin", data, validate.Limits{})
	actions := 0
	for _, l := range rec.Lines {
		if l.Kind == validate.KindAction {
			actions++
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		validate.Parse("bench.vin", data, validate.Limits{})
	}
	b.ReportMetric(float64(actions*b.N)/b.Elapsed().Seconds(), "actions/s")
}

func TestAtLineStopsWithState(t *testing.T) {
	data, _ := os.ReadFile("../../testdata/bordeaux/valid/2p.vin")
	rec, _ := validate.Parse("2p.vin", data, validate.Limits{})
	st, rep := ReplayState(rec, validate.Options{AtLine: 12})
	if rep.Diagnostics.HasErrors() || rep.Result != nil {
		t.Fatalf("diagnostics %v, result %v", rep.Diagnostics, rep.Result)
	}
	if st.Year == 0 || st.Ended || rep.State != validate.State(st) {
		t.Fatalf("year %d ended %v", st.Year, st.Ended)
	}
	if !strings.Contains(st.Text(), fmt.Sprintf("year '%02d", st.Year)) {
		t.Errorf("text: %s", st.Text())
	}
	// After '01 only the first player has led: the second's row says so,
	// with no trailing blank.
	st, _ = ReplayState(rec, validate.Options{AtLine: 5})
	if txt := st.Text(); st.Year != 1 || !strings.Contains(txt, "  leader  '01\n") || !strings.Contains(txt, "  leader  none yet\n") {
		t.Errorf("year %d, text:\n%s", st.Year, txt)
	}
}

// The state shows the sheet's top rows: each year's region and resource
// as played, '00 as printed, the pre-filled half of the years to come,
// and in '13 each player's own choice once made.
func TestTextShowsTopRows(t *testing.T) {
	data, _ := os.ReadFile("../../testdata/bordeaux/valid/2p.vin")
	rec, _ := validate.Parse("2p.vin", data, validate.Limits{})
	st, _ := ReplayState(rec, validate.Options{AtLine: 10}) // '03 L C
	for _, want := range []string{
		"  region   L  L  R  L  .  R  .  R  .  E  .  E  .  .\n  resource T  V  C  C  T  .  T  .  V  .  V  .  C  .\n  red ",
		"  region   R  L  R  L  .  R  .  R  .  E  .  E  .  .\n  resource V  V  C  C  T  .  T  .  V  .  V  .  C  .\n  red ",
	} {
		if !strings.Contains(st.Text(), want) {
			t.Errorf("no %q in\n%s", want, st.Text())
		}
	}
	st, _ = ReplayState(rec, validate.Options{AtLine: 42}) // Ann: choose R C
	for _, want := range []string{
		"  region   L  L  R  L  E  R  R  R  R  E  R  E  L  R\n  resource T  V  C  C  T  T  T  V  V  T  V  V  C  C\n",
		"  region   R  L  R  L  E  R  R  R  R  E  R  E  L  .\n  resource V  V  C  C  T  T  T  V  V  T  V  V  C  .\n",
	} {
		if !strings.Contains(st.Text(), want) {
			t.Errorf("no %q in\n%s", want, st.Text())
		}
	}
}

func TestSheetLinesAndLayoutFile(t *testing.T) {
	set, err := layouts.Set("B1-48J5-5WLB-W")
	if err != nil {
		t.Fatal(err)
	}
	js, err := set[1].JSON()
	if err != nil {
		t.Fatal(err)
	}
	base, _ := os.ReadFile("../../testdata/bordeaux/invalid/record-ends-early.vin")
	text := strings.Replace(string(base), "sheets B1-48J5-5WLB-W", "sheet Ann B1-48J5-5WLB-W/1\nsheet Ben layout=ben.json", 1)
	opt := validate.Options{ReadFile: func(name string) ([]byte, error) {
		if name != "ben.json" {
			return nil, os.ErrNotExist
		}
		return js, nil
	}}
	rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, opt)
	if len(rep.Diagnostics) != 1 || !strings.Contains(rep.Diagnostics[0].Message, "year '06 is missing") {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	st := rep.State.(*State)
	if st.Players[1].Layout.Code != set[1].Code || len(st.Players[1].Circled) != 6 {
		t.Errorf("Ben's sheet: %s, %d wines", st.Players[1].Layout.Code, len(st.Players[1].Circled))
	}
	rep = validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, "cannot read the layout file ben.json") {
		t.Fatalf("without ReadFile: %v", rep.Diagnostics)
	}
}

func TestScoreTally(t *testing.T) {
	tally := `players You Other
tally You paths=9 longest=7 casks=4 rows=5/5/0 leader=7
tally Other paths=6 longest=5 casks=6 rows=0,0,0 leader=6
claim You 26
claim Other 20
`
	rep := validate.CheckTally([]validate.Game{New()}, "bordeaux", "t.vin", []byte(tally), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 1 || !strings.Contains(rep.Diagnostics[0].Message, "Other claimed 20 points, the rules give 16") {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	if p := rep.Result.Player("You"); p.Total != 26 || p.Rank != 1 {
		t.Errorf("You: %d rank %d", p.Total, p.Rank)
	}
	solo := "players Me\nvariant solo\ntally Me paths=12 longest=7 casks=7 rows=5/4/0 leader=7\n"
	rep = validate.CheckTally([]validate.Game{New()}, "bordeaux", "s.vin", []byte(solo), validate.Limits{}, validate.Options{})
	if rep.Diagnostics.HasErrors() || rep.Result.Players[0].Total != 34 || rep.Result.Players[0].Level != "Vigneron" {
		t.Fatalf("solo: %v %+v", rep.Diagnostics, rep.Result)
	}
	// A solo player leads as seat 1 of 2: the message says so, not
	// "seat 1 of 1 (the snake order)", whose one seat would lead 13.
	soloLeader := "players Me\ntally Me paths=12 longest=7 casks=7 rows=5/4/0 leader=13\n"
	rep = validate.CheckTally([]validate.Game{New()}, "bordeaux", "s.vin", []byte(soloLeader), validate.Limits{}, validate.Options{})
	if want := "s.vin:2:48: error: Me leads 7 years, a solo player's (those of seat 1 of 2: '01 '04 '05 '08 '09 '12 '13), not 13"; len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Error() != want {
		t.Errorf("solo leader: %v\nwant %s", rep.Diagnostics, want)
	}
	// A header copied from a record keeps its variants and its sheets line:
	// the way the sheets were played does not change what the counts score.
	kept := "players Me\nvariant solo longest=simple vine-skip\nsheets B1-2FKD-7AS8-M\ntally Me paths=12 longest=7 casks=7 rows=5/4/0 leader=7\n"
	rep = validate.CheckTally([]validate.Game{New()}, "bordeaux", "s.vin", []byte(kept), validate.Limits{}, validate.Options{})
	if rep.Diagnostics.HasErrors() || rep.Result.Players[0].Total != 34 {
		t.Errorf("variants of the play: %v %+v", rep.Diagnostics, rep.Result)
	}
	bad := "players A B\ntally A paths=3 longest=9\n"
	rep = validate.CheckTally([]validate.Game{New()}, "bordeaux", "b.vin", []byte(bad), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Line != 2 || !strings.Contains(rep.Diagnostics[0].Message, "cannot be longer") {
		t.Fatalf("bad: %v", rep.Diagnostics)
	}
	missing := "players A B\ntally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\n"
	rep = validate.CheckTally([]validate.Game{New()}, "bordeaux", "m.vin", []byte(missing), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) == 0 || !strings.Contains(rep.Diagnostics[0].Message, "B has no tally line") {
		t.Fatalf("missing: %v", rep.Diagnostics)
	}
	for _, c := range []struct{ body, want string }{
		{"tally A paths=3 longest=2\ntally B paths=3 longest=2 casks=0 rows=0/0/0 leader=6\n",
			"x.vin:2:26: error: A's tally lacks casks=: write `tally A paths=N longest=N casks=N rows=A/B/C leader=N`"},
		{"tally A paths=3 longest=2 casks=0 rows=0/0/0 leader=14\n", "x.vin:2:46: error: A leads 7 years as seat 1 of 2 (the snake order), not 14"},
		{"tally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\ntally B paths=3 longest=2 casks=0 rows=0/0/0 leader=7\n", "x.vin:3:46: error: B leads 6 years as seat 2 of 2 (the snake order), not 7"},
		{"tally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\ntally B paths=3 longest=2 casks=0 rows=0/0/0/0/0 leader=6\n",
			"x.vin:3:35: error: B's tally lists 5 trellis rows and A's 3: every sheet of a game has the same rows"},
		{"tally A paths=3 longest=2 casks=0 rows=1/1/1/1/1/1/1/1/1 leader=7\n", "x.vin:2:35: error: A's tally lists 9 trellis rows: a sheet has at most 8"},
		{"tally A paths=3 longest=0 casks=0 rows=0/0/0 leader=7\n", "x.vin:2:17: error: A's longest tour cannot be 0 with 3 filled paths: a filled path is a tour of at least 1 segment"},
		{"tally A paths=3 longest=4 casks=0 rows=0/0/0 leader=7\n", "x.vin:2:17: error: A's longest tour (4) cannot be longer than the filled paths (3)"},
		{"variant longest=short\ntally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\n", "x.vin:2:9: error: unknown Bordeaux variant \"longest=short\": solo, longest=trail, longest=simple, vine-skip"},
		{"variant solo\ntally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\ntally B paths=3 longest=2 casks=0 rows=0/0/0 leader=6\n", "x.vin:2:9: error: the solo variant is for one player, not 2"},
		// 1000 is a count: the message names the bound, not "a count".
		{"tally A paths=1000 longest=2 casks=0 rows=0/0/0 leader=7\n", "x.vin:2:9: error: paths is a count from 0 to 999, not \"1000\""},
		{"tally A paths=3 longest=2 casks=x rows=0/0/0 leader=7\n", "x.vin:2:27: error: casks is a count from 0 to 999, not \"x\""},
		{"tally A paths=3 longest=2 casks=0 rows=1000/0/0 leader=7\n", "x.vin:2:35: error: rows lists each trellis row's points, 0 to 999 (0 when not completed), as rows=5/5/0, not \"1000/0/0\""},
		{"check A paths=3\n", "x.vin:2:1: error: a scorepad tally has `tally NAME key=value …` lines (paths, longest, casks, rows, leader), not \"check\""},
		{"tally Zed paths=3\n", "x.vin:2:7: error: Zed is not a player of this game (players: A, B)"},
		{"tally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\ntally A paths=3\n", "x.vin:3:7: error: A's tally is given twice"},
		{"tally A paths=3 longest\n", "x.vin:2:17: error: a tally gives key=value (paths, longest, casks, rows, leader), not \"longest\""},
		{"tally A paths=3 Paths=4\n", "x.vin:2:17: error: paths is given twice"},
		{"tally A paths=3 barrels=4\n", "x.vin:2:17: error: unknown tally key \"barrels\": paths, longest, casks, rows, leader"},
		// The scorepad's rows, typed by their printed names: the message
		// says which key holds the row, or that it is worked out.
		{"tally A paths=3 most-casks=3\n", "x.vin:2:17: error: \"most-casks\" is the scorepad's row \"Most casks\", which vintner works out from every player's casks=: leave it out"},
		{"tally A paths=3 trellis1=5\n", "x.vin:2:17: error: \"trellis1\" is the scorepad's row \"Trellis row 1\": write every trellis row in one key, each row's points in order, 0 for a row not complete (rows=5/5/0)"},
		{"tally A Fewer_Leader_Years=1\n", "x.vin:2:9: error: \"fewer_leader_years\" is the scorepad's row \"Fewer leader years\": write leader=N, the number of leader years (the point is worked out)"},
		{"tally A casks-used=4\n", "x.vin:2:9: error: \"casks-used\" is the scorepad's row \"Casks used\": write casks=N"},
		{"tally A paths=3 total=26\n", "x.vin:2:17: error: \"total\" is the scorepad's row \"Total\", which vintner adds up from the counts: write the table's total as a claim line, `claim A 26`, to have it compared"},
		{"tally A paths=3 longest=2 casks=0 rows=0/0/0 leader=7\n", "x.vin:1:11: error: B has no tally line: write `tally B paths=N longest=N casks=N rows=A/B/C leader=N`"},
	} {
		rep := validate.CheckTally([]validate.Game{New()}, "bordeaux", "x.vin", []byte("players A B\n"+c.body), validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Error() != c.want {
			t.Errorf("%q: %v\nwant %s", c.body, rep.Diagnostics, c.want)
		}
	}
}

func TestLeaderSnake(t *testing.T) {
	var got []int
	for y := 1; y <= 13; y++ {
		got = append(got, LeaderSeat(y, 4))
	}
	if fmt.Sprint(got) != "[0 1 2 3 3 2 1 0 0 1 2 3 3]" {
		t.Errorf("4 players: %v", got)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a, _ := Generate(4, 99, nil)
	b, _ := Generate(4, 99, nil)
	c, _ := Generate(4, 100, nil)
	if string(a) != string(b) {
		t.Error("the same seed gives two games")
	}
	if string(a) == string(c) {
		t.Error("two seeds give the same game")
	}
	for _, bad := range []int{0, 13} {
		if _, err := Generate(bad, 1, nil); err == nil {
			t.Errorf("%d players accepted", bad)
		}
	}
	if _, err := Generate(2, 1, []string{"solo"}); err == nil {
		t.Error("solo with two players accepted")
	}
}

// TestLeaderCountsMatchResearch: the leader years each seat circles over
// '01–'13, for 1 to 12 players, as the research note's table I6 gives them
// (1 player: the solo game leads as seat 1 of 2).
func TestLeaderCountsMatchResearch(t *testing.T) {
	want := map[int]string{
		1: "[7]", 2: "[7 6]", 3: "[5 4 4]", 4: "[3 3 3 4]", 5: "[3 3 3 2 2]", 6: "[3 2 2 2 2 2]",
		7: "[1 2 2 2 2 2 2]", 8: "[1 1 1 2 2 2 2 2]", 9: "[1 1 1 1 1 2 2 2 2]",
		10: "[1 1 1 1 1 1 1 2 2 2]", 11: "[1 1 1 1 1 1 1 1 1 2 2]", 12: "[1 1 1 1 1 1 1 1 1 1 1 2]",
	}
	for n := 1; n <= 12; n++ {
		b, err := Generate(n, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		st, rep := replayBytes(t, "g.vin", b)
		if rep.Diagnostics.HasErrors() {
			t.Fatal(rep.Diagnostics[0].Error())
		}
		var got []int
		for _, p := range st.Players {
			got = append(got, len(p.LeaderYears))
		}
		if fmt.Sprint(got) != want[n] {
			t.Errorf("%d players: leader years %v, want %s", n, got, want[n])
		}
	}
}

// TestLeaderNameHint checks the did-you-mean hint for a misspelt leader
// on a year line; the `# want` fixture checks only the message.
func TestLeaderNameHint(t *testing.T) {
	data, err := os.ReadFile("../../testdata/bordeaux/invalid/year-leader-not-player.vin")
	if err != nil {
		t.Fatal(err)
	}
	rep := validate.Check([]validate.Game{New()}, "year-leader-not-player.vin", data, validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Hint != "did you mean Ben?" {
		t.Fatalf("want the hint \"did you mean Ben?\", got %+v", rep.Diagnostics)
	}
}

// TestLeaderOtherCaseHint: a leader's name in another case (ann, ANN, a
// quoted "ann") is read as a name, with the player's name as the hint.
func TestLeaderOtherCaseHint(t *testing.T) {
	for _, name := range []string{"ann", "ANN", `"ann"`} {
		data := []byte("game bordeaux\nplayers Ann Ben\nsheets B1-48J5-5WLB-W\n'01 L V " + name + "\n")
		rep := validate.Check([]validate.Game{New()}, "y.vin", data, validate.Limits{}, validate.Options{})
		if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Hint != "did you mean Ann? Ann leads '01" {
			t.Errorf("%s: want the hint \"did you mean Ann? Ann leads '01\", got %+v", name, rep.Diagnostics)
		}
	}
}

// TestWineColourWorkerHint: a wine's colour written for its worker (the
// sheet marks the yellow row with the white wine's "w") is hinted with
// the worker's name, in the replay and in the grammar read after a stop.
func TestWineColourWorkerHint(t *testing.T) {
	const head = "game bordeaux\nplayers Ann Ben\nsheets B1-48J5-5WLB-W\n"
	for _, c := range []struct{ body, want string }{
		{"'01 L C\nAnn: red L\nBen: w L\n", "the yellow worker makes white wine: write yellow (or y)"},
		{"'01 L C\nAnn: red L\nBen: rosé L\n", "the pink worker makes rosé: write pink (or p)"},
		// the replay stops at the claim; Ben's line is read for its words
		{"claim Ann 3\n'01 L C\nBen: White L\n", "the yellow worker makes white wine: write yellow (or y)"},
	} {
		rep := validate.Check([]validate.Game{New()}, "w.vin", []byte(head+c.body), validate.Limits{}, validate.Options{})
		got := ""
		for _, d := range rep.Diagnostics {
			if strings.HasPrefix(d.Message, "an entry starts with a worker") {
				got = d.Hint
			}
		}
		if got != c.want {
			t.Errorf("%q: hint %q, want %q (%v)", c.body, got, c.want, rep.Diagnostics)
		}
	}
}

// TestChooseWorkerHint: a worker's entry after choose without its comma
// is hinted as a missing comma, in the replay (the '13 line of the
// notation page's game) and in the grammar read after a stop; a second
// region R is not taken for the red worker.
func TestChooseWorkerHint(t *testing.T) {
	b, err := os.ReadFile("../../docs/notation/bordeaux.md")
	if err != nil {
		t.Fatal(err)
	}
	_, game, _ := strings.Cut(string(b), "```vin\n")
	game, _, _ = strings.Cut(game, "```")
	const line = "Ann: choose R C , red RRR"
	if !strings.Contains(game, line) {
		t.Fatalf("the notation page's game has no line %q", line)
	}
	const comma = "entries are separated by commas: write \", red …\" to start the red worker's entry"
	for _, c := range []struct{ to, stop, want string }{
		{"Ann: choose R C red RRR", "", comma},
		{"Ann: choose R C red RRR", "claim Ann 3\n", comma}, // the replay stops before '01: the grammar reads it
		{"Ann: choose R C R , red RRR", "", ""},
	} {
		rec := strings.Replace(game, line, c.to, 1)
		rec = strings.Replace(rec, "'01 ", c.stop+"'01 ", 1)
		rep := validate.Check([]validate.Game{New()}, "c.vin", []byte(rec), validate.Limits{}, validate.Options{})
		got, found := "", false
		for _, d := range rep.Diagnostics {
			if strings.HasPrefix(d.Message, "choose takes one region") {
				got, found = d.Hint, true
			}
		}
		if !found || got != c.want {
			t.Errorf("%q after %q: hint %q, want %q (%v)", c.to, c.stop, got, c.want, rep.Diagnostics)
		}
	}
}

// TestAtLineFreeWorkerPasses: stopped after the last action of a year, a
// free worker that did not act shows the pass '-' it gets at the end;
// stopped before an action of the year, its cell stays open.
func TestAtLineFreeWorkerPasses(t *testing.T) {
	const head = "game bordeaux\nplayers Ann\nsheets B1-3LHC-P424-G\n'01 E V\nAnn: yellow EE\n'02 L C\n"
	for _, c := range []struct {
		rest string
		want byte
	}{
		{"Ann: pink L\n'03 L V\n", 0},
		{"# Ann's pink worker passes\n'03 L V\n", '-'},
	} {
		rec, _ := validate.Parse("solo.vin", []byte(head+c.rest), validate.Limits{})
		st, rep := ReplayState(rec, validate.Options{AtLine: 6})
		if rep.Diagnostics.HasErrors() {
			t.Fatalf("%q: %v", c.rest, rep.Diagnostics)
		}
		if got := st.Players[0].Grid[1][2]; got != c.want {
			t.Errorf("%q at line 6: pink '02 is %q, want %q", c.rest, got, c.want)
		}
	}
}

// TestYearNumber covers yearNumber's fast path for '05 and its general
// reading of the other spellings.
func TestYearNumber(t *testing.T) {
	cases := []struct {
		w  string
		y  int
		ok bool
	}{{"'05", 5, true}, {"'13", 13, true}, {"'1", 1, true}, {"05", 5, true}, {"7", 7, true}, {"’12", 12, true},
		{"'5x", 0, false}, {"'x5", 0, false}, {"'/5", 0, false}, {"'':", 0, false}, {"''5", 0, false}, {"'", 0, false},
		{"", 0, false}, {"123", 0, false}, {"'123", 0, false}, {"’’1", 0, false}}
	for _, c := range cases {
		if y, ok := yearNumber(c.w); y != c.y || ok != c.ok {
			t.Errorf("yearNumber(%q) = %d, %v; want %d, %v", c.w, y, ok, c.y, c.ok)
		}
	}
}

// TestLeaderSeatOneDivision: LeaderSeat's one division gives the snake
// of its definition, turn by turn.
func TestLeaderSeatOneDivision(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for y := -30; y <= 40; y++ {
			i := y - 1
			want := i % n
			if (i/n)%2 != 0 {
				want = n - 1 - i%n
			}
			if got := LeaderSeat(y, n); got != want {
				t.Fatalf("LeaderSeat(%d, %d) = %d, want %d", y, n, got, want)
			}
		}
	}
}

// A record of a header alone misses its years after the players line,
// where they would go.
func TestAHeaderAloneMissesItsYearsAtTheEnd(t *testing.T) {
	rep := validate.Check([]validate.Game{New()}, "h.vin", []byte("game bordeaux\nplayers Ann Ben\n"), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != "h.vin:2:16: error: the record has no years: a game runs from '01 to '13" {
		t.Errorf("%v", rep.Diagnostics)
	}
}

// A tally counts the players as a replay does.
func TestATallyOfThirteenIsRefused(t *testing.T) {
	rep := validate.CheckTally([]validate.Game{New()}, "bordeaux", "x.vin", []byte("players A B C D E F G H I J K L M\n"), validate.Limits{}, validate.Options{})
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != "x.vin:1:9: error: Bordeaux is for 1 to 12 players, not 13" {
		t.Errorf("%v", rep.Diagnostics)
	}
}

// A solo game's state ends with the score and its level of victory (the
// solo rules' result), not a rank among one player.
func TestTextSoloLevel(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"../../testdata/examples/bordeaux-solo.vin", "  score   17 (below 20 points: no level of victory)\n"},
		{"../../testdata/bordeaux/valid/solo.vin", "  score   21 (Apprenti)\n"},
	} {
		data, _ := os.ReadFile(c.file)
		rec, _ := validate.Parse(c.file, data, validate.Limits{})
		st, rep := ReplayState(rec, validate.Options{})
		if rep.Diagnostics.HasErrors() || !strings.HasSuffix(st.Text(), c.want) {
			t.Errorf("%s: %v, want the text to end with %q:\n%s", c.file, rep.Diagnostics, c.want, st.Text())
		}
	}
}

// TestLayoutFileErrorsOnOneLine: a layout file that breaks several of the
// template's rules is reported on one line; the layout's listing, a rule
// a line, printed each newline as "?".
func TestLayoutFileErrorsOnOneLine(t *testing.T) {
	set, err := layouts.Set("B1-48J5-5WLB-W")
	if err != nil {
		t.Fatal(err)
	}
	lay := *set[0]
	lay.Code = ""
	lay.Vines = append([]*layouts.WineType(nil), lay.Vines...)
	lay.Vines[0] = &layouts.WineType{Colour: layouts.White, Age: 1}
	lay.Vines[1] = &layouts.WineType{Colour: layouts.Rose, Age: 1}
	js, err := lay.JSON()
	if err != nil {
		t.Fatal(err)
	}
	opt := validate.Options{ReadFile: func(string) ([]byte, error) { return js, nil }}
	text := "game bordeaux\nplayers Ann\nsheet Ann layout=mine.json\n'01 L V\n"
	rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, opt)
	if len(rep.Diagnostics) != 1 {
		t.Fatalf("diagnostics: %v", rep.Diagnostics)
	}
	msg := rep.Diagnostics[0].Message
	if !strings.Contains(msg, "rules: vine 1 has a grape; the template has none there; vine 2 has a grape") || strings.Contains(msg, "\n") {
		t.Errorf("message: %q", msg)
	}
}

// TestLayoutFileTooLong: a layout file whose tracks or bonuses pass the
// template's bounds is refused at its sheet line; a PDF of a billion
// trellises never ended, and a bonus of 2^62 points a wine overflowed the
// score.
func TestLayoutFileTooLong(t *testing.T) {
	for _, c := range []struct {
		edit func(l *layouts.Layout)
		want string
	}{
		{func(l *layouts.Layout) { l.Trellis[0].Len = 1_000_000_000 }, "trellis row 1 has 1000000000 trellises; a row has 1 to 99"},
		{func(l *layouts.Layout) { l.Trellis[0].Bonus.PerWine = 1 << 62 }, "trellis row 1's bonus gives 4611686018427387904 points per wine; a bonus gives 1 to 99"},
		{func(l *layouts.Layout) { l.CaskSlots = 1_000_000_000 }, "the cask track has 1000000000 slots; a track has at most 99"},
	} {
		lay := layouts.Default()
		lay.Code, lay.Template = "", "our-club-sheet"
		c.edit(lay)
		js, err := lay.JSON()
		if err != nil {
			t.Fatal(err)
		}
		opt := validate.Options{ReadFile: func(string) ([]byte, error) { return js, nil }}
		text := "game bordeaux\nplayers Ann\nsheet Ann layout=big.json\n'01 L V\n"
		rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, opt)
		want := "x.vin:3:11: error: the layout file big.json is not a Bordeaux sheet: layout own layout: " + c.want
		if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
			t.Errorf("diagnostics: %v\nwant %s", rep.Diagnostics, want)
		}
	}
}

// TestLayoutFileFromStandardInput: a record read from standard input has
// no folder to read a layout file in (validate.Options.ReadFile is nil);
// a fixture, read from a file, cannot say so.
func TestLayoutFileFromStandardInput(t *testing.T) {
	text := "game bordeaux\nplayers Ann Ben\nsheet Ann B1-48J5-5WLB-W/1\nsheet Ben layout=ben.json\n'01 L C\n"
	rep := validate.Check([]validate.Game{New()}, "<stdin>", []byte(text), validate.Limits{}, validate.Options{})
	want := "<stdin>:4:11: error: cannot read the layout file ben.json: a record read from standard input has no folder to find it in (save the record beside the file and name the record)"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Error() != want {
		t.Errorf("diagnostics: %v\nwant %s", rep.Diagnostics, want)
	}
}

// TestTablesFileNotUsed: a tables file given to a Bordeaux replay or tally
// is not read, and a warning says so (a `# want` lists errors only).
func TestTablesFileNotUsed(t *testing.T) {
	opt := validate.Options{Tables: []byte("# a template\n"), TablesName: "t.txt"}
	for _, c := range []struct {
		rep  *validate.Report
		want string
	}{
		{validate.Check([]validate.Game{New()}, "x.vin", asPlayedRecord(t), validate.Limits{}, opt),
			"t.txt: warning: a Bordeaux replay takes its sheets from their codes or from `sheet NAME layout=FILE`; the tables file is not used"},
		{validate.CheckTally([]validate.Game{New()}, "bordeaux", "x.vin", []byte("players Ann\ntally Ann paths=0 longest=0 casks=0 rows=0/0/0 leader=7\n"), validate.Limits{}, opt),
			"t.txt: warning: a Bordeaux tally takes its counts as written; the tables file is not used"},
	} {
		if len(c.rep.Diagnostics) == 0 || c.rep.Diagnostics[0].Error() != c.want {
			t.Errorf("diagnostics: %v\nwant first %s", c.rep.Diagnostics, c.want)
		}
	}
}
