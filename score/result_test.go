package score

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/golden"
)

func result(tb []TieBreak, players ...PlayerResult) *Result {
	r := &Result{Game: "test", Categories: []Category{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}}, TieBreaks: tb, Players: players}
	r.Rank()
	return r
}

func ranks(r *Result) string {
	var parts []string
	for _, p := range r.Players {
		parts = append(parts, p.RankLabel()+" "+p.Name)
	}
	return strings.Join(parts, ", ")
}

func TestStandardCompetitionRanking(t *testing.T) {
	r := result(nil,
		PlayerResult{Name: "Ann", Points: []int{4, 4}},
		PlayerResult{Name: "Ben", Points: []int{9, 1}},
		PlayerResult{Name: "Cal", Points: []int{10, 0}},
		PlayerResult{Name: "Dee", Points: []int{1, 1}},
	)
	if got, want := ranks(r), "1= Ben, 1= Cal, 3 Ann, 4 Dee"; got != want {
		t.Fatalf("ranks = %q, want %q", got, want)
	}
	if r.Players[0].Total != 10 {
		t.Fatalf("total = %d, want 10", r.Players[0].Total)
	}
	if !strings.Contains(r.Players[0].Decided, "shares the place with Cal (the rulebook has no tie-breaker)") {
		t.Fatalf("decided = %q", r.Players[0].Decided)
	}
	if r.Players[2].Decided != "" {
		t.Fatalf("a place decided on points needs no words, got %q", r.Players[2].Decided)
	}
}

func TestTieBreakChainNamesTheLevel(t *testing.T) {
	tb := []TieBreak{{Key: "loans", Label: "fewer loans", Fewer: true}, {Key: "tiles", Label: "more tiles"}}
	r := result(tb,
		PlayerResult{Name: "Ann", Points: []int{10, 0}, TieBreak: []int{2, 5}},
		PlayerResult{Name: "Ben", Points: []int{10, 0}, TieBreak: []int{2, 7}},
		PlayerResult{Name: "Cal", Points: []int{10, 0}, TieBreak: []int{1, 0}},
	)
	if got, want := ranks(r), "1 Cal, 2 Ben, 3 Ann"; got != want {
		t.Fatalf("ranks = %q, want %q", got, want)
	}
	if got, want := r.Players[0].Decided, "ahead of Ben on tie-break 1/2, fewer loans (1 vs 2)"; got != want {
		t.Errorf("Cal decided = %q, want %q", got, want)
	}
	if got, want := r.Players[2].Decided, "behind Ben on tie-break 2/2, more tiles (5 vs 7)"; got != want {
		t.Errorf("Ann decided = %q, want %q", got, want)
	}
}

func TestEqualOnEveryLevelShares(t *testing.T) {
	tb := []TieBreak{{Key: "loans", Label: "fewer loans", Fewer: true}}
	r := result(tb,
		PlayerResult{Name: "Ann", Points: []int{3, 0}, TieBreak: []int{1}},
		PlayerResult{Name: "Ben", Points: []int{3, 0}, TieBreak: []int{1}},
	)
	if got, want := ranks(r), "1= Ann, 1= Ben"; got != want {
		t.Fatalf("ranks = %q, want %q", got, want)
	}
	if !r.Players[1].Shared || !strings.Contains(r.Players[1].Decided, "equal on every tie-break") {
		t.Fatalf("Ben = %+v", r.Players[1])
	}
}

func TestRanksLastWhateverThePoints(t *testing.T) {
	r := result(nil,
		PlayerResult{Name: "Ann", Points: []int{50, 0}, RanksLast: true},
		PlayerResult{Name: "Ben", Points: []int{1, 0}},
	)
	if got, want := ranks(r), "1 Ben, 2 Ann"; got != want {
		t.Fatalf("ranks = %q, want %q", got, want)
	}
}

func TestRenderGolden(t *testing.T) {
	tb := []TieBreak{{Key: "loans", Label: "fewer loans", Fewer: true}}
	r := result(tb,
		PlayerResult{Name: "Ann", Seat: 1, Points: []int{10, 2}, TieBreak: []int{1}},
		PlayerResult{Name: "Ben", Seat: 2, Points: []int{9, 3}, TieBreak: []int{2}},
		PlayerResult{Name: "Cal", Seat: 3, Points: []int{4, 0}, TieBreak: []int{0}},
	)
	r.Notes = []string{"scored with assumed component values"}
	for _, f := range Formats {
		var buf bytes.Buffer
		if err := Render(&buf, r, f); err != nil {
			t.Fatal(err)
		}
		golden.Check(t, filepath.Join("testdata", "render."+f+".golden"), buf.Bytes())
	}
	var back Result
	var buf bytes.Buffer
	_ = Render(&buf, r, "json")
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.Players[0].Name != "Ann" || back.Players[0].Rank != 1 {
		t.Fatalf("JSON does not round-trip: %v %+v", err, back.Players)
	}
}

func TestRenderUnknownFormat(t *testing.T) {
	err := Render(&bytes.Buffer{}, &Result{}, "xml")
	if err == nil || !strings.Contains(err.Error(), `unknown format "xml"`) {
		t.Fatalf("err = %v", err)
	}
}

// A name stays text in Markdown: a "|" would split its cell, "*" or "_"
// would format it; the tool's own notes keep their backquotes.
func TestMarkdownEscapesNames(t *testing.T) {
	r := result(nil,
		PlayerResult{Name: "Ann|Lee", Seat: 1, Points: []int{1, 1}},
		PlayerResult{Name: "a*b_c", Seat: 2, Points: []int{1, 1}},
	)
	r.Notes = []string{"see `vintner tables`"}
	var buf bytes.Buffer
	if err := Render(&buf, r, "markdown"); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`| Ann\|Lee |`, `| a\*b\_c  |`, `- 1= Ann\|Lee: shares the place with a\*b\_c`, "- see `vintner tables`"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// "~~" is GFM's strikethrough and "&amp;" a character reference: a name
// that holds them is printed as written.
func TestMarkdownEscapesStrikethroughAndReferences(t *testing.T) {
	r := result(nil,
		PlayerResult{Name: "~~Bo~~", Seat: 1, Points: []int{2, 1}},
		PlayerResult{Name: "R&amp;B", Seat: 2, Points: []int{1, 1}},
	)
	var buf bytes.Buffer
	if err := Render(&buf, r, "markdown"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`| \~\~Bo\~\~ |`, `| R\&amp;B   |`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no %q in\n%s", want, buf.String())
		}
	}
}

// The result's own notes may name players (a tied Major vineyard, a solo
// verdict): in Markdown those names are escaped as in the table, and the
// notes' backquotes kept.
func TestMarkdownEscapesNamesInResultNotes(t *testing.T) {
	r := result(nil,
		PlayerResult{Name: "Jean_Paul", Seat: 1, Points: []int{2, 1}},
		PlayerResult{Name: "*Bo*", Seat: 2, Points: []int{1, 1}},
	)
	r.Notes = []string{"Major vineyard Marne: Jean_Paul, *Bo* tied on cards and grapes", "see `vintner tables`"}
	var buf bytes.Buffer
	if err := Render(&buf, r, "markdown"); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`- Major vineyard Marne: Jean\_Paul, \*Bo\* tied on cards and grapes`, "- see `vintner tables`"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	buf.Reset()
	if err := Render(&buf, r, "table"); err != nil {
		t.Fatal(err)
	}
	if want := "Major vineyard Marne: Jean_Paul, *Bo* tied"; !strings.Contains(buf.String(), want) {
		t.Errorf("the table prints the names as they are: no %q in\n%s", want, buf.String())
	}
}

// A place shared by three names all three, from each of them.
func TestASharedPlaceNamesEveryoneInIt(t *testing.T) {
	tb := []TieBreak{{Key: "loans", Label: "fewer loans", Fewer: true}}
	r := result(tb,
		PlayerResult{Name: "Ann", Seat: 1, Points: []int{5, 0}, TieBreak: []int{1}},
		PlayerResult{Name: "Ben", Seat: 2, Points: []int{5, 0}, TieBreak: []int{1}},
		PlayerResult{Name: "Cal", Seat: 3, Points: []int{5, 0}, TieBreak: []int{1}},
		PlayerResult{Name: "Dee", Seat: 4, Points: []int{5, 0}, TieBreak: []int{2}},
	)
	want := map[string]string{
		"Ann": "shares the place with Ben and Cal (equal on every tie-break)",
		"Ben": "shares the place with Ann and Cal (equal on every tie-break)", // what split the place below is said by its neighbours
		"Cal": "shares the place with Ann and Ben (equal on every tie-break); ahead of Dee on tie-break 1/1, fewer loans (1 vs 2)",
		"Dee": "behind Cal on tie-break 1/1, fewer loans (2 vs 1)",
	}
	for _, p := range r.Players {
		if p.Decided != want[p.Name] {
			t.Errorf("%s: %q\nwant %q", p.Name, p.Decided, want[p.Name])
		}
	}
}
