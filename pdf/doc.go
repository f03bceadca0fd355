// Package pdf draws vintner's printed matter with the gofpdf API
// (codeberg.org/go-pdf/fpdf): Bordeaux player sheets (blank, or marked as a
// replayed game stands) and scorepads for the three games.
//
// Every document is reproducible: the same inputs give the same bytes from
// the same binary (fixed creation and modification dates, sorted catalogs,
// an embedded font). Colour is never the only cue: every colour comes with a
// letter and a shape, so sheets read in black and white and for colour-blind
// players.
package pdf

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
)

// The embedded font: subsets of DejaVu Sans Condensed (pdf/fonts/README.md).
var (
	//go:embed fonts/DejaVuSansCondensed.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSansCondensed-Bold.ttf
	fontBold []byte
)

const fontFamily = "DejaVu"

// fixedDate is written as the creation and modification date of every
// document: a date from the clock would make two runs differ.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Paper is a sheet of paper, in millimetres, portrait.
type Paper struct {
	Name string
	W, H float64
}

// Papers vintner prints on.
var (
	A4     = Paper{Name: "a4", W: 210, H: 297}
	Letter = Paper{Name: "letter", W: 215.9, H: 279.4}
)

// PaperNamed returns the paper called name ("a4" or "letter", any case).
func PaperNamed(name string) (Paper, error) {
	switch strings.ToLower(name) {
	case "a4":
		return A4, nil
	case "letter":
		return Letter, nil
	}
	return Paper{}, fmt.Errorf("unknown paper %q: use a4 or letter", name)
}

// document is one PDF being drawn.
type document struct {
	f     *fpdf.Fpdf
	paper Paper
}

func newDocument(paper Paper, title, subject string) *document {
	f := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: paper.W, Ht: paper.H},
	})
	f.SetCatalogSort(true)
	f.SetCreationDate(fixedDate)
	f.SetModificationDate(fixedDate)
	f.SetProducer("vintner", true)
	f.SetCreator("vintner", true)
	f.SetTitle(title, true)
	f.SetSubject(subject, true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.AddUTF8FontFromBytes(fontFamily, "", fontRegular)
	f.AddUTF8FontFromBytes(fontFamily, "B", fontBold)
	f.SetFont(fontFamily, "", 10)
	return &document{f: f, paper: paper}
}

// page adds a page, landscape or portrait, and returns its size.
func (d *document) page(landscape bool) (w, h float64) {
	if landscape {
		d.f.AddPageFormat("L", fpdf.SizeType{Wd: d.paper.W, Ht: d.paper.H})
		return d.paper.H, d.paper.W
	}
	d.f.AddPageFormat("P", fpdf.SizeType{Wd: d.paper.W, Ht: d.paper.H})
	return d.paper.W, d.paper.H
}

// bytes finishes the document.
func (d *document) bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := d.f.Output(&buf); err != nil {
		return nil, fmt.Errorf("cannot draw the PDF: %w", err)
	}
	return buf.Bytes(), nil
}

// printable replaces the characters the embedded font lacks with "?", so a
// player's name in another script never prints as blanks. The ranges are
// those kept in the font subset (pdf/fonts/README.md).
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if inFont(r) {
			return r
		}
		return '?'
	}, s)
}

// inFont says whether the embedded font has a glyph for r: the ranges of
// the subset, less the code points in them that DejaVu has no glyph for
// (Greek's unassigned ones, and U+1EFC–U+1EFF, Middle Welsh).
func inFont(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7e:
		return true
	case r == 0x378, r == 0x379, r >= 0x380 && r <= 0x383, r == 0x38b, r == 0x38d, r == 0x3a2:
		return false
	case r >= 0xa0 && r <= 0x24f, r >= 0x370 && r <= 0x4ff,
		r >= 0x1e00 && r <= 0x1efb, r >= 0x2010 && r <= 0x2027, r >= 0x2030 && r <= 0x203a,
		r == 0x20ac, r >= 0x2190 && r <= 0x2195, r == 0x2212, r >= 0x25a0 && r <= 0x25ff,
		r == 0x2605, r == 0x2606, r == 0x2713, r == 0x2717, r == 0xfffd:
		return true
	}
	return false
}
