package validate

import (
	"bytes"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vintner/vintner/internal/prose"
)

// Token is one word of a line, with the rune column where it starts.
type Token struct {
	Text   string
	Col    int32 // 1-based rune column of the first character (the quote, if quoted); int32 keeps a Token at 24 bytes
	Quoted bool  // written in double quotes: never a keyword
}

// Kind tells what a line is.
type Kind int

const (
	KindHeader Kind = iota // game, players, variant, date, event, location, note, rules
	KindAction             // NAME: …
	KindCheck              // check NAME key=value …
	KindClaim              // claim NAME POINTS
	KindEvent              // any other line: structure or a table event
)

// Pair is one key=value token of a check line.
type Pair struct {
	Key, Value string
	Tok        int // index of the token in Line.Tokens
}

// Line is one non-blank line of a record.
//
// A Line is kept for every line of every record, so it is kept small: the
// record's name is shared by all its lines (File), and a check line's
// pairs, a claim's points and a comment live apart, only for the lines
// that have them (Pairs, Points, Comment, Want).
type Line struct {
	Num    int    // 1-based line number
	Raw    string // the line as written, without its end of line
	Kind   Kind
	Player string  // actions, checks and claims
	Verb   string  // lower-cased first word (after NAME: for actions)
	Tokens []Token // for actions, the words after NAME:

	file      *string    // the record's name, shared by its lines
	extra     *lineExtra // nil when the line has no pairs, points or comment
	playerCol int32      // int32: a Line is kept per line of every record
	endCol    int32
	seat      int32 // Player's seat + 1; 0 when the reader did not find one
	lazy      bool  // a check line not yet lexed (see Lazy)
	confirmed bool  // a lazy line the engine confirmed from its text
	verbLower bool  // the lexer found the word after NAME: (Tokens[0]) in lower-case ASCII
}

// Seat returns the 0-based seat of the line's player, as the reader found
// it for an action, check or claim line of a known player, or -1 (other
// lines, and lines not made by the reader): an engine need not look the
// player up by name again.
func (l *Line) Seat() int { return int(l.seat) - 1 }

// lineExtra holds what few lines have: a check line's pairs, a claim's
// points, a comment.
type lineExtra struct {
	pairs   []Pair // check lines
	points  int    // claim lines
	comment string // text after '#', trimmed
	want    string // expected diagnostic from `# want "…"`
}

// Pairs returns a check line's key=value pairs (nil for other lines).
func (l *Line) Pairs() []Pair {
	if l.extra == nil {
		return nil
	}
	return l.extra.pairs
}

// File returns the name of the record the line belongs to ("" for a line
// made by hand).
func (l *Line) File() string {
	if l.file == nil {
		return ""
	}
	return *l.file
}

// AsClaim is l read as a claim of points by player, for a game whose
// own line claims a score (AOC's `merchant claim N`): CompareClaims then
// compares it with the others, its points at token 2.
func (l *Line) AsClaim(player string, points int) *Line {
	c := *l
	c.Kind, c.Player, c.seat = KindClaim, player, 0
	x := lineExtra{points: points}
	if l.extra != nil {
		x.comment, x.want = l.extra.comment, l.extra.want
	}
	c.extra = &x
	return &c
}

// Points returns the points of a claim line (0 for other lines).
func (l *Line) Points() int {
	if l.extra == nil {
		return 0
	}
	return l.extra.points
}

// Comment returns the text after '#', trimmed ("" without a comment).
func (l *Line) Comment() string {
	if l.extra == nil {
		return ""
	}
	return l.extra.comment
}

// Want returns the expected diagnostic of a `# want "…"` comment, or "".
func (l *Line) Want() string {
	if l.extra == nil {
		return ""
	}
	return l.extra.want
}

// Word returns token i's text, or "" past the end.
func (l *Line) Word(i int) string {
	if i < 0 || i >= len(l.Tokens) {
		return ""
	}
	return l.Tokens[i].Text
}

// Lower returns token i lower-cased, for keywords.
func (l *Line) Lower(i int) string { return strings.ToLower(l.Word(i)) }

// ColOf returns the column of token i; -1 means the player name (or the
// line start), and an index past the end means just after the last token.
func (l *Line) ColOf(i int) int {
	switch {
	case i < 0:
		if l.playerCol > 0 {
			return int(l.playerCol)
		}
		if len(l.Tokens) > 0 {
			return int(l.Tokens[0].Col)
		}
		return 1
	case i < len(l.Tokens):
		return int(l.Tokens[i].Col)
	default:
		return int(l.endCol)
	}
}

// Record is a parsed game record: the shared header and the body lines.
type Record struct {
	File        string
	Game        string
	Players     []string
	Variants    []string
	Meta        map[string]string // date, event, location, note
	Rules       string            // a component-table file named by the record
	VariantLine []*Line
	Lines       []*Line // every other non-blank line, in order

	byFirstByte [256]uint8 // Seat's index, see indexPlayers
	// actionSeats is byFirstByte for the names that are one plain word
	// (ASCII, without a blank, '#', ',' or '"'), the names actionPlayer
	// can tell at the start of a line: seat + 1, or 0.
	actionSeats [256]uint8
	// spacedNames: some player's name has a blank, so a table line may be
	// that name written without its quotes (unquotedPlayer). Most records
	// have none, and their table lines skip the look.
	spacedNames bool
	// actionKeys holds, for the first seats, the bytes of `NAME:` for a
	// name of actionSeats 7 bytes long at most, as load8 reads them, and
	// the mask of those bytes (0: none), so that actionPlayer compares
	// the start of a line with it at once.
	actionKeys  [16]struct{ key, mask uint64 }
	headerLines [len(headerWords)]*Line
	lx          *lexer // the reader's memory, for Expand
	// playersRefused: the players line has an error, so the players are
	// not known and no engine can set the game up.
	playersRefused bool
}

// headerWords are the shared header statements a Record keeps the line of
// (HeaderLine); a variant line is kept in VariantLine.
// metaExample shows each metadata line with a value, for the message of
// one written bare.
var metaExample = map[string]string{"date": "date 2026-11-28", "event": "event \"Thursday league\"",
	"location": "location \"The Corkscrew\"", "note": "note \"played with the reprint\""}

var headerWords = [...]string{"game", "players", "date", "event", "location", "note", "rules"}

// headerIndex is the index of a header word in headerWords, or -1.
func headerIndex(w string) int {
	switch w {
	case "game":
		return 0
	case "players":
		return 1
	case "date":
		return 2
	case "event":
		return 3
	case "location":
		return 4
	case "note":
		return 5
	case "rules":
		return 6
	}
	return -1
}

// HeaderLine returns the line of a shared header statement (game,
// players, date, event, location, note, rules), or nil if the record has
// none. (Kept in an array, not a map: a map's insert cost 1% of a
// replay.)
func (r *Record) HeaderLine(word string) *Line {
	if i := headerIndex(word); i >= 0 {
		return r.headerLines[i]
	}
	return nil
}

// HasPlayer reports whether name is a player of the game.
func (r *Record) HasPlayer(name string) bool { return r.Seat(name) >= 0 }

// Seat returns the 0-based seat of a player, or -1.
func (r *Record) Seat(name string) int {
	if len(name) > 0 && name[0] != 0 && r.byFirstByte[0] != 0 {
		// Names at a table mostly differ in their first letter: one
		// look-up, and at most one compare. (A word that starts as no
		// player's name does, a year or a keyword, is no one's at once.)
		switch s := r.byFirstByte[name[0]]; {
		case s == 0:
			return -1
		case s < 255:
			if sameName(r.Players[s-1], name) {
				return int(s - 1)
			}
			return -1 // the only name that starts with that byte is another
		}
	}
	for i, p := range r.Players {
		if sameName(p, name) {
			return i
		}
	}
	return -1
}

// indexPlayers fills byFirstByte from Players: for each first byte, the
// seat (+1) of the only player whose name starts with it, or 255 when
// several do; 0 when none does. byFirstByte[0] (no name starts with a NUL)
// marks it filled. Called once, on the players line, with byFirstByte
// zero (a new Record).
func (r *Record) indexPlayers() {
	for _, p := range r.Players {
		r.spacedNames = r.spacedNames || hasSpace(p)
	}
	if len(r.Players) >= 255 {
		return // left empty: Seat compares every name
	}
	for i, p := range r.Players {
		if p == "" {
			continue
		}
		if c := p[0]; r.byFirstByte[c] == 0 {
			r.byFirstByte[c] = uint8(i + 1)
		} else {
			r.byFirstByte[c] = 255
		}
	}
	for i, p := range r.Players {
		if p != "" && p[0] != 0 && r.byFirstByte[p[0]] == uint8(i+1) && plainWord(p) {
			r.actionSeats[p[0]] = uint8(i + 1)
			if i < len(r.actionKeys) && len(p) < 8 {
				key := uint64(':')
				for j := len(p) - 1; j >= 0; j-- {
					key = key<<8 | uint64(p[j])
				}
				// (A shift by 64, for a name of 7 bytes, is 0: the mask is
				// then all ones.)
				r.actionKeys[i].key, r.actionKeys[i].mask = key, uint64(1)<<(8*(len(p)+1))-1
			}
		}
	}
	r.byFirstByte[0] = 1
}

// plainWord reports whether name is read by lexPlain as one word.
func plainWord(name string) bool {
	for i := 0; i < len(name); i++ {
		if !plainWordByte[name[i]] {
			return false
		}
	}
	return true
}

// hasSpace reports whether name holds a blank as strings.Fields sees one
// (unicode.IsSpace), looking byte by byte while the name is ASCII.
func hasSpace(name string) bool {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= utf8.RuneSelf:
			return strings.IndexFunc(name[i:], unicode.IsSpace) >= 0
		case c == ' ' || '\t' <= c && c <= '\r':
			return true
		}
	}
	return false
}

// sameName is a == b. A name is a few bytes: a loop compares them for
// less than a call to the runtime's compare costs.
func sameName(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 16 {
		return a == b
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// lowerASCII reports whether s is ASCII without an upper-case letter
// (small enough to be inlined: no call for the common case). It ORs the
// table's marks instead of branching on each byte: words are short, and
// nearly all of them are lower case.
func lowerASCII(s string) bool {
	var fold uint8
	for i := 0; i < len(s); i++ {
		fold |= keyFolds[s[i]]
	}
	return fold == 0
}

// HasVariant reports whether the header names a variant (case-insensitive);
// for `name=value` variants it matches the name part.
func (r *Record) HasVariant(name string) bool {
	_, ok := r.Variant(name)
	return ok
}

// Variant returns the value of a `name=value` variant ("" for a bare one).
func (r *Record) Variant(name string) (string, bool) {
	for _, v := range r.Variants {
		k, val, _ := strings.Cut(v, "=")
		if strings.EqualFold(k, name) {
			return val, true
		}
	}
	return "", false
}

// Limits bound what the reader accepts, so that no input can exhaust memory.
type Limits struct {
	MaxBytes     int // whole record; 0 means DefaultLimits
	MaxLineBytes int // one line
	// MaxLines bounds the lines of a record (0: DefaultLimits'): the
	// reader keeps about 200 bytes for each, so 4 MB of one-letter lines
	// would take 500 MB.
	MaxLines int
}

// DefaultLimits are generous for hand-written records: a 13-year Bordeaux
// game for 12 players is under 10 KB and 200 lines, a Grand Cru game
// under 40 KB and 2,000 lines.
var DefaultLimits = Limits{MaxBytes: 4 << 20, MaxLineBytes: 4096, MaxLines: 100000}

// variantClash says why variant v cannot follow the variants before it
// (lower-cased), or "": a variant has one value, and a second one is a
// slip or a contradiction; which one the game was played with is not for
// the tool to guess.
func variantClash(before []string, v string) string {
	name, _, _ := strings.Cut(strings.ToLower(v), "=")
	for _, prev := range before {
		if pname, _, _ := strings.Cut(prev, "="); pname == name {
			if prev == strings.ToLower(v) {
				return fmt.Sprintf("variant %s is given twice", v)
			}
			return fmt.Sprintf("variant %s contradicts %s, given before: a variant has one value", v, prev)
		}
	}
	return ""
}

// CheckVariants refuses variants that a record's header would refuse:
// one given twice, or with two values (for a command that writes a
// record's variants, such as random).
func CheckVariants(variants []string) error {
	var before []string
	for _, v := range variants {
		if msg := variantClash(before, v); msg != "" {
			return errors.New(msg)
		}
		before = append(before, strings.ToLower(v))
	}
	return nil
}

// byteOrderMark, UTF-8's, may start a file (some editors write it); it is
// read past there, and refused at the start of any other line.
const byteOrderMark = "\xef\xbb\xbf"

// isHeaderWord tells the shared header words (a switch: every line asks).
func isHeaderWord(w string) bool {
	return headerIndex(w) >= 0 || w == "variant"
}

// Games the reader accepts in the `game` line.
var Games = []string{"bordeaux", "grand-cru", "age-of-champagne"}

// Parse reads a record. It returns every syntax error it finds (the record
// is then rejected), and a Record built from the lines that parsed.
func Parse(file string, data []byte, lim Limits) (*Record, Diagnostics) {
	return parse(file, data, lim, "")
}

// ParseTally reads a scorepad-mode tally for a game given on the command
// line: its `game` line may be left out.
func ParseTally(file string, data []byte, lim Limits, game string) (*Record, Diagnostics) {
	return parse(file, data, lim, game)
}

// Reader reads records one after another in the same memory, as a batch
// does: a Record it returns, with its Lines and Tokens, is valid until the
// next Read (its strings stay valid for good). The zero Reader is ready.
type Reader struct{ lx *lexer }

// Read reads a record like Parse, reusing the memory of the last one.
func (r *Reader) Read(file string, data []byte, lim Limits) (*Record, Diagnostics) {
	if r.lx == nil {
		r.lx = newLexer(data)
	} else {
		r.lx.reset()
	}
	return r.lx.parse(file, data, lim, "")
}

func parse(file string, data []byte, lim Limits, game string) (*Record, Diagnostics) {
	return newLexer(data).parse(file, data, lim, game)
}

// parse reads a record into lx's memory: the Record, its Lines and their
// Tokens live in lx until lx.reset.
func (lx *lexer) parse(file string, data []byte, lim Limits, game string) (*Record, Diagnostics) {
	if lim.MaxBytes == 0 {
		lim = DefaultLimits
	}
	if lim.MaxLines <= 0 {
		lim.MaxLines = DefaultLimits.MaxLines
	}
	lx.rec = Record{File: file, Game: game, Lines: lx.ptrs[:0], lx: lx}
	lx.lazyState, lx.late, lx.lazyLines = 0, lx.late[:0], lx.lazyLines[:0]
	if lx.lazyGames == nil {
		lx.lazyState = lazyNo // a reading that keeps no line lazy
	}
	rec := &lx.rec
	presetGame := game != ""
	var diags Diagnostics
	if len(data) > lim.MaxBytes {
		diags = append(diags, Diagnostic{File: file, Severity: Error, Code: CodeLimit,
			Message: fmt.Sprintf("the record is %d bytes, more than the limit of %d (--max-bytes)", len(data), lim.MaxBytes)})
		return rec, diags
	}
	// Every line's Raw and every token is a substring of the text, which
	// is never reused: the report's strings point into it. It is a copy of
	// data, or data itself when the caller hands data over (recordText).
	text := strings.TrimPrefix(recordText(data, lx.keepData), byteOrderMark)
	num := 0
	sawAction := false
	usedBefore := lx.usedLines // none more: the record is blanks and comments
	emptyFile := len(text) == 0
	cut := false                                         // the lines past --max-lines are not read
	window := max(0, min(plainWindow, lim.MaxLineBytes)) // how far lexPlain looks for a line's end
	for len(text) > 0 {
		if num > 0 {
			// Nearly every line after the first is read by plainLines, in
			// a loop of its own; it returns at the first line it does not
			// read, which the loop below reads the general way.
			var d *Diagnostic
			text, num, sawAction, d = lx.plainLines(text, num, window, lim.MaxLines, sawAction, presetGame)
			if d != nil {
				diags = append(diags, *d)
				if rec.Game == "" {
					break // as below
				}
				continue
			}
			if len(text) == 0 {
				break
			}
		}
		num++
		if num > lim.MaxLines {
			diags = append(diags, Diagnostic{File: file, Line: num, Col: 1, Severity: Error, Code: CodeLimit,
				Message: fmt.Sprintf("the record has more than %d lines, the limit (--max-lines): the rest is not read", lim.MaxLines)})
			cut = true
			break
		}
		var raw string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			raw, text = text[:i], text[i+1:]
		} else {
			raw, text = text, ""
		}
		raw = strings.TrimSuffix(raw, "\r")
		if num == 1 && strings.IndexByte(raw, '\r') >= 0 {
			// Lines ended by a carriage return alone (old Mac files) read
			// as one line: said as such, not as whatever that line breaks.
			diags = append(diags, Diagnostic{File: file, Line: 1, Col: utf8.RuneCountInString(raw[:strings.IndexByte(raw, '\r')]) + 1, Severity: Error, Code: CodeSyntax,
				Message: "the lines end with a carriage return (CR) alone: a record ends its lines with LF or CRLF"})
			break
		}
		if len(raw) > lim.MaxLineBytes {
			diags = append(diags, Diagnostic{File: file, Line: num, Col: 1, Severity: Error, Code: CodeLimit,
				Message: fmt.Sprintf("line is %d bytes, more than the limit of %d (--max-line)", len(raw), lim.MaxLineBytes)})
			if f := strings.Fields(raw[:min(len(raw), 64)]); len(f) > 0 && strings.EqualFold(f[0], "players") {
				rec.playersRefused = true // the record has its players line, unread
			}
			if refusedGameLine(rec, raw[:min(len(raw), 64)]) {
				break
			}
			continue
		}
		// The line's slot and tokens come from the slabs.
		l := lx.newLine()
		*l = Line{file: &rec.File, Num: num, Raw: raw} // the slot may hold a line of the last record
		if len(raw) > len("check ") && raw[0] == 'c' && lx.deferCheck(l) {
			lx.usedLines++
			rec.Lines = append(rec.Lines, l)
			continue
		}
		base := len(lx.toks)
		lx.lineNonASCII = false
		toks, ok, err := lexInto(l, lx.toks, lx)
		// Only a line with a byte that is not ASCII, which the lexer
		// notes, can be invalid UTF-8: it is checked now, and refused
		// whatever the lexer made of it.
		if lx.lineNonASCII && (!utf8.ValidString(raw) || strings.HasPrefix(raw, byteOrderMark)) {
			lx.lines = lx.lines[:len(lx.lines)-1]
			lx.toks = lx.toks[:base]
			if strings.HasPrefix(raw, byteOrderMark) && utf8.ValidString(raw) {
				// Invisible in an editor: without a word of its own, the
				// error would name the line's first word with a mark no
				// one can see.
				diags = append(diags, Diagnostic{File: file, Line: num, Col: 1, Severity: Error, Code: CodeSyntax,
					Message: "a byte-order mark (U+FEFF) starts this line: it belongs only at the start of a file (were two files joined?)",
					Source:  raw[len(byteOrderMark):]}) // the mark is invisible: the caret is under where it sits
			} else {
				diags = append(diags, notUTF8(file, num, raw))
			}
			if refusedGameLine(rec, raw) {
				break
			}
			continue
		}
		if !ok {
			lx.lines = lx.lines[:len(lx.lines)-1] // the slot is free again
			lx.toks = lx.toks[:base]
			if err != nil {
				diags = append(diags, *err)
				if refusedGameLine(rec, raw) {
					break
				}
			}
			continue
		}
		lx.usedLines++
		lx.toks = toks // the slab (append grows it should the estimate fall short: earlier lines keep the old array)
		if len(toks) > base {
			l.Tokens = toks[base:len(toks):len(toks)] // capped: an append by an engine cannot reach the next line
		}
		if rec.actionLine(l) {
			sawAction = true
			rec.Lines = append(rec.Lines, l)
			continue
		}
		if d := rec.classify(l, sawAction, presetGame, lx); d != nil {
			diags = append(diags, *d)
			if rec.Game == "" {
				// Without a game nothing after can be read: one error, not one per line.
				break
			}
			continue
		}
		switch l.Kind {
		case KindHeader:
		default:
			if l.Kind == KindAction {
				sawAction = true
			}
			rec.Lines = append(rec.Lines, l)
		}
	}
	if rec.Game == "" && !diags.HasErrors() {
		msg := "a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne"
		switch {
		case emptyFile:
			msg = "the file is empty: " + msg
		case lx.usedLines == usedBefore:
			msg = "the record holds only blank lines and comments: " + msg
		}
		diags = append(diags, Diagnostic{File: file, Line: 1, Col: 1, Severity: Error, Code: CodeHeader, Message: msg})
	} else if rec.Game != "" && (rec.playersRefused || refusedPlayersLine(diags)) {
		// The record has a players line, refused: what the reader found
		// wrong with names on later lines follows from it.
		rec.playersRefused = true
		diags = slices.DeleteFunc(diags, func(d Diagnostic) bool { return d.aboutPlayers })
	} else if rec.Game != "" && len(rec.Players) == 0 && !cut {
		// (A record cut at the limit may have its players line in the
		// lines not read.)
		diags = append(diags, Diagnostic{File: file, Line: 1, Col: 1, Severity: Error, Code: CodeHeader,
			Message: "the header has no `players` line"})
	}
	return rec, diags
}

// plainLines reads lines from the start of text, the record's text after
// line num, for as long as they are what nearly every line is: ASCII
// words, blanks and commas, which lexPlain reads to the line's end (found
// as it reads, so that the text is not searched for the newline first).
// It returns at the first line it does not read: a check line (it may
// stay lazy, see deferCheck), one with a comment, a quote, a character
// that is not ASCII or a CR before its newline, one longer than window,
// the line past maxLines, or a line classify finds wrong (d, its error;
// the line is read). The rest of parse's loop then reads that line the
// general way. It returns the text after the lines read and the number
// of the last.
func (lx *lexer) plainLines(text string, num, window, maxLines int, sawAction, presetGame bool) (_ string, _ int, _ bool, d *Diagnostic) {
	rec := &lx.rec
	for len(text) > 0 && num < maxLines && text[0] != 'c' {
		s := text[:min(len(text), window)]
		if cap(lx.toks)-len(lx.toks) <= len(s) {
			lx.toks = slices.Grow(lx.toks, len(s)+1) // room for one token a byte
		}
		base := len(lx.toks)
		l := lx.newLine()
		// The slot may hold a line of the last record. A line that starts
		// with a player's name and a colon is that player's action, told
		// by a compare with the one name that starts with its first byte,
		// and lexPlain reads it from after the colon: the name's bytes are
		// read once, where actionLine would look them up again.
		*l = Line{file: &rec.File, Num: num + 1}
		seat, from := lx.actionPlayer(s)
		if seat >= 0 {
			// (Field by field: a literal with these would be built on the
			// stack and copied.)
			l.Kind, l.Player, l.seat, l.playerCol = KindAction, rec.Players[seat], int32(seat+1), 1
		}
		toks, i, end := lexPlain(l, s, lx.toks, from)
		switch {
		case i < len(s) && s[i] == '\n' && (i == 0 || s[i-1] != '\r'):
			l.Raw, text = text[:i], text[i+1:]
		case i == len(text) && text[i-1] != '\r':
			l.Raw, text = text, ""
		default:
			lx.lines = lx.lines[:len(lx.lines)-1] // read the general way
			return text, num, sawAction, nil
		}
		num++
		if len(toks) == base && l.playerCol == 0 {
			lx.lines = lx.lines[:len(lx.lines)-1] // blank: the slot is free again
			continue
		}
		l.endCol = int32(end + 1)
		lx.lineNonASCII = false
		lx.usedLines++
		lx.toks = toks
		if len(toks) > base {
			l.Tokens = toks[base:len(toks):len(toks)] // capped: an append by an engine cannot reach the next line
		}
		if seat >= 0 && len(toks) > base {
			// As actionLine would have it: the verb in lower case.
			if l.Verb = l.Tokens[0].Text; !l.verbLower && !lowerASCII(l.Verb) {
				l.Verb = strings.ToLower(l.Verb)
			}
			sawAction = true
			rec.Lines = append(rec.Lines, l)
			continue
		}
		// (The two take disjoint lines: a table line is far more common
		// here than an action actionPlayer did not tell.)
		if seat < 0 && (rec.eventLine(l) || rec.actionLine(l)) {
			sawAction = sawAction || l.Kind == KindAction
			rec.Lines = append(rec.Lines, l)
			continue
		}
		if d := rec.classify(l, sawAction, presetGame, lx); d != nil {
			return text, num, sawAction, d
		}
		if l.Kind != KindHeader {
			sawAction = sawAction || l.Kind == KindAction
			rec.Lines = append(rec.Lines, l)
		}
	}
	return text, num, sawAction, nil
}

// actionPlayer tells whether s starts with `NAME:` for a player's name
// that is one plain word and that no other player's name shares the
// first byte of (nearly always so, see actionSeats): it returns the
// player's seat and where the colon ends, or -1 and 0. The colon must end
// the line's first word as lexPlain reads it: a blank, a comma, '#', '"'
// or the line's end follows it.
func (lx *lexer) actionPlayer(s string) (seat, from int) {
	rec := &lx.rec
	if len(s) == 0 { // a window of 0 (--max-line 0)
		return -1, 0
	}
	sn := int(rec.actionSeats[s[0]])
	if sn == 0 || rec.Game == "" {
		return -1, 0
	}
	n := len(rec.Players[sn-1])
	if sn <= len(rec.actionKeys) && len(s) >= 8 && rec.actionKeys[sn-1].mask != 0 {
		// The name and its colon, in one compare (actionKeys).
		if k := rec.actionKeys[sn-1]; (load8(s, 0)^k.key)&k.mask != 0 {
			return -1, 0
		}
	} else {
		p := rec.Players[sn-1]
		if n >= len(s) || s[n] != ':' {
			return -1, 0
		}
		for i := 1; i < n; i++ { // byte 0 is the same: actionSeats says so
			if s[i] != p[i] {
				return -1, 0
			}
		}
	}
	if n+1 < len(s) && (s[n+1] >= utf8.RuneSelf || plainWordByte[s[n+1]]) {
		return -1, 0 // the word goes on
	}
	return sn - 1, n + 1
}

// plainWindow bounds how far parse lets lexPlain look for a line's end
// (and the room it keeps for the line's tokens): a line longer than that,
// rare, is read again the general way. (A variable: TestPlainLinesAsGeneral
// sets it to 0, which sends every line the general way.)
var plainWindow = 1024

// newLine takes a slot for a line from the slab.
func (lx *lexer) newLine() *Line {
	if len(lx.lines) == cap(lx.lines) {
		lx.lines = make([]Line, 0, 64)
	}
	lx.lines = lx.lines[:len(lx.lines)+1]
	return &lx.lines[len(lx.lines)-1]
}

// actionLine classifies the line most lines are, a well-formed action of
// a known player (NAME: VERB …), and reports whether it did; classify
// handles every other line and reports the errors. (Apart, so that the
// common line skips classify's large frame.)
func (rec *Record) actionLine(l *Line) bool {
	if l.playerCol == 0 || len(l.Tokens) == 0 || rec.Game == "" || len(rec.Players) == 0 || l.Player == "" {
		return false
	}
	// Seat's first-byte look-up, written out: it runs for nearly every
	// line.
	seat := int(rec.byFirstByte[l.Player[0]]) - 1
	if seat < 0 || seat >= len(rec.Players) || !sameName(rec.Players[seat], l.Player) {
		if seat = rec.Seat(l.Player); seat < 0 {
			return false
		}
	}
	l.Kind = KindAction
	l.Player = rec.Players[seat] // the same string: an engine's compare of names then stops at the pointer
	l.seat = int32(seat + 1)
	// The lexer has seen the verb's bytes already, and nearly always
	// found them in lower case: then they need not be looked at again.
	if l.Verb = l.Tokens[0].Text; !l.verbLower && !lowerASCII(l.Verb) {
		l.Verb = strings.ToLower(l.Verb)
	}
	return true
}

// eventLine classifies the usual line that is neither an action nor a
// header, check or claim line: a table event (a year, a market, a deal …)
// whose first word, in lower-case ASCII, is no player's name, in a record
// whose names have no blank. It reports whether it did; classify, whose
// last case this is, handles every other line. (Apart, for the same
// reason as actionLine.)
func (rec *Record) eventLine(l *Line) bool {
	if l.playerCol != 0 || len(l.Tokens) == 0 || rec.Game == "" || len(rec.Players) == 0 || rec.spacedNames {
		return false
	}
	w := l.Tokens[0].Text
	if w == "" || l.Tokens[0].Quoted || !lowerASCII(w) {
		return false
	}
	switch w { // the header words (isHeaderWord), check and claim: one switch
	case "game", "players", "date", "event", "location", "note", "rules", "variant", "check", "claim":
		return false
	}
	// Seat's first-byte look-up first: a table word mostly starts as no
	// name does.
	if (rec.byFirstByte[0] == 0 || rec.byFirstByte[w[0]] != 0) && rec.Seat(w) >= 0 {
		return false // classify's error: a name without its colon
	}
	l.Kind, l.Verb = KindEvent, w
	return true
}

// classify sets the line's kind and checks the shared grammar: header
// statements, player names, check and claim lines.
//
// A check line's pairs and a claim's points come from lx's slabs (see
// checkPairs, extraOf), so such a line costs no allocation of its own.
func (rec *Record) classify(l *Line, sawAction, presetGame bool, lx *lexer) *Diagnostic {
	bad := func(tok int, format string, args ...any) *Diagnostic {
		d := Errorf(l, tok, CodeSyntax, format, args...)
		return &d
	}
	if l.playerCol > 0 {
		l.Kind = KindAction
		if rec.Game == "" {
			return bad(-1, "a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne")
		}
		if len(rec.Players) == 0 {
			d := bad(-1, "the `players` line comes before the record's body")
			d.aboutPlayers = true
			return d
		}
		if l.Player == "" { // `"": …`, which no player can be (see players)
			return bad(-1, "an action starts with a player's name, not an empty one: NAME: …")
		}
		seat := rec.Seat(l.Player)
		if seat < 0 {
			d := Errorf(l, -1, CodeSyntax, "%s is not a player of this game (players: %s)", l.Player, PlayerList(rec.Players))
			d.aboutPlayers = true
			d.Hint = playerHint(l.Player, rec.Players)
			if h := merchantHint(rec.Game, l.Player, "lines start with `merchant` and no colon: merchant shipping …, merchant ship …"); h != "" {
				d.Hint = h
			}
			return &d
		}
		l.Player, l.seat = rec.Players[seat], int32(seat+1) // the same string: an engine's compare of names then stops at the pointer
		if len(l.Tokens) == 0 {
			return bad(0, "%s: what did %s do? an action follows the colon", l.Player, l.Player)
		}
		if l.Verb = l.Tokens[0].Text; !lowerASCII(l.Verb) {
			l.Verb = strings.ToLower(l.Verb)
		}
		return nil
	}
	first := l.Tokens[0] // a line that is not an action has a token: lexLine drops empty ones
	word := first.Text
	if !lowerASCII(word) { // inlined: most keywords are written in lower case
		word = strings.ToLower(word)
	}
	if first.Quoted {
		word = ""
	}
	l.Verb = word
	if rec.Game == "" {
		if word != "game" {
			return bad(0, "a record starts with a `game` line: game bordeaux | grand-cru | age-of-champagne")
		}
	}
	if isHeaderWord(word) {
		l.Kind = KindHeader
		if sawAction {
			return bad(0, "`%s` belongs to the header, before the first action", word)
		}
		args := l.Tokens[1:]
		switch word {
		case "game":
			if rec.Game != "" && !(presetGame && rec.headerLines[0] == nil) {
				return bad(0, "the record names its game twice")
			}
			if len(args) != 1 {
				return bad(1, "`game` takes one name: bordeaux | grand-cru | age-of-champagne")
			}
			g := CanonicalGame(args[0].Text)
			known := false
			for _, k := range Games {
				known = known || k == g
			}
			if !known {
				d := Errorf(l, 1, CodeHeader, "unknown game %q: bordeaux | grand-cru | age-of-champagne", args[0].Text)
				d.Hint = didYouMean(g, Games)
				return &d
			}
			if presetGame && g != rec.Game {
				return bad(1, "this tally is for %s, not %s", g, rec.Game)
			}
			rec.Game = g
		case "players":
			if len(rec.Players) > 0 {
				return bad(0, "the record lists its players twice")
			}
			if len(args) == 0 {
				return bad(1, "`players` lists the players in seating order")
			}
			rec.Players = make([]string, 0, len(args)) // the report keeps it: never from a slab
			for i, t := range args {
				rec.playersRefused = true // until every name is read
				// A name of printable ASCII, nearly every one, has no
				// control character and no blank: the two looks below
				// that decode it rune by rune are skipped.
				printable := printableASCII(t.Text)
				switch {
				case t.Text == "," && !t.Quoted:
					// The lexer splits a comma off as a token of its own:
					// unrefused, "players Ann, Ben" would seat a player ",".
					return bad(i+1, "players are separated by blanks, not commas: players %s", playersWithoutCommas(args))
				case strings.ContainsRune(t.Text, ':'):
					return bad(i+1, "a player name cannot contain a colon: %q", t.Text)
				case t.Text == "":
					return bad(i+1, "a player name cannot be empty")
				case rec.HasPlayer(t.Text):
					return bad(i+1, "%s is listed twice among the players", t.Text)
				case !printable && strings.IndexFunc(t.Text, isControl) >= 0:
					// It would be printed in every table and message.
					r, _ := utf8.DecodeRuneInString(t.Text[strings.IndexFunc(t.Text, isControl):])
					if r == 0x2028 || r == 0x2029 {
						return bad(i+1, "a player name cannot contain a line or paragraph separator (U+%04X)", r)
					}
					if r >= 0xa0 {
						return bad(i+1, "a player name cannot contain an invisible formatting character (U+%04X)", r)
					}
					return bad(i+1, "a player name cannot contain a control character (U+%04X)", r)
				case !t.Quoted && isReservedFold(t.Text):
					return bad(i+1, "%q is a keyword and cannot be a player name; quote it to insist", t.Text)
				case !printable && badSpacing(t.Text):
					// " Ann" and "Ann", "Anne  Marie" and "Anne Marie"
					// would print alike in every table.
					return bad(i+1, "a player name has no blank at either end, and one space between its words: %q", t.Text)
				}
				rec.Players = append(rec.Players, t.Text)
			}
			rec.playersRefused = false
			rec.indexPlayers()
		case "variant":
			if len(args) == 0 {
				return bad(1, "`variant` names one or more variants")
			}
			for i, t := range args {
				if t.Text == "," && !t.Quoted {
					return bad(i+1, "variants are separated by blanks, not commas: variant A B")
				}
				if msg := variantClash(rec.Variants, t.Text); msg != "" {
					return bad(i+1, "%s", msg)
				}
				rec.Variants = append(rec.Variants, strings.ToLower(t.Text))
			}
			rec.VariantLine = append(rec.VariantLine, l)
		case "rules":
			if rec.headerLines[headerIndex("rules")] != nil {
				// Two tables files: which one the game was played
				// with is not for the tool to guess (the second
				// replaced the first without a word).
				return bad(0, "`rules` is given twice: a record names one component-table file")
			}
			if len(args) != 1 {
				return bad(1, "`rules` names one component-table file")
			}
			rec.Rules = args[0].Text
		default:
			if _, dup := rec.Meta[word]; dup {
				return bad(0, "`%s` is given twice", word)
			}
			if len(args) == 0 {
				// An empty value would be kept as "" in the JSON.
				return bad(0, "`%s` gives its value after the word: %s", word, metaExample[word])
			}
			var parts []string
			for _, t := range args {
				parts = append(parts, t.Text)
			}
			if rec.Meta == nil {
				rec.Meta = map[string]string{} // the report keeps it: never from the pool
			}
			rec.Meta[word] = strings.Join(parts, " ")
		}
		if i := headerIndex(word); i >= 0 {
			rec.headerLines[i] = l
		}
		return nil
	}
	if len(rec.Players) == 0 {
		d := bad(0, "the `players` line comes before the record's body")
		d.aboutPlayers = true
		return d
	}
	switch word {
	case "check":
		l.Kind = KindCheck
		if len(l.Tokens) < 3 {
			return bad(1, "write `check NAME key=value …`")
		}
		l.Player = l.Tokens[1].Text
		if l.Player == "" { // `check "" …`: " is not a player of this game", with no name to read
			return bad(1, "a check names a player, not an empty name: check NAME key=value …")
		}
		seat := rec.Seat(l.Player)
		if seat < 0 {
			d := Errorf(l, 1, CodeSyntax, "%s is not a player of this game (players: %s)", l.Player, PlayerList(rec.Players))
			d.aboutPlayers = true
			d.Hint = playerHint(l.Player, rec.Players)
			if h := merchantHint(rec.Game, l.Player, "board is checked with `merchant check key=value …`"); h != "" {
				d.Hint = h
			}
			return &d
		}
		l.Player, l.seat = rec.Players[seat], int32(seat+1)
		if d := lx.checkPairs(l, bad); d != nil {
			return d
		}
	case "claim":
		l.Kind = KindClaim
		if len(l.Tokens) != 3 {
			return bad(1, "write `claim NAME POINTS`")
		}
		l.Player = l.Tokens[1].Text
		if l.Player == "" { // `claim "" …`: " is not a player of this game", with no name to read
			return bad(1, "a claim names a player, not an empty name: claim NAME POINTS")
		}
		seat := rec.Seat(l.Player)
		if seat < 0 {
			d := Errorf(l, 1, CodeSyntax, "%s is not a player of this game (players: %s)", l.Player, PlayerList(rec.Players))
			d.aboutPlayers = true
			d.Hint = playerHint(l.Player, rec.Players)
			if h := merchantHint(rec.Game, l.Player, "score is claimed with `merchant claim N`"); h != "" {
				d.Hint = h
			}
			return &d
		}
		l.Player, l.seat = rec.Players[seat], int32(seat+1)
		n, err := strconv.Atoi(l.Tokens[2].Text)
		if err != nil {
			return bad(2, "a claim is a whole number of points, not %q", l.Tokens[2].Text)
		}
		lx.extraOf(l).points = n
	default:
		l.Kind = KindEvent
		// A word that is a player's name without its colon is a common slip.
		if rec.HasPlayer(first.Text) {
			d := Errorf(l, 0, CodeSyntax, "a player's action starts with the name and a colon: %s: …", first.Text)
			return &d
		}
		// So is a name with a blank written without its quotes: the
		// line reads as a table line starting with the first word.
		if !rec.spacedNames {
			return nil
		}
		if p := unquotedPlayer(l.Raw, rec.Players); p != "" {
			d := Errorf(l, 0, CodeSyntax, "a name with a blank is written in quotes: %s: …", QuoteName(p))
			return &d
		}
	}
	return nil
}

// plainWordByte marks the bytes that continue an unquoted word and need no
// further look: every ASCII byte but a blank, '#', ',', '"' and the
// newline. (Non-ASCII bytes are false: they start or continue a
// multi-byte character. A line holds no newline: lexPlain, which reads
// lines straight from the record's text, stops at it.)
var plainWordByte = func() (t [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	for _, c := range " \t#,\"\n" {
		t[c] = false
	}
	return t
}()

// verbBytes classes the bytes for lexInto's reading of a verb:
// verbLowerByte continues a word in lower case (plainWordByte but the
// capitals A-Z), verbEndByte ends it for good (a blank, a tab, a comma,
// '#'), 0 is anything else: a capital, a byte of a character that is not
// ASCII, or a quote, which lexQuoted may join to the word before it
// (key="a value").
var verbBytes = func() (t [256]uint8) {
	for c := range utf8.RuneSelf {
		switch {
		case c >= 'A' && c <= 'Z', c == '"':
		case plainWordByte[c]:
			t[c] = verbLowerByte
		default:
			t[c] = verbEndByte
		}
	}
	return t
}()

const (
	verbLowerByte = 1 + iota
	verbEndByte
)

// refusedPlayersLine tells whether an error was reported on a `players`
// line (one not UTF-8, say): the record has one, and saying it has none
// would be wrong.
func refusedPlayersLine(diags Diagnostics) bool {
	for _, d := range diags {
		if firstWordIs(d.Source, "players") {
			return true
		}
	}
	return false
}

// refusedGameLine tells whether raw, a line the reader refused before the
// record named its game, is the `game` line: nothing after it can be read,
// and "a record starts with a `game` line" at the next line would be
// wrong.
func refusedGameLine(rec *Record, raw string) bool {
	return rec.Game == "" && firstWordIs(strings.TrimPrefix(raw, byteOrderMark), "game")
}

// firstWordIs tells whether line's first word is the keyword w, in any
// case, as the reader reads keywords.
func firstWordIs(line, w string) bool {
	// The first word as the lexer splits it, at a blank or a tab only:
	// "players\r0" is one word, and no players line. (Or at a space the
	// lexer refuses as a blank: "players" and a no-break space start the
	// players line.) An odd space before the word is refused likewise,
	// and is no word of its own.
	blank := func(r rune) bool { return r == ' ' || r == '\t' || isOddSpace(r) }
	line = strings.TrimLeftFunc(line, blank)
	if i := strings.IndexFunc(line, blank); i >= 0 {
		line = line[:i]
	}
	return strings.EqualFold(line, w)
}

// badSpacing tells a name whose blanks would hide it: one at either end,
// two in a row, or a blank other than the space (a tab, a no-break space).
func badSpacing(name string) bool {
	prevSpace := true // a blank at the start
	for _, r := range name {
		space := unicode.IsSpace(r)
		if space && (r != ' ' || prevSpace) {
			return true
		}
		prevSpace = space
	}
	return prevSpace // a blank at the end (or no name)
}

// isControl tells the characters a record never holds as text: the C0
// controls but tab, DEL and the C1 controls; and the invisible format
// characters (Unicode's Cf), which reorder a line in a terminal (the
// bidirectional controls) or make two names look alike (a zero-width
// space, a soft hyphen). The two joiners, U+200C and U+200D, are text:
// scripts and emoji need them.
func isControl(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t'
	case r < 0x7f:
		return false
	case r < 0xa0:
		return true
	}
	// The line and paragraph separators end a line in some editors.
	return r != 0x200c && r != 0x200d && (unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029)
}

// printableASCII reports whether s is not empty and all its bytes are
// printable ASCII other than the space ('!' to '~').
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return s != ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// isReservedFold reports whether w, in any case, is a keyword that cannot
// be a player name (a header word, check, claim), without lower-casing w.
func isReservedFold(w string) bool {
	if len(w) < 4 || len(w) > 8 {
		return false // the keywords are 4 to 8 letters long: most names stop here
	}
	for _, k := range [...]string{"game", "players", "variant", "date", "event", "location", "note", "rules", "check", "claim"} {
		if len(k) == len(w) && strings.EqualFold(w, k) {
			return true
		}
	}
	return false
}

// lexer hands out Lines and Tokens from slabs, so that a record costs a
// few allocations rather than several per line. Check keeps lexers in a
// pool (see reset): over a folder, a record then costs the reader one
// allocation, the copy of its text.
type lexer struct {
	lines  []Line
	toks   []Token
	pairs  []Pair      // check lines' pairs, filled by classify
	extras []lineExtra // comments, check and claim lines' extras
	ptrs   []*Line     // the record's Lines
	rec    Record

	// lineNonASCII: the line just lexed has a byte that is not ASCII, so
	// its byte offsets may not be columns (lexInto sets it on its rare
	// paths, parse clears it: ASCII lines, nearly all, cost no scan).
	lineNonASCII bool

	// lazyGames, when not nil, are the engines of a batch: the reader
	// keeps the usual check line lazy, for a game whose engine reads it
	// from its text (lazy.go). lazyState caches whether the record's
	// does; late holds the syntax errors of lazy lines, found when they
	// are expanded; lazyLines lists them.
	lazyGames []Game
	lazyState int8
	late      Diagnostics
	lazyLines []*Line

	// keepData: the caller hands the record's bytes over (Options.KeepData).
	keepData bool

	// What the record used of each slab; a slab that ran short is given a
	// fresh array (earlier lines keep the old one), so the count can pass
	// its capacity, and reset sizes the slab to it for the next record.
	usedLines, usedPairs, usedExtras int
}

// newLexer sizes the slabs for data: a line per newline, a token at most
// per blank or comma plus one per line, a pair per '='. Counting is cheap
// next to growing. Capped, so that a record of blank lines or spaces
// cannot make the reader allocate far more than the record (the slabs
// grow past the caps).
func newLexer(data []byte) *lexer {
	nl := bytes.Count(data, []byte{'\n'}) + 1
	lx := &lexer{
		lines: make([]Line, 0, min(nl, 4096)),
		// (lexInto reserves room for a line's most tokens, one a byte,
		// before reading it: hence the room for one more line.)
		toks: make([]Token, 0, min(nl+bytes.Count(data, []byte{' '})+bytes.Count(data, []byte{','})+bytes.Count(data, []byte{'\t'}), 1<<15)+
			min(len(data), DefaultLimits.MaxLineBytes)+1),
		ptrs: make([]*Line, 0, min(nl, 4096)),
	}
	if eq := bytes.Count(data, []byte{'='}); eq > 0 {
		lx.pairs = make([]Pair, 0, min(eq, 1<<12))
	}
	return lx
}

// A pooled lexer keeps at most this much: the memory of a long record is
// given back rather than held for the next one. (A Bordeaux game for 12
// players is about 250 lines, a Grand Cru game about 400.)
const (
	maxPooledLines  = 1 << 11
	maxPooledTokens = 1 << 14
)

// idleLexers holds lexers between records: a free list rather than a
// sync.Pool, which the collector empties at every cycle, so that a batch
// that allocates (the engines do) still reads in the same memory. Its
// size bounds the memory it holds, about 1 MB a lexer at most.
var idleLexers = make(chan *lexer, max(8, 2*runtime.GOMAXPROCS(0)))

// pooledLexer returns an idle lexer, or a new one sized for data.
func pooledLexer(data []byte) *lexer {
	select {
	case lx := <-idleLexers:
		return lx
	default:
		return newLexer(data)
	}
}

// release empties lx and keeps it for the next record. Nothing may use
// the record lx read after this: its Record, Lines and Tokens are reused.
// (Strings are not: the text is never reused, so a report's strings stay.)
func (lx *lexer) release() {
	if lx.usedLines > maxPooledLines || len(lx.toks) > maxPooledTokens {
		return
	}
	lx.reset()
	select {
	case idleLexers <- lx:
	default: // enough are idle
	}
}

// reset empties lx for the next record.
func (lx *lexer) reset() {
	lx.lines = resetSlab(lx.lines, lx.usedLines)
	lx.pairs = resetSlab(lx.pairs, lx.usedPairs)
	lx.extras = resetSlab(lx.extras, lx.usedExtras)
	lx.toks = lx.toks[:0]
	lx.ptrs = lx.rec.Lines[:0]
	lx.rec = Record{}
	lx.lazyGames, lx.lazyState, lx.late, lx.lazyLines = nil, 0, lx.late[:0], lx.lazyLines[:0]
	lx.keepData = false
	lx.usedLines, lx.usedPairs, lx.usedExtras = 0, 0, 0
}

// resetSlab empties a slab, giving it room for used items (what the last
// record needed).
func resetSlab[T any](slab []T, used int) []T {
	if used > cap(slab) {
		return make([]T, 0, used)
	}
	return slab[:0]
}

// playersWithoutCommas writes a players line's names without its commas,
// each as a record writes it (quoted when it has a blank).
func playersWithoutCommas(args []Token) string {
	var names []string
	for _, t := range args {
		if t.Text != "," || t.Quoted {
			names = append(names, QuoteName(t.Text))
		}
	}
	return strings.Join(names, " ")
}

// checkPairs reads a check line's key=value pairs into the record's pair
// slab, so a check line costs no allocation of its own. The line's pairs
// are capped, so that an append by an engine cannot reach the next line's.
func (lx *lexer) checkPairs(l *Line, bad func(tok int, format string, args ...any) *Diagnostic) *Diagnostic {
	slab := lx.pairs
	base := len(slab)
	ps, d := readPairs(l, slab[base:base], !lx.lineNonASCII, bad)
	lx.usedPairs += len(ps)
	if len(ps) <= cap(slab)-base {
		lx.pairs = slab[:base+len(ps)]
	} // else append moved ps out of a full slab: reset sizes the slab for the next record
	if len(ps) > 0 {
		lx.extraOf(l).pairs = ps[:len(ps):len(ps)]
	}
	return d
}

// readPairs appends the pairs of check line l to ps.
func readPairs(l *Line, ps []Pair, ascii bool, bad func(tok int, format string, args ...any) *Diagnostic) ([]Pair, *Diagnostic) {
	// While the last pair's value is written without blanks in an
	// ASCII line, it is Raw[valueStart:valueEnd] (byte offsets are
	// columns there): joining a list then takes a longer substring
	// instead of building a new string per comma.
	valueStart, valueEnd := 0, -1
	follows := func(t Token, end int) bool { return ascii && !t.Quoted && int(t.Col)-1 == end }
	for i := 2; i < len(l.Tokens); i++ {
		// A list value is written with commas (trellis=3,4,0); the
		// lexer splits commas off, so join them back into the value.
		if l.Tokens[i].Text == "," && len(ps) > 0 {
			last := &ps[len(ps)-1]
			join := i
			if i+1 < len(l.Tokens) && l.Tokens[i+1].Text != "," && !hasEquals(l.Tokens[i+1].Text) {
				join = i + 1
			}
			if valueEnd >= 0 && follows(l.Tokens[i], valueEnd) && (join == i || follows(l.Tokens[join], valueEnd+1)) {
				valueEnd = int(l.Tokens[join].Col) - 1 + len(l.Tokens[join].Text)
				last.Value = l.Raw[valueStart:valueEnd]
			} else {
				valueEnd = -1
				last.Value += ","
				if join > i {
					last.Value += l.Tokens[join].Text
				}
			}
			i = join
			continue
		}
		t := &l.Tokens[i]
		// One pass over the key finds the '=' and whether the key needs
		// lower-casing (a key is a short word: cheaper than two calls).
		eq, fold := 0, uint8(0)
		for ; eq < len(t.Text); eq++ {
			c := t.Text[eq]
			if c == '=' {
				break
			}
			fold |= keyFolds[c]
		}
		if eq == 0 || eq == len(t.Text) {
			return ps, bad(i, "a check compares key=value, not %q", t.Text)
		}
		k, v := t.Text[:eq], t.Text[eq+1:]
		if fold != 0 {
			k = strings.ToLower(k)
		}
		ps = append(ps, Pair{Key: k, Value: v, Tok: i})
		valueEnd = -1
		if ascii && !t.Quoted {
			valueStart = int(t.Col) - 1 + eq + 1
			valueEnd = int(t.Col) - 1 + len(t.Text)
			// The common list, written without blanks (trellis=3,4,0):
			// each comma and item follows the last column by column, so
			// the value is one longer substring. Anything else (a blank,
			// a quote, two commas, a trailing comma) is left to the
			// general join above.
			joined := false
			for i+2 < len(l.Tokens) && l.Tokens[i+1].Text == "," {
				comma, item := &l.Tokens[i+1], &l.Tokens[i+2]
				if int(comma.Col)-1 != valueEnd || item.Quoted || int(item.Col)-1 != valueEnd+1 ||
					item.Text == "," || hasEquals(item.Text) {
					break
				}
				valueEnd = int(item.Col) - 1 + len(item.Text)
				i += 2
				joined = true
			}
			if joined {
				ps[len(ps)-1].Value = l.Raw[valueStart:valueEnd]
			}
		}
	}
	return ps, nil
}

// keyFolds marks the bytes that make a key need strings.ToLower: upper-case
// ASCII letters and the bytes of other characters.
var keyFolds = func() (t [256]uint8) {
	for c := range t {
		if c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf {
			t[c] = 1
		}
	}
	return t
}()

// hasEquals reports whether a short word holds '=' (a loop: cheaper than
// a call for a few bytes).
func hasEquals(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] == '=' {
			return true
		}
	}
	return false
}

// extraOf returns l's lineExtra, taking one from the slab if it has none.
func (lx *lexer) extraOf(l *Line) *lineExtra {
	if l.extra == nil {
		l.extra = lx.newExtra()
	}
	return l.extra
}

// newExtra takes an empty lineExtra from the slab.
func (lx *lexer) newExtra() *lineExtra {
	lx.usedExtras++
	if len(lx.extras) == cap(lx.extras) {
		lx.extras = make([]lineExtra, 0, 16)
	}
	lx.extras = lx.extras[:len(lx.extras)+1]
	e := &lx.extras[len(lx.extras)-1]
	*e = lineExtra{}
	return e
}

// lexLine splits a line into tokens. It returns nil for blank and
// comment-only lines.
func lexLine(file string, num int, raw string) (*Line, *Diagnostic) {
	l := &Line{file: &file, Num: num, Raw: raw}
	toks, ok, d := lexInto(l, nil, nil)
	if !ok {
		return nil, d
	}
	if len(toks) > 0 {
		l.Tokens = toks[:len(toks):len(toks)]
	}
	return l, nil
}

// lexInto lexes l.Raw into l, appending its tokens to toks and returning
// them; ok is false for a blank or comment-only line and for an error. A
// comment's lineExtra comes from lx's slab, or is allocated when lx is nil.
func lexInto(l *Line, toks []Token, lx *lexer) (_ []Token, ok bool, _ *Diagnostic) {
	base := len(toks)
	raw := l.Raw
	// Room for the most tokens the line can have (one a byte), so that
	// lexPlain adds a token without a call that could grow the slice.
	if cap(toks)-len(toks) <= len(raw) {
		toks = slices.Grow(toks, len(raw)+1)
	}
	toks, i, end := lexPlain(l, raw, toks, 0)
	if i < len(raw) {
		if raw[i] != '#' {
			// '"', or the first byte of a character that is not ASCII
			return lexQuoted(l, toks, base, lx, i, i+1)
		}
		setComment(l, raw[i+1:], lx)
	}
	l.endCol = int32(end + 1)
	if len(toks) == base && l.playerCol == 0 {
		return toks, false, nil // blank, or a comment alone
	}
	return toks, true, nil
}

// lexPlain reads what nearly every line is made of: ASCII words, blanks
// and commas, from s[i] to the line's end (a newline, or the end of s),
// appending the tokens to toks, which has room for one a byte. i is 0, or
// where the player's `NAME:` that plainLines read ends (l.playerCol set).
// It stops at the first byte it does not read, i: the newline, '#', '"'
// or the first byte of a character that is not ASCII (a word that goes on
// with one is left whole to the caller: i is then where it starts), or
// len(s). In ASCII the byte offset is the column less one, so no column
// is counted; tokens are substrings of s, so a line costs no copy of its
// text. end is the offset just after the last token read.
func lexPlain(l *Line, s string, toks []Token, i int) (_ []Token, _, end int) {
	end = i
	if i == 0 {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		// A line's first word, if it ends with a colon, names its player:
		// read apart, so that the loop below asks that of no other word.
		if i < len(s) && plainWordByte[s[i]] {
			start := i
			var more bool
			if i, more = asciiWordEnd(s, i); more {
				return toks, start, end
			}
			end = i
			if s[i-1] == ':' && i-start > 1 {
				l.Player, l.playerCol = s[start:i-1], int32(start+1)
			} else {
				n := len(toks)
				toks = toks[:n+1]
				toks[n] = Token{Text: s[start:i], Col: int32(start + 1)}
			}
		}
	}
	// The verb, as nearly every action writes it (one blank, a word in
	// lower case), is read here: its bytes are looked at once, for the end
	// of the word and for a capital, and verbLower spares actionLine a
	// second pass over them. Any other verb is left to the loop below.
	if l.playerCol != 0 && i+1 < len(s) && s[i] == ' ' && verbBytes[s[i+1]] == verbLowerByte {
		start := i + 1
		j := start + 1
		for j+8 <= len(s) { // 8 bytes at a time, as below, and the capitals
			x := load8(s, j)
			if m := stopBytes(x) | upperBytes(x); m != 0 {
				j += bits.TrailingZeros64(m) >> 3
				break
			}
			j += 8
		}
		for j < len(s) && verbBytes[s[j]] == verbLowerByte {
			j++
		}
		if j == len(s) || verbBytes[s[j]] == verbEndByte {
			i, end = j, j
			n := len(toks)
			toks = toks[:n+1]
			toks[n] = Token{Text: s[start:j], Col: int32(start + 1)}
			l.verbLower = true
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case plainWordByte[c]:
			// asciiWordEnd, 8 bytes at a time (stopBytes): a word's end
			// costs no branch on each byte. The byte loop reads the last
			// few bytes, and goes on past a control character (a CR, say)
			// or '!' that a word may hold. (Written out: a call for each
			// word cost more than it saved.)
			start := i
			for i+8 <= len(s) {
				if m := stopBytes(load8(s, i)); m != 0 {
					i += bits.TrailingZeros64(m) >> 3
					break
				}
				i += 8
			}
			for i < len(s) && plainWordByte[s[i]] {
				i++
			}
			if i < len(s) && s[i] >= utf8.RuneSelf {
				return toks, start, end
			}
			end = i
			n := len(toks)
			toks = toks[:n+1]
			toks[n] = Token{Text: s[start:i], Col: int32(start + 1)}
		case c == ',':
			n := len(toks)
			toks = toks[:n+1]
			toks[n] = Token{Text: ",", Col: int32(i + 1)}
			i++
			end = i
		default: // the newline, '#', '"', or a byte of a character that is not ASCII
			return toks, i, end
		}
	}
	return toks, i, end
}

// asciiWordEnd returns where the ASCII word bytes from raw[i] end, and
// whether a character that is not ASCII follows them: then the word goes
// on, and the general loop reads it.
// (The first word of a line; lexPlain's loop reads the others 8 bytes at
// a time.)
func asciiWordEnd(raw string, i int) (end int, more bool) {
	for i < len(raw) && plainWordByte[raw[i]] {
		i++
	}
	return i, i < len(raw) && raw[i] >= utf8.RuneSelf
}

// upperBytes marks (bit 7 of each byte) the capitals A-Z in x, below its
// lowest byte that is not ASCII (above it, a carry may mark any byte).
func upperBytes(x uint64) uint64 {
	const ones = 0x0101010101010101
	return (x + (0x80-'A')*ones) &^ (x + (0x80-'Z'-1)*ones) & (0x80 * ones)
}

// load8 is s[i:i+8] as a little-endian number (one load: the compiler
// merges the byte loads).
func load8(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// stopBytes marks (bit 7 of each byte) the bytes of x that may end a word:
// those below '$' (a blank, a tab, the newline, '"', '#', and '!' and the
// control characters, which a word may hold: the byte loop then goes on
// past them), ',' and those that are not ASCII. A mark may be wrong above
// the lowest one (a borrow), never below it: the lowest is the first
// such byte. (A byte of x^',' below 1 is ','; one of x - '$' or of
// x^',' - 1 that is marked although the byte is not below is one of x,
// marked anyway.)
func stopBytes(x uint64) uint64 {
	const ones = 0x0101010101010101
	return ((x - '$'*ones) | x | (x ^ ','*ones - ones)) & (0x80 * ones)
}

// lexQuoted goes on lexing l from raw[i], at column col, where lexInto
// stopped: the general loop, for the few lines with a quote or a
// character that is not ASCII.
func lexQuoted(l *Line, toks []Token, base int, lx *lexer, i, col int) (_ []Token, ok bool, _ *Diagnostic) {
	raw := l.Raw
	if lx != nil && !isASCII(raw[i:]) {
		lx.lineNonASCII = true
	}
	keyEnd := -1 // where a word ending in '=' (a key) ends, for key="a value"
	if i > 0 && raw[i-1] == '=' && len(toks) > base {
		keyEnd = i // the fast lexer read the key and stopped at this quote
	}
	for i < len(raw) {
		switch c := raw[i]; c {
		case ' ', '\t':
			i++
			col++
		case '#':
			setComment(l, raw[i+1:], lx)
			i = len(raw)
		case ',':
			toks = append(toks, Token{Text: ",", Col: int32(col)})
			i++
			col++
		case '"':
			startCol, open := col, i
			var text string
			var closed bool
			text, i, col, closed = quoted(raw, i, col)
			if !closed {
				return toks, false, unclosedQuote(l.File(), l.Num, startCol, raw)
			}
			glued := i < len(raw) && raw[i] != ' ' && raw[i] != '\t' && raw[i] != ',' && raw[i] != '#' && raw[i] != ':'
			if open == keyEnd && !glued {
				// start="Anne Marie": the value of a key=value, quoted
				// for its blank, is the key's word, as "start=Anne Marie".
				last := &toks[len(toks)-1]
				last.Text, last.Quoted = last.Text+text, true
				continue
			}
			if open > 0 && open != keyEnd && raw[open-1] != ' ' && raw[open-1] != '\t' && raw[open-1] != ',' {
				// Ann"Ben" read as two words would be two players.
				return toks, false, gluedQuote(l, startCol, "a quote opens in the middle of a word: put a blank before it, or quote the whole word")
			}
			if glued {
				if r, w := utf8.DecodeRuneInString(raw[i:]); isOddSpace(r) {
					// "Ann" and a no-break space: it looks like the
					// blank the message would ask for.
					return toks, false, oddSpaceIn(l, raw[i:i+w], col)
				}
				// "Anne"Marie, likewise.
				return toks, false, gluedQuote(l, col, "a quoted word goes on after its closing quote: put a blank after it, or quote the whole word")
			}
			if i < len(raw) && raw[i] == ':' && len(toks) == base {
				l.Player, l.playerCol = text, int32(startCol)
				i++
				col++
				continue
			}
			toks = append(toks, Token{Text: text, Col: int32(startCol), Quoted: true})
		default:
			start, startCol := i, col
			var continuation int
			i, continuation = wordEnd(raw, i)
			if d := oddSpaceIn(l, raw[start:i], startCol); d != nil {
				return toks, false, d
			}
			col += i - start - continuation
			if len(toks) == base && l.playerCol == 0 && i-start > 1 && raw[i-1] == ':' {
				l.Player, l.playerCol = raw[start:i-1], int32(startCol)
				continue
			}
			toks = append(toks, Token{Text: raw[start:i], Col: int32(startCol)})
			if raw[i-1] == '=' {
				keyEnd = i
			}
		}
	}
	// A quote may hold a '#' or blanks: the end column is counted on the
	// line without its comment and trailing blanks, as it always was.
	l.endCol = int32(utf8.RuneCountInString(strings.TrimRight(stripComment(raw), " \t")) + 1)
	if len(toks) == base && l.playerCol == 0 {
		return toks, false, nil
	}
	return toks, true, nil
}

// setComment keeps the text after a '#'. Rare: kept out of lexInto's loop.
//
//go:noinline
func setComment(l *Line, after string, lx *lexer) {
	comment := strings.TrimSpace(after)
	if lx != nil {
		if !isASCII(after) {
			lx.lineNonASCII = true
		}
		l.extra = lx.newExtra()
	} else {
		l.extra = &lineExtra{}
	}
	l.extra.comment, l.extra.want = comment, parseWant(comment)
}

// quoted reads the quoted word whose opening quote is raw[i], at column
// col: its text (escapes \" and \\ undone), and the byte offset and column
// just past the closing quote; closed is false when the line ends first.
// Kept out of lexInto's loop, as wordEnd is.
//
//go:noinline
func quoted(raw string, i, col int) (text string, next, nextCol int, closed bool) {
	i++
	col++
	start := i
	var esc []byte // the text so far, once an escape makes it differ from raw
	for i < len(raw) {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) && (raw[i+1] == '"' || raw[i+1] == '\\') {
			if esc == nil {
				esc = append([]byte{}, raw[start:i]...)
			}
			esc = append(esc, raw[i+1])
			i += 2
			col += 2
			continue
		}
		if c == '"' {
			closed = true
			break
		}
		w := 1
		if c >= utf8.RuneSelf {
			_, w = utf8.DecodeRuneInString(raw[i:])
		}
		if esc != nil {
			esc = append(esc, raw[i:i+w]...)
		}
		i += w
		col++
	}
	if !closed {
		return "", i, col, false
	}
	text = raw[start:i]
	if esc != nil {
		text = string(esc)
	}
	return text, i + 1, col + 1, true // past the closing quote
}

// wordEnd returns where the unquoted word starting at raw[i] ends, and how
// many of its bytes continue a multi-byte character (the word's width in
// columns is its length less those). lexInto reads the ASCII bytes of a
// word itself and calls this for the rest of a word with other characters.
//
//go:noinline
func wordEnd(raw string, i int) (end, continuation int) {
	for i < len(raw) {
		c := raw[i]
		if plainWordByte[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			break // a blank, '#', ',' or '"' ends the word
		}
		_, w := utf8.DecodeRuneInString(raw[i:])
		i += w
		continuation += w - 1
	}
	return i, continuation
}

// isOddSpace tells a space character other than the blank and the tab
// (a no-break space, an ideographic space, …): a word processor or an
// input method writes them, and they look like a blank but are none.
func isOddSpace(r rune) bool { return r >= utf8.RuneSelf && unicode.Is(unicode.Zs, r) }

// oddSpaceIn is the error of an unquoted word, at column col, that holds
// a space character the reader does not take for a blank, or nil. Read
// as part of the word, it would make the line's error name a word no one
// can see ("players Ann" as no players line, "casks=0 used=0" as one
// value).
//
//go:noinline
func oddSpaceIn(l *Line, word string, col int) *Diagnostic {
	for _, r := range word {
		if isOddSpace(r) {
			name := "a space character"
			if r == 0xa0 || r == 0x2007 || r == 0x202f {
				name = "a no-break space"
			}
			return &Diagnostic{File: l.File(), Line: l.Num, Col: col, Severity: Error, Code: CodeSyntax,
				Message: fmt.Sprintf("%s (U+%04X) is no blank: a record separates its words with spaces or tabs", name, r), Source: l.Raw}
		}
		col++
	}
	return nil
}

// gluedQuote is the error of a quote written against a word: the spec's
// words are separated by blanks, and a quoted word is a whole one.
//
//go:noinline
func gluedQuote(l *Line, col int, msg string) *Diagnostic {
	return &Diagnostic{File: l.File(), Line: l.Num, Col: col, Severity: Error, Code: CodeSyntax, Message: msg, Source: l.Raw}
}

// unclosedQuote is the error of a quote never closed, built apart from the
// lexer's loop so that the loop's frame stays small.
//
//go:noinline
func unclosedQuote(file string, num, col int, raw string) *Diagnostic {
	return &Diagnostic{File: file, Line: num, Col: col, Severity: Error, Code: CodeSyntax,
		Message: "the quote opened here is never closed", Source: raw}
}

func stripComment(raw string) string {
	in := false
	for i, r := range raw {
		switch {
		case r == '"':
			in = !in
		case r == '#' && !in:
			return raw[:i]
		}
	}
	return raw
}

// ParseWant reads the message of a `want "…"` comment (without the #).
func ParseWant(c string) string { return parseWant(c) }

// parseWant reads `want "message"` from a comment (analysistest style).
func parseWant(c string) string {
	rest, ok := strings.CutPrefix(c, "want ")
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	if s, err := strconv.Unquote(rest); err == nil {
		return s
	}
	if len(rest) >= 2 && rest[0] == '"' {
		if j := strings.LastIndexByte(rest, '"'); j > 0 {
			return rest[1:j]
		}
	}
	return ""
}

// didYouMean suggests the closest of the candidates (all of them when
// several are as close: Ann and Anne for Anna), or "".
func didYouMean(w string, cands []string) string {
	return meanHint(nearest(w, cands))
}

// meanHint words the suggestion of nearest's candidates, or "".
func meanHint(best []string) string {
	if len(best) == 0 {
		return ""
	}
	return "did you mean " + prose.Or(best) + "?"
}

// Nearest returns the candidates closest to w (edit distance at most 2),
// all of them when several are as close, in the candidates' order.
func Nearest(w string, cands []string) []string { return nearest(w, cands) }

// nearest returns the candidates closest to w, within an edit distance of
// 2, in the candidates' order (the same candidate once).
func nearest(w string, cands []string) []string {
	if len(cands) > maxHintCandidates {
		// A players line of a thousand names (refused for its count)
		// would make every later line's hint compare them all.
		return nil
	}
	var best []string
	bestD := 3
	lw := strings.ToLower(w)
	n := utf8.RuneCountInString(lw)
	for _, c := range cands {
		// The distance is at least the difference in length: a long
		// word, such as a line of junk, costs no table of distances.
		lc := strings.ToLower(c)
		if m := utf8.RuneCountInString(lc); n-m > bestD || m-n > bestD {
			continue
		}
		d := editDistance(lw, lc, bestD)
		switch {
		case d < bestD:
			best, bestD = append(best[:0], c), d
		case d == bestD && d < 3 && !slices.Contains(best, c):
			best = append(best, c)
		}
	}
	return best
}

// maxHintCandidates bounds the words a hint compares: more than any list
// of a game's (players, cards, keys) holds.
const maxHintCandidates = 256

// QuoteName writes a player's name as a record must: in double quotes
// when it holds a blank, a quote, a backslash, a '#' or a comma, which
// would otherwise split or end it.
func QuoteName(name string) string {
	if !strings.ContainsAny(name, " \t\"\\#,") {
		return name
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
}

// unquotedPlayer returns the player with a blank in the name whose words,
// unquoted, start raw and are followed by a colon ("Marie Claire: red R"),
// or "".
func unquotedPlayer(raw string, players []string) string {
	words := strings.Fields(raw)
	for _, p := range players {
		pw := strings.Fields(p)
		n := len(pw)
		if n < 2 || len(words) < n {
			continue
		}
		same := strings.HasPrefix(words[n-1], pw[n-1]+":")
		for i := 0; same && i < n-1; i++ {
			same = words[i] == pw[i]
		}
		if same {
			return p
		}
	}
	return ""
}

// playerHint is the hint for a name that is not a player's: the player
// it looks like. A name with a combining accent (Zoe + U+0308) and one
// with the accented letter (Zoë) print alike but differ: said so, since
// "did you mean Zoë?" under "Zoë is not a player" helps no one.
//
// A name that is the first word of a player's name with a blank
// ("check Marie Claire …") is that player's, unquoted. Suggested names
// are written as the record must write them (QuoteName).
// merchantHint is the hint for AOC's Wine Merchant written as a player
// (check merchant …, merchant: …): his lines are table lines of their own.
func merchantHint(game, name, lines string) string {
	if game != "age-of-champagne" || !strings.EqualFold(name, "merchant") && !strings.EqualFold(name, "wine merchant") {
		return ""
	}
	return "the Wine Merchant is no player: his " + lines
}

func playerHint(name string, players []string) string {
	prefix := name + " " // once: a players line may be long
	for _, p := range players {
		if strings.HasPrefix(p, prefix) {
			return "a name with a blank is written in quotes: " + QuoteName(p)
		}
	}
	near := nearest(name, players)
	if len(near) == 0 {
		return ""
	}
	quoted := make([]string, len(near))
	for i, p := range near {
		quoted[i] = QuoteName(p)
	}
	h := meanHint(quoted)
	combining := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Mn, r) }) >= 0
	}
	if len(near) == 1 && combining(name) != combining(near[0]) {
		h += " (the two may look alike: one writes an accent as a separate combining mark; retype the name as on the players line)"
	}
	return h
}

// DidYouMean is the exported suggestion helper engines use for names.
func DidYouMean(w string, cands []string) string {
	c := append([]string(nil), cands...)
	sort.Strings(c)
	return didYouMean(w, c)
}

// editDistance is the optimal-string-alignment distance: a swap of two
// neighbouring letters, the commonest slip in a name, costs one. Only a
// distance up to limit matters (nearest's 2, or the best so far), and any
// greater one is returned as limit+1: so only the cells within limit of
// the diagonal are computed, in three rows, and two long names (a name
// may be a whole line long) cost time and memory in proportion to their
// length, not to its square.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra)-len(rb) > limit || len(rb)-len(ra) > limit {
		return limit + 1
	}
	far := limit + 1 // any distance over limit
	// rows i-2, i-1 and i of the table: the cells within limit of the
	// diagonal, and far on either side of them
	prev2, prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = min(j, far)
	}
	for i := 1; i <= len(ra); i++ {
		lo, hi := max(1, i-limit), min(len(rb), i+limit)
		// the cells next to the band, which the band reads, are far
		// (cur[0] is i while that is within the limit)
		cur[lo-1] = far
		if lo == 1 && i <= limit {
			cur[0] = i
		}
		if hi < len(rb) {
			cur[hi+1] = far
		}
		best := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = min(d, far)
			best = min(best, cur[j])
		}
		if best > limit { // every later row is at least this row's least
			return far
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// PlayerList is the players as a message about a name that is not a
// player's lists them: their names, or, when those run longer than a
// message should, how many there are. A players line may be a whole line
// long, and a record may name someone else on each of its lines: quoting
// the list whole on each made a 2 MB record's report hundreds of
// megabytes.
func PlayerList(players []string) string {
	n := 0
	for _, p := range players {
		n += len(p) + 2
	}
	if n > maxPlayerList {
		return fmt.Sprintf("the %d named on the players line", len(players))
	}
	return strings.Join(players, ", ")
}

// maxPlayerList is the most bytes of names PlayerList lists: twelve
// players' full names.
const maxPlayerList = 240
