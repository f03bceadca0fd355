package validate

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Lazy check lines.
//
// A check line states what the table saw, and in a valid record every one
// agrees with the engine: an engine can confirm the usual line from its
// text for less than the reader spends lexing it and reading its pairs
// (check lines are a third of a Bordeaux record's bytes). So in a batch
// (Options.NoState), for a game whose engine says it can
// (LazyChecker), the reader keeps a line `check NAME …` of a known player
// lazy: its Kind, Verb, Player and Seat are set, its Tokens and Pairs are
// not. The engine either confirms it from LazyText (ConfirmLazy) or reads
// it in full with Record.Expand, which gives the line the reader would
// have made, or its syntax error. Check then expands every lazy line the
// replay did not reach, so that the report lists the same syntax errors
// as when every line is read first (each engine's TestLazyChecks, run by
// wanttest.LazySuite, and its fuzz target hold the two readings to the
// same report).

// LazyChecker is an engine that reads lazy check lines.
type LazyChecker interface {
	// LazyChecks reports whether the engine's replay handles lazy lines:
	// confirms or expands each before it reads anything else of it.
	LazyChecks() bool
}

// Lazy reports whether l is a check line the reader has not lexed: its
// Tokens and Pairs are empty until Record.Expand.
func (l *Line) Lazy() bool { return l.lazy }

// LazyText is a lazy line's text after `check NAME `: its pairs as
// written.
func (l *Line) LazyText() string { return l.Raw[len("check ")+len(l.Player)+1:] }

// ConfirmLazy notes that the engine found the lazy line well formed and
// true from its text: it is then not expanded after the replay.
func (l *Line) ConfirmLazy() { l.confirmed = true }

// deferCheck keeps l lazy when it is written `check NAME …` with the name
// of a player and something after it, in a game whose engine reads such
// lines (lazyOn): what classify would make of its first two words,
// without lexing it. A name with a byte the lexer reads apart (a blank,
// '#', ',', '"', a character that is not ASCII) is left to the lexer.
func (lx *lexer) deferCheck(l *Line) bool {
	if lx.lazyState == lazyNo {
		return false
	}
	raw, rec := l.Raw, &lx.rec
	if raw[:len("check ")] != "check " || len(rec.Players) == 0 || !lx.lazyOn() {
		return false
	}
	rest := raw[len("check "):]
	seat := -1
	if sn := int(rec.actionSeats[rest[0]]); sn != 0 && sn <= len(rec.actionKeys) && len(rest) >= 8 && rec.actionKeys[sn-1].mask != 0 {
		// The one name that can start with this byte (actionSeats),
		// compared at once as actionPlayer compares it, without its
		// colon: the name is a plain word, so it is the word when a
		// blank follows it, and no player's name is the word otherwise.
		k := rec.actionKeys[sn-1]
		n := len(rec.Players[sn-1])
		if (load8(rest, 0)^k.key)&(k.mask>>8) != 0 || n+1 >= len(rest) || rest[n] != ' ' {
			return false
		}
		seat = sn - 1
	} else {
		n := 0
		for n < len(rest) && plainWordByte[rest[n]] {
			n++
		}
		if n == 0 || n+1 >= len(rest) || rest[n] != ' ' {
			return false
		}
		if seat = rec.Seat(rest[:n]); seat < 0 {
			return false
		}
	}
	l.Kind, l.Verb, l.Player, l.seat, l.lazy = KindCheck, "check", rec.Players[seat], int32(seat+1), true
	lx.lazyLines = append(lx.lazyLines, l)
	return true
}

// Expand reads a lazy line as the reader reads every other line: its
// tokens and pairs, or its syntax error. It reports whether the line is
// well formed. One that is not is no line of the record (the reader
// leaves such a line out of Lines): the replay passes over it and stops
// before the next line, as before any line with a syntax error, and Check
// reports the error. A line that is not lazy is left as it is.
func (r *Record) Expand(l *Line) bool {
	if !l.lazy {
		return true
	}
	lx := r.lx
	file, num, raw := l.file, l.Num, l.Raw
	*l = Line{file: file, Num: num, Raw: raw}
	base := len(lx.toks)
	lx.lineNonASCII = false
	toks, ok, err := lexInto(l, lx.toks, lx)
	switch {
	case lx.lineNonASCII && !utf8.ValidString(raw):
		lx.late = append(lx.late, notUTF8(*file, num, raw))
		return false
	case !ok:
		if err != nil {
			lx.late = append(lx.late, *err)
		}
		return false
	}
	lx.toks = toks
	if len(toks) > base {
		l.Tokens = toks[base:len(toks):len(toks)]
	}
	if d := r.classify(l, true, false, lx); d != nil {
		lx.late = append(lx.late, *d)
		// No line of the record, as the reader leaves it out of Lines:
		// classify may have made it a check line, which the grammar read
		// after the replay's stop would then read again.
		*l = Line{file: file, Num: num, Raw: raw}
		return false
	}
	return true
}

// lazySyntax expands the lazy lines the replay neither confirmed nor
// expanded, and returns the syntax errors of all the lazy lines.
func (r *Record) lazySyntax() Diagnostics {
	lx := r.lx
	if lx == nil {
		return nil
	}
	for _, l := range lx.lazyLines {
		if l.lazy && !l.confirmed {
			r.Expand(l)
		}
	}
	return lx.late
}

// withLazySyntax adds the syntax errors of rec's lazy lines to those the
// reader found, in line order, as the reader would have listed them.
func withLazySyntax(syntax Diagnostics, rec *Record) Diagnostics {
	late := rec.lazySyntax()
	if len(late) == 0 {
		return syntax
	}
	out := append(syntax, late...)
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

// lazyOn tells whether the record's game reads lazy lines: worked out at
// its first check line, from the engines Check was given.
func (lx *lexer) lazyOn() bool {
	if lx.lazyState == 0 {
		lx.lazyState = lazyNo
		if g, err := Lookup(lx.lazyGames, lx.rec.Game); err == nil {
			if lc, ok := g.(LazyChecker); ok && lc.LazyChecks() {
				lx.lazyState = lazyYes
			}
		}
	}
	return lx.lazyState == lazyYes
}

const (
	lazyYes = 1 + iota
	lazyNo
)

// notUTF8 is the reader's error for a line that is not valid UTF-8.
func notUTF8(file string, num int, raw string) Diagnostic {
	// The caret goes under the first byte that is not UTF-8: the source
	// shown has each bad sequence as one "?", so the column counts it so.
	col := 1
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRuneInString(raw[i:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		i += size
		col++
	}
	return Diagnostic{File: file, Line: num, Col: col, Severity: Error, Code: CodeSyntax,
		Message: "line is not valid UTF-8", Source: strings.ToValidUTF8(raw, "?")}
}
