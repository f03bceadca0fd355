package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/pdf"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/bordeaux"
)

// vintner runs the command line in-process.
func vintner(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSheetsCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdf"), filepath.Join(dir, "b.pdf")
	if code, _, stderr := vintner(t, "sheets", "--players", "3", "--seed", "11", "-o", a); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, _ := vintner(t, "sheets", "--players", "3", "--seed", "11", "-o", b); code != 0 {
		t.Fatal("second run failed")
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if !bytes.HasPrefix(ab, []byte("%PDF-")) || !bytes.Equal(ab, bb) {
		t.Fatal("the same seed did not give the same PDF")
	}
	// -o - writes the same bytes to stdout.
	code, stdout, _ := vintner(t, "sheets", "--players", "3", "--seed", "11", "-o", "-")
	if code != 0 || stdout != string(ab) {
		t.Fatalf("-o - gave exit %d and %d bytes, want the file's %d", code, len(stdout), len(ab))
	}
	// No temporary file is left next to the output.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the output folder holds %d entries, want 2", len(entries))
	}
	// Without --seed, a seed is drawn and told.
	if code, _, stderr := vintner(t, "sheets", "--players", "2", "-o", filepath.Join(dir, "c.pdf")); code != 0 || !strings.Contains(stderr, "--seed ") {
		t.Errorf("without --seed: exit %d, stderr %q", code, stderr)
	}
}

func TestSheetsCommandErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no output", []string{"sheets", "--players", "2"}, "-o FILE"},
		{"neither", []string{"sheets", "-o", "x.pdf"}, "--players N"},
		{"both", []string{"sheets", "--players", "2", "--pad", "3", "-o", "x.pdf"}, "do not go together"},
		{"pad zero", []string{"sheets", "--pad", "0", "-o", "x.pdf"}, "--pad takes"},
		{"too many players", []string{"sheets", "--players", "13", "--seed", "1", "-o", "x.pdf"}, "13"},
		{"paper", []string{"sheets", "--players", "2", "--paper", "legal", "-o", "x.pdf"}, "legal"},
		{"missing folder", []string{"sheets", "--players", "2", "--seed", "1", "-o", filepath.Join(dir, "no", "x.pdf")}, "cannot write"},
		{"output is a folder", []string{"sheets", "--players", "2", "--seed", "1", "-o", dir}, "cannot write"},
		{"scorepad game", []string{"scorepad", "chess", "-o", "x.pdf"}, "chess"},
		{"scorepad players", []string{"scorepad", "grand-cru", "--players", "6", "-o", "x.pdf"}, "2 to 5"},
		{"scorepad no output", []string{"scorepad", "bordeaux"}, "-o FILE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := vintner(t, c.args...)
			if code != exitCannot {
				t.Errorf("exit %d, want %d", code, exitCannot)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr %q lacks %q", stderr, c.want)
			}
			if stdout != "" {
				t.Errorf("stdout not empty: %q", stdout)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a failed run left %d files behind", len(entries))
	}
	if _, err := os.Stat("x.pdf"); err == nil {
		t.Error("a failed run wrote x.pdf")
	}
}

func needPoppler(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pdfinfo", "pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (apt-get install poppler-utils): cannot read the PDF back", tool)
		}
	}
}

func pdfText(t *testing.T, path string, page string) string {
	t.Helper()
	args := []string{path, "-"}
	if page != "" {
		args = append([]string{"-f", page, "-l", page}, args...)
	}
	out, err := exec.Command("pdftotext", args...).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func pdfPages(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "Pages:" {
			return f[1]
		}
	}
	t.Fatalf("pdfinfo gave no page count: %s", out)
	return ""
}

func TestSheetsPadAndScorepadRead(t *testing.T) {
	needPoppler(t)
	dir := t.TempDir()
	pad := filepath.Join(dir, "pad.pdf")
	if code, _, stderr := vintner(t, "sheets", "--pad", "6", "--seed", "7", "--paper", "letter", "-o", pad); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := pdfPages(t, pad); n != "6" {
		t.Fatalf("a pad of 6 has %s pages", n)
	}
	if text := pdfText(t, pad, "6"); !strings.Contains(text, "Pad page 6 of 6") {
		t.Errorf("last pad page lacks its number:\n%s", text)
	}
	for _, g := range []struct{ game, want string }{
		{"bordeaux", "Apprenti"}, {"grand-cru", "Unpaid loans"}, {"age-of-champagne", "Eco-responsibility"},
	} {
		out := filepath.Join(dir, g.game+".pdf")
		if code, _, stderr := vintner(t, "scorepad", g.game, "-o", out); code != 0 {
			t.Fatalf("scorepad %s: exit %d: %s", g.game, code, stderr)
		}
		if n := pdfPages(t, out); n != "1" {
			t.Errorf("scorepad %s has %s pages", g.game, n)
		}
		if text := pdfText(t, out, ""); !strings.Contains(text, g.want) {
			t.Errorf("scorepad %s lacks %q", g.game, g.want)
		}
	}
}

func TestReplayPDF(t *testing.T) {
	needPoppler(t)
	dir := t.TempDir()
	code, rec, stderr := vintner(t, "random", "bordeaux", "--players", "3", "--seed", "5")
	if code != 0 {
		t.Fatalf("random bordeaux: exit %d: %s", code, stderr)
	}
	vin := filepath.Join(dir, "g.vin")
	if err := os.WriteFile(vin, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "r.pdf")
	if code, _, stderr := vintner(t, "replay", vin, "--pdf", out); code != 0 {
		t.Fatalf("replay --pdf: exit %d: %s", code, stderr)
	}
	if n := pdfPages(t, out); n != "3" {
		t.Fatalf("3 players gave %s pages", n)
	}
	// Each page is one player's sheet, with the player's name.
	var names []string
	for _, line := range strings.Split(rec, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "players" {
			names = f[1:]
		}
	}
	for i, name := range names {
		text := pdfText(t, out, string(rune('1'+i)))
		if !strings.Contains(text, name) || !strings.Contains(text, "Seat "+string(rune('1'+i))+" of 3") {
			t.Errorf("page %d lacks %s or its seat", i+1, name)
		}
	}
	// --at an early line: the sheets are drawn as they stood then.
	early := filepath.Join(dir, "early.pdf")
	if code, _, stderr := vintner(t, "replay", vin, "--at", "5", "--pdf", early); code != 0 {
		t.Fatalf("replay --at 5 --pdf: exit %d: %s", code, stderr)
	}
	full, _ := os.ReadFile(out)
	part, _ := os.ReadFile(early)
	if bytes.Equal(full, part) {
		t.Error("--at 5 drew the same sheets as the end of the game")
	}
	// Not a Bordeaux record.
	code, gc, _ := vintner(t, "random", "grand-cru", "--players", "3", "--seed", "1")
	if code == 0 {
		gcPath := filepath.Join(dir, "gc.vin")
		os.WriteFile(gcPath, []byte(gc), 0o644)
		code, _, stderr := vintner(t, "replay", gcPath, "--pdf", filepath.Join(dir, "gc.pdf"))
		if code != exitCannot || !strings.Contains(stderr, "Bordeaux") {
			t.Errorf("replay --pdf of a Grand Cru record: exit %d, %q", code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "gc.pdf")); err == nil {
			t.Error("a PDF was written for a Grand Cru record")
		}
	}
}

// TestLeaderYearsMatchEngine: the years circled on printed sheets are the
// years the Bordeaux engine makes each seat lead.
func TestLeaderYearsMatchEngine(t *testing.T) {
	for n := 1; n <= 12; n++ {
		engineN := n
		if n == 1 {
			engineN = 2 // solo leads as seat 1 of 2
		}
		for seat := 1; seat <= n; seat++ {
			var want []int
			for y := 1; y <= 13; y++ {
				if bordeaux.LeaderSeat(y, engineN) == seat-1 {
					want = append(want, y)
				}
			}
			if got := pdf.LeaderYears(n, seat); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%d players, seat %d: sheet circles %v, engine leads %v", n, seat, got, want)
			}
		}
	}
}

// A seed drawn for sheets gives the short code (8 payload symbols), for
// any game set: the form people type.
func TestADrawnSeedGivesTheShortCode(t *testing.T) {
	for range 1000 {
		seed := drawSeed()
		code, err := layouts.NewSetCode(seed, 12)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(strings.ReplaceAll(code, "-", "")); n != len("B1")+8+1 {
			t.Fatalf("seed %d gives %s, %d symbols", seed, code, n)
		}
	}
}

// A replayed sheet named by a `sheet NAME CODE` line is labelled as the
// sheet it is: the seat of its own set ("seat 3 of 4", not "of 2", the
// game's players), a pad page, or a group's own layout (no code).
func TestReplayPDFSheetLabels(t *testing.T) {
	needPoppler(t)
	dir := t.TempDir()
	set, _ := layouts.NewSetCode(42, 4)
	pad := layouts.NewPadCodes(3, 1)[0]
	own, err := layouts.Sheet(set + "/2")
	if err != nil {
		t.Fatal(err)
	}
	own.Code, own.Seed, own.Seat, own.Players = "", 0, 0, 0
	b, _ := own.JSON()
	if err := os.WriteFile(filepath.Join(dir, "own.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	rec := "game bordeaux\nplayers Ann Ben Cal\nsheet Ann " + set + "/3\nsheet Ben " + pad + "\nsheet Cal layout=own.json\n'01 R C\n"
	vin := filepath.Join(dir, "g.vin")
	if err := os.WriteFile(vin, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "r.pdf")
	vintner(t, "replay", vin, "--pdf", out) // exit 1: the record stops in '01 (Ann's sheet prints region R)
	if n := pdfPages(t, out); n != "3" {
		t.Fatalf("3 players gave %s pages", n)
	}
	for i, want := range []string{
		"Bordeaux sheet · layout code " + set + " · seat 3 of 4 ·",
		"Bordeaux sheet · layout code " + pad + " · pad page ·",
		"Bordeaux sheet · own layout (no code) · sheet ·",
	} {
		text := pdfText(t, out, fmt.Sprint(i+1))
		if !strings.Contains(text, want) {
			t.Errorf("page %d does not say %q:\n%s", i+1, want, text)
		}
		if strings.Contains(text, " of 3") || strings.Contains(text, "eat 0") {
			t.Errorf("page %d labels the sheet by the game's seats:\n%s", i+1, text)
		}
	}
}

// replay --pdf never writes over the file standard input is redirected
// from (`replay - --pdf g.vin < g.vin`): it replaced the record with the
// PDF, the --tables file too.
func TestReplayPDFKeepsTheFileOnStandardInput(t *testing.T) {
	dir := t.TempDir()
	rec, err := os.ReadFile("../../testdata/examples/bordeaux-4p.vin")
	if err != nil {
		t.Fatal(err)
	}
	vin := filepath.Join(dir, "g.vin")
	tables := filepath.Join(dir, "t.tables")
	os.WriteFile(vin, rec, 0o644)
	os.WriteFile(tables, []byte("# Bordeaux\n"), 0o644)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{vin, []string{"replay", "-", "--pdf", vin}, "vintner: --pdf " + vin + " would overwrite the record <stdin>: name another file\n"},
		{tables, []string{"replay", vin, "--tables", "-", "--pdf", tables}, "vintner: --pdf " + tables + " would overwrite the --tables file <stdin>: name another file\n"},
	} {
		before, _ := os.ReadFile(c.stdin)
		f, err := os.Open(c.stdin)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Main(c.args, f, &out, &errb)
		f.Close()
		if code != exitCannot || !strings.HasPrefix(errb.String(), c.want) {
			t.Errorf("%s < %s: exit %d, stderr %q; want 2 and %q", strings.Join(c.args, " "), c.stdin, code, errb.String(), c.want)
		}
		if after, _ := os.ReadFile(c.stdin); !bytes.Equal(after, before) {
			t.Errorf("%s < %s: the file was overwritten", strings.Join(c.args, " "), c.stdin)
		}
	}
}

// A replayed sheet circles every year its seat leads, as the blank sheet
// does: the players circle them at setup (the rulebook's Setup), so a
// sheet drawn before the end (--at, or a record stopped by an error) has
// the years to come circled too, not only those led so far.
func TestReplayPDFCirclesEveryLeaderYear(t *testing.T) {
	for _, n := range []int{1, 3, 5, 12} {
		code, rec, stderr := vintner(t, "random", "bordeaux", "--players", fmt.Sprint(n), "--seed", "4")
		if code != 0 {
			t.Fatalf("random bordeaux: exit %d: %s", code, stderr)
		}
		// up to the '02 line: two years played
		at := strings.Count(rec[:strings.Index(rec, "\n'03")], "\n") + 1
		rep := validate.Check([]validate.Game{bordeaux.New()}, "g.vin", []byte(rec), validate.Limits{}, validate.Options{AtLine: at})
		st, ok := rep.State.(*bordeaux.State)
		if !ok || st.Year != 2 {
			t.Fatalf("%d players: no state at '02 (%v)", n, rep.Diagnostics)
		}
		pages := replayPages(st, rep.Result)
		if len(pages) != n {
			t.Fatalf("%d players: %d pages", n, len(pages))
		}
		for i, pg := range pages {
			want := pdf.LeaderYears(n, st.Players[i].Seat)
			if fmt.Sprint(pg.Leaders) != fmt.Sprint(want) {
				t.Errorf("%d players, %s at '02: circled %v, the snake gives %v", n, pg.Marks.Name, pg.Leaders, want)
			}
		}
	}
}
