package bordeaux

import (
	"testing"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

// TestUsualChoiceAsSwitch checks readChoices's look-up of the usual
// choices against their definition, for every two-byte word: tN (t or T,
// a digit) is a trellis in row N, @R (a region's letter in either case)
// a grape's wine in region R (upper case); no other word is usual.
func TestUsualChoiceAsSwitch(t *testing.T) {
	for b0 := range 256 {
		for b1 := range 256 {
			w := string([]byte{byte(b0), byte(b1)})
			var want atom
			usual := true
			switch {
			case (b0 == 't' || b0 == 'T') && '0' <= b1 && b1 <= '9':
				want = atom{trellis: true, row: int8(b1 - '0'), tok: 7}
			case b0 == '@' && (b1 == 'L' || b1 == 'R' || b1 == 'E' || b1 == 'l' || b1 == 'r' || b1 == 'e'):
				want = atom{region: byte(b1) &^ 0x20, tok: 7}
			default:
				usual = false
			}
			got, ok := usualChoice(w, 7)
			if ok != usual || ok && got != want {
				t.Fatalf("usualChoice(%q) = %+v, %v; want %+v, %v", w, got, ok, want, usual)
			}
		}
	}
	for _, w := range []string{"", "t", "@", "t12", "@Lp2"} {
		if _, ok := usualChoice(w, 0); ok {
			t.Fatalf("usualChoice(%q) is usual", w)
		}
	}
}

// TestAnswersTakenByKind: each question takes the next answer of its own
// kind (docs/notation/bordeaux.md), so a grape's and a trellis's answers
// may stand in either order. Ann's VV fills vine 1 (a 1-year white: Lw1 or
// Ew1), whose wine fills a trellis path to Lr1 (rows 1 to 3), then vine 2
// (a 1-year rosé in L, R or E). The trellis question came between the two
// grapes', and an answer of the other kind first was taken for none: `@L
// @R t2` was told "a trellis goes in row 1, 2 or 3", with t2 written.
func TestAnswersTakenByKind(t *testing.T) {
	opt := ownSheet(t, func(lay *layouts.Layout) {
		lay.Paths = append([]layouts.Path(nil), lay.Paths...)
		for i := range lay.Paths {
			switch lay.Paths[i].ID {
			case "L5-L7": // Lw1-Lr1
				lay.Paths[i].Resource = layouts.Trellises
			case "L7-E7":
				lay.Paths[i].Resource = 0
			}
		}
		lay.Vines[0] = &layouts.WineType{Colour: layouts.White, Age: 1}
		lay.Vines[1] = &layouts.WineType{Colour: layouts.Rose, Age: 1}
	})
	for _, answers := range []string{"@L t2 @R", "@L @R t2", "t2 @L @R"} {
		text := "game bordeaux\nplayers Ann\nsheet Ann layout=mine.json\n'01 L V\nAnn: red L\n'02 R V\nAnn: yellow VV " + answers +
			"\n'03 L C\n'04 L T\n'05 R T\n'06 R T\n'07 R V\n'08 R V\n'09 E T\n'10 E V\n'11 E V\n'12 L C\n'13\n" +
			"check Ann circled=Lr1,Lw1,Rp1 trellis=0,1,0 paths=1\n"
		rep := validate.Check([]validate.Game{New()}, "x.vin", []byte(text), validate.Limits{}, opt)
		if len(rep.Diagnostics) > 0 {
			t.Errorf("%s: %v", answers, rep.Diagnostics)
		}
	}
}

// TestGrapeWithoutWineHint: a grape that can circle no wine takes the next
// grape answer written; the error then says that it may be meant for a
// later grape, and that `@-` answers this one. Ann's VV fills vine 1 (a
// 3-year red: each costs a cask, and Ann has none) and vine 2 (a 1-year
// rosé in L, R or E).
func TestGrapeWithoutWineHint(t *testing.T) {
	opt := ownSheet(t, func(lay *layouts.Layout) {
		lay.Vines[0] = &layouts.WineType{Colour: layouts.Red, Age: 3}
		lay.Vines[1] = &layouts.WineType{Colour: layouts.Rose, Age: 1}
	})
	record := func(answers string) []byte {
		return []byte("game bordeaux\nplayers Ann\nsheet Ann layout=mine.json\n'01 L V\nAnn: red L\n'02 R V\nAnn: yellow VV " + answers +
			"\n'03 L C\n'04 L T\n'05 R T\n'06 R T\n'07 R V\n'08 R V\n'09 E T\n'10 E V\n'11 E V\n'12 L C\n'13\n")
	}
	rep := validate.Check([]validate.Game{New()}, "x.vin", record("@R"), validate.Limits{}, opt)
	want := "the grape on vine 1 can circle no wine: if @R answers a later grape, write @- for this one before it"
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].Hint != want {
		t.Fatalf("diagnostics: %+v", rep.Diagnostics)
	}
	if rep := validate.Check([]validate.Game{New()}, "x.vin", record("@- @R"), validate.Limits{}, opt); len(rep.Diagnostics) > 0 {
		t.Errorf("@- @R: %v", rep.Diagnostics)
	}
}

// TestChoiceHints: a word read as a choice that is no choice is hinted
// with what it was likely meant as: the entry's letters written apart, a
// grape's wine without its @, the wine made named after a choice. The
// replay and the grammar read after a stop hint alike.
func TestChoiceHints(t *testing.T) {
	const head = "game bordeaux\nplayers Ann Ben\nsheets B1-48J5-5WLB-W\n"
	for _, c := range []struct{ body, want string }{
		{"'01 L C\nAnn: red L L\n", "a worker's letters are written together: LL, not L L"},
		{"'01 L C\nAnn: red C C C\n", "a worker's letters are written together: CCC, not C C C"},
		// Ann's Entre-deux-Mers has no 1-year red: a rules error, hinted alike
		{"'01 E C\nAnn: red E E E\n", "a worker's letters are written together: EEE, not E E E"},
		{"'01 L V\nAnn: red VVV Lp1\n", "a grape's wine is written with @: @Lp1"},
		{"'01 L C\nAnn: red L Lr1 lp1\n", "a grape's wine is written with @: @Lp1"},
		{"'01 L C\nAnn: red L t1 Lr1\n", "the wine made is named right after the letters (L Lr1); a grape's wine is written with @: @Lr1"},
	} {
		for _, stop := range []string{"", "claim Ann 3\n"} {
			rep := validate.Check([]validate.Game{New()}, "h.vin", []byte(head+stop+c.body), validate.Limits{}, validate.Options{})
			got := "(no error at line 5 or 6)"
			for _, d := range rep.Diagnostics {
				if d.Line >= 5 {
					got = d.Hint
				}
			}
			if stop != "" && c.body[4] == 'E' {
				continue // a rules error: the grammar does not see it
			}
			if got != c.want {
				t.Errorf("%q after %q: hint %q, want %q (%v)", c.body, stop, got, c.want, rep.Diagnostics)
			}
		}
	}
}

// ownSheet is the options of a record whose `sheet Ann layout=mine.json`
// is seat 1 of B1-48J5-5WLB-W as edit changes it, with '02's resource
// Vines: the sheet a test of the grape and trellis questions needs.
func ownSheet(t *testing.T, edit func(*layouts.Layout)) validate.Options {
	t.Helper()
	set, err := layouts.Set("B1-48J5-5WLB-W")
	if err != nil {
		t.Fatal(err)
	}
	lay := *set[0]
	lay.Template, lay.Code = "mine", ""
	lay.Vines = append([]*layouts.WineType(nil), lay.Vines...)
	lay.Top[2] = layouts.TopCell{Resource: layouts.Vines}
	edit(&lay)
	js, err := lay.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return validate.Options{ReadFile: func(string) ([]byte, error) { return js, nil }}
}
