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
	"unicode"
	"unicode/utf8"

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
// those kept in the font subset (pdf/fonts/README.md). A "?" stands for a
// character as the reader sees it: a letter with its marks (Hebrew points,
// Devanagari vowel signs), an emoji with its variation selector, skin tone
// and the emoji joined to it, a flag's two letters. A letter and a combining
// accent that the font has as one letter print as that letter (Zoe +
// U+0308 is Zoë); an accent the font cannot put on its letter is a "?". The
// invisible joiners print as nothing.
func printable(s string) string {
	for _, r := range s {
		if !inFont(r) {
			return replaced(s)
		}
	}
	return s
}

// replaced is printable for a string with a character the font lacks.
func replaced(s string) string {
	out := make([]rune, 0, len(s))
	unprinted := false // the last rune out is a "?" for a character the font lacks
	joined := false    // a joiner binds the next character to that one
	flag := false      // that one is a regional indicator, the first of a flag
	for _, r := range s {
		pair := flag && r >= 0x1f1e6 && r <= 0x1f1ff
		flag = false
		if joined || pair {
			joined = false // part of the character the "?" stands for
			continue
		}
		switch {
		case inFont(r):
			out = append(out, r)
			unprinted = false
		case r == 0x200c || r == 0x200d: // zero-width non-joiner and joiner
			joined = r == 0x200d && unprinted
		case unicode.Is(unicode.M, r), r >= 0x1f3fb && r <= 0x1f3ff, r >= 0xe0020 && r <= 0xe007f:
			// A mark or variation selector, a skin tone, a tag (of a
			// flag): part of the character before it.
			if unprinted {
				continue
			}
			if n := len(out); n > 0 {
				if c, ok := compose(out[n-1], r); ok {
					out[n-1] = c
					continue
				}
				selector := r >= 0xfe00 && r <= 0xfe0f || r >= 0xe0100 && r <= 0xe01ef
				if selector || !unicode.In(r, unicode.Mn, unicode.Mc) {
					// How to present the character before it (emoji
					// style, a skin tone, a keycap): it prints as the
					// font draws it.
					continue
				}
			}
			out = append(out, '?')
			unprinted = true
		default:
			out = append(out, '?')
			unprinted = true
			flag = r >= 0x1f1e6 && r <= 0x1f1ff
		}
	}
	return string(out)
}

// compose returns the letter of the font that base with a combining mark
// is (compositions).
func compose(base, mark rune) (rune, bool) {
	pairs := compositions[mark]
	for i := 0; i < len(pairs); {
		b, n := utf8.DecodeRuneInString(pairs[i:])
		c, m := utf8.DecodeRuneInString(pairs[i+n:])
		if b == base {
			return c, true
		}
		i += n + m
	}
	return 0, false
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
