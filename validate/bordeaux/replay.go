package bordeaux

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/vintner/vintner/internal/reuse"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/score"
	sb "github.com/vintner/vintner/score/bordeaux"
	"github.com/vintner/vintner/validate"
)

// replayer walks a record's lines over the state.
type replayer struct {
	rec     *validate.Record
	opt     validate.Options
	st      *State
	rep     *validate.Report
	sheets  []*layouts.Layout // by seat
	nSheets int               // sheets named so far
	setLine *validate.Line    // the `sheets` line
	started bool              // sheets resolved, play begun
	claims  []*validate.Line
	last    *validate.Line
	again   bool          // the action line is not its player's first of the year
	stopped int           // the line whose error stopped the replay before the end, or 0
	ans     tokenAnswerer // reused by every entry
	// seatByFirst is, for each first byte of a name, the seat (+1) of the
	// only player whose name starts with it, 255 when several do: a line's
	// player is found with one compare
	seatByFirst [256]uint8
	// players holds the players' sheets, st.Players points into it
	players []PlayerState
	// setMem, when not nil, holds the sheets a `sheets` line deals: a
	// replayer reused from record to record deals every set into it
	setMem *layouts.SetMemory
	bufs   struct {
		atoms   [12]atom
		entries [8]segment
		claims  [4]*validate.Line
		players [4]*PlayerState
		tallies [4]sb.Tally
		rows    [16]sb.Row
		check   [96]byte // checkText's rendering of a check line
	}
}

// replayers recycles the replayers of batch replays (Options.NoState: no
// caller keeps the state), with their state, players and sheets.
var replayers = sync.Pool{New: func() any {
	return &replayer{st: new(State), setMem: new(layouts.SetMemory)}
}}

// reset readies a replayer for a record: every field is zero but the
// memory it reuses. The fields are set one by one: the buffers are
// written before they are read, and need no zeroing but of the pointers
// into an earlier record.
func (r *replayer) reset(rec *validate.Record, opt validate.Options) {
	r.rec, r.opt, r.rep = rec, opt, &validate.Report{}
	r.nSheets, r.setLine, r.started, r.last, r.stopped = 0, nil, false, nil, 0
	r.ans = tokenAnswerer{}
	clear(r.seatByFirst[:])
	clear(r.bufs.claims[:])
	if r.st == nil {
		r.st = new(State)
	}
	*r.st = State{Players: r.st.Players[:0]}
	if cap(r.st.Players) == 0 {
		r.st.Players = r.bufs.players[:0]
	}
	clear(r.st.Players[:cap(r.st.Players)]) // no pointer into an earlier record
	r.sheets = reuse.Zeroed(r.sheets, len(rec.Players))
	r.ans.atoms, r.claims = r.bufs.atoms[:0], r.bufs.claims[:0]
	r.ans.r = r
	r.rep.State = r.st
	for i, n := range rec.Players {
		switch {
		case n == "":
		case r.seatByFirst[n[0]] == 0 && i < 254:
			r.seatByFirst[n[0]] = uint8(i + 1)
		default:
			r.seatByFirst[n[0]] = 255
		}
	}
}

// release drops what points into the record and the report, which belong
// to the caller now.
func (r *replayer) release() {
	r.rec, r.rep, r.setLine, r.last = nil, nil, nil, nil
	r.claims, r.ans = nil, tokenAnswerer{}
	r.opt = validate.Options{}
}

// stop is returned by a step when the replay must stop (an error was
// recorded, or the record is truncated).
type stop struct{}

func (stop) Error() string { return "stop" }

func (r *replayer) fail(d validate.Diagnostic) error {
	if d.Where == "" {
		d.Where = r.where()
	}
	d.Game = "bordeaux"
	r.rep.Diagnostics = append(r.rep.Diagnostics, d)
	return stop{}
}

// markApplied marks the error just reported as applied as played: the
// result is disputed.
func (r *replayer) markApplied() {
	r.rep.Diagnostics[len(r.rep.Diagnostics)-1].Applied = true
	r.rep.Disputed = true
}

// where is the year the game is in, for a diagnostic ("" before '01).
// Every record asks it at its end, for claims that differ: the years of a
// game are written out once, so that a valid record builds no string.
func (r *replayer) where() string {
	y := r.st.Year
	if y <= 0 {
		return ""
	}
	if y <= LastYear {
		return yearWheres[y]
	}
	return "year " + yearName(y)
}

// yearWheres[y] is where() in year y of a game.
var yearWheres = func() (w [LastYear + 1]string) {
	for y := 1; y <= LastYear; y++ {
		w[y] = "year " + yearName(y)
	}
	return w
}()

func (r *replayer) errorf(l *validate.Line, tok int, code, format string, args ...any) error {
	return r.fail(validate.Errorf(l, tok, code, format, args...))
}

// illegal records a broken rule whose action can still be applied as
// written. Without AsPlayed it stops the replay like errorf; with AsPlayed
// the error stays (the record is not valid), the result is marked
// disputed, and it returns nil so the caller applies the action.
func (r *replayer) illegal(l *validate.Line, tok int, format string, args ...any) error {
	err := r.errorf(l, tok, validate.CodeRule, format, args...)
	if !r.opt.AsPlayed {
		return err
	}
	r.markApplied()
	return nil
}

// illegalNoted is illegal for a broken rule whose line, as played, is not
// carried out as written: the note says what the replay did instead.
func (r *replayer) illegalNoted(note string, l *validate.Line, tok int, format string, args ...any) error {
	if err := r.illegal(l, tok, format, args...); err != nil {
		return err
	}
	r.rep.Diagnostics[len(r.rep.Diagnostics)-1].Note = note
	return nil
}

// ReplayState replays a record and returns the state where it stopped with
// the report (whose State is the same state).
func ReplayState(rec *validate.Record, opt validate.Options) (*State, *validate.Report) {
	r := new(replayer)
	r.reset(rec, opt)
	st, rep := r.replay()
	if r.stopped > 0 {
		// The rejected line may have been half applied (its first worker
		// placed, the letters of an entry whose answer failed written):
		// the state is the one just before it, as replay promises, that
		// of its lines before replayed again.
		b := new(replayer)
		o := opt
		o.AtLine = r.stopped - 1
		b.reset(rec, o)
		st, _ = b.replay()
		rep.State = st
	}
	st.settle()
	for _, p := range st.Players {
		p.Sync()
	}
	return st, rep
}

// replayNoState replays a record whose state no caller keeps, with a
// recycled replayer: its state, players and sheets are the last record's
// memory, and are the next one's.
func replayNoState(rec *validate.Record, opt validate.Options) *validate.Report {
	r := replayers.Get().(*replayer)
	r.reset(rec, opt)
	_, rep := r.replay()
	rep.State = nil
	r.release()
	replayers.Put(r)
	return rep
}

// checkTextHook, when set (by a test), is told of every lazy line the
// replay reaches and whether checkText confirmed it.
var checkTextHook func(l *validate.Line, confirmed bool)

func (r *replayer) replay() (*State, *validate.Report) {
	rec, opt := r.rec, &r.opt
	if opt.Tables != nil {
		// The sheets are decoded from their codes with the embedded
		// template; a group's own sheets come in as layout files.
		r.rep.Diagnostics = append(r.rep.Diagnostics, validate.Diagnostic{File: opt.TablesName, Severity: validate.Warning,
			Code: validate.CodeHeader, Game: "bordeaux",
			Message: "a Bordeaux replay takes its sheets from their codes or from `sheet NAME layout=FILE`; the tables file is not used"})
	}
	if err := r.header(); err != nil {
		return r.st, r.rep
	}
	truncated, atLine := false, opt.AtLine
	var last *validate.Line // r.last, kept here: a local is written without a write barrier
	for i, l := range rec.Lines {
		if atLine > 0 && l.Num > atLine { // opt.Truncated(l)
			truncated = true
			if r.started && !r.st.Ended && r.st.Year > 0 && yearIsOver(rec.Lines[i:]) {
				// No action of this year follows: its free workers
				// passed, shown as at the end of the game.
				r.st.closed = r.st.Year
			}
			break
		}
		if l.Lazy() {
			confirmed := r.started && r.checkText(l)
			if checkTextHook != nil {
				checkTextHook(l, confirmed)
			}
			if confirmed {
				last = l
				continue
			}
			if !rec.Expand(l) {
				// A syntax error, which Check reports: the line is none
				// of the record's, and the replay stops before the next,
				// as it does before any line the reader could not read.
				if atLine == 0 || atLine >= l.Num {
					atLine = l.Num - 1
				}
				continue
			}
		}
		last = l
		var err error
		if l.Kind == validate.KindAction && r.started && !r.st.Ended {
			// line's usual case, without its call
			r.rep.Actions++
			err = r.action(l)
		} else {
			err = r.line(l)
		}
		if err != nil {
			if !r.st.Ended {
				r.stopped = l.Num
			}
			if r.st.Ended {
				// An error after the end (a line after the claims): the
				// game was scored, and the claims written before the
				// error are compared. Check gives no result for a
				// rejected record.
				validate.CompareClaims(r.rep, r.claims, r.where())
			}
			return r.st, r.rep
		}
	}
	r.last = last
	if truncated {
		return r.st, r.rep
	}
	if atLine > 0 && !r.st.Ended && (!r.started || r.st.Year < LastYear) {
		// Stopped at the record's last line (replay --at N) before the
		// game ends: the state so far, as for any line before the end,
		// not a record that stops early.
		if r.started && r.st.Year > 0 {
			r.st.closed = r.st.Year
		}
		return r.st, r.rep
	}
	if !r.st.Ended {
		if last != nil {
			rec.Expand(last) // a confirmed check line: the message points past its end
		}
		if err := r.end(r.last); err != nil {
			return r.st, r.rep
		}
	}
	validate.CompareClaims(r.rep, r.claims, r.where())
	return r.st, r.rep
}

// header reads the variants.
func (r *replayer) header() error {
	for _, l := range r.rec.VariantLine {
		for i := 1; i < len(l.Tokens); i++ {
			k, v, _ := strings.Cut(strings.ToLower(l.Tokens[i].Text), "=")
			switch {
			case k == "solo" && v == "":
				if len(r.rec.Players) != 1 {
					return r.errorf(l, i, validate.CodeHeader, "the solo variant is for one player, not %d", len(r.rec.Players))
				}
			case k == "longest" && (v == "trail" || v == "simple"):
				r.st.Rules.SimplePath = v == "simple"
			case k == "vine-skip" && v == "":
				r.st.Rules.VineSkip = true
			default:
				return r.errorf(l, i, validate.CodeHeader, "unknown Bordeaux variant %q: solo, longest=trail, longest=simple, vine-skip", l.Tokens[i].Text)
			}
		}
	}
	if len(r.rec.Players) > MaxPlayers {
		return r.errorf(r.rec.HeaderLine("players"), 1, validate.CodeHeader, "Bordeaux is for 1 to %d players, not %d", MaxPlayers, len(r.rec.Players))
	}
	r.st.Solo = len(r.rec.Players) == 1
	return nil
}

func (r *replayer) line(l *validate.Line) error {
	switch l.Kind {
	case validate.KindCheck:
		if !r.started {
			return r.errorf(l, 0, validate.CodeSyntax, "a check comes after the year '01 line, once the sheets are known")
		}
		return r.check(l)
	case validate.KindClaim:
		if !r.started {
			return r.errorf(l, 0, validate.CodeMissing, "a claim comes after '13: the game has not begun")
		}
		if !r.st.Ended {
			if err := r.end(l); err != nil {
				return err
			}
		}
		r.claims = append(r.claims, l) // a second claim of a player: CompareClaims
		return nil
	case validate.KindAction:
		if r.st.Ended {
			// Name the claims' line: written inside '13, before a
			// player's last line, they are what is out of place.
			first := 0
			if len(r.claims) > 0 {
				first = r.claims[0].Num
			}
			return r.errorf(l, -1, validate.CodeRule, "the game ended after '13: %s cannot act after the claims (first at line %d)", l.Player, first)
		}
		if !r.started {
			return r.errorf(l, -1, validate.CodeSyntax, "%s acts before the first year: write the year line ('01 R C) first", l.Player)
		}
		r.rep.Actions++
		return r.action(l)
	}
	switch {
	case l.Verb == "sheets" || l.Verb == "sheet":
		if r.started {
			return r.errorf(l, 0, validate.CodeHeader, "the sheets are named before '01")
		}
		return r.sheetLine(l)
	case l.Verb == "year":
		return r.yearLine(l)
	}
	if y, ok := yearNumber(l.Word(0)); ok {
		return r.yearAt(l, 0, y)
	}
	return r.errorf(l, 0, validate.CodeSyntax, "unknown line %q: a Bordeaux record has year lines ('01 R C), player lines (Ann: red LL), check and claim", l.Word(0))
}

// playerOf returns the player of an action or check line: the seat the
// reader found (st.Players are in seat order), read from the line itself
// instead of one more load after the name's. A line made without the
// reader goes by its name, whose first byte tells most tables' players
// apart without a compare.
func (r *replayer) playerOf(l *validate.Line) *PlayerState {
	if s := uint(l.Seat()); s < uint(len(r.st.Players)) {
		return r.st.Players[s]
	}
	if name := l.Player; name != "" {
		// name is a player's: the only one whose name starts with its
		// first byte is that player (as a byte, 0 and 255 less one are
		// not below 254)
		if s := r.seatByFirst[name[0]] - 1; s < 254 {
			return r.st.Players[s]
		}
	}
	return r.playerNamed(l.Player)
}

// playerNamed is playerOf for a name whose first byte is several
// players': a function of its own, so that playerOf is inlined.
func (r *replayer) playerNamed(name string) *PlayerState {
	for i, n := range r.rec.Players {
		if n == name {
			return r.st.Players[i]
		}
	}
	return r.st.Players[r.rec.Seat(name)]
}

// isPlayer is r.rec.HasPlayer without the record's seat lookup.
func (r *replayer) isPlayer(name string) bool {
	if name != "" {
		switch s := int(r.seatByFirst[name[0]]) - 1; {
		case s < 0:
			return false // no name starts with its first byte
		case s < 254:
			return r.rec.Players[s] == name
		}
	}
	for _, n := range r.rec.Players {
		if n == name {
			return true
		}
	}
	return false
}

func isYearWord(w string) bool {
	_, ok := yearNumber(w)
	return ok
}

// yearNumber reads a year word ('01, ’01 or 01, one or two digits): its
// number, and whether w is one.
func yearNumber(w string) (int, bool) {
	if len(w) == 3 && w[0] == '\'' { // the usual '05
		if d, e := w[1]-'0', w[2]-'0'; d <= 9 && e <= 9 {
			return int(d)*10 + int(e), true
		}
		return 0, false
	}
	w = strings.TrimPrefix(strings.TrimPrefix(w, "'"), "’")
	switch len(w) {
	case 1:
		if d := w[0] - '0'; d <= 9 {
			return int(d), true
		}
	case 2:
		if d, e := w[0]-'0', w[1]-'0'; d <= 9 && e <= 9 {
			return int(d)*10 + int(e), true
		}
	}
	return 0, false
}

// LeaderSeat returns the 0-based seat leading year y among n seats: a snake
// draft with a repeat at each turn (A B C D D C B A A B …).
func LeaderSeat(y, n int) int {
	// a game's years and seats from a table: the division and the turn's
	// direction (which comes in no order a branch could guess) worked out
	// once
	if uint(y) <= LastYear && uint(n-1) < MaxPlayers {
		return int(leaderSeats[y][n-1])
	}
	return leaderSeatOf(y, n)
}

// MaxPlayers is the most players a game of Bordeaux has (the rulebook:
// 1 to 12).
const MaxPlayers = 12

// leaderSeats[y][n-1] is LeaderSeat(y, n) for the years 0 to '13 and 1 to
// MaxPlayers seats.
var leaderSeats = func() (t [LastYear + 1][MaxPlayers]int8) {
	for y := range t {
		for n := 1; n <= MaxPlayers; n++ {
			t[y][n-1] = int8(leaderSeatOf(y, n))
		}
	}
	return t
}()

// leaderSeatOf is LeaderSeat worked out.
func leaderSeatOf(y, n int) int {
	// one division: the turn q, and the seat m in it (i%n)
	i := y - 1
	q := i / n
	m := i - q*n
	if q&1 == 0 {
		return m
	}
	return n - 1 - m
}

// leaderOf returns the player leading year y, or nil in a solo game's
// non-leader years (the solo player leads as seat 1 of 2).
func (r *replayer) leaderOf(y int) *PlayerState {
	if r.st.Solo {
		if LeaderSeat(y, 2) == 0 {
			return r.st.Players[0]
		}
		return nil
	}
	return r.st.Players[LeaderSeat(y, len(r.st.Players))]
}

func yearName(y int) string { return fmt.Sprintf("'%02d", y) }

// yearLine reads `year '01 …`.
func (r *replayer) yearLine(l *validate.Line) error {
	y, ok := yearNumber(l.Word(1))
	if !ok {
		return r.errorf(l, 1, validate.CodeSyntax, "a year line starts with the year: '01 … '13, not %q", l.Word(1))
	}
	return r.yearAt(l, 1, y)
}

// yearAt plays a year line whose year y is token ti. The messages are
// written by functions of their own (below): the hot path keeps few
// values on its stack.
func (r *replayer) yearAt(l *validate.Line, ti, y int) error {
	if !r.started {
		if err := r.resolveSheets(l); err != nil {
			return err
		}
	}
	cur := r.st.Year
	if r.st.Ended || y != cur+1 || y > LastYear {
		return r.yearOutOfTurn(l, ti, y)
	}
	// The free workers of the year before pass (State.closed); each
	// player's flags of the year are cleared at their first line.
	r.st.closed = cur
	r.st.Year = y
	leader := r.leaderOf(y)
	if leader != nil {
		leader.LeaderYears = append(leader.LeaderYears, y)
	}
	var cell layouts.TopCell
	first := ti + 1 // the tokens after the year
	if toks := l.Tokens[first:]; len(toks) == 2 && y != LastYear && len(toks[0].Text) == 1 && len(toks[1].Text) == 1 {
		// The usual `'05 R C`: a region then a resource, letters no
		// player's name starts with. Any other line is read below.
		rc, cc := toks[0].Text[0], toks[1].Text[0]
		// (one test each of the letters and the names, on ORed values)
		if g, h := upper(rc), upper(cc); regionIndexes[g]|resourceIndexes[h] >= 0 && r.seatByFirst[rc]|r.seatByFirst[cc] == 0 {
			cell, first = layouts.TopCell{Region: layouts.Region(g), Resource: layouts.Resource(h)}, len(l.Tokens)
		}
	}
	for i := first; i < len(l.Tokens); i++ {
		t := l.Tokens[i].Text
		c := byte(0)
		if len(t) == 1 {
			c = upper(t[0])
		}
		// The year's letters come before the leader's name: a player
		// called C does not make `'05 E C` name him; "C" quoted does.
		letter := y != LastYear && !l.Tokens[i].Quoted &&
			(isRegion(c) && cell.Region == 0 || isResource(c) && cell.Resource == 0)
		if !letter && r.isPlayer(t) {
			if err := r.assertLeader(l, i, y, leader); err != nil {
				return err
			}
			continue
		}
		switch {
		case y != LastYear && isRegion(c) && cell.Region == 0:
			cell.Region = layouts.Region(c)
		case y != LastYear && isResource(c) && cell.Resource == 0:
			cell.Resource = layouts.Resource(c)
		default:
			return r.badYearWord(l, i, y, c)
		}
	}
	if y == LastYear {
		return nil
	}
	// The leader's sheet is authoritative for the pre-filled half (R3):
	// the sheets of one set all print the same schedule, sheets from
	// different pads may not. In solo there is one sheet.
	printer := leader
	if printer == nil {
		printer = r.st.Players[0]
	}
	pre := printer.Layout.Top[y]
	// As played, a year written against the printed schedule is played
	// as written.
	if pre.Region != 0 && cell.Region != 0 && cell.Region != pre.Region ||
		pre.Resource != 0 && cell.Resource != 0 && cell.Resource != pre.Resource {
		if err := r.offSchedule(l, y, printer, pre, cell); err != nil {
			return err
		}
	}
	if cell.Region == 0 {
		cell.Region = pre.Region
	}
	if cell.Resource == 0 {
		cell.Resource = pre.Resource
	}
	if cell.Region == 0 || cell.Resource == 0 {
		return r.yearUnwritten(l, y, leader, cell)
	}
	r.st.Top[y] = cell // each player's Top too (State.settle)
	return nil
}

// yearOutOfTurn reports a year line that is not the next year's.
func (r *replayer) yearOutOfTurn(l *validate.Line, ti, y int) error {
	cur := r.st.Year
	switch {
	case r.st.Ended:
		return r.errorf(l, ti, validate.CodeRule, "the game is over after '13 and the claims: no year line comes after them")
	case y > LastYear:
		return r.errorf(l, ti, validate.CodeRule, "the game ends after '13: there is no year %s", yearName(y))
	case y == 0:
		return r.errorf(l, ti, validate.CodeRule, "year '00 is pre-printed on the sheets: play begins in '01")
	case y <= cur:
		return r.errorf(l, ti, validate.CodeRule, "year %s was played already: the next year is %s", yearName(y), yearName(cur+1))
	}
	return r.errorf(l, ti, validate.CodeMissing, "year %s is missing: after %s comes %s, not %s", yearName(cur+1), yearName(cur), yearName(cur+1), yearName(y))
}

// badYearWord reports token i of a year line, which is neither a player
// nor the year's first region or resource; c is its letter, or 0.
func (r *replayer) badYearWord(l *validate.Line, i, y int, c byte) error {
	t := l.Tokens[i].Text
	switch {
	case y == LastYear:
		return r.errorf(l, i, validate.CodeRule, "in '13 everyone chooses their own region and resource: write the year line '13 alone, and `choose R C` on each player's line")
	case isRegion(c):
		return r.errorf(l, i, validate.CodeSyntax, "a year has one region, and %c is the second", c)
	case isResource(c):
		return r.errorf(l, i, validate.CodeSyntax, "a year has one resource, and %c is the second", c)
	case looksLikeName(t) || l.Tokens[i].Quoted || slices.ContainsFunc(r.rec.Players, func(p string) bool { return strings.EqualFold(p, t) }):
		// A word that reads as a name (a capital, then a small letter;
		// a quoted word; a player's name in another case, "claire") is
		// a leader named wrongly, not a misspelt region or resource.
		who := "one of " + strings.Join(r.rec.Players, ", ")
		if len(r.rec.Players) == 1 {
			who = r.rec.Players[0]
		}
		d := validate.Errorf(l, i, validate.CodeRule, "%s is not a player of this game: a year line may name the year's leader, %s", t, who)
		d.Hint = validate.DidYouMean(t, r.rec.Players)
		// Of names as alike (Ann, Anne for Ane), the one the snake
		// makes leader.
		if ld := r.leaderOf(y); ld != nil && slices.Contains(validate.Nearest(t, r.rec.Players), ld.Name) {
			d.Hint = fmt.Sprintf("did you mean %s? %s leads %s", validate.QuoteName(ld.Name), ld.Name, yearName(y))
		}
		return r.fail(d)
	}
	return r.errorf(l, i, validate.CodeSyntax, "a year line gives the year's region (L, R or E) and resource (C, V or T), not %q", t)
}

// offSchedule reports a year's region or resource written against the
// schedule printer's sheet prints, pre.
func (r *replayer) offSchedule(l *validate.Line, y int, printer *PlayerState, pre, cell layouts.TopCell) error {
	if pre.Region != 0 && cell.Region != 0 && cell.Region != pre.Region {
		if err := r.illegal(l, tokOf(l, string(cell.Region)), "%s %s's region: %s (%c), not %c", r.printedBy(printer, y), yearName(y), regionNames[pre.Region], pre.Region, cell.Region); err != nil {
			return err
		}
	}
	if pre.Resource != 0 && cell.Resource != 0 && cell.Resource != pre.Resource {
		if err := r.illegal(l, tokOf(l, string(cell.Resource)), "%s %s's resource: %s (%c), not %c", r.printedBy(printer, y), yearName(y), resourceNames[pre.Resource], pre.Resource, cell.Resource); err != nil {
			return err
		}
	}
	return nil
}

// yearUnwritten reports a year whose region or resource neither the line
// nor the sheet gives.
func (r *replayer) yearUnwritten(l *validate.Line, y int, leader *PlayerState, cell layouts.TopCell) error {
	who := "the leader " + nameOf(leader) + "'s choice"
	if leader == nil {
		who = "drawn at random (solo, not a leader year)"
	}
	if cell.Region == 0 {
		return r.errorf(l, len(l.Tokens), validate.CodeSyntax, "write %s's region, %s: L, R or E", yearName(y), who)
	}
	return r.errorf(l, len(l.Tokens), validate.CodeSyntax, "write %s's resource, %s: C, V or T", yearName(y), who)
}

// printedBy names whose sheets print year y's half that printer's sheet
// prints, for a message: every sheet's, or only the leader's.
func (r *replayer) printedBy(printer *PlayerState, y int) string {
	for _, p := range r.st.Players {
		if p.Layout.Top[y] != printer.Layout.Top[y] {
			return "the leader " + printer.Name + "'s sheet prints"
		}
	}
	return "the sheets print"
}

func nameOf(p *PlayerState) string {
	if p == nil {
		return ""
	}
	return p.Name
}

func tokOf(l *validate.Line, text string) int {
	for i, t := range l.Tokens {
		if strings.EqualFold(t.Text, text) {
			return i
		}
	}
	return 0
}

// isRegion and isResource look the letter up in a table: a year's
// letters come in no order a chain of compares could guess.
func isRegion(c byte) bool   { return regionIndexes[c] >= 0 }
func isResource(c byte) bool { return resourceIndexes[c] >= 0 }

var resourceIndexes = letterIndexes(layouts.Casks, layouts.Vines, layouts.Trellises)

// end closes year '13 and scores.
func (r *replayer) end(l *validate.Line) error {
	if !r.started || r.st.Year < LastYear {
		next := r.st.Year + 1
		d := validate.Diagnostic{Severity: validate.Error, Code: validate.CodeMissing,
			Message: fmt.Sprintf("the record stops before the game ends: year %s is missing (the game ends after '13)", yearName(next))}
		if l != nil {
			d = validate.Errorf(l, -1, validate.CodeMissing, "%s", d.Message)
			if l.Kind != validate.KindClaim {
				d.Col = l.ColOf(len(l.Tokens))
				d.Player = "" // the last line's writer is not the one the record lacks
			} else {
				d.Message = fmt.Sprintf("%s's claim comes before the game ends: year %s is not played yet (the game ends after '13)", l.Player, yearName(next))
			}
		}
		if !r.started {
			d.Message = "the record has no years: a game runs from '01 to '13"
			if l == nil {
				// A header alone: the years go after it.
				d = validate.ErrorAtEnd(r.rec, validate.CodeMissing, "%s", d.Message)
				if hl := r.rec.HeaderLine("players"); hl != nil {
					d.Line, d.Col, d.Source = hl.Num, hl.ColOf(len(hl.Tokens)), hl.Raw
				}
			}
		}
		return r.fail(d)
	}
	r.st.closed = LastYear
	r.st.Ended = true
	// the tallies are the scorer's input only: cut from the replayer
	ts, _ := tallies(r.st, r.bufs.tallies[:0], r.bufs.rows[:0])
	r.rep.Result = scoreTallies(r.st, ts)
	clear(ts) // no name of this record stays in the buffers (rows hold no pointer)
	return nil
}

// Tallies turns the sheets into the scorer's tallies.
func Tallies(s *State) []sb.Tally {
	ts, _ := tallies(s, nil, nil)
	return ts
}

// tallies is Tallies appended to ts and rows (every player's rows share
// one array), reusing their arrays when they are large enough. Every
// tally and row is written whole: the arrays are not cleared first.
func tallies(s *State, ts []sb.Tally, rows []sb.Row) ([]sb.Tally, []sb.Row) {
	ts = reuse.Sized(ts, len(s.Players))
	nrows := 0
	for _, p := range s.Players {
		nrows += len(p.Layout.Trellis)
	}
	rows = reuse.Sized(rows, nrows)[:0]
	for i, p := range s.Players {
		ts[i] = sb.Tally{Name: p.Name, Seat: p.Seat, Paths: p.nFilled, Longest: p.Longest(s.Rules.SimplePath),
			CasksUsed: p.CasksUsed, LeaderYears: len(p.LeaderYears), Wines: p.nCircled}
		from := len(rows)
		for r, row := range p.Layout.Trellis {
			rows = append(rows, sb.Row{Complete: p.Trellis[r] >= row.Len, Bonus: p.RowBonus(r)})
		}
		ts[i].Rows = rows[from:len(rows):len(rows)]
	}
	return ts, rows
}

// Score scores the state and links each player's result.
func Score(s *State) *score.Result {
	return scoreTallies(s, Tallies(s))
}

func scoreTallies(s *State, ts []sb.Tally) *score.Result {
	res := sb.Score(ts, sb.Options{Solo: s.Solo})
	// A player's result is res.Player(p.Name): the one of its seat (the
	// names are distinct, and a replay's seats are its players' order),
	// without a search by name.
	for _, p := range s.Players {
		p.Result = nil
	}
	for i := range res.Players {
		pr := &res.Players[i]
		if k := pr.Seat - 1; uint(k) < uint(len(s.Players)) && s.Players[k].Name == pr.Name {
			s.Players[k].Result = pr
		}
	}
	for _, p := range s.Players {
		if p.Result == nil {
			p.Result = res.Player(p.Name)
		}
	}
	return res
}

// assertLeader checks a leader named on a year line.
func (r *replayer) assertLeader(l *validate.Line, i, y int, leader *PlayerState) error {
	name := l.Word(i)
	if leader == nil {
		return r.illegalNoted(fmt.Sprintf("not applied: nobody leads %s, a drawn year", yearName(y)), l, i, "%s does not lead %s: in a solo game the leader years are those of seat 1 of 2, and the other years are drawn at random", name, yearName(y))
	}
	if leader.Name == name {
		return nil
	}
	var snake []string
	n := len(r.st.Players)
	for k := 1; k <= 2*n && k <= LastYear; k++ {
		snake = append(snake, r.st.Players[LeaderSeat(k, n)].Name)
	}
	// As played, the snake's leader still leads: the leader years count
	// for the fewer-leader-years point, whoever the record names.
	return r.illegalNoted(fmt.Sprintf("not applied: %s leads %s, as the snake says", leader.Name, yearName(y)), l, i, "%s leads %s (the snake order: %s, …), not %s", leader.Name, yearName(y), strings.Join(snake, ", "), name)
}

// looksLikeName tells whether a word on a year line reads as a player's
// name: a capital and at least one lower-case letter ("Ben", not "LV").
func looksLikeName(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] >= 'a' && w[i] <= 'z' {
			return true
		}
	}
	return false
}

// yearIsOver tells whether the rest of a record holds no more actions of
// the year being played: it goes on with a year line, a claim or nothing.
func yearIsOver(rest []*validate.Line) bool {
	for _, l := range rest {
		switch {
		case l.Kind == validate.KindAction:
			return false
		case l.Kind == validate.KindClaim:
			return true
		case l.Kind == validate.KindEvent && (l.Verb == "year" || isYearWord(l.Word(0))):
			return true
		}
	}
	return true
}
