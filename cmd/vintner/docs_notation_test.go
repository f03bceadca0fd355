package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// notationPages are the notation pages and their games' invalid fixtures.
var notationPages = []struct{ game, page, fixtures string }{
	{"bordeaux", "bordeaux.md", "bordeaux"},
	{"grand-cru", "grand-cru.md", "grand-cru"},
	{"age-of-champagne", "age-of-champagne.md", "champagne"},
}

// notationProse are the messages the pages quote in their text (not as
// `FILE:LINE:COL: error:` lines): each is a fixture's `# want` too.
var notationProse = map[string][]string{
	"bordeaux": {
		"a trellis goes in row 1 or 3: write t1 or t3",
		"Ann's circled wines are Lp3,Lr1,Rr1; the check says Lp3,Lr1",
		"Ann's claim comes before the game ends: year '06 is not played yet (the game ends after '13)",
	},
	"grand-cru": {
		"it is Ann's turn, not Ben's",
		"the festival is over: Ben had no prestige left for any open space and was passed over (a player who cannot act writes no line)",
	},
}

// wantMessages are the `# want "…"` messages of the records below dir.
func wantMessages(t *testing.T, dir string) map[string]bool {
	t.Helper()
	want := regexp.MustCompile(`# want "(.*)"\s*$`)
	msgs := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".vin" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if m := want.FindStringSubmatch(l); m != nil {
				msgs[m[1]] = true
			}
		}
		return nil
	})
	if len(msgs) == 0 {
		t.Fatalf("no # want under %s", dir)
	}
	return msgs
}

// section returns the text of a page's section, from its heading to the
// next heading of its level.
func section(page, heading string) string {
	_, after, ok := strings.Cut(page, "\n"+heading+"\n")
	if !ok {
		return ""
	}
	body, _, _ := strings.Cut(after, "\n## ")
	return body
}

// indented returns a section's first indented block, without its indent.
func indented(sec string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(sec, "\n") {
		switch {
		case strings.HasPrefix(l, "    "):
			in = true
			b.WriteString(l[4:] + "\n")
		case in:
			return b.String()
		}
	}
	return b.String()
}

// TestNotationPagesExamples holds what the notation pages show to what
// vintner does: each complete game validates with its claims, each
// scorepad example scores (with --game, and from its own game line), each
// message the page quotes is the exact message of a fixture, and the
// setup examples are read line by line (the record then ends early).
func TestNotationPagesExamples(t *testing.T) {
	dir := t.TempDir()
	for _, np := range notationPages {
		b, err := os.ReadFile(filepath.Join("../../docs/notation", np.page))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		_, rest, ok := strings.Cut(page, "```vin\n")
		game, _, ok2 := strings.Cut(rest, "```")
		if !ok || !ok2 {
			t.Fatalf("%s: no complete game", np.page)
		}
		if rc, _, stderr := runStdin(t, game, "validate", "-"); rc != 0 {
			t.Errorf("%s: the complete game does not validate with its claims (exit %d):\n%s", np.page, rc, stderr)
		}

		tally := indented(section(page, "## Scorepad mode"))
		if tally == "" {
			t.Fatalf("%s: no scorepad example", np.page)
		}
		file := filepath.Join(dir, np.game+"-tally.txt")
		if err := os.WriteFile(file, []byte(tally), 0o644); err != nil {
			t.Fatal(err)
		}
		if rc, _, stderr := runVintner(t, "score", "--game", np.game, "--tally", file); rc != 0 {
			t.Errorf("%s: the scorepad example does not score (exit %d):\n%s", np.page, rc, stderr)
		}
		if err := os.WriteFile(file, []byte("game "+np.game+"\n"+tally), 0o644); err != nil {
			t.Fatal(err)
		}
		if rc, _, stderr := runVintner(t, "score", "--tally", file); rc != 0 {
			t.Errorf("%s: the scorepad example with its game line does not score without --game (exit %d):\n%s", np.page, rc, stderr)
		}

		wants := wantMessages(t, filepath.Join("../../testdata", np.fixtures, "invalid"))
		quoted := 0
		for _, m := range regexp.MustCompile(`(?m)FILE:LINE:COL: error: (.*)$`).FindAllStringSubmatch(page, -1) {
			quoted++
			if !wants[m[1]] {
				t.Errorf("%s shows the message %q, which no fixture of testdata/%s/invalid gives", np.page, m[1], np.fixtures)
			}
		}
		for _, m := range notationProse[np.game] {
			quoted++
			if !strings.Contains(strings.Join(strings.Fields(page), " "), m) {
				t.Errorf("%s no longer quotes %q: update the test", np.page, m)
			}
			if !wants[m] {
				t.Errorf("%s quotes the message %q, which no fixture of testdata/%s/invalid gives", np.page, m, np.fixtures)
			}
		}
		if np.game != "age-of-champagne" && quoted == 0 {
			t.Errorf("%s quotes no message", np.page)
		}
	}
}

// recordEndsEarly validates a record that stops after its setup: every
// line must be read, and the only error is that the game is not over.
func recordEndsEarly(t *testing.T, name, record string) {
	t.Helper()
	rc, _, stderr := runStdin(t, record, "validate", "-")
	first, _, _ := strings.Cut(stderr, "\n")
	if rc != 1 || strings.Count(stderr, "error: ") != 1 || !strings.Contains(first, "error: the record ends") {
		t.Errorf("%s: want every line read and the record ending early, got:\n%s", name, stderr)
	}
}

// TestNotationSetupExamples: the setup blocks of Grand Cru and AOC, and
// the specification's inheritance form the AOC page says is read.
func TestNotationSetupExamples(t *testing.T) {
	b, err := os.ReadFile("../../docs/notation/grand-cru.md")
	if err != nil {
		t.Fatal(err)
	}
	setup := indented(section(string(b), "## Setup"))
	recordEndsEarly(t, "grand-cru.md's setup", setup)

	b, err = os.ReadFile("../../docs/notation/age-of-champagne.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	header := "game age-of-champagne\nplayers Ann Ben Cal\n"
	setup = indented(section(page, "## Setup"))
	recordEndsEarly(t, "age-of-champagne.md's setup", header+setup)

	m := regexp.MustCompile("The spec's form\\s+\\(`([^`]*)`\\)").FindStringSubmatch(page)
	if m == nil {
		t.Fatal("age-of-champagne.md no longer quotes the spec's inheritance form")
	}
	form := strings.Join(strings.Fields(m[1]), " ")
	var lines []string
	for _, l := range strings.Split(setup, "\n") {
		switch {
		case strings.HasPrefix(l, "deal "):
			continue // the draft by ids: the form names no id
		case strings.HasPrefix(l, "Cal: inherit"):
			l = "Cal: " + form // Cal's own line inherits verneuil too
		}
		lines = append(lines, l)
	}
	recordEndsEarly(t, "the spec's inheritance form", header+strings.Join(lines, "\n"))
}
