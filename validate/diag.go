// Package validate reads game records (the shared lexical layer of
// records.md), reports diagnostics with exact positions, and defines the
// interface each game's rules engine implements.
package validate

import (
	"fmt"
	"strings"
)

// Severity of a diagnostic. Only errors reject a record.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Stable diagnostic codes: a program reading JSON output can rely on them.
const (
	CodeSyntax  = "syntax"  // the lexical layer or a verb's grammar
	CodeHeader  = "header"  // the header statements
	CodeRule    = "rule"    // an action the rules forbid
	CodeCheck   = "check"   // a check line disagrees with the replayed state
	CodeClaim   = "claim"   // a claimed score disagrees with the computed one
	CodeMissing = "missing" // the record ends before the game does
	CodeLimit   = "limit"   // a size limit was exceeded
	CodeIO      = "io"      // the record could not be read
)

// Diagnostic is one finding at one place of a record.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Col      int      `json:"column"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	Game     string   `json:"game,omitempty"`
	Where    string   `json:"where,omitempty"` // "year '03", "year 1 round 3", "round 1" (docs/scripting.md)
	Player   string   `json:"player,omitempty"`
	// Applied marks an error --as-played applied as written (for a check
	// line, noted as the table's memory) before the replay went on: it
	// makes the result disputed, not the record rejected.
	Applied bool `json:"applied,omitempty"`
	// Note says, for an error applied as played, what the replay did with
	// the line when it did not carry it out as written (a leader named
	// against the rules, an answer to no question): the text output's
	// note. "" is "applied as written" (for a check, "noted").
	Note   string `json:"-"`
	Source string `json:"-"` // the offending line, for the caret excerpt
	// aboutPlayers marks the reader's errors that follow from the players
	// line (an unknown player, a line before it): when that line is
	// refused, they are its consequences and are not listed.
	aboutPlayers bool
}

// Error renders the diagnostic's first line, FILE:LINE:COL: error: MESSAGE.
func (d Diagnostic) Error() string {
	sev := d.Severity
	if sev == "" {
		sev = Error
	}
	if d.Line == 0 {
		return fmt.Sprintf("%s: %s: %s", d.File, sev, d.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Line, d.Col, sev, d.Message)
}

// Format renders the diagnostic as the command line prints it: the
// position line, the source line, a caret under the offending token and an
// optional hint.
func (d Diagnostic) Format() string {
	var b strings.Builder
	b.WriteString(printable(d.Error()))
	b.WriteByte('\n')
	if d.Source != "" && d.Line > 0 {
		src := printable(strings.TrimRight(d.Source, "\r\n"))
		b.WriteString("    ")
		b.WriteString(src)
		b.WriteString("\n    ")
		b.WriteString(caretPad(src, d.Col))
		b.WriteString("^\n")
	}
	if d.Hint != "" {
		b.WriteString("hint: ")
		b.WriteString(printable(d.Hint))
		b.WriteByte('\n')
	}
	if d.Applied {
		note := d.Note
		switch {
		case note != "":
		case d.Code == CodeCheck:
			note = "a check changes nothing: noted as the table's memory"
		default:
			note = "applied as written"
		}
		b.WriteString("note: ")
		b.WriteString(printable(note))
		b.WriteString(" (--as-played); the replay went on\n")
	}
	return b.String()
}

// printable shows a control character as "?": printed raw, a record's
// text could move the cursor, recolour the terminal or reverse the line
// (a bidirectional control, isControl). One rune for one,
// so that a caret stays under its column.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return '?'
		}
		return r
	}, s)
}

// Printable is s with its control and formatting characters as "?", as a
// diagnostic prints them: for a name the command prints that a record did
// not write, such as a file's (a newline in it would split a verdict line,
// an escape sequence recolour the terminal).
func Printable(s string) string { return printable(s) }

// caretPad returns the blanks that put a caret under rune column col,
// keeping tabs so the caret lines up in a terminal.
func caretPad(src string, col int) string {
	var b strings.Builder
	i := 1
	for _, r := range src {
		if i >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	return b.String()
}

// Diagnostics is a list of findings; it is an error when it holds any error.
type Diagnostics []Diagnostic

// hasAt tells whether a diagnostic stands at the line and column.
func (ds Diagnostics) hasAt(line, col int) bool {
	for _, d := range ds {
		if d.Line == line && d.Col == col {
			return true
		}
	}
	return false
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error || d.Severity == "" {
			return true
		}
	}
	return false
}

// ErrorAtEnd builds an error diagnostic at the end of the record: the
// caret just after the last line's text, where what is missing would go.
// It names no player: whoever wrote the last line is not the one the
// record lacks.
func ErrorAtEnd(rec *Record, code, format string, args ...any) Diagnostic {
	var last *Line
	if len(rec.Lines) > 0 {
		last = rec.Lines[len(rec.Lines)-1]
	} else {
		// A header alone: the game goes after its last line, not at
		// line 1 (the game line), which says nothing of the end.
		for _, l := range append(rec.headerLines[:], rec.VariantLine...) {
			if l != nil && (last == nil || l.Num > last.Num) {
				last = l
			}
		}
	}
	if last == nil {
		return Diagnostic{File: rec.File, Line: 1, Col: 1, Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)}
	}
	rec.Expand(last) // a lazy check line: its end is known once read
	d := Errorf(last, len(last.Tokens), code, format, args...)
	d.Col = max(d.Col, 1)
	d.Player = ""
	return d
}

// Rejects reports whether the diagnostics reject a record: an error that
// is neither a claim mismatch (claims that differ leave the record scored)
// nor applied as played (that makes the result disputed).
func (ds Diagnostics) Rejects() bool {
	for _, d := range ds {
		if (d.Severity == Error || d.Severity == "") && d.Code != CodeClaim && !d.Applied {
			return true
		}
	}
	return false
}

// Errorf builds an error diagnostic at a token of a line.
func Errorf(l *Line, tok int, code, format string, args ...any) Diagnostic {
	d := Diagnostic{Severity: Error, Code: code, Message: fmt.Sprintf(format, args...)}
	if l != nil {
		d.File, d.Line, d.Source = l.File(), l.Num, l.Raw
		d.Col = l.ColOf(tok)
		d.Player = l.Player
	}
	return d
}
