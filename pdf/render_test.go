package pdf

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/vintner/vintner/layouts"
)

// greyImage is one page rendered by pdftoppm -gray (binary PGM).
type greyImage struct {
	w, h int
	pix  []byte
	dpi  float64
}

func readPGM(t testing.TB, path string, dpi float64) greyImage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(bytes.NewReader(data))
	var magic string
	var w, h, maxv int
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
		t.Fatalf("%s: not an 8-bit PGM (%v)", path, err)
	}
	if _, err := r.ReadByte(); err != nil { // the single whitespace after the header
		t.Fatal(err)
	}
	pix := make([]byte, w*h)
	if _, err := r.Read(pix[:0]); err != nil {
		t.Fatal(err)
	}
	n := 0
	for n < len(pix) {
		k, err := r.Read(pix[n:])
		if err != nil {
			t.Fatalf("%s: short image: %v", path, err)
		}
		n += k
	}
	return greyImage{w: w, h: h, pix: pix, dpi: dpi}
}

// ink is the share of dark pixels in a box given in millimetres.
func (g greyImage) ink(x0, y0, x1, y1 float64) float64 {
	px := func(mm float64) int { return int(mm / 25.4 * g.dpi) }
	dark, all := 0, 0
	for y := max(px(y0), 0); y < min(px(y1), g.h); y++ {
		for x := max(px(x0), 0); x < min(px(x1), g.w); x++ {
			all++
			if g.pix[y*g.w+x] < 128 {
				dark++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(dark) / float64(all)
}

// render turns every page into a grey image.
func render(t testing.TB, pdfBytes []byte, dpi int) []greyImage {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(path, pdfBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, "pdftoppm", "-gray", "-r", fmt.Sprint(dpi), path, filepath.Join(dir, "page"))
	files, _ := filepath.Glob(filepath.Join(dir, "page-*.pgm"))
	sort.Strings(files)
	var out []greyImage
	for _, f := range files {
		out = append(out, readPGM(t, f, float64(dpi)))
	}
	return out
}

// TestRenderedSheetsHaveInk renders every page and checks that the map,
// the tracks and the year grid are drawn where a player looks for them,
// and that the margins stay blank.
func TestRenderedSheetsHaveInk(t *testing.T) {
	needTools(t, "pdftoppm")
	pages := gameSet(t, 42, 3)
	b, err := Sheets(pages, A4)
	if err != nil {
		t.Fatal(err)
	}
	imgs := render(t, b, 40)
	if len(imgs) != 3 {
		t.Fatalf("rendered %d pages, want 3", len(imgs))
	}
	// Boxes in millimetres on the A4 landscape design.
	areas := []struct {
		name           string
		x0, y0, x1, y1 float64
		min, max       float64
	}{
		{"map", 15, 25, 150, 115, 0.05, 0.6},
		{"cask track", 164, 21, 289, 32, 0.03, 0.6},
		{"vine track", 164, 40, 289, 58, 0.01, 0.6},
		{"year grid", 8, 132, 289, 185, 0.03, 0.6},
		{"left margin", 0, 0, 6, 210, 0, 0},
		{"between map and tracks", 159, 40, 163, 120, 0, 0.005},
	}
	for i, img := range imgs {
		for _, a := range areas {
			got := img.ink(a.x0, a.y0, a.x1, a.y1)
			if got < a.min || got > a.max {
				t.Errorf("page %d, %s: ink %.3f, want %.3f..%.3f", i+1, a.name, got, a.min, a.max)
			}
		}
	}
}

// TestRenderedMarks: a replayed sheet carries more ink on its map and grid
// than the blank one (filled paths, circles, letters).
func TestRenderedMarks(t *testing.T) {
	needTools(t, "pdftoppm")
	pages := gameSet(t, 9, 2)
	blank, _ := Sheets(pages[:1], A4)
	l := pages[0].Layout
	mk := &Marks{Name: "Ben", Circled: map[string]int{}, Filled: map[string]bool{}, CasksGained: 6, CasksUsed: 2, VinesFilled: 5, Trellis: []int{3}, Year: 14}
	for i := range l.Wines[:8] {
		mk.Circled[l.Wines[i].ID] = i + 1
	}
	for _, p := range l.Paths[:8] {
		mk.Filled[p.ID] = true
	}
	for y := 1; y < 14; y++ {
		for w := 0; w < 3; w++ {
			if y >= l.Year00.Dur[w] {
				mk.Grid[w][y] = "LRECVT"[(y+w)%6]
			}
		}
	}
	pages[0].Marks = mk
	marked, _ := Sheets(pages[:1], A4)
	bi, mi := render(t, blank, 40)[0], render(t, marked, 40)[0]
	for _, a := range []struct {
		name           string
		x0, y0, x1, y1 float64
	}{{"map", 15, 25, 150, 115}, {"worker rows", 41, 155, 235, 185}, {"cask track", 164, 21, 289, 32}} {
		b, m := bi.ink(a.x0, a.y0, a.x1, a.y1), mi.ink(a.x0, a.y0, a.x1, a.y1)
		if m <= b*1.1 {
			t.Errorf("%s: marked sheet ink %.3f is not above the blank one's %.3f", a.name, m, b)
		}
	}
}

// TestUnusualLayoutFits: a group's own template with longer tracks and
// more trellis rows still draws inside the page, without panics.
func TestUnusualLayoutFits(t *testing.T) {
	l := layouts.Default()
	l.CaskSlots, l.CasksPre = 20, 2
	for len(l.Vines) < 18 {
		l.Vines = append(l.Vines, nil)
	}
	for len(l.Trellis) < 5 {
		l.Trellis = append(l.Trellis, layouts.TrellisRow{Len: 9, Bonus: layouts.Bonus{Kind: "age", Age: 1, PerWine: 2}})
	}
	pages := []SheetPage{{Layout: l, Marks: &Marks{Name: "Zoë", CasksGained: 20, CasksUsed: 19, VinesFilled: 18, Trellis: []int{9, 9, 9, 9, 9, 9}, Year: 14}}}
	b, err := Sheets(pages, Letter)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("VINTNER_KEEP_PDF") != "" {
		os.WriteFile(os.Getenv("VINTNER_KEEP_PDF"), b, 0o644)
	}
	needTools(t, "pdftoppm")
	img := render(t, b, 40)[0]
	// Letter landscape is 279.4 mm wide: nothing reaches the outer 4 mm.
	for _, a := range [][4]float64{{0, 0, 4, 215}, {275.4, 0, 279.4, 215}, {0, 0, 279.4, 4}, {0, 211.9, 279.4, 215.9}} {
		if ink := img.ink(a[0], a[1], a[2], a[3]); ink > 0 {
			t.Errorf("ink %.3f in the margin %v", ink, a)
		}
	}
}

// TestLongNameStaysOnItsLine: a long player name is set smaller to fit
// its line (59–140 mm), and one too long even then is cut short with "…":
// it ran over the seat and the layout code at the right of the header.
func TestLongNameStaysOnItsLine(t *testing.T) {
	needTools(t, "pdftoppm", "pdftotext")
	long := "Hubert Blaine Wolfeschlegelsteinhausenbergerdorff Senior"
	for _, c := range []struct{ name, want string }{
		{long, long},
		{strings.Repeat(long+" of Ærøskøbing ", 4), long + " o…"},
	} {
		pages := gameSet(t, 9, 4)[3:]
		pages[0].Marks = &Marks{Name: c.name}
		b, err := Sheets(pages, A4)
		if err != nil {
			t.Fatal(err)
		}
		img := render(t, b, 100)[0]
		if ink := img.ink(141, 8, 240, 16); ink > 0 {
			t.Errorf("%d-character name: ink %.3f right of its line", len([]rune(c.name)), ink)
		}
		text := pageText(t, writeTemp(t, "long.pdf", b), 1)
		if !strings.Contains(strings.Join(strings.Fields(text), " "), c.want) {
			t.Errorf("%d-character name: the sheet lacks %q:\n%s", len([]rune(c.name)), c.want, text)
		}
	}
}
