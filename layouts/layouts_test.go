package layouts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/golden"
)

func TestEmbeddedTemplateMatchesResearch(t *testing.T) {
	tp := defaultTemplate()
	if len(tp.Wines) != 21 || len(tp.Paths) != 29 {
		t.Fatalf("template has %d wines and %d paths, want 21 and 29", len(tp.Wines), len(tp.Paths))
	}
	cross := 0
	for _, p := range tp.Paths {
		if tp.wine(p.A).Region != tp.wine(p.B).Region {
			cross++
		}
	}
	if cross != 5 {
		t.Errorf("%d paths cross a river, want 5", cross)
	}
	demand := 0
	for _, costs := range tp.CaskCosts {
		for _, c := range costs {
			demand += c
		}
	}
	if demand != 14 {
		t.Errorf("total cask demand %d, want 14 (research §6)", demand)
	}
	if tp.MinPlayers != 1 || tp.MaxPlayers != 12 {
		t.Errorf("players %d..%d, want 1..12", tp.MinPlayers, tp.MaxPlayers)
	}
}

func TestTemplateErrorsNameTheLine(t *testing.T) {
	base := string(defaultTemplateText)
	cases := []struct {
		name, old, new, want string
	}{
		{"unknown item", "vine-track 12", "vine-track 12\nvineyard 3", "template.txt:%d: vineyard: unknown item"},
		{"bad region", "wine L7 L 16 52", "wine L7 Q 16 52", `template.txt:%d: wine: "Q" is not a region declared above`},
		{"path to nowhere", "path L5 L7\n", "path L5 L9\n", "template.txt:%d: path: wine L9 is not listed above"},
		{"shared type", "table L r1 r2 r3 p1 p3 w1 w2", "table L r1 r2 r3 p1 p3 w1 r2", "template.txt:%d: table: type r2 twice in region L"},
		{"bad type", "table L r1 r2 r3 p1 p3 w1 w2", "table L r1 r2 r3 p1 p3 w1 x2", `template.txt:%d: table: "x2" is not a wine type`},
		{"cost out of range", "casks 3 1 1 1 1 2 2 2", "casks 3 1 1 1 1 2 2 3", "template.txt:%d: casks: cask cost 3 is outside 0..2"},
		{"grapes out of order", "grape  9 2", "grape  2 2", "template.txt:%d: grape: grapes go left to right: vine 2 after vine 6"},
		{"year twice", "schedule blank 13", "schedule blank 12", "template.txt:%d: schedule: year 12 is scheduled twice"},
		{"durations", "year00 1 2 3", "year00 1 2", "template.txt:%d: year00: wants one duration per worker (3), got 2"},
		{"pre-outlined", "cask-track 12 0", "cask-track 12 13", "template.txt:%d: cask-track: 13 pre-outlined casks do not fit on 12 slots"},
		{"nine trellis rows", "trellis 5 region 1", "trellis 5 region 1" + strings.Repeat("\ntrellis 2 age 1", 6), "template.txt:%d: trellis: a template has at most 8 trellis rows"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("template lacks %q", c.old)
			}
			text := strings.Replace(base, c.old, c.new, 1)
			line := strings.Count(text[:strings.Index(text, c.new)+len(c.new)], "\n") + 1
			if strings.HasSuffix(c.new, "\n") {
				line--
			}
			want := fmt.Sprintf(c.want, line)
			_, err := ParseTemplate("template.txt", []byte(text))
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("error %v, want prefix %q", err, want)
			}
		})
	}
	// Whole-template errors have no line.
	text := strings.Replace(base, "casks 1 0 0 0 0 0 0 0", "casks 1 0 0 0 0 0 0", 1)
	_, err := ParseTemplate("template.txt", []byte(text))
	if err == nil || err.Error() != "template.txt: casks 1 lists 6 costs but the tables have 7 wines of age 1" {
		t.Fatalf("error %v", err)
	}
}

func seedCount() int {
	if testing.Short() {
		return 1000
	}
	return 10000
}

// Every seed gives a sheet that passes Check, and every game set keeps its
// structure across seats.
func TestInvariantsOverSeeds(t *testing.T) {
	tp := defaultTemplate()
	n := seedCount()
	for seed := uint64(0); seed < uint64(n); seed++ {
		l, err := tp.NewSheet(seed)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := Check(l); err != nil {
			t.Fatalf("pad seed %d: %v", seed, err)
		}
	}
	for seed := uint64(0); seed < uint64(n/10); seed++ {
		players := 1 + int(seed)%tp.MaxPlayers
		ls, err := tp.NewSet(seed, players)
		if err != nil {
			t.Fatalf("set seed %d: %v", seed, err)
		}
		code := tp.encode(seed, players)
		for _, l := range ls {
			l.Code = code
		}
		if err := CheckSet(ls); err != nil {
			t.Fatalf("set seed %d, %d players: %v", seed, players, err)
		}
	}
}

// The randomizer varies what it should: over many seeds each region's
// wines take every position, resources land on different paths, and '00
// takes every region and resource.
func TestRandomizerVaries(t *testing.T) {
	tp := defaultTemplate()
	typesAt := map[string]map[string]bool{}
	resOn := map[string]bool{}
	year00 := map[string]bool{}
	top01 := map[Region]bool{}
	for seed := uint64(0); seed < 500; seed++ {
		l, _ := tp.NewSheet(seed)
		for _, w := range l.Wines {
			if typesAt[w.ID] == nil {
				typesAt[w.ID] = map[string]bool{}
			}
			typesAt[w.ID][w.Type.String()] = true
		}
		for _, p := range l.Paths {
			if p.Resource != 0 {
				resOn[p.ID+p.Resource.String()] = true
			}
		}
		year00[l.Year00.Region.String()+l.Year00.Resource.String()] = true
		top01[l.Top[1].Region] = true
	}
	for id, types := range typesAt {
		if len(types) != 7 {
			t.Errorf("wine %s took %d of its region's 7 types over 500 seeds", id, len(types))
		}
	}
	if len(resOn) < 24*3 {
		t.Errorf("resources landed on only %d path×resource pairs", len(resOn))
	}
	if len(year00) != 9 || len(top01) != 3 {
		t.Errorf("'00 took %d region×resource pairs, '01 %d regions", len(year00), len(top01))
	}
}

// Seats of one set share the top, the trellis bonuses and the wines' cask
// costs, but their maps differ.
func TestSetSeatsShareAndDiffer(t *testing.T) {
	code, err := NewSetCode(42, 4)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := Set(code)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 4 {
		t.Fatalf("%d sheets, want 4", len(ls))
	}
	for i, l := range ls {
		if l.Seat != i+1 || l.Players != 4 || l.Code != code {
			t.Errorf("sheet %d: seat %d of %d, code %s", i, l.Seat, l.Players, l.Code)
		}
		if l.Top != ls[0].Top || !slices.Equal(l.Trellis, ls[0].Trellis) {
			t.Errorf("seat %d does not share the top rows or trellis bonuses", l.Seat)
		}
		for _, w := range l.Wines {
			if w0 := ls[0].WineByName(w.Name()); w0.Casks != w.Casks {
				t.Errorf("seat %d: %s costs %d, seat 1's costs %d", l.Seat, w.Name(), w.Casks, w0.Casks)
			}
		}
	}
	if slices.Equal(ls[0].Wines, ls[1].Wines) {
		t.Error("seats 1 and 2 have the same map")
	}
	one, err := Sheet(code + "/3")
	if err != nil {
		t.Fatal(err)
	}
	if one.Seat != 3 || !slices.Equal(one.Wines, ls[2].Wines) {
		t.Errorf("Sheet(code/3) is seat %d with another map", one.Seat)
	}
}

// Golden layouts: a code must print the same sheet on every Go release.
func TestGoldenLayouts(t *testing.T) {
	cases := []struct {
		file string
		make func() ([]*Layout, error)
	}{
		{"default.json", func() ([]*Layout, error) { return []*Layout{Default()}, nil }},
		{"pad-seed-7.json", func() ([]*Layout, error) {
			l, err := Sheet(NewPadCodes(7, 1)[0])
			return []*Layout{l}, err
		}},
		{"set-seed-42-3p.json", func() ([]*Layout, error) {
			code, _ := NewSetCode(42, 3)
			return Set(code)
		}},
		{"set-max-seed-12p-seat-12.json", func() ([]*Layout, error) {
			code, _ := NewSetCode(^uint64(0), 12)
			l, err := Sheet(code + "/12")
			return []*Layout{l}, err
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			ls, err := c.make()
			if err != nil {
				t.Fatal(err)
			}
			got, err := SetJSON(ls)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.file, got)
			var text []byte
			for _, l := range ls {
				text = append(text, l.Text()...)
			}
			checkGolden(t, strings.TrimSuffix(c.file, ".json")+".txt", text)
		})
	}
}

func checkGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "testdata", "layouts", file)
	if golden.Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	before := t.Failed()
	golden.Check(t, path, got)
	if !before && t.Failed() {
		t.Log("a code must deal the same sheet for good: if the change is intended, bump the template version")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	l := Default()
	b, err := l.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"region": "L"`)) {
		t.Errorf("letters are not strings in JSON:\n%.300s", b)
	}
	back, err := FromJSON(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := back.JSON()
	if !bytes.Equal(b, b2) {
		t.Error("JSON → FromJSON → JSON changed the layout")
	}
}

// FromJSON rejects a layout that breaks an invariant, naming it.
func TestFromJSONRejects(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(l *Layout)
		want  string
		plain bool // a group's own sheet: no template structure
	}{
		{"same type twice", func(l *Layout) { l.WineByID("L1").Type = l.WineByID("L2").Type },
			"within a region no two wines may share colour and age", true},
		{"path joins same type", func(l *Layout) {
			// L2-R1 crosses the Gironde: make both ends the same type.
			a, b := l.WineByID("L2"), l.WineByID("R1")
			if other := l.WineByName(fmt.Sprintf("R%s", a.Type)); other != nil {
				other.Type = b.Type
			}
			b.Type = a.Type
		}, "no path joins two wines of the same type", true},
		{"two resource paths", func(l *Layout) {
			for i := range l.Paths {
				l.Paths[i].Resource = 0
			}
			l.Paths[0].Resource = Casks // L1-L2
			l.Paths[1].Resource = Vines // L1-L3
		}, "wine L1 (", true},
		{"disconnected", func(l *Layout) {
			var keep []Path
			for _, p := range l.Paths {
				if p.A != "L7" && p.B != "L7" {
					keep = append(keep, p)
				}
			}
			l.Paths = keep
		}, "is on 0 paths", true},
		{"off the map", func(l *Layout) { l.WineByID("E6").X = 140 }, "wine E6 at (140, 56) lies outside the map (0..100 × 0..60)", true},
		{"durations", func(l *Layout) { l.Year00.Dur = [3]int{1, 1, 3} }, "are not 1, 2 and 3 in some order", true},
		{"'13 pre-filled", func(l *Layout) { l.Top[13].Region = Left }, "year '13 is pre-filled", true},
		{"two cells", func(l *Layout) { l.Top[2].Region = Left }, "year '02 pre-fills 2 cells", true},
		{"unknown wine", func(l *Layout) { l.Paths[3].B = "Q9" }, `which are not both wines of the map`, true},
		{"bonus on nothing", func(l *Layout) { l.Trellis[2].Bonus = Bonus{Kind: "dessert", PerWine: 1} }, `bonus kind "dessert"`, true},
		{"too few casks", func(l *Layout) {
			for i := range l.Wines {
				l.Wines[i].Casks = 0
			}
		}, "the wines cost 0 casks in all; they must cost 7 to 16", true},
		// Beyond the template's bounds a sheet cannot be printed (a PDF of a
		// billion trellises never ends) and its points overflow.
		{"long cask track", func(l *Layout) { l.CaskSlots = 1_000_000_000 }, "the cask track has 1000000000 slots; a track has at most 99", true},
		{"long vine track", func(l *Layout) { l.Vines = append(l.Vines, make([]*WineType, 88)...) }, "the vine track has 100 vines; a track has at most 99", true},
		{"long trellis row", func(l *Layout) { l.Trellis[0].Len = 1_000_000_000 }, "trellis row 1 has 1000000000 trellises; a row has 1 to 99", true},
		{"huge bonus", func(l *Layout) { l.Trellis[1].Bonus.PerWine = 1 << 62 }, "trellis row 2's bonus gives 4611686018427387904 points per wine; a bonus gives 1 to 99", true},
		{"nine trellis rows", func(l *Layout) {
			for len(l.Trellis) < 9 {
				l.Trellis = append(l.Trellis, TrellisRow{Len: 2, Bonus: Bonus{Kind: "age", Age: 1, PerWine: 1}})
			}
		}, "the sheet has 9 trellis rows; a sheet has at most 8 (a record names a row by one digit)", true},
		{"template cask quota", func(l *Layout) {
			l.WineByName(firstFree(l)).Casks = 1
		}, "the 1-year wines cost", false},
		{"template resources", func(l *Layout) {
			for i := range l.Paths {
				if l.Paths[i].Resource == Trellises {
					l.Paths[i].Resource = Casks
					break
				}
			}
		}, "not the template's resources", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := Default()
			if c.plain {
				l.Template = "our-club-sheet"
				l.Code = ""
			}
			c.edit(l)
			b, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			_, err = FromJSON(b)
			if err == nil {
				t.Fatal("accepted")
			}
			_ = l.Text() // describes even a broken layout without panicking
			var ie *InvariantError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v is not an InvariantError", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
	// A grape of the wrong age is that one rule: its colour still counts
	// among the grapes' colours, which stay the template's.
	l0 := Default()
	l0.Code = ""
	for _, g := range l0.Vines {
		if g != nil && g.Age != 3 {
			g.Age = 3
			break
		}
	}
	b0, _ := json.Marshal(l0)
	var ie *InvariantError
	if _, err := FromJSON(b0); !errors.As(err, &ie) || len(ie.Problems) != 2 ||
		!strings.Contains(ie.Problems[0], "-year; the template's is") {
		t.Errorf("a grape of the wrong age: %v, want that rule alone (and the own-template note)", err)
	}
	// An own sheet with another structure is fine when the rules hold.
	l := Default()
	l.Template, l.Code = "our-club-sheet", ""
	l.Trellis = append(l.Trellis, TrellisRow{Len: 2, Bonus: Bonus{Kind: "age", Age: 1, PerWine: 2}})
	b, _ := json.Marshal(l)
	if _, err := FromJSON(b); err != nil {
		t.Errorf("own sheet with a fourth trellis row: %v", err)
	}
	// An own sheet without Entre-deux-Mers breaks that rule alone: every
	// other rule holds on the two banks (its grapes and bonus moved there).
	l = Default()
	l.Template, l.Code = "our-club-sheet", ""
	var banks []Wine
	for _, w := range l.Wines {
		if w.Region != Entre {
			banks = append(banks, w)
		}
	}
	var bankPaths []Path
	for _, p := range l.Paths {
		if p.A[0] != 'E' && p.B[0] != 'E' {
			bankPaths = append(bankPaths, p)
		}
	}
	l.Wines, l.Paths = banks, bankPaths
	for _, g := range l.Vines {
		if g != nil {
			*g = WineType{Colour: Red, Age: g.Age} // r1, r2, r3 are on both banks
		}
	}
	for i := range l.Trellis {
		if l.Trellis[i].Bonus.Kind == "region" {
			l.Trellis[i].Bonus.Region = Left
		}
	}
	b, _ = json.Marshal(l)
	if _, err := FromJSON(b); err == nil || err.Error() != "layout own layout: region E (Entre-deux-Mers) has no wines; every region has all three colours and all three ages" {
		t.Errorf("own sheet without Entre-deux-Mers: %v", err)
	}
	// An own sheet at the bounds is fine.
	l = Default()
	l.Template, l.Code = "our-club-sheet", ""
	l.CaskSlots = 99
	l.Vines = append(l.Vines, make([]*WineType, 99-len(l.Vines))...)
	for len(l.Trellis) < MaxTrellisRows {
		l.Trellis = append(l.Trellis, TrellisRow{Len: 99, Bonus: Bonus{Kind: "age", Age: 1, PerWine: 99}})
	}
	b, _ = json.Marshal(l)
	if _, err := FromJSON(b); err != nil {
		t.Errorf("own sheet at the bounds: %v", err)
	}
	// A file that keeps a code must be that code's sheet.
	l = Default()
	if l.Year00.Region == Left {
		l.Year00.Region = Right
	} else {
		l.Year00.Region = Left
	}
	b, _ = json.Marshal(l)
	if _, err := FromJSON(b); err == nil || !strings.Contains(err.Error(), "names code "+l.Code+" but differs from that sheet") {
		t.Errorf("edited sheet keeping its code: %v", err)
	}
	code, _ := NewSetCode(8, 3)
	seat, _ := Sheet(code + "/3")
	b, _ = seat.JSON()
	if back, err := FromJSON(b); err != nil || back.Seat != 3 {
		t.Errorf("seat 3's own JSON: %v", err)
	}
	// A top row or '00 list of another length is refused, not cut to fit.
	for _, c := range []struct {
		edit func(map[string]any)
		want string
	}{
		{func(m map[string]any) { m["top"] = append(m["top"].([]any), map[string]any{"region": "L"}) },
			`layout file: "top" lists 15 cells; it lists 14, one per year '00 to '13 ('00's left empty)`},
		{func(m map[string]any) { m["top"] = m["top"].([]any)[1:] },
			`layout file: "top" lists 13 cells; it lists 14, one per year '00 to '13 ('00's left empty)`},
		{func(m map[string]any) { y := m["year00"].(map[string]any); y["dur"] = append(y["dur"].([]any), 3) },
			`layout file: year00's "dur" lists 4 durations; it lists 3, one per worker (red, pink, yellow)`},
	} {
		b, _ := Default().JSON()
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		c.edit(m)
		b, _ = json.Marshal(m)
		if _, err := FromJSON(b); err == nil || err.Error() != c.want {
			t.Errorf("FromJSON: %v, want %s", err, c.want)
		}
	}
	// A file that is not a sheet's JSON is told in the layout's terms, at
	// its line, not in Go's type names.
	good, _ := Default().JSON()
	for _, c := range []struct{ data, want string }{
		{strings.Replace(string(good), `"casks": 0`, `"casks": "0"`, 1),
			`layout file: line %d: "wines.casks" is a string, where the layout wants a whole number`},
		{strings.Replace(string(good), `"seed": 1`, `"seed": -1`, 1),
			`layout file: line %d: "seed" is -1, where the layout wants a whole number, 0 or more`},
		{strings.Replace(string(good), `"wines": [`, `wines: [`, 1),
			`layout file: line %d: this is not JSON: invalid character 'w' looking for beginning of object key string`},
		{string(good[:len(good)/2]), `layout file: it ends before its JSON does (is it cut short?)`},
		{"[" + string(good) + "]", "layout file: it lists several sheets (a game set's, as `vintner layout CODE --format json` prints it); a sheet line names one sheet: `vintner layout CODE/N --format json` prints seat N's"},
	} {
		want := c.want
		if strings.Contains(want, "%d") {
			// the line of the edit: the first line that differs
			a, b := strings.Split(string(good), "\n"), strings.Split(c.data, "\n")
			line := 1
			for line <= len(a) && a[line-1] == b[line-1] {
				line++
			}
			want = fmt.Sprintf(want, line)
		}
		if _, err := FromJSON([]byte(c.data)); err == nil || err.Error() != want {
			t.Errorf("FromJSON: %v\nwant %s", err, want)
		}
	}
	// Unknown fields and wrong letters are caught by the reader.
	for _, bad := range []string{`{"wines": [], "colour_scheme": 1}`, `{"year00": {"region": "X"}}`} {
		_, err := FromJSON([]byte(bad))
		if err == nil || !strings.HasPrefix(err.Error(), "layout file: ") {
			t.Errorf("FromJSON(%s) = %v", bad, err)
		}
	}
}

// firstFree names a 1-year wine, which the template says costs nothing.
func firstFree(l *Layout) string {
	for _, w := range l.Wines {
		if w.Type.Age == 1 {
			return w.Name()
		}
	}
	return ""
}

func TestLookups(t *testing.T) {
	l := Default()
	for _, w := range l.Wines {
		if got := l.WineByName(w.Name()); got == nil || got.ID != w.ID {
			t.Errorf("WineByName(%s) = %v, want %s", w.Name(), got, w.ID)
		}
		if got := l.WineByID(w.ID); got == nil || got.Name() != w.Name() {
			t.Errorf("WineByID(%s) = %v", w.ID, got)
		}
	}
	for _, bad := range []string{"", "Lr", "Lr4", "Xr1", "Lx1", "Lr22"} {
		if l.WineByName(bad) != nil {
			t.Errorf("WineByName(%q) found a wine", bad)
		}
	}
	if ps := l.PathsOf("E1"); len(ps) != 4 {
		t.Errorf("E1 is on %d paths, want 4 (E2, E4, L6, R4)", len(ps))
	}
	if ps := l.PathsOf("nowhere"); len(ps) != 0 {
		t.Errorf("PathsOf(nowhere) = %v", ps)
	}
	// The wine WineByName returns is the layout's own, so engines may mark it.
	l.WineByName(l.Wines[0].Name()).Casks = 2
	if l.Wines[0].Casks != 2 {
		t.Error("WineByName returned a copy")
	}
}

func TestText(t *testing.T) {
	code, _ := NewSetCode(5, 2)
	l, err := Sheet(code + "/2")
	if err != nil {
		t.Fatal(err)
	}
	text := l.Text()
	for _, want := range []string{code + ", seat 2 of 2", "Entre-deux-Mers (E)", "'13  each player chooses", "row 3: 5 trellises"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
}

func FuzzFromJSON(f *testing.F) {
	b, _ := Default().JSON()
	f.Add(b)
	f.Add([]byte(`{"wines":[{"id":"A","region":"L","type":{"colour":"r","age":1}}],"paths":[{"id":"p","a":"A","b":"B"}]}`))
	f.Add([]byte(`{"template":"bordeaux-1","wines":[{"id":"L1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := FromJSON(data)
		if err != nil {
			return
		}
		// What FromJSON accepts passes Check and prints.
		if err := Check(l); err != nil {
			t.Fatalf("accepted a layout Check rejects: %v", err)
		}
		_ = l.Text()
	})
}

func FuzzParseTemplate(f *testing.F) {
	f.Add(defaultTemplateText)
	f.Add([]byte("template t\nversion 1\nregion L Left\nwine A L 0 0\n"))
	f.Add([]byte("schedule region 1 3 : L\nschedule blank 13 13\ngrape 3 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tp, err := ParseTemplate("fuzz.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		// A template that parses deals without panicking; dealing may
		// still fail with an error, and Check judges the sheet.
		if l, err := tp.NewSheet(1); err == nil {
			_ = Check(l)
			_ = l.Text()
		}
	})
}

// A game set's JSON, as SetJSON writes it, reads back sheet by sheet; a
// sheet that breaks a rule is named by its place in the set.
func TestSetFromJSONReadsWhatSetJSONWrites(t *testing.T) {
	set, err := Set("B1-ELJA-G2AR-P")
	if err != nil {
		t.Fatal(err)
	}
	b, err := SetJSON(set)
	if err != nil {
		t.Fatal(err)
	}
	back, err := SetFromJSON(b)
	if err != nil || len(back) != len(set) {
		t.Fatalf("%d sheets, %v", len(back), err)
	}
	again, _ := SetJSON(back)
	if !bytes.Equal(again, b) {
		t.Error("the set does not round-trip")
	}
	if _, err := SetFromJSON([]byte("[]")); err == nil || err.Error() != "layout file: an empty set of sheets" {
		t.Errorf("empty: %v", err)
	}
	// the second sheet claims another set's code
	first := bytes.Index(b, []byte(`"code": "B1-ELJA-G2AR-P"`)) + 1
	second := first + bytes.Index(b[first:], []byte(`"code": "B1-ELJA-G2AR-P"`))
	broken := append(append(append([]byte(nil), b[:second]...), `"code": "B1-48J5-5WLB-W"`...), b[second+len(`"code": "B1-ELJA-G2AR-P"`):]...)
	if _, err := SetFromJSON(broken); err == nil || !strings.HasPrefix(err.Error(), "sheet 2 of 4: ") {
		t.Errorf("a broken second sheet: %v", err)
	}
}
