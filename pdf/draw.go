package pdf

import (
	"strings"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"github.com/vintner/vintner/layouts"
)

// rgb is a colour of ink or paper.
type rgb struct{ r, g, b int }

var (
	black     = rgb{0, 0, 0}
	white     = rgb{255, 255, 255}
	ink       = rgb{25, 45, 130} // what a player writes, as opposed to the print
	lightGrey = rgb{225, 225, 225}
	midGrey   = rgb{150, 150, 150}
	darkGrey  = rgb{90, 90, 90}
)

// Wine colours. Printed in grey they stay three distinct shades (dark,
// middle, light), and each comes with its own shape and letter.
var wineInk = map[layouts.Colour]rgb{
	layouts.Red:   {170, 25, 45},
	layouts.Rose:  {240, 140, 175},
	layouts.White: {250, 220, 90},
}

// Region tints of the map, pale enough to write on.
var regionTint = map[layouts.Region]rgb{
	layouts.Left:  {222, 233, 248},
	layouts.Right: {226, 242, 222},
	layouts.Entre: {248, 238, 214},
}

// colourLetter is the letter printed in a wine's colour shape: the
// notation's letter (Lr2 is a 2-year red Left Bank wine).
func colourLetter(c layouts.Colour) string { return string(rune(c)) }

// colourWord is the wine colour's name.
func colourWord(c layouts.Colour) string {
	switch c {
	case layouts.Red:
		return "red"
	case layouts.Rose:
		return "rosé"
	case layouts.White:
		return "white"
	}
	return "?"
}

// pen wraps fpdf with the few strokes vintner draws.
type pen struct{ f *fpdf.Fpdf }

func (p pen) fill(c rgb)   { p.f.SetFillColor(c.r, c.g, c.b) }
func (p pen) stroke(c rgb) { p.f.SetDrawColor(c.r, c.g, c.b) }
func (p pen) text(c rgb)   { p.f.SetTextColor(c.r, c.g, c.b) }
func (p pen) width(w float64) {
	p.f.SetLineWidth(w)
}
func (p pen) dashed(on bool) {
	if on {
		p.f.SetDashPattern([]float64{0.8, 0.7}, 0)
	} else {
		p.f.SetDashPattern(nil, 0)
	}
}

func (p pen) font(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	p.f.SetFont(fontFamily, style, size)
}

// fitFont sets the largest font size up to size at which s fits in w.
func (p pen) fitFont(bold bool, size, w float64, s string) {
	s = printable(s)
	for ; size > 4; size -= 0.25 {
		p.font(bold, size)
		if p.f.GetStringWidth(s) <= w {
			return
		}
	}
}

// clip returns s as printed, cut short with "…" to fit in w at the
// current font.
func (p pen) clip(w float64, s string) string {
	s = printable(s)
	if p.f.GetStringWidth(s) <= w {
		return s
	}
	w -= p.f.GetStringWidth("…")
	end, sw := 0, 0.0
	for i, r := range s {
		if sw += p.f.GetStringWidth(string(r)); sw > w {
			break
		}
		end = i + utf8.RuneLen(r)
	}
	return strings.TrimRight(s[:end], " ") + "…"
}

// write prints s with its left end at x and its baseline at y.
func (p pen) write(x, y float64, s string) { p.f.Text(x, y, printable(s)) }

// centred prints s centred on x, its glyphs' middle at y.
func (p pen) centred(x, y float64, s string) {
	s = printable(s)
	w := p.f.GetStringWidth(s)
	size, _ := p.f.GetFontSize()
	p.f.Text(x-w/2, y+size*0.352778*0.36, s)
}

// right prints s ending at x, baseline at y.
func (p pen) right(x, y float64, s string) {
	s = printable(s)
	p.f.Text(x-p.f.GetStringWidth(s), y, s)
}

// colourShape draws the shape of a wine colour centred at (x, y), radius r:
// a disc for red, a diamond for rosé, a square for white, with the colour's
// letter inside. The shape alone tells the colour in black and white.
func (p pen) colourShape(c layouts.Colour, x, y, r float64) {
	p.fill(wineInk[c])
	p.stroke(black)
	p.width(0.3)
	p.dashed(false)
	switch c {
	case layouts.Red:
		p.f.Circle(x, y, r, "FD")
	case layouts.Rose:
		d := r * 1.2
		p.f.Polygon([]fpdf.PointType{{X: x, Y: y - d}, {X: x + d, Y: y}, {X: x, Y: y + d}, {X: x - d, Y: y}}, "FD")
	default:
		d := r * 0.88
		p.f.Rect(x-d, y-d, 2*d, 2*d, "FD")
	}
	if c == layouts.Red {
		p.text(white)
	} else {
		p.text(black)
	}
	p.font(true, r*3.2)
	p.centred(x, y, colourLetter(c))
	p.text(black)
}

// barrel draws a cask w wide and h high at (x, y) (top left): dotted while
// it is still to be traced.
func (p pen) barrel(x, y, w, h float64, dotted bool, fill rgb) {
	p.dashed(dotted)
	p.stroke(black)
	p.fill(fill)
	p.f.RoundedRect(x, y, w, h, w*0.3, "1234", "FD")
	p.f.Line(x, y+h*0.3, x+w, y+h*0.3)
	p.f.Line(x, y+h*0.7, x+w, y+h*0.7)
	p.dashed(false)
}

// cross draws an X over the box (x, y, w, h).
func (p pen) cross(x, y, w, h float64) {
	p.f.Line(x, y, x+w, y+h)
	p.f.Line(x, y+h, x+w, y)
}

// vine draws a vine (a stem with two leaves) centred at (x, y), dotted
// while still to trace.
func (p pen) vine(x, y float64, dotted bool, filled bool) {
	p.dashed(dotted)
	p.stroke(black)
	style := "D"
	if filled {
		p.fill(darkGrey)
		style = "FD"
	}
	p.f.Ellipse(x, y, 2.3, 3.0, 0, style)
	p.f.Line(x, y-1.8, x, y+4.4)
	p.dashed(false)
}

// trellis draws a trellis (a lattice in a square) at (x, y), side s.
func (p pen) trellis(x, y, s float64, dotted bool, filled bool) {
	p.dashed(dotted)
	p.stroke(black)
	style := "D"
	if filled {
		p.fill(darkGrey)
		style = "FD"
	}
	p.f.Rect(x, y, s, s, style)
	if !filled {
		p.f.Line(x, y+s/2, x+s/2, y)
		p.f.Line(x, y+s, x+s, y)
		p.f.Line(x+s/2, y+s, x+s, y+s/2)
		p.f.Line(x, y+s/2, x+s/2, y+s)
		p.f.Line(x, y, x+s, y+s)
		p.f.Line(x+s/2, y, x+s, y+s/2)
	}
	p.dashed(false)
}

// convexHull returns the hull of pts, counter-clockwise (Andrew's monotone
// chain); it is used to tint a region behind its wines.
func convexHull(pts []fpdf.PointType) []fpdf.PointType {
	if len(pts) < 3 {
		return pts
	}
	s := append([]fpdf.PointType(nil), pts...)
	for i := 1; i < len(s); i++ { // insertion sort: a handful of points, stable
		for j := i; j > 0 && (s[j].X < s[j-1].X || (s[j].X == s[j-1].X && s[j].Y < s[j-1].Y)); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	cross := func(o, a, b fpdf.PointType) float64 {
		return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
	}
	var h []fpdf.PointType
	for _, p := range s {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(s) - 2; i >= 0; i-- {
		p := s[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}
