package pdf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/score"
	scorebordeaux "github.com/vintner/vintner/score/bordeaux"
)

// needTools skips the test when poppler-utils (pdfinfo, pdftotext,
// pdftoppm) are not installed: they read the PDFs back.
func needTools(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (apt-get install poppler-utils): cannot read the PDF back", tool)
		}
	}
}

func writeTemp(t testing.TB, name string, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out)
}

type pageInfo struct {
	pages int
	sizes []string // "841.89 x 595.28"
}

var pageSizeRE = regexp.MustCompile(`(?m)^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts`)

func info(t testing.TB, path string) pageInfo {
	t.Helper()
	out := run(t, "pdfinfo", path)
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo gave no page count:\n%s", out)
	}
	n, _ := strconv.Atoi(m[1])
	pi := pageInfo{pages: n}
	out = run(t, "pdfinfo", "-f", "1", "-l", m[1], path)
	for _, s := range pageSizeRE.FindAllStringSubmatch(out, -1) {
		pi.sizes = append(pi.sizes, s[1])
	}
	return pi
}

// pageText is the text of one page (1-based), as pdftotext reads it.
func pageText(t testing.TB, path string, page int) string {
	t.Helper()
	n := strconv.Itoa(page)
	return run(t, "pdftotext", "-f", n, "-l", n, path, "-")
}

func gameSet(t testing.TB, seed uint64, players int) []SheetPage {
	t.Helper()
	code, err := layouts.NewSetCode(seed, players)
	if err != nil {
		t.Fatal(err)
	}
	set, err := layouts.Set(code)
	if err != nil {
		t.Fatal(err)
	}
	var pages []SheetPage
	for _, l := range set {
		pages = append(pages, SheetPage{Layout: l, Players: players, Leaders: LeaderYears(players, l.Seat)})
	}
	return pages
}

func TestLeaderYears(t *testing.T) {
	cases := []struct {
		players, seat int
		want          string
	}{
		{1, 1, "[1 4 5 8 9 12 13]"}, // solo leads as seat 1 of 2
		{2, 1, "[1 4 5 8 9 12 13]"},
		{2, 2, "[2 3 6 7 10 11]"},
		{3, 1, "[1 6 7 12 13]"},
		{4, 4, "[4 5 12 13]"},
		{4, 1, "[1 8 9]"},
		{12, 12, "[12 13]"},
		{5, 6, "[]"},
	}
	for _, c := range cases {
		got := fmt.Sprint(LeaderYears(c.players, c.seat))
		if got != c.want {
			t.Errorf("LeaderYears(%d, %d) = %s, want %s", c.players, c.seat, got, c.want)
		}
	}
	// Every year has exactly one leader, and counts differ by at most one.
	for n := 2; n <= 12; n++ {
		seen := map[int]int{}
		lo, hi := 99, 0
		for s := 1; s <= n; s++ {
			ys := LeaderYears(n, s)
			lo, hi = min(lo, len(ys)), max(hi, len(ys))
			for _, y := range ys {
				seen[y]++
			}
		}
		for y := 1; y <= 13; y++ {
			if seen[y] != 1 {
				t.Errorf("%d players: year %d has %d leaders", n, y, seen[y])
			}
		}
		if hi-lo > 1 {
			t.Errorf("%d players: leader counts range %d..%d", n, lo, hi)
		}
	}
}

func TestSheetsPagesSizeAndText(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext")
	for _, paper := range []struct {
		p    Paper
		size string
	}{{A4, "841.89 x 595.28"}, {Letter, "792 x 612"}} {
		t.Run(paper.p.Name, func(t *testing.T) {
			pages := gameSet(t, 42, 4)
			b, err := Sheets(pages, paper.p)
			if err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, "sheets.pdf", b)
			pi := info(t, path)
			if pi.pages != 4 {
				t.Fatalf("4 players gave %d pages", pi.pages)
			}
			for i, s := range pi.sizes {
				if s != paper.size {
					t.Errorf("page %d is %s pts, want %s (landscape %s)", i+1, s, paper.size, paper.p.Name)
				}
			}
			for i, pg := range pages {
				text := pageText(t, path, i+1)
				for _, want := range []string{
					pg.Layout.Code, fmt.Sprintf("Seat %d of 4", i+1), fmt.Sprintf("seat %d of 4", i+1),
					"Left Bank (L)", "Right Bank (R)", "Entre-deux-Mers (E)",
					"Casks (C)", "Vines (V)", "Trellises (T)", "'00", "'13", "'14", "'15",
					"Red worker", "Pink worker", "Yellow worker", "Filled paths", "Maître",
				} {
					if !strings.Contains(text, want) {
						t.Errorf("page %d lacks %q", i+1, want)
					}
				}
				// Every wine's notation name is on its sheet.
				for _, w := range pg.Layout.Wines {
					if !strings.Contains(text, w.Name()) {
						t.Errorf("page %d lacks wine %s", i+1, w.Name())
					}
				}
			}
		})
	}
}

func TestSheetsDeterministic(t *testing.T) {
	a, err := Sheets(gameSet(t, 42, 3), A4)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Sheets(gameSet(t, 42, 3), A4)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the same seed gave different bytes")
	}
	c, err := Sheets(gameSet(t, 43, 3), A4)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) {
		t.Fatal("two seeds gave the same file")
	}
	// No clock in the file: the fixed date is there.
	if !bytes.Contains(a, []byte("D:20260101")) {
		t.Error("the creation date is not the fixed one")
	}
}

func TestTwoSeedsDifferentLayouts(t *testing.T) {
	needTools(t, "pdftotext")
	p1, p2 := gameSet(t, 1, 2), gameSet(t, 2, 2)
	if p1[0].Layout.Code == p2[0].Layout.Code {
		t.Fatalf("seeds 1 and 2 share the code %s", p1[0].Layout.Code)
	}
	b1, _ := Sheets(p1, A4)
	b2, _ := Sheets(p2, A4)
	t1 := pageText(t, writeTemp(t, "a.pdf", b1), 1)
	t2 := pageText(t, writeTemp(t, "b.pdf", b2), 1)
	if !strings.Contains(t1, p1[0].Layout.Code) || !strings.Contains(t2, p2[0].Layout.Code) {
		t.Fatal("a sheet does not print its own code")
	}
	if strings.Contains(t1, p2[0].Layout.Code) {
		t.Fatal("seed 1's sheet prints seed 2's code")
	}
}

func TestPadPages(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext")
	codes := layouts.NewPadCodes(7, 5)
	var pages []SheetPage
	for i, code := range codes {
		l, err := layouts.Sheet(code)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, SheetPage{Layout: l, PadPage: i + 1, PadPages: len(codes)})
	}
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	path := writeTemp(t, "pad.pdf", b)
	if pi := info(t, path); pi.pages != 5 {
		t.Fatalf("a pad of 5 has %d pages", pi.pages)
	}
	seen := map[string]bool{}
	for i, code := range codes {
		text := pageText(t, path, i+1)
		if !strings.Contains(text, code) || !strings.Contains(text, fmt.Sprintf("Pad page %d of 5", i+1)) {
			t.Errorf("pad page %d lacks its code %s or its number", i+1, code)
		}
		if seen[code] {
			t.Errorf("pad code %s repeats", code)
		}
		seen[code] = true
	}
}

// TestUTF8Names checks that the embedded font prints the games' accented
// words, read back from the PDF.
func TestUTF8Names(t *testing.T) {
	needTools(t, "pdftotext")
	pages := gameSet(t, 3, 1)
	pages[0].Marks = &Marks{Name: "Maître Œnothèque de Côte des Blancs"}
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	text := pageText(t, writeTemp(t, "utf8.pdf", b), 1)
	// A name written with a combining accent prints as the accented letter.
	pages[0].Marks = &Marks{Name: "Zoe\u0308 Nu\u0301n\u0303ez"}
	if b, err = Sheets(pages, A4); err != nil {
		t.Fatal(err)
	}
	text += pageText(t, writeTemp(t, "combining.pdf", b), 1)
	for _, want := range []string{"Entre-deux-Mers", "Maître Œnothèque de Côte des Blancs", "rosé", "Zoë Núñez"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if got := printable("Ann 李 ☃"); got != "Ann ? ?" {
		t.Errorf("printable = %q, want characters outside the font replaced", got)
	}
}

// TestPrintableCharacters: a name prints as the reader sees it. A letter
// written with a combining accent (as some keyboards and macOS write
// names) prints as the accented letter, not as the letter and a "?"; a
// character the font lacks is one "?" however many code points make it
// (an emoji with its joiners, a flag, a Hebrew letter with its points);
// the invisible joiners print as nothing.
func TestPrintableCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"Zoë Łukasz Ærøskøbing Đorđe": "Zoë Łukasz Ærøskøbing Đorđe",
		"Zoe\u0308":                   "Zoë",
		"Jose\u0301 Mari\u0301a":      "José María",
		"N\u0303un\u0303o":            "Ñuño",
		"Nguye\u0323\u0302n":          "Nguyện", // two marks, one at a time
		"\u0418\u0306\u0435\u0308":    "Йё",
		"q\u0301":                     "q?", // no q with an acute in the font
		"\u0301Ann":                   "?Ann",
		"Ann 李 ☃":                     "Ann ? ?",
		"Ann 🍷":                       "Ann ?",
		"❤\ufe0f Ann":                 "? Ann",
		"👨\u200d👩\u200d👧 Ann":         "? Ann",
		"👍🏽 Ann":                      "? Ann",
		"🇫🇷🇩🇪 Ann":                    "?? Ann",
		"🏴\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F": "?",
		"שָׁלוֹם":            "????",
		"हिंदी":              "??",
		"Åsa\u200dBo\u200cB": "ÅsaBoB",
		"↔\ufe0f":            "↔",
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%+q) = %+q, want %+q", in, got, want)
		}
	}
	for mark, pairs := range compositions {
		for i, r := range []rune(pairs) {
			if i%2 == 1 && !inFont(r) {
				t.Errorf("U+%04X composes into U+%04X, which the font lacks", mark, r)
			}
		}
	}
}

// TestPrintableMatchesTheFont: printable keeps exactly the characters the
// embedded fonts have a glyph for. One it kept without a glyph printed as
// an empty box (U+1EFC, the Welsh ll), not as "?".
func TestPrintableMatchesTheFont(t *testing.T) {
	for _, file := range []string{"fonts/DejaVuSansCondensed.ttf", "fonts/DejaVuSansCondensed-Bold.ttf"} {
		font, err := fpdf.TtfParse(file)
		if err != nil {
			t.Fatal(err)
		}
		for r := rune(0); r <= 0xffff; r++ {
			if _, has := font.Chars[uint16(r)]; inFont(r) != has {
				t.Errorf("%s: U+%04X: printable keeps it %v, the font has it %v", file, r, inFont(r), has)
			}
		}
	}
	for _, r := range []rune{0x10000, 0x1f377} {
		if inFont(r) {
			t.Errorf("U+%04X is kept: the font has nothing outside the BMP", r)
		}
	}
}

func TestScorepads(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext")
	for _, g := range scorepadGames {
		t.Run(g.Name, func(t *testing.T) {
			b, err := Scorepad(g, 0, A4)
			if err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, "pad.pdf", b)
			pi := info(t, path)
			if pi.pages != 1 || pi.sizes[0] != "595.28 x 841.89" {
				t.Fatalf("scorepad: %d pages of %v, want 1 A4 portrait", pi.pages, pi.sizes)
			}
			text := pageText(t, path, 1)
			for _, c := range g.Categories() {
				if !strings.Contains(text, c.Title()) {
					t.Errorf("scorepad lacks category %q", c.Title())
				}
			}
			for i, tb := range g.TieBreaks() {
				if want := fmt.Sprintf("Tie-break %d: %s", i+1, tb.Label); !strings.Contains(text, want) {
					t.Errorf("scorepad lacks %q", want)
				}
			}
			for _, want := range append([]string{g.Title, "Total", "Place"}, g.Solo...) {
				if !strings.Contains(text, want) {
					t.Errorf("scorepad lacks %q", want)
				}
			}
			for _, c := range g.Counts {
				if !strings.Contains(text, c.Label) || !strings.Contains(text, c.Key) {
					t.Errorf("scorepad lacks the count %q (%s)", c.Label, c.Key)
				}
			}
			// One numbered column per player.
			if !strings.Contains(text, strconv.Itoa(g.DefaultPlayers)) {
				t.Errorf("scorepad lacks player column %d", g.DefaultPlayers)
			}
		})
	}
	aoc, _ := ScorepadFor("age-of-champagne")
	b, _ := Scorepad(aoc, 0, A4)
	if text := pageText(t, writeTemp(t, "aoc.pdf", b), 1); !strings.Contains(strings.ToLower(text), "eco") {
		t.Error("the AOC scorepad lacks the eco category")
	}
	bd, _ := ScorepadFor("bordeaux")
	if _, err := Scorepad(bd, 13, A4); err == nil {
		t.Error("a 13-player Bordeaux scorepad was drawn")
	}
	if _, err := ScorepadFor("chess"); err == nil {
		t.Error("a scorepad for chess was found")
	}
}

// TestScorepadsHoldTheTallysCounts: a pad names every key that scorepad
// mode (`vintner score --tally`) reads, under the row that holds it or in
// a count row of its own where the rows hold points: Bordeaux's longest
// tour in segments and its leader years; Grand Cru's tiles by name (the
// Tile types row holds Francs); AOC's Vineyard cards and grapes of each
// region, still wines and cuvées. A secretary types a filled pad by them.
func TestScorepadsHoldTheTallysCounts(t *testing.T) {
	needTools(t, "pdftotext")
	for game, keys := range map[string][]string{
		"bordeaux":         {"paths=", "longest=", "casks=", "rows=", "leader=", "claim NAME"},
		"grand-cru":        {"money=", "tiles=TILE", "cellar=", "loans=", "bankrupt", "claim NAME"},
		"age-of-champagne": {"pp=", "marne=", "reims=", "blancs=", "sezanne=", "bar=", "still=", "cellar=", "oeno=", "eco=", "council=", "protection=", "claim NAME"},
	} {
		g, _ := ScorepadFor(game)
		for _, paper := range []Paper{A4, Letter} {
			b, err := Scorepad(g, 0, paper)
			if err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, "pad.pdf", b)
			if pi := info(t, path); pi.pages != 1 {
				t.Fatalf("%s: %d pages", game, pi.pages)
			}
			text := pageText(t, path, 1)
			for _, k := range keys {
				if !strings.Contains(text, k) {
					t.Errorf("the %s scorepad has no box for the tally's %s", game, k)
				}
			}
		}
	}
}

// TestScorepadDeterministic: the same pad twice is the same bytes.
func TestScorepadDeterministic(t *testing.T) {
	g, _ := ScorepadFor("grand-cru")
	a, _ := Scorepad(g, 3, Letter)
	b, _ := Scorepad(g, 3, Letter)
	if !bytes.Equal(a, b) {
		t.Fatal("the same scorepad gave different bytes")
	}
}

func TestReplayMarksPrinted(t *testing.T) {
	needTools(t, "pdftotext")
	pages := gameSet(t, 5, 2)
	l := pages[0].Layout
	mk := &Marks{
		Name:        "Ann",
		Circled:     map[string]int{l.Wines[0].ID: 3},
		Filled:      map[string]bool{l.Paths[0].ID: true},
		CasksGained: 3, CasksUsed: 1, VinesFilled: 4, Trellis: []int{3, 1, 0},
		Year:       14,
		Categories: scorebordeaux.Categories,
		Score:      &score.PlayerResult{Name: "Ann", Points: []int{9, 3, 4, 0, 5, 5, 0, 0}, Total: 26},
	}
	mk.Grid[0][3] = 'L'
	mk.Grid[1][4] = '-'
	pages[0].Marks = mk
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	text := pageText(t, writeTemp(t, "replay.pdf", b), 1)
	for _, want := range []string{"Ann", "'03", "26", "9"} {
		if !strings.Contains(text, want) {
			t.Errorf("replayed sheet lacks %q", want)
		}
	}
	blank := pageText(t, writeTemp(t, "blank.pdf", b), 2)
	if strings.Contains(blank, "Ann") || strings.Contains(blank, "26") {
		t.Error("the blank sheet of seat 2 shows seat 1's marks")
	}
}

// TestGreyShadesDistinct: printed in black and white the three wine
// colours stay three clearly different greys (and each has its own shape
// and letter besides).
func TestGreyShadesDistinct(t *testing.T) {
	luma := func(c rgb) float64 { return 0.299*float64(c.r) + 0.587*float64(c.g) + 0.114*float64(c.b) }
	r, p, w := luma(wineInk[layouts.Red]), luma(wineInk[layouts.Rose]), luma(wineInk[layouts.White])
	if !(r+50 < p && p+30 < w) {
		t.Errorf("greys red %.0f, rosé %.0f, white %.0f are too close", r, p, w)
	}
}

func TestPaperNamed(t *testing.T) {
	for in, want := range map[string]Paper{"a4": A4, "A4": A4, "letter": Letter, "Letter": Letter} {
		if got, err := PaperNamed(in); err != nil || got != want {
			t.Errorf("PaperNamed(%q) = %v, %v", in, got, err)
		}
	}
	// "" is no paper: an empty --paper is refused, not taken for a4.
	for _, in := range []string{"legal", ""} {
		if _, err := PaperNamed(in); err == nil {
			t.Errorf("paper %q accepted", in)
		}
	}
}

func BenchmarkPad100(b *testing.B) {
	codes := layouts.NewPadCodes(1, 100)
	var pages []SheetPage
	for i, code := range codes {
		l, err := layouts.Sheet(code)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, SheetPage{Layout: l, PadPage: i + 1, PadPages: 100})
	}
	b.ResetTimer()
	for b.Loop() {
		out, err := Sheets(pages, A4)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(out)))
	}
}

// A solo sheet at the end names the level reached on a line of its own:
// appended to the levels' line it ran off the page.
func TestSoloLevelReachedIsReadable(t *testing.T) {
	needTools(t, "pdftotext")
	pages := gameSet(t, 5, 1)
	pages[0].Marks = &Marks{Name: "Ann", Year: 14, Categories: scorebordeaux.Categories,
		Score: &score.PlayerResult{Name: "Ann", Points: []int{9, 3, 4, 0, 5, 0, 0, 1}, Total: 22, Level: "Apprenti"}}
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	text := pageText(t, writeTemp(t, "solo.pdf", b), 1)
	for _, want := range []string{"Level reached: Apprenti", "35+ Maître"} {
		if !strings.Contains(text, want) {
			t.Errorf("the solo sheet lacks %q", want)
		}
	}
}

// TestTopRowsShowTheYearAsPlayed: a year played otherwise than the sheet
// prints it (a page of another pad led it, ruling R3) shows the print
// struck out and the year's letter beside it; the print alone told the
// player another region or resource than the table played.
func TestTopRowsShowTheYearAsPlayed(t *testing.T) {
	needTools(t, "pdftotext")
	pages := gameSet(t, 5, 2)[:1]
	l := pages[0].Layout
	other := map[layouts.Region]layouts.Region{layouts.Left: layouts.Right, layouts.Right: layouts.Entre, layouts.Entre: layouts.Left}
	mk := &Marks{Name: "Ann", Year: 2}
	mk.Top[1] = layouts.TopCell{Region: other[l.Top[1].Region], Resource: layouts.Vines}
	pages[0].Marks = mk
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	// The cell of '01 on the region row (design millimetres: the grid
	// starts at x 8 + 33 and y 130 + 7, columns 15.5 wide, rows 8 high),
	// read at 72 dpi, in points.
	pt := func(mm float64) string { return fmt.Sprint(int(mm * 72 / 25.4)) }
	cell := run(t, "pdftotext", "-r", "72", "-x", pt(41+15.5), "-y", pt(137), "-W", pt(15.5), "-H", pt(8), writeTemp(t, "top.pdf", b), "-")
	got := strings.Fields(cell)
	want := []string{string(rune(l.Top[1].Region)), string(rune(mk.Top[1].Region))}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("'01's region cell reads %q, want the print struck out and the year's region: %q", got, want)
	}
}

// TestSoloScorepadHasTheOpponent: AOC's solo game is played against the
// Wine Merchant and won by placing ahead of him, so its one-player pad has
// his column too; a one-column pad had nowhere to score him, and its
// tie-break and place rows compared the player with no one.
func TestSoloScorepadHasTheOpponent(t *testing.T) {
	needTools(t, "pdftotext")
	for _, c := range []struct {
		game    string
		players int
		want    []string
		not     string
	}{
		{"age-of-champagne", 1, []string{"Wine Merchant", "1 player and the Wine Merchant", "Solo: place ahead of the Wine Merchant"}, ""},
		{"age-of-champagne", 3, []string{"3 players"}, "Wine Merchant"},
		{"bordeaux", 1, []string{"1 player"}, "Merchant"},
	} {
		g, _ := ScorepadFor(c.game)
		b, err := Scorepad(g, c.players, A4)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(pageText(t, writeTemp(t, "pad.pdf", b), 1)), " ")
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s pad for %d: lacks %q", c.game, c.players, w)
			}
		}
		if c.not != "" && strings.Contains(text, c.not) {
			t.Errorf("%s pad for %d: has %q", c.game, c.players, c.not)
		}
	}
}
