package games_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// A record's outcome reported the same way in every game, on each game's
// bundled example: a player claims once; an error after the claims rejects
// the record (no result) but the claims written before it are compared;
// every claim diagnostic says where the game ended; a claim before the end
// and a record cut short are missing-end errors; a check key no check has
// is a syntax error.

// examples pair a bundled record of each game with an action that is legal
// in the middle of it but comes after its end here.
var examples = []struct{ file, lateAction string }{
	{"bordeaux-4p.vin", "red L"},
	{"grand-cru-3p.vin", "pass"},
	{"age-of-champagne-3p.vin", "press 2"},
}

// firstClaim finds the example's first claim line: its 1-based number,
// player and points.
func firstClaim(t *testing.T, text string) (num int, player string, points int) {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "claim" {
			n, err := strconv.Atoi(f[2])
			if err != nil {
				t.Fatalf("line %d: %q", i+1, line)
			}
			return i + 1, f[1], n
		}
	}
	t.Fatal("no claim line")
	return
}

func check(text string, asPlayed bool) *validate.Report {
	return validate.Check(games.All(), "x.vin", []byte(text), validate.Limits{}, validate.Options{AsPlayed: asPlayed, NoState: true})
}

func claimCount(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "claim ") {
			n++
		}
	}
	return n
}

func TestClaimWrittenTwiceIsAClaimErrorInEveryGame(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			text := readExample(t, ex.file)
			num, player, points := firstClaim(t, text)
			dup := text + fmt.Sprintf("claim %s %d\n", player, points)
			rep := check(dup, false)
			want := fmt.Sprintf("%s's claim is written twice (first at line %d)", player, num)
			if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Message != want || rep.Diagnostics[0].Code != validate.CodeClaim {
				t.Fatalf("diagnostics %v, want one claim error %q", rep.Diagnostics, want)
			}
			if d := rep.Diagnostics[0]; d.Where == "" || d.Line != lineCount(dup) || d.Player != player {
				t.Errorf("diagnostic %+v: want where set, line %d, player %s", d, lineCount(dup), player)
			}
			if rep.Result == nil {
				t.Error("no result: only a claim differs, the game was scored")
			}
			if len(rep.Claims) != claimCount(text) {
				t.Errorf("%d claims compared, want %d (the second claim is not)", len(rep.Claims), claimCount(text))
			}
		})
	}
}

func TestAnErrorAfterTheClaimsRejectsButComparesTheClaimsBeforeIt(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			text := readExample(t, ex.file)
			num, player, points := firstClaim(t, text)
			lines := strings.Split(text, "\n")
			lines[num-1] = fmt.Sprintf("claim %s %d", player, points+1) // one point too many
			bad := strings.Join(lines, "\n") + player + ": " + ex.lateAction + "\n"
			rep := check(bad, false)
			if rep.Result != nil {
				t.Error("a result for a rejected record")
			}
			if len(rep.Diagnostics) != 2 {
				t.Fatalf("diagnostics %v, want the claim's and the late action's", rep.Diagnostics)
			}
			claim, late := rep.Diagnostics[0], rep.Diagnostics[1]
			if claim.Code != validate.CodeClaim || claim.Line != num || claim.Where == "" ||
				!strings.HasPrefix(claim.Message, fmt.Sprintf("%s claimed %d points, the rules give %d (", player, points+1, points)) {
				t.Errorf("claim diagnostic %+v", claim)
			}
			if late.Code != validate.CodeRule || late.Line != lineCount(bad) {
				t.Errorf("late action's diagnostic %+v, want a rule error at line %d", late, lineCount(bad))
			}
			if len(rep.Claims) != claimCount(text) || rep.Claims[0].Claimed != points+1 || rep.Claims[0].Computed != points {
				t.Errorf("claims %+v", rep.Claims)
			}
		})
	}
}

// A check that differs, as played, in every game: the replay goes on
// past it (a check changes nothing), and the result is given, disputed.
func TestACheckThatDiffersAsPlayedIsDisputedWithAResult(t *testing.T) {
	for _, tc := range []struct{ file, from, to string }{
		{"bordeaux-4p.vin", "check Cal casks=2 ", "check Cal casks=3 "},
		{"grand-cru-3p.vin", "check Cal money=6 prestige=0 ", "check Cal money=7 prestige=0 "},
		{"age-of-champagne-3p.vin", "check Ann pp=0 ", "check Ann pp=1 "},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := readExample(t, tc.file)
			if !strings.Contains(text, tc.from) {
				t.Fatalf("the example has no %q", tc.from)
			}
			bad := strings.Replace(text, tc.from, tc.to, 1)
			if rep := check(bad, false); rep.Result != nil || rep.Disputed {
				t.Errorf("by default: result %v, disputed %v; want neither", rep.Result != nil, rep.Disputed)
			}
			rep := check(bad, true)
			if !rep.Disputed || rep.Result == nil || len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Code != validate.CodeCheck {
				t.Errorf("as played: disputed %v, result %v, diagnostics %v; want disputed, a result, the check's error",
					rep.Disputed, rep.Result != nil, rep.Diagnostics)
			}
		})
	}
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../testdata/examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

func lineCount(text string) int { return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1 }

// A record cut short, in every game: the error is at the end of its last
// line (the caret where what is missing would go), names no player, and
// carries the line for the caret.
func TestARecordCutShortEndsAtItsLastLine(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			lines := strings.Split(readExample(t, ex.file), "\n")
			cut := lines[:len(lines)/2]
			for strings.HasPrefix(cut[len(cut)-1], "#") || strings.TrimSpace(cut[len(cut)-1]) == "" {
				cut = cut[:len(cut)-1]
			}
			last := cut[len(cut)-1]
			rep := check(strings.Join(cut, "\n")+"\n", false)
			if len(rep.Diagnostics) != 1 {
				t.Fatalf("diagnostics %v, want one", rep.Diagnostics)
			}
			d := rep.Diagnostics[0]
			text, _, _ := strings.Cut(last, "#")
			wantCol := len([]rune(strings.TrimRight(text, " \t"))) + 1
			if d.Code != validate.CodeMissing || d.Line != len(cut) || d.Col != wantCol || d.Player != "" || d.Source != last || d.Where == "" {
				t.Errorf("%+v: want code missing at %d:%d (after %q), no player, the line as source, where set", d, len(cut), wantCol, last)
			}
		})
	}
}

// A claim in the middle of a game says it is over: in every game the
// record stops early there, a missing-end error at the claim, naming its
// player.
func TestAClaimBeforeTheEndIsAMissingEnd(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			lines := strings.Split(readExample(t, ex.file), "\n")
			_, player, _ := firstClaim(t, strings.Join(lines, "\n"))
			at := len(lines) / 3 // a body line of the game's first part
			early := append(append(append([]string{}, lines[:at]...), "claim "+player+" 0"), lines[at:]...)
			rep := check(strings.Join(early, "\n"), false)
			if len(rep.Diagnostics) == 0 {
				t.Fatal("accepted")
			}
			d := rep.Diagnostics[0]
			want := player + "'s claim comes before the game ends"
			if d.Code != validate.CodeMissing || d.Line != at+1 || d.Player != player || !strings.HasPrefix(d.Message, want) || rep.Result != nil {
				t.Errorf("%+v (result %v): want a missing-end error at line %d starting %q, no result", d, rep.Result != nil, at+1, want)
			}
		})
	}
}

func TestAnUnknownCheckKeyIsASyntaxError(t *testing.T) {
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			text := readExample(t, ex.file)
			i := strings.Index(text, "\ncheck ")
			if i < 0 {
				t.Fatal("the example has no check line")
			}
			f := strings.Fields(text[i+1 : i+1+strings.Index(text[i+1:], "\n")])
			bad := text[:i+1] + "check " + f[1] + " bogus=1\n" + text[i+1:]
			rep := check(bad, false)
			if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Code != validate.CodeSyntax ||
				!strings.Contains(rep.Diagnostics[0].Message, `"bogus"`) {
				t.Errorf("diagnostics %v: want a syntax error naming the key", rep.Diagnostics)
			}
		})
	}
}

// A misspelled player on a scorepad tally line gets the same hint in
// every game.
func TestATallyOfAMisspelledPlayerSuggestsTheName(t *testing.T) {
	for _, tc := range []struct{ game, text string }{
		{"bordeaux", "players You Other\ntally You paths=9 longest=7 casks=4 rows=5/5/0 leader=7\ntally Othr paths=6 longest=5 casks=6 rows=0,0,0 leader=6\n"},
		{"grand-cru", "players Ann Ben Cal\ntally Ann money=6 tiles=gamay cellar=1 loans=0\ntally Bne money=1 tiles=gamay cellar=0 loans=0\n"},
		{"age-of-champagne", "players Ann Ben\ntally Ann pp=3 eco=0 reims=2/4\ntally Bne pp=3 eco=1 reims=2\n"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			rep := validate.CheckTally(games.All(), tc.game, "t.vin", []byte(tc.text), validate.Limits{}, validate.Options{})
			if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Line != 3 || !strings.HasPrefix(rep.Diagnostics[0].Hint, "did you mean") {
				t.Errorf("diagnostics %+v: want one at line 3 with a did-you-mean hint", rep.Diagnostics)
			}
		})
	}
}

// As played, each error the replay went past is marked applied, and the
// record is disputed with a result; a line after the claims still rejects
// it (no result) and is not marked: it was not applied. Each game's
// applied error is the first action line of a generated game that, swapped
// with the next or written twice, is disputed.
func TestAsPlayedMarksWhatItAppliedAndALateLineStillRejects(t *testing.T) {
	late := map[string]string{"bordeaux": "red L", "grand-cru": "pass", "age-of-champagne": "press 2"}
	for _, g := range games.All() {
		t.Run(g.Name(), func(t *testing.T) {
			data, err := g.Random(3, 5, nil)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			var disputed string
			for i := 5; i+1 < len(lines) && disputed == ""; i++ {
				if actionPlayer(lines[i]) == "" {
					continue
				}
				// the line swapped with the next (out of turn), or written twice
				swapped := append([]string(nil), lines...)
				swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
				twice := append(append(append([]string(nil), lines[:i+1]...), lines[i]), lines[i+1:]...)
				for _, changed := range [][]string{swapped, twice} {
					text := strings.Join(changed, "\n") + "\n"
					if rep := check(text, true); rep.Disputed && rep.Result != nil && disputed == "" {
						disputed = text
					}
				}
			}
			if disputed == "" {
				t.Fatal("no action line swapped or written twice is disputed with a result as played")
			}
			rep := check(disputed, true)
			for _, d := range rep.Diagnostics {
				if !d.Applied {
					t.Errorf("a disputed record's error is not marked applied: %v", d)
				}
			}
			if check(disputed, false).Diagnostics[0].Applied {
				t.Error("an error is marked applied without --as-played")
			}
			first := strings.Fields(lines[1])[1] // players NAME …
			lateText := disputed + first + ": " + late[g.Name()] + "\n"
			rep = check(lateText, true)
			if rep.Result != nil {
				t.Error("a result for a record rejected by a line after the claims")
			}
			last := rep.Diagnostics[len(rep.Diagnostics)-1]
			if last.Applied || last.Line != lineCount(lateText) || !rep.Diagnostics.Rejects() {
				t.Errorf("the late line's error %+v: want it last, at line %d, not applied, rejecting the record", last, lineCount(lateText))
			}
			if len(rep.Claims) != claimCount(lateText) {
				t.Errorf("%d claims compared, want %d", len(rep.Claims), claimCount(lateText))
			}
		})
	}
}

// actionPlayer is the NAME of a `NAME: …` line, or "".
func actionPlayer(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 || !strings.HasSuffix(f[0], ":") || len(f[0]) < 2 {
		return ""
	}
	return strings.TrimSuffix(f[0], ":")
}

// A number no game could reach is refused where it is written, not
// carried into a sum that overflows (a market card of 2^63−1 prestige
// once ranked its holder first with a negative total).
func TestANumberTooLargeIsRefusedWhereWritten(t *testing.T) {
	for _, tc := range []struct{ file, from, to, want string }{
		{"age-of-champagne-3p.vin", "market europe E02 TTN 8 truck", "market europe E02 TTN 9223372036854775807 truck",
			`a market card's prestige is a number from 0 to 999, not "9223372036854775807"`},
		{"grand-cru-3p.vin", "Ann: loans +1", "Ann: loans +9223372036854775807",
			"Ann has 2 loans and cannot take 9223372036854775807 more: no vineyard has more than 11"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := readExample(t, tc.file)
			if !strings.Contains(text, tc.from+"\n") {
				t.Fatalf("the example has no line %q", tc.from)
			}
			bad := strings.Replace(text, tc.from+"\n", tc.to+"\n", 1)
			line := strings.Count(bad[:strings.Index(bad, tc.to)], "\n") + 1
			for _, asPlayed := range []bool{false, true} {
				rep := check(bad, asPlayed)
				if len(rep.Diagnostics) == 0 || rep.Diagnostics[0].Message != tc.want || rep.Diagnostics[0].Line != line || rep.Result != nil {
					t.Errorf("as played %v: %v; want %q at line %d and no result", asPlayed, rep.Diagnostics, tc.want, line)
				}
			}
		})
	}
}

// A player cannot be named like a word a game's lines start with: every
// such line would read as his, and the error would surface far from its
// cause. The players line says so, at the name.
func TestAPlayerNamedLikeAGameKeywordIsRefusedAtTheName(t *testing.T) {
	for _, tc := range []struct{ file, name, keyword string }{
		{"bordeaux-4p.vin", "sheets", "sheets"},
		{"grand-cru-3p.vin", "round", "round"},
		{"age-of-champagne-3p.vin", "market", "market"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			lines := strings.Split(readExample(t, tc.file), "\n")
			for i, l := range lines {
				if f := strings.Fields(l); len(f) > 2 && f[0] == "players" {
					lines[i] = "players " + f[1] + " " + tc.name + " " + strings.Join(f[3:], " ")
					rep := check(strings.Join(lines, "\n"), false)
					want := fmt.Sprintf("%q cannot be a player name in %s records: its `%s` lines would read as that player's", tc.name, rep.Game, tc.keyword)
					if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Message != want || rep.Diagnostics[0].Line != i+1 ||
						rep.Diagnostics[0].Col != len("players "+f[1]+" ")+1 || rep.Diagnostics[0].Code != validate.CodeHeader {
						t.Errorf("%v\nwant one header error %q at %d:%d", rep.Diagnostics, want, i+1, len("players "+f[1]+" ")+1)
					}
					return
				}
			}
			t.Fatal("no players line")
		})
	}
}

// A name is compared as written, as the reader takes a line for a
// player's: "Year" clashes with no `year` line, and a record of a player
// so named is valid.
func TestAPlayerNamedLikeAKeywordInAnotherCaseIsAccepted(t *testing.T) {
	text := readExample(t, "grand-cru-3p.vin")
	renamed := regexp.MustCompile(`\bBen\b`).ReplaceAllString(text, "Year")
	if rep := check(renamed, false); !rep.Valid() {
		t.Errorf("%v", rep.Diagnostics)
	}
}

// An error in the tables file stops the game before its first line: no
// line of the record is read for its words, wherever a slip stands (the
// tables file's line numbers are no lines of the record).
func TestATablesErrorListsNoLineOfTheRecord(t *testing.T) {
	tb, diags := games.All()[1].Tables(nil, "")
	if diags.HasErrors() || games.All()[1].Name() != "grand-cru" {
		t.Fatalf("the default tables: %v", diags)
	}
	bad := strings.Replace(string(tb), "cubes  pinot     25", "cubes  pinot     x", 1)
	text := readExample(t, "grand-cru-3p.vin")
	lines := strings.Split(text, "\n")
	for _, at := range []int{7, len(lines) - 3} {
		withSlip := strings.Join(append(append(append([]string(nil), lines[:at]...), "Ann: frobnicate 1"), lines[at:]...), "\n")
		rep := validate.Check(games.All(), "x.vin", []byte(withSlip), validate.Limits{}, validate.Options{Tables: []byte(bad), TablesName: "t.txt"})
		for _, d := range rep.Diagnostics {
			if d.File != "t.txt" {
				t.Errorf("slip at line %d: %v", at+1, d)
			}
		}
		if len(rep.Diagnostics) == 0 {
			t.Errorf("slip at line %d: no error", at+1)
		}
	}
}

// One game's tables given for another are refused as such, once, at their
// first statement (each line was an unknown table, or, for Bordeaux, the
// first one with no column).
func TestAnotherGamesTables(t *testing.T) {
	first := map[string]string{"bordeaux": "template", "grand-cru": "ruleset", "age-of-champagne": "rounds"}
	title := map[string]string{"bordeaux": "Bordeaux", "grand-cru": "Grand Cru", "age-of-champagne": "AOC: Age of Champagne"}
	for _, g := range games.All() {
		for _, o := range games.All() {
			if g.Name() == o.Name() {
				continue
			}
			text, _ := o.Tables(nil, "")
			line := 0
			for i, l := range strings.Split(string(text), "\n") {
				if strings.HasPrefix(l, first[o.Name()]+" ") {
					line = i + 1
					break
				}
			}
			_, diags := g.Tables(text, "t.txt")
			want := fmt.Sprintf("t.txt:%d:1: error: this file is not %s's tables: `%s` begins a line of %s's; start from `vintner tables %s`",
				line, title[g.Name()], first[o.Name()], title[o.Name()], g.Name())
			if len(diags) != 1 || diags[0].Error() != want {
				t.Errorf("%s tables for %s: got %v\nwant %s", o.Name(), g.Name(), diags, want)
			}
		}
	}
}

// A line that breaks a rule the engine can apply as played, and then one
// it cannot carry out (an unknown tile or card, a choice it cannot read),
// stops the replay there, in every game: nothing on that line went past,
// so its first error is not marked applied (its note said "applied as
// written; the replay went on") and does not make the record disputed.
func TestAsPlayedErrorOnTheLineThatStopsIsNotApplied(t *testing.T) {
	for _, c := range []struct{ file, from, to, first, stop string }{
		{"grand-cru-3p.vin", "Cal: auction gamay 1 ", "Ann: auction unicorn 1 ",
			"it is Cal's turn, not Ann's", `"unicorn" is not a tile: a variety or an improvement`},
		{"age-of-champagne-3p.vin", "Cal: winery 3\n", "Ann: vineyard unicorn\n",
			"it is Cal's turn to place a collaborator, not Ann's (placements go in council order: 1.Ben 2.Cal 3.Ann)", ""},
		{"bordeaux-4p.vin", "Ann: pink VV , yellow RR\n", "Ann: red VV Lx9\n",
			"Ann's red worker is busy in '03 (its row is filled; it is free again in '05)", ""},
	} {
		t.Run(c.file, func(t *testing.T) {
			text := readExample(t, c.file)
			if !strings.Contains(text, c.from) {
				t.Fatalf("no %q", c.from)
			}
			text = strings.Replace(text, c.from, c.to, 1)
			strict, rep := check(text, false), check(text, true)
			if len(rep.Diagnostics) < 2 {
				t.Fatalf("want two errors on the line, got %v", rep.Diagnostics)
			}
			first, stop := rep.Diagnostics[0], rep.Diagnostics[1]
			if first.Message != c.first || first != strict.Diagnostics[0] {
				t.Errorf("first error %+v, want %q as without --as-played (%+v)", first, c.first, strict.Diagnostics[0])
			}
			if stop.Line != first.Line || stop.Applied || c.stop != "" && stop.Message != c.stop {
				t.Errorf("the replay stops at line %d: %+v", first.Line, stop)
			}
			if first.Applied || strings.Contains(first.Format(), "note:") || rep.Disputed || rep.Result != nil {
				t.Errorf("nothing on line %d was applied: applied %v, disputed %v, result %v\n%s", first.Line, first.Applied, rep.Disputed, rep.Result != nil, first.Format())
			}
		})
	}
}

// A checked count written with a sign or a leading zero (eco=+1, as the
// AOC tally writes it; money=011) is the number: Bordeaux read it so, and
// Grand Cru and AOC said "not +1 as checked" of a report of 1. In the
// full reading and the batch's lazy one alike.
func TestACheckedNumberWrittenOtherwiseIsTheNumber(t *testing.T) {
	for _, c := range []struct{ file, from, to string }{
		{"../../testdata/examples/age-of-champagne-3p.vin", "check Ben pp=9 eco=-3 press=9", "check Ben pp=+9 eco=-03 press=09"},
		{"../../testdata/champagne/valid/2p-merchant-high-tension.vin", "merchant check pp=14 eco=14", "merchant check pp=+14 eco=014"},
		{"../../testdata/examples/grand-cru-3p.vin", "check Ann money=11 bids=0", "check Ann money=+11 bids=00"},
	} {
		b, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if !strings.Contains(text, c.from) {
			t.Fatalf("%s has no %q", c.file, c.from)
		}
		text = strings.Replace(text, c.from, c.to, 1)
		for _, noState := range []bool{false, true} {
			rep := validate.Check(games.All(), "x.vin", []byte(text), validate.Limits{}, validate.Options{NoState: noState})
			if !rep.Valid() {
				t.Errorf("%s (%q), lazy %v: %v", c.file, c.to, noState, rep.Diagnostics)
			}
		}
	}
}
