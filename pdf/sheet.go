package pdf

import (
	"fmt"
	"math"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/score"
	scorebordeaux "github.com/vintner/vintner/score/bordeaux"
)

// Years on the sheet's grid: '00 (pre-printed), '01–'13 (played), and two
// extra columns for actions that run past '13.
const (
	lastYear  = 13
	gridYears = 16
)

// SheetPage is one page of Bordeaux sheets.
type SheetPage struct {
	Layout *layouts.Layout
	// Players is the number of seats in the game set; 0 for a pad page.
	Players int
	// PadPage and PadPages number a pad's pages (both 0 in a game set).
	PadPage, PadPages int
	// Leaders are the years this seat leads: circled on the year row.
	Leaders []int
	// Marks are what the player wrote during a game; nil for a blank sheet.
	Marks *Marks
}

// Marks are what a player has written on a sheet during a game, as the
// Bordeaux engine keeps it.
type Marks struct {
	Name    string
	Circled map[string]int  // wine ID → year circled
	Filled  map[string]bool // path IDs
	// CasksGained counts traced casks (pre-outlined ones not counted),
	// CasksUsed the crossed-out ones.
	CasksGained, CasksUsed int
	VinesFilled            int
	Trellis                []int // traced trellises per row
	// Grid is the worker rows red, pink, yellow × years '00–'15: the letter
	// written, '-' for a pass or a pre-printed cell, 0 for empty.
	Grid [3][gridYears]byte
	// Top is the region and resource the player wrote on the top rows.
	Top [14]layouts.TopCell
	// Year is the year being played (0 before '01); years before it are
	// crossed off.
	Year int
	// Score is the player's line of the final scoring; nil if not scored.
	Score      *score.PlayerResult
	Categories []score.Category
}

// LeaderYears returns the years a seat leads in a game of the given number
// of players: the snake order of the rulebook with a repeat at each turn
// (1…N, N…1, 1…N, …) over '01–'13. A solo player leads as seat 1 of a
// 2-player game ('01, '04, '05, '08, '09, '12, '13).
func LeaderYears(players, seat int) []int {
	if players == 1 {
		players = 2
	}
	if players < 1 || seat < 1 || seat > players {
		return nil
	}
	var years []int
	for y := 1; y <= lastYear; y++ {
		i := y - 1
		round, pos := i/players, i%players
		s := pos + 1
		if round%2 == 1 {
			s = players - pos
		}
		if s == seat {
			years = append(years, y)
		}
	}
	return years
}

// Sheets draws one page per SheetPage on the given paper (landscape).
func Sheets(pages []SheetPage, paper Paper) ([]byte, error) {
	if len(pages) == 0 {
		return nil, fmt.Errorf("no sheet to print")
	}
	d := newDocument(paper, "Bordeaux sheets", "Bordeaux player sheets printed by vintner")
	for i := range pages {
		if pages[i].Layout == nil {
			return nil, fmt.Errorf("page %d has no layout", i+1)
		}
		w, h := d.page(true)
		drawSheet(d.f, w, h, &pages[i])
	}
	return d.bytes()
}

// The sheet is designed on A4 landscape; other papers scale it to fit.
const (
	designW = 297.0
	designH = 210.0
)

// fitDesign starts a transformation that maps the design page onto a page
// of w × h millimetres, centred; it returns whether one was started.
func fitDesign(f *fpdf.Fpdf, w, h float64) bool {
	if math.Abs(w-designW) < 0.01 && math.Abs(h-designH) < 0.01 {
		return false
	}
	s := math.Min(w/designW, h/designH)
	f.TransformBegin()
	f.TransformTranslate((w-designW*s)/2, (h-designH*s)/2)
	f.TransformScale(s*100, s*100, 0, 0)
	return true
}

func drawSheet(f *fpdf.Fpdf, w, h float64, pg *SheetPage) {
	scaled := fitDesign(f, w, h)
	p := pen{f}
	p.text(black)
	p.stroke(black)
	drawHeader(p, pg)
	mapH := drawMap(p, pg, 8, 18, 150)
	drawTracks(p, pg, 164, 19, 125)
	drawGrid(p, pg, 8, math.Max(18+mapH+6, 130), 281)
	drawLegend(p, 8, 191, 196)
	drawSoloDraw(p, 206, 188)
	drawFooter(p, pg)
	if scaled {
		f.TransformEnd()
	}
}

func drawHeader(p pen, pg *SheetPage) {
	p.font(true, 18)
	p.write(8, 14, "Bordeaux")
	p.font(false, 10)
	p.write(46, 14, "Player")
	p.width(0.3)
	p.f.Line(59, 14.5, 140, 14.5)
	if pg.Marks != nil && pg.Marks.Name != "" {
		// The name on its line: smaller if it is long, cut short with
		// "…" if even at 7 pt it is longer than the line.
		const nameW = 140 - 61
		p.text(ink)
		p.fitFont(true, 12, nameW, pg.Marks.Name)
		if size, _ := p.f.GetFontSize(); size < 7 {
			p.font(true, 7)
		}
		p.write(61, 13.5, p.clip(nameW, pg.Marks.Name))
		p.text(black)
	}
	p.font(true, 11)
	p.right(289, 10, seatText(pg))
	p.font(false, 9)
	c := codeText(pg.Layout)
	p.right(289, 15, strings.ToUpper(c[:1])+c[1:])
}

func seatText(pg *SheetPage) string {
	switch {
	case pg.PadPages > 0:
		return fmt.Sprintf("Pad page %d of %d", pg.PadPage, pg.PadPages)
	case pg.Players == 1:
		return "Solo sheet (seat 1 of 1)"
	case pg.Players > 0:
		return fmt.Sprintf("Seat %d of %d", pg.Layout.Seat, pg.Players)
	case pg.Layout.Seat > 0:
		return fmt.Sprintf("Seat %d", pg.Layout.Seat)
	case pg.Layout.Code != "":
		return "Pad page" // of a pad whose page number the code does not say
	}
	return "Sheet"
}

// codeText is the layout code as the sheet prints it; a group's own
// layout has none.
func codeText(l *layouts.Layout) string {
	if l.Code == "" {
		return "own layout (no code)"
	}
	return "layout code " + l.Code
}

// mapFrame turns template map coordinates (X 0..100, Y 0..60) into page
// millimetres inside a frame.
type mapFrame struct {
	x0, y0, s float64
}

const (
	mapPadX = 7 // map units left and right of the wines
	mapPadY = 8 // above and below, room for the region names
)

// newMapFrame fits the map to a frame w millimetres wide and returns it
// with the frame's height.
func newMapFrame(x, y, w float64) (mapFrame, float64) {
	s := w / (100 + 2*mapPadX)
	return mapFrame{x0: x + mapPadX*s, y0: y + mapPadY*s, s: s}, (60 + 2*mapPadY) * s
}

func (m mapFrame) at(x, y float64) (float64, float64) { return m.x0 + x*m.s, m.y0 + y*m.s }

// Wine badge size, in millimetres.
const (
	badgeW = 16.0
	badgeH = 10.0
	// regionPad is how far a region's tint reaches beyond its wines' centres.
	regionPad = 9.0
)

// drawMap draws the map of the three regions in a frame w millimetres wide
// and returns the frame's height.
func drawMap(p pen, pg *SheetPage, x, y, w float64) float64 {
	l := pg.Layout
	m, h := newMapFrame(x, y, w)
	wines := map[string]*layouts.Wine{}
	for i := range l.Wines {
		wines[l.Wines[i].ID] = &l.Wines[i]
	}
	p.width(0.3)
	p.stroke(darkGrey)
	p.f.Rect(x, y, w, h, "D")

	// Region tints: each region's hull, widened by a round stroke.
	for _, r := range regionOrder(l) {
		var pts []fpdf.PointType
		minY, maxY, minX, maxX, sumY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1), 0.0
		n := 0
		for _, wi := range l.Wines {
			if wi.Region != r {
				continue
			}
			px, py := m.at(wi.X, wi.Y)
			pts = append(pts, fpdf.PointType{X: px, Y: py})
			minY, maxY = math.Min(minY, py), math.Max(maxY, py)
			minX, maxX = math.Min(minX, px), math.Max(maxX, px)
			sumY += wi.Y
			n++
		}
		if n == 0 {
			continue
		}
		hull := convexHull(pts)
		tint := regionTint[r]
		p.fill(tint)
		p.stroke(tint)
		p.f.SetLineJoinStyle("round")
		p.f.SetLineCapStyle("round")
		p.width(2 * regionPad)
		if len(hull) >= 3 {
			p.f.Polygon(hull, "FD")
		} else {
			p.f.Line(hull[0].X, hull[0].Y, hull[len(hull)-1].X, hull[len(hull)-1].Y)
		}
		p.f.SetLineJoinStyle("miter")
		p.f.SetLineCapStyle("butt")
		// The region's name above it, or below it in the map's lower half.
		p.text(black)
		p.font(true, 9)
		label := fmt.Sprintf("%s (%c)", r.Word(), r)
		lx := (minX + maxX) / 2
		if sumY/float64(n) < 30 {
			p.centred(lx, minY-regionPad-2.2, label)
		} else {
			p.centred(lx, maxY+regionPad+2.2, label)
		}
	}

	// Paths: a hollow lane to fill in, its resource at the middle.
	for _, path := range l.Paths {
		a, b := wines[path.A], wines[path.B]
		if a == nil || b == nil {
			continue
		}
		ax, ay := m.at(a.X, a.Y)
		bx, by := m.at(b.X, b.Y)
		filled := pg.Marks != nil && pg.Marks.Filled[path.ID]
		p.f.SetLineCapStyle("butt")
		p.stroke(black)
		p.width(2.4)
		p.f.Line(ax, ay, bx, by)
		if !filled {
			p.stroke(white)
			p.width(1.5)
			p.f.Line(ax, ay, bx, by)
		}
	}
	// Wines.
	for i := range l.Wines {
		wi := &l.Wines[i]
		cx, cy := m.at(wi.X, wi.Y)
		drawWine(p, wi, cx, cy)
	}
	// Resources last, so a badge never hides one.
	for _, path := range l.Paths {
		a, b := wines[path.A], wines[path.B]
		if a == nil || b == nil || path.Resource == 0 {
			continue
		}
		ax, ay := m.at(a.X, a.Y)
		bx, by := m.at(b.X, b.Y)
		cx, cy := (ax+bx)/2, (ay+by)/2
		p.stroke(black)
		p.fill(white)
		p.width(0.35)
		p.f.Circle(cx, cy, 2.6, "FD")
		p.text(black)
		p.font(true, 8.5)
		p.centred(cx, cy, string(rune(path.Resource)))
	}

	// The player's circles over everything, each with the year it was made.
	for i := range l.Wines {
		wi := &l.Wines[i]
		year, ok := 0, false
		if pg.Marks != nil {
			year, ok = pg.Marks.Circled[wi.ID]
		}
		if !ok {
			continue
		}
		cx, cy := m.at(wi.X, wi.Y)
		p.stroke(ink)
		p.width(0.7)
		p.f.Ellipse(cx, cy, badgeW/2+1.6, badgeH/2+1.4, 0, "D")
		p.text(ink)
		p.font(true, 6.5)
		p.write(cx+badgeW/2-0.5, cy-badgeH/2-0.6, fmt.Sprintf("'%02d", year))
		p.text(black)
	}
	return h
}

// regionOrder lists the regions of a layout in the order of its wines.
func regionOrder(l *layouts.Layout) []layouts.Region {
	var out []layouts.Region
	seen := map[layouts.Region]bool{}
	for _, w := range l.Wines {
		if !seen[w.Region] {
			seen[w.Region] = true
			out = append(out, w.Region)
		}
	}
	return out
}

// drawWine draws a wine's badge: its colour shape and letter, its region
// letter once per year of age (RR = a 2-year Right Bank wine), the casks it
// needs, and its notation name.
func drawWine(p pen, wi *layouts.Wine, cx, cy float64) {
	x, y := cx-badgeW/2, cy-badgeH/2
	p.stroke(black)
	p.fill(white)
	p.width(0.4)
	p.dashed(false)
	p.f.RoundedRect(x, y, badgeW, badgeH, 1.6, "1234", "FD")
	p.colourShape(wi.Type.Colour, x+3.4, y+3.6, 2.3)
	p.font(true, 10)
	p.text(black)
	letters := strings.Repeat(string(rune(wi.Region)), wi.Type.Age)
	p.centred(x+10.6, y+3.7, letters)
	// Casks to cross out, bottom left; the notation name, bottom right.
	for k := 0; k < wi.Casks; k++ {
		p.width(0.25)
		p.barrel(x+1.2+float64(k)*2.9, y+6.5, 2.3, 2.9, false, lightGrey)
	}
	p.font(false, 5)
	p.text(darkGrey)
	p.right(x+badgeW-0.8, y+badgeH-0.9, wi.Name())
	p.text(black)
}

// drawTracks draws the cask, vine and trellis tracks and the score box in
// the right-hand column.
func drawTracks(p pen, pg *SheetPage, x, y, w float64) {
	l := pg.Layout
	mk := pg.Marks

	// Casks.
	sectionTitle(p, x, y, "Casks (C)", "trace a dotted cask for each C gained · cross out an outlined cask for each one a wine uses")
	step := math.Min(10, w/float64(max(l.CaskSlots, 1)))
	for i := 0; i < l.CaskSlots; i++ {
		bx, by := x+float64(i)*step+1, y+3.5
		pre := i < l.CasksPre
		traced := mk != nil && i < l.CasksPre+mk.CasksGained
		p.width(0.35)
		bw := math.Min(6.5, step*0.75)
		p.barrel(bx, by, bw, 8, !(pre || traced), white)
		if traced && !pre {
			p.stroke(ink)
			p.width(0.6)
			p.f.RoundedRect(bx, by, bw, 8, bw*0.3, "1234", "D")
		}
		if mk != nil && i < mk.CasksUsed {
			p.stroke(ink)
			p.width(0.6)
			p.cross(bx, by, bw, 8)
		}
		p.stroke(black)
		p.font(false, 5)
		p.text(darkGrey)
		p.centred(bx+bw/2, by+9.6, fmt.Sprint(i+1))
		p.text(black)
	}

	// Vines, with their grapes above.
	vy := y + 18
	sectionTitle(p, x, vy, "Vines (V)", "trace vines left to right · a grape above: at once circle a wine of its colour and age, anywhere")
	step = math.Min(10, w/float64(max(len(l.Vines), 1)))
	for i, g := range l.Vines {
		cx := x + float64(i)*step + 4.2
		filled := mk != nil && i < mk.VinesFilled
		p.width(0.35)
		p.vine(cx, vy+14.5, !filled, filled)
		if g != nil {
			p.colourShape(g.Colour, cx-1.8, vy+6.2, 2.0)
			p.font(true, 7)
			p.text(black)
			p.write(cx+0.8, vy+7.2, fmt.Sprintf("%dyr", g.Age))
		}
	}

	// Trellis rows and their bonuses.
	ty := vy + 23
	sectionTitle(p, x, ty, "Trellises (T)", "trace trellises in any order · a completed row scores its bonus at game end")
	// Rows and trellises shrink when a template has more than fit.
	rowStep := math.Min(9, 28/float64(max(len(l.Trellis), 1)))
	tStep := math.Min(8, 64/float64(max(maxTrellisLen(l), 1)))
	for r, row := range l.Trellis {
		ry := ty + 3.5 + float64(r)*rowStep
		p.font(true, 8)
		p.write(x, ry+5, fmt.Sprint(r+1))
		for k := 0; k < row.Len; k++ {
			traced := mk != nil && r < len(mk.Trellis) && k < mk.Trellis[r]
			p.width(0.3)
			p.trellis(x+4+float64(k)*tStep, ry, min(6.8, rowStep-1.5, tStep-1.2), !traced, traced)
		}
		bx := x + 4 + float64(maxTrellisLen(l))*tStep + 2
		p.font(false, 8)
		p.write(bx, ry+4.8, "→ "+bonusText(row.Bonus))
		if row.Bonus.Kind == "colour" {
			tw := p.f.GetStringWidth(printable("→ " + bonusText(row.Bonus)))
			p.colourShape(row.Bonus.Colour, bx+tw+3.2, ry+3.6, 1.8)
		}
	}

	// Score box.
	sy := ty + 3.5 + float64(len(l.Trellis))*rowStep + 3
	drawScoreBox(p, pg, x, sy, w)
}

func maxTrellisLen(l *layouts.Layout) int {
	n := 0
	for _, r := range l.Trellis {
		n = max(n, r.Len)
	}
	return n
}

// bonusText is a trellis row's bonus in words.
func bonusText(b layouts.Bonus) string {
	per := b.PerWine
	if per == 0 {
		per = 1
	}
	pts := "1 pt"
	if per != 1 {
		pts = fmt.Sprintf("%d pts", per)
	}
	switch b.Kind {
	case "colour":
		return fmt.Sprintf("%s per %s wine (%s)", pts, colourWord(b.Colour), colourLetter(b.Colour))
	case "age":
		return fmt.Sprintf("%s per %d-year wine (%s)", pts, b.Age, agePattern(b.Age))
	case "region":
		return fmt.Sprintf("%s per wine in %s (%c)", pts, b.Region.Word(), b.Region)
	}
	return pts + " per wine"
}

// agePattern is how the rulebook shows an age: "LL/RR/EE" for 2 years.
func agePattern(age int) string {
	return strings.Join([]string{strings.Repeat("L", age), strings.Repeat("R", age), strings.Repeat("E", age)}, "/")
}

func sectionTitle(p pen, x, y float64, title, hint string) {
	p.text(black)
	p.font(true, 9)
	p.write(x, y, title)
	tw := p.f.GetStringWidth(title)
	p.font(false, 6)
	p.text(darkGrey)
	p.write(x+tw+2, y, hint)
	p.text(black)
}

// drawScoreBox draws the end-of-game score: one box per category and the
// total, with the solo levels under it.
func drawScoreBox(p pen, pg *SheetPage, x, y, w float64) {
	cats := scorebordeaux.CategoriesFor(max(len(pg.Layout.Trellis), 1))
	if pg.Marks != nil && len(pg.Marks.Categories) > 0 {
		cats = pg.Marks.Categories
	}
	sectionTitle(p, x, y, "Score", "at game end · tied players all score the full bonus")
	cols := len(cats) + 1
	cw := w / float64(cols)
	top := y + 2
	for i := 0; i < cols; i++ {
		cx := x + float64(i)*cw
		label := "Total"
		if i < len(cats) {
			label = cats[i].Label
		}
		p.stroke(black)
		p.width(0.3)
		p.fill(lightGrey)
		p.f.Rect(cx, top, cw, 8, "FD")
		p.fill(white)
		if i == cols-1 {
			p.width(0.6)
		}
		p.f.Rect(cx, top+8, cw, 8, "D")
		p.text(black)
		p.font(i == cols-1, 6)
		p.f.SetXY(cx+0.3, top+0.6)
		p.f.MultiCell(cw-0.6, 2.4, printable(label), "", "C", false)
		if pg.Marks != nil && pg.Marks.Score != nil {
			v := ""
			if i < len(cats) && i < len(pg.Marks.Score.Points) {
				v = fmt.Sprint(pg.Marks.Score.Points[i])
			} else if i == cols-1 {
				v = fmt.Sprint(pg.Marks.Score.Total)
			}
			p.text(ink)
			p.font(true, 11)
			p.centred(cx+cw/2, top+12, v)
			p.text(black)
		}
	}
	p.font(false, 6.5)
	p.text(darkGrey)
	p.write(x, top+19.5, "Solo: longest tour and most casks need 7+; no leader point. Levels: "+soloLevels())
	if pg.Marks != nil && pg.Marks.Score != nil && pg.Marks.Score.Level != "" {
		// On a line of its own, in the players' ink: the line above
		// fills the width.
		p.text(ink)
		p.font(true, 8)
		p.write(x, top+23.5, "Level reached: "+pg.Marks.Score.Level)
	}
	p.text(black)
}

// soloLevels lists Bordeaux's solo levels of victory, lowest first.
func soloLevels() string {
	var parts []string
	for i := len(scorebordeaux.Levels) - 1; i >= 0; i-- {
		l := scorebordeaux.Levels[i]
		parts = append(parts, fmt.Sprintf("%d+ %s", l.Min, l.Name))
	}
	return strings.Join(parts, " · ")
}

// drawGrid draws the year grid: the year row (leader years circled), the
// top rows of regions and resources, and the three worker rows.
func drawGrid(p pen, pg *SheetPage, x, y, w float64) {
	l := pg.Layout
	mk := pg.Marks
	labelW := 33.0
	cw := (w - labelW) / gridYears
	type row struct {
		label string
		h     float64
	}
	rows := []row{{"Year", 7}, {"Region (L R E)", 8}, {"Resource (C V T)", 8},
		{"Red worker", 10.5}, {"Pink worker", 10.5}, {"Yellow worker", 10.5}}
	workerColour := [3]layouts.Colour{layouts.Red, layouts.Rose, layouts.White}
	workerMakes := [3]string{"makes red", "makes rosé", "makes white"}

	leader := map[int]bool{}
	for _, yr := range pg.Leaders {
		leader[yr] = true
	}
	cy := y
	for ri, r := range rows {
		// Label cell.
		p.stroke(black)
		p.width(0.3)
		p.fill(white)
		p.f.Rect(x, cy, labelW, r.h, "D")
		p.text(black)
		if ri >= 3 {
			wk := ri - 3
			p.colourShape(workerColour[wk], x+3.5, cy+r.h/2, 2.2)
			p.font(true, 8)
			p.write(x+7, cy+r.h/2-0.2, r.label)
			p.font(false, 6)
			p.write(x+7, cy+r.h/2+2.8, workerMakes[wk])
		} else {
			p.font(ri == 0, 7.5)
			p.write(x+1.5, cy+r.h/2+1.2, r.label)
			if ri == 0 {
				p.font(false, 5.5)
				p.text(darkGrey)
				p.right(x+labelW-1, cy+r.h/2+1.1, "○ = you lead")
				p.text(black)
			}
		}
		for yr := 0; yr < gridYears; yr++ {
			gx := x + labelW + float64(yr)*cw
			extra := yr > lastYear
			fill := white
			switch {
			case extra:
				fill = rgb{240, 240, 240}
			case yr == 0 && ri > 0:
				fill = lightGrey
			}
			if ri >= 3 && l.Year00.Dur[ri-3] > yr {
				fill = lightGrey
			}
			p.fill(fill)
			p.stroke(black)
			p.width(0.3)
			p.f.Rect(gx, cy, cw, r.h, "FD")
			mid := gx + cw/2
			switch {
			case ri == 0:
				p.font(true, 9)
				p.text(black)
				p.centred(mid, cy+r.h/2, fmt.Sprintf("'%02d", yr))
				if leader[yr] {
					p.stroke(black)
					p.width(0.6)
					p.f.Ellipse(mid, cy+r.h/2, 5.2, 3.0, 0, "D")
				}
				if extra {
					p.font(false, 4.5)
					p.text(darkGrey)
					p.centred(mid, cy+r.h-1, "extra")
					p.text(black)
				}
			case ri == 1 || ri == 2:
				pre := topCell(l, yr, ri == 1)
				played := byte(0) // the year's letter as played, 0 if not yet
				if mk != nil && yr >= 1 && yr <= lastYear {
					played = byte(mk.Top[yr].Resource)
					if ri == 1 {
						played = byte(mk.Top[yr].Region)
					}
				}
				switch {
				case pre != 0 && played != 0 && played != pre:
					// Played otherwise than this sheet prints it: a
					// page of another pad led the year (ruling R3), or
					// --as-played kept a year written against the
					// print. The player strikes the print out and
					// writes the year's letter beside it.
					p.font(true, 9)
					p.text(black)
					p.centred(mid-3.2, cy+r.h/2, string(rune(pre)))
					p.stroke(ink)
					p.width(0.4)
					p.f.Line(mid-5.4, cy+r.h/2+1.8, mid-1, cy+r.h/2-1.8)
					p.stroke(black)
					p.font(true, 11)
					p.text(ink)
					p.centred(mid+3.2, cy+r.h/2, string(rune(played)))
					p.text(black)
				case pre != 0:
					p.font(true, 11)
					p.text(black)
					p.centred(mid, cy+r.h/2, string(rune(pre)))
				case extra:
					hatch(p, gx, cy, cw, r.h)
				case mk != nil && yr >= 1 && yr <= lastYear:
					v := byte(mk.Top[yr].Resource)
					if ri == 1 {
						v = byte(mk.Top[yr].Region)
					}
					if v != 0 {
						p.font(true, 11)
						p.text(ink)
						p.centred(mid, cy+r.h/2, string(rune(v)))
						p.text(black)
					}
				}
			default:
				wk := ri - 3
				if yr < l.Year00.Dur[wk] {
					p.font(true, 10)
					p.text(darkGrey)
					p.centred(mid, cy+r.h/2, "—")
					p.text(black)
				} else if mk != nil && mk.Grid[wk][yr] != 0 {
					v := string(rune(mk.Grid[wk][yr]))
					if v == "-" {
						v = "—"
					}
					p.font(true, 11)
					p.text(ink)
					p.centred(mid, cy+r.h/2, v)
					p.text(black)
				}
			}
		}
		cy += r.h
	}
	// Years crossed off in a replayed sheet: a stroke through the year.
	if mk != nil {
		p.stroke(ink)
		p.width(0.4)
		for yr := 1; yr <= lastYear && yr < mk.Year; yr++ {
			gx := x + labelW + float64(yr)*cw
			p.f.Line(gx+2, y+rows[0].h-1.2, gx+cw-2, y+1.2)
		}
		p.stroke(black)
	}
	// A heavier line after '13: the game ends there.
	p.width(0.8)
	ex := x + labelW + float64(lastYear+1)*cw
	p.f.Line(ex, y, ex, cy)
}

// topCell returns the pre-printed region (regions true) or resource of a
// year's top cell, 0 when the leader or the player writes it.
func topCell(l *layouts.Layout, yr int, regions bool) byte {
	if yr == 0 {
		if regions {
			return byte(l.Year00.Region)
		}
		return byte(l.Year00.Resource)
	}
	if yr >= len(l.Top) {
		return 0
	}
	if regions {
		return byte(l.Top[yr].Region)
	}
	return byte(l.Top[yr].Resource)
}

// hatch shades a cell that is not used (the top rows of the extra years).
func hatch(p pen, x, y, w, h float64) {
	p.stroke(midGrey)
	p.width(0.2)
	for d := 2.0; d < w+h; d += 2.5 {
		x1, y1 := x+math.Max(0, d-h), y+math.Min(d, h)
		x2, y2 := x+math.Min(d, w), y+math.Max(0, d-w)
		p.f.Line(x1, y1, x2, y2)
	}
	p.stroke(black)
}

// drawLegend explains the symbols, in a block from x to right.
func drawLegend(p pen, x, y, right float64) {
	p.font(false, 7)
	p.text(black)
	cx := x
	p.write(cx, y, "Wines:")
	cx += 9
	for _, c := range []layouts.Colour{layouts.Red, layouts.Rose, layouts.White} {
		p.colourShape(c, cx+1.6, y-1.1, 1.6)
		p.font(false, 7)
		p.text(black)
		p.write(cx+4, y, colourWord(c))
		cx += 4 + p.f.GetStringWidth(colourWord(c)) + 3
	}
	rest := "· LL/RR/EE = a 2-year wine: write its region letter that many times in the worker's row · a barrel on a wine = a cask to cross out · " +
		"paths: C casks, V vines, T trellises · — = pass · circle a wine when made, fill the paths between circled wines"
	p.f.SetXY(cx, y-2.6)
	p.f.MultiCell(right-cx, 3.2, printable(rest), "", "L", false)
}

// Solo draw grids: the rulebook's solo player picks a non-leader year's
// missing region or resource by touching a grid with the pencil, eyes
// closed. Each letter fills a third of its grid.
var soloGrids = [2][3]string{{"LRE", "ELR", "REL"}, {"CVT", "TCV", "VTC"}}

func drawSoloDraw(p pen, x, y float64) {
	p.font(true, 7)
	p.text(black)
	p.write(x, y+3, "Solo draw")
	p.font(false, 6)
	p.text(darkGrey)
	p.write(x, y+6, "non-leader year: eyes closed,")
	p.write(x, y+8.6, "touch the region or resource grid")
	p.text(black)
	const cell = 4.3
	for g, grid := range soloGrids {
		gx := x + 37 + float64(g)*(3*cell+5)
		for r, row := range grid {
			for c := 0; c < len(row); c++ {
				cx, cy := gx+float64(c)*cell, y+float64(r)*cell
				p.stroke(black)
				p.width(0.25)
				p.f.Rect(cx, cy, cell, cell, "D")
				p.font(true, 7.5)
				p.centred(cx+cell/2, cy+cell/2, string(row[c]))
			}
		}
	}
}

func drawFooter(p pen, pg *SheetPage) {
	l := pg.Layout
	p.font(false, 7)
	p.text(darkGrey)
	where := seatText(pg)
	p.write(8, 205, fmt.Sprintf("Bordeaux sheet · %s · %s · template %s v%d", codeText(l), strings.ToLower(where[:1])+where[1:], l.Template, l.Version))
	p.right(289, 205, "printed by vintner")
	p.text(black)
}
