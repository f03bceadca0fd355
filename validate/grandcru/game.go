// Package grandcru replays Grand Cru records: every rule of the rulebook
// in its order, the component tables (embedded, replaceable), the final
// scoring, a random legal-game generator and scorepad mode.
package grandcru

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/vintner/vintner/internal/prose"
	"github.com/vintner/vintner/score"

	scoregc "github.com/vintner/vintner/score/grandcru"
	"github.com/vintner/vintner/validate"
)

// Game is the grand-cru engine.
type Game struct{}

// New returns the engine.
func New() validate.Game { return Game{} }

// Name is the header's game name.
func (Game) Name() string { return "grand-cru" }

// Keywords are the words a Grand Cru table event starts with: no player
// can be called so. One slice serves every record (validate only reads
// it): a new one was an allocation per record.
func (Game) Keywords() []string { return keywords }

var keywords = []string{"loans", "start", "display", "year", "round"}

// Tables returns the embedded tables, or checks a replacement line by line.
func (Game) Tables(override []byte, name string) ([]byte, validate.Diagnostics) {
	if override == nil {
		return defaultTables, nil
	}
	if name == "" {
		name = "tables"
	}
	if _, diags := parseTables(override, name); diags.HasErrors() {
		return nil, diags
	}
	return override, nil
}

// embeddedTables parses the embedded tables once: a replay never changes
// its tables, so every replay shares them.
var embeddedTables = sync.OnceValue(func() *Tables {
	t, d := parseTables(defaultTables, "embedded tables")
	if d.HasErrors() {
		panic("grandcru: the embedded tables do not parse: " + d[0].Error())
	}
	return t
})

// tablesFor reads the tables in force for a replay.
func tablesFor(opt validate.Options) (*Tables, validate.Diagnostics) {
	if opt.Tables == nil {
		return embeddedTables(), nil
	}
	name := opt.TablesName
	if name == "" {
		name = "tables"
	}
	return parseTables(opt.Tables, name)
}

// readRulings turns the record's variants into rulings.
func readRulings(rec *validate.Record) (rulings, validate.Diagnostics) {
	var r rulings
	var diags validate.Diagnostics
	for _, l := range rec.VariantLine {
		// set is a func value, so what it is given escapes: a copy is
		// given, so that a record without variants allocates nothing.
		rr := r
		for i := 1; i < len(l.Tokens); i++ {
			set, ok := rulingVariants[strings.ToLower(l.Tokens[i].Text)]
			if !ok {
				var names []string
				for n := range rulingVariants {
					names = append(names, n)
				}
				d := validate.Errorf(l, i, validate.CodeHeader, "unknown Grand Cru variant %q (see docs/rulings/grand-cru.md)", l.Tokens[i].Text)
				d.Hint = validate.DidYouMean(strings.ToLower(l.Tokens[i].Text), names)
				diags = append(diags, d)
				continue
			}
			set(&rr)
		}
		r = rr
	}
	return r, diags
}

// rulesFor gives the tables and rulings a record is replayed or tallied
// under: the embedded or replaced tables, and the record's variants.
func rulesFor(rec *validate.Record, opt validate.Options) (*Tables, rulings, validate.Diagnostics) {
	t, diags := tablesFor(opt)
	if diags.HasErrors() {
		return nil, rulings{}, diags
	}
	r, diags := readRulings(rec)
	return t, r, diags
}

// Replay checks a record line by line and scores the end.
func (Game) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	rep := &validate.Report{}
	t, r, diags := rulesFor(rec, opt)
	if diags.HasErrors() {
		rep.Diagnostics = diags
		return rep
	}
	if len(rec.Players) < 2 || len(rec.Players) > 5 {
		rep.Diagnostics = validate.Diagnostics{validate.Errorf(rec.HeaderLine("players"), 1, validate.CodeHeader,
			"Grand Cru is played by 2 to 5 players, not %d", len(rec.Players))}
		return rep
	}
	s := newState(t, r, rec.Players)
	s.asPlayed = opt.AsPlayed
	rep.State = s
	claims := make([]*validate.Line, 0, len(rec.Players)) // a claim a player, as a rule: one allocation
	// opt.Truncated(l), without copying opt every line.
	atLine := opt.AtLine
	lazyStop := false // a lazy line with a syntax error: the replay stops as at AtLine
	for _, l := range rec.Lines {
		if atLine > 0 && l.Num > atLine {
			return rep
		}
		if l.Lazy() {
			confirmed := s.checkText(l)
			if checkTextHook != nil {
				checkTextHook(l, confirmed)
			}
			if confirmed {
				continue
			}
			if !rec.Expand(l) {
				// A syntax error, which Check reports: the line is none of
				// the record's, and the replay stops before the next, as
				// before any line the reader could not read.
				lazyStop = true
				if atLine == 0 || atLine >= l.Num {
					atLine = l.Num - 1
				}
				continue
			}
		}
		var f *fault
		if l.Kind == validate.KindAction {
			rep.Actions++
			if s.ph != phSetup {
				f = s.action(l) // as step does, one call fewer for most lines
			} else {
				f = s.step(l, &claims)
			}
		} else {
			f = s.step(l, &claims)
		}
		if len(s.disputes) > 0 {
			// --as-played: the broken rules stay errors; the action stands.
			for _, d := range s.disputes {
				code := validate.CodeRule
				if d.code != "" {
					code = d.code // a check that differs
				}
				diag := validate.Errorf(l, d.tok, code, "%s", d.msg)
				diag.Hint, diag.Where, diag.Game = d.hint, d.where, "grand-cru"
				diag.Applied = true
				rep.Diagnostics = append(rep.Diagnostics, diag)
			}
			s.disputes = s.disputes[:0]
			rep.Disputed = true
		}
		if f != nil {
			code := f.code
			if code == "" {
				code = validate.CodeRule
				if strings.HasPrefix(f.msg, "write ") || strings.HasPrefix(f.msg, "unexpected ") {
					code = validate.CodeSyntax
				}
			}
			d := validate.Errorf(l, f.tok, code, "%s", f.msg)
			d.Hint, d.Where, d.Game = f.hint, s.diagWhere(), "grand-cru"
			rep.Diagnostics = append(rep.Diagnostics, d)
			after := s.ph == phOver && l.Kind != validate.KindClaim
			if !after && !opt.NoState {
				// The rejected line may have been half applied (a line
				// that closed the loans step and began the next year):
				// replay shows the state just before it, that of the
				// lines before it replayed again.
				o := opt
				o.AtLine = l.Num - 1
				rep.State = Game{}.Replay(rec, o).State
			}
			if after {
				// An error after the end (a line after the claims): the
				// game was scored, and the claims written before the
				// error are compared. Check gives no result for a
				// rejected record.
				rep.Result = s.result()
				validate.CompareClaims(rep, claims, s.endedIn())
			}
			return rep
		}
	}
	if opt.AtLine > 0 || lazyStop {
		return rep
	}
	if s.ph == phLoans {
		s.finishLoans()
	}
	if s.ph != phOver {
		d := validate.ErrorAtEnd(rec, validate.CodeMissing, "the record ends before the game does (%s: %s)", s.where(), s.waitingFor())
		d.Game, d.Where = "grand-cru", s.where()
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep
	}
	rep.Result = s.result()
	validate.CompareClaims(rep, claims, s.endedIn())
	return rep
}

// step replays one line of the body.
func (s *state) step(l *validate.Line, claims *[]*validate.Line) *fault {
	switch l.Kind {
	case validate.KindAction:
		if s.ph == phSetup {
			if f := s.finishSetup(); f != nil {
				return f
			}
		}
		return s.action(l)
	case validate.KindCheck:
		f := s.check(l)
		if f != nil && f.code == "" {
			f.code = validate.CodeCheck
		}
		return f
	case validate.KindClaim:
		closed := s.ph == phLoans
		if closed {
			s.finishLoans()
		}
		*claims = append(*claims, l)
		if s.ph != phOver {
			// The same as in the other games: the record stops early.
			f := bad(0, "%s's claim comes before the game ends: the game is in %s", l.Player, s.where())
			f.code = validate.CodeMissing
			if closed {
				// "year 3" puzzles a table that thought the game over:
				// the loans line that ends it is what is missing.
				f.hint = fmt.Sprintf("the claim closed year %d's loans step, which left every vineyard with loans: the game ends once a player has repaid every loan (NAME: loans -N)", s.year-1)
			}
			return f
		}
		return nil
	case validate.KindEvent:
		return s.event(l)
	}
	return nil
}

// waitingFor says what the game needs next.
func (s *state) waitingFor() string {
	switch s.ph {
	case phSetup:
		// What the setup still needs, as the first action would say:
		// "the setup is not complete" did not say which line.
		switch {
		case !s.setLoans && !s.setDisplay:
			return "the loans and the display come next (loans NAME N …, display TILE …)"
		case !s.setLoans:
			return "the loans come next (loans NAME N …)"
		case !s.setDisplay:
			return "the display comes next (display TILE …)"
		case s.start < 0:
			return s.startUnknown()
		}
		return "it is " + s.pl[s.start].name + "'s turn"
	case phActions:
		return "it is " + s.pl[s.turn].name + "'s turn"
	case phDisplay:
		return "the new display comes next"
	case phFestival:
		return "it is " + s.pl[s.turn].name + "'s turn in the festival"
	}
	return "the loans step"
}

// result scores the final state.
func (s *state) result() *score.Result {
	tallies := make([]scoregc.Tally, len(s.pl))
	tiles := 0
	for _, p := range s.pl {
		tiles += len(p.vineyard)
	}
	names := make([]string, 0, tiles) // every vineyard's tile names, in one block
	for i, p := range s.pl {
		from := len(names)
		for _, x := range p.vineyard {
			names = append(names, kindName(x.kind))
		}
		tallies[i] = scoregc.Tally{Name: p.name, Seat: p.seat + 1, Money: p.money, Tiles: names[from:len(names):len(names)],
			Cellar: cellarCubes(p), Loans: p.loans, Bankrupt: p.bankrupt}
	}
	return scoregc.Score(tallies, s.values(), s.notes())
}

func (s *state) values() scoregc.Values {
	return scoregc.Values{TileValue: s.t.TileValue, CellarCube: s.t.CellarCube, LoanPenalty: s.t.LoanPenalty, PerTile: s.r.tilePerTile}
}

func (s *state) notes() []string { return s.t.scoreNotes }

// finishSetup checks that the setup is complete and starts year 1.
func (s *state) finishSetup() *fault {
	switch {
	case !s.setLoans:
		return bad(-1, "the setup first reveals each player's loans: loans NAME N …")
	case !s.setDisplay:
		return bad(-1, "the setup lays out the display first: display TILE …")
	}
	if s.start < 0 {
		// (The loans line set a single player's start.)
		return bad(-1, "%s took the most loans: write which of them starts, `start NAME`", s.seatNames(s.mostLoans()))
	}
	s.beginYear()
	return nil
}

// seatNames lists the players of seats as "Ann, Ben and Cal", as the
// other lists of names.
func (s *state) seatNames(seats []int) string {
	var names []string
	for _, i := range seats {
		names = append(names, s.pl[i].name)
	}
	return prose.And(names)
}

func (s *state) mostLoans() []int {
	best := -1
	var tied []int
	for i, p := range s.pl {
		switch {
		case p.loans > best:
			best, tied = p.loans, []int{i}
		case p.loans == best:
			tied = append(tied, i)
		}
	}
	return tied
}

// event replays a table event or structure line.
func (s *state) event(l *validate.Line) *fault {
	if s.ph == phLoans {
		s.finishLoans()
		if l.Verb == "year" {
			s.yearOpenedBy, s.yearOpenedPassedOver = l, false
		}
	}
	if s.ph == phOver && (l.Verb == "display" || l.Verb == "year" || l.Verb == "round") {
		// Not "the game is in game over": the game ended after the loans step.
		return bad(0, "the game is over: only check and claim lines may follow")
	}
	switch l.Verb {
	case "loans":
		if s.ph != phSetup {
			return bad(0, "the initial loans are revealed at setup; in the loans step write NAME: loans +N")
		}
		if s.setLoans {
			return bad(0, "the initial loans are revealed once")
		}
		// By seat: a seat has one name.
		var seen [maxPlayers]bool
		var amounts [maxPlayers]int
		for i := 1; i < len(l.Tokens); i += 2 {
			name := l.Word(i)
			seat := s.seatOf(name)
			if seat < 0 {
				return s.notAPlayer(i, name)
			}
			if seen[seat] {
				return bad(i, "%s's loans are given twice", name)
			}
			seen[seat] = true
			n, ok := num(l, i+1)
			if !ok {
				return bad(i+1, "write how many loans %s took: loans NAME N …", name)
			}
			if n < s.t.InitialLoans[0] || n > s.t.InitialLoans[1] {
				return bad(i+1, "each player takes %d to %d loans at the start, not %d", s.t.InitialLoans[0], s.t.InitialLoans[1], n)
			}
			amounts[seat] = n
		}
		for seat, p := range s.pl {
			if !seen[seat] {
				return bad(len(l.Tokens), "%s's loans are missing: every player reveals their loans", p.name)
			}
		}
		for seat, p := range s.pl {
			p.loans = amounts[seat]
			p.money = p.loans * s.t.Loan
		}
		s.setLoans = true
		// The player who took the most loans is the start player from
		// now on (setup step 13), as a check before the first year sees;
		// a tie waits for the `start` line.
		if tied := s.mostLoans(); len(tied) == 1 {
			s.start = tied[0]
		}
		return nil
	case "start":
		if s.ph != phSetup {
			return bad(0, "the start player is chosen at setup; later it changes by the festival's start-player space")
		}
		if !s.setLoans {
			return bad(0, "the loans are revealed before the start player is known: loans NAME N … first")
		}
		if len(l.Tokens) != 2 {
			return bad(1, "write start NAME")
		}
		if s.setStart {
			// A second start line would silently replace the first.
			return bad(0, "the start player is already given: %s starts", s.pl[s.start].name)
		}
		seat := s.seatOf(l.Word(1))
		if seat < 0 {
			return s.notAPlayer(1, l.Word(1))
		}
		tied := s.mostLoans()
		ok := false
		for _, i := range tied {
			ok = ok || i == seat
		}
		if !ok {
			// As played, the player named starts.
			if f := s.illegal(bad(1, "the player with the most loans starts: %s took %d, %s took %d", s.pl[tied[0]].name, s.pl[tied[0]].loans, l.Word(1), s.pl[seat].loans)); f != nil {
				return f
			}
		}
		s.start = seat
		s.setStart = true
		return nil
	case "display":
		var room [3 * maxPlayers]int // a setup display; longer lines grow
		kinds := room[:0]
		for i := 1; i < len(l.Tokens); i++ {
			k, f := s.kind(l, i)
			if f != nil {
				return f
			}
			kinds = append(kinds, k)
		}
		switch s.ph {
		case phSetup:
			if s.setDisplay {
				return bad(0, "the setup display is laid out once")
			}
			vines, imps := 0, 0
			for _, k := range kinds {
				if k < nVarieties {
					vines++
				} else {
					imps++
				}
			}
			if vines != 2*s.n || imps != s.n {
				return bad(0, "the setup display has %d vines and %d improvements (twice and once the number of players), not %d and %d", 2*s.n, s.n, vines, imps)
			}
			if f := s.drawDisplay(kinds, len(kinds)); f != nil {
				return f
			}
			s.setDisplay = true
			return nil
		case phDisplay:
			if f := s.drawDisplay(kinds, 2*s.n); f != nil {
				return f
			}
			s.festivalScoring()
			s.startFestival()
			return nil
		}
		if s.ph == phActions && s.triggered {
			// Year End is triggered, but the players owed a final action
			// act first: "not in year 1 round 4" did not say why.
			names := make([]string, len(s.final))
			for i, q := range s.final {
				names[i] = s.pl[q].name
			}
			owe := "still acts once"
			if len(names) > 1 {
				owe = "still act once each"
			}
			return bad(0, "Year End is triggered, but the final actions come before the new display: %s %s", prose.And(names), owe)
		}
		return bad(0, "a new display is laid out at setup and at the start of the year end, not in %s", s.where())
	case "year":
		if s.ph == phSetup {
			if f := s.finishSetup(); f != nil {
				return f
			}
		}
		n, ok := num(l, 1)
		if !ok || len(l.Tokens) != 2 {
			return bad(1, "write year N")
		}
		if s.ph != phActions || s.round != 1 || n != s.year {
			return bad(1, "the game is in %s, not at the start of year %d", s.where(), n)
		}
		if s.acted {
			f := bad(1, "year %d has begun already: a year line comes before the year's first action", n)
			f.hint = s.yearOpenedHint()
			return f
		}
		return nil
	case "round":
		if s.ph == phSetup {
			// As `year`: round 1 may open the game before its first action.
			if f := s.finishSetup(); f != nil {
				return f
			}
		}
		n, ok := num(l, 1)
		if !ok || len(l.Tokens) != 2 {
			return bad(1, "write round N")
		}
		if s.ph != phActions || n != s.round {
			return bad(1, "the game is in %s, not round %d", s.where(), n)
		}
		if s.acted {
			return bad(1, "round %d has begun already: a round line comes before the round's first action", n)
		}
		return nil
	}
	return unknownEvent(l)
}

// unknownEvent is the error of a table line the game does not have.
func unknownEvent(l *validate.Line) *fault {
	f := bad(0, "%q is not a Grand Cru table event: loans, start, display, year or round (a player's action is written NAME: …)", l.Word(0))
	f.hint = validate.DidYouMean(l.Verb, []string{"loans", "start", "display", "year", "round", "check", "claim"})
	return f
}

// lineSeat is seatOf for a line's player: the seat the reader found (the
// state seats the record's players in their order), or, for a line made
// by hand, the seat of its player's name.
func (s *state) lineSeat(l *validate.Line) int {
	if seat := l.Seat(); seat >= 0 && seat < len(s.pl) {
		return seat
	}
	return s.seatOf(l.Player)
}

// notAPlayer refuses a name that is no player's on a table line, as the
// record reader refuses one on a player's line: with the players and a
// hint.
func (s *state) notAPlayer(tok int, name string) *fault {
	names := make([]string, len(s.pl))
	for i, p := range s.pl {
		names[i] = p.name
	}
	f := bad(tok, "%s is not a player of this game (players: %s)", name, validate.PlayerList(names))
	f.hint = validate.DidYouMean(name, names)
	return f
}

func (s *state) seatOf(name string) int {
	// One lookup and one compare, as a rule (the reader gives the line the
	// very string of the header, so == stops at the pointers).
	if name != "" {
		if i := int(s.seatByFirstByte[name[0]&63]) - 1; i >= 0 && i < len(s.pl) && s.pl[i].name == name {
			return i
		}
	}
	// (The reader refuses a name listed twice, so the first match is the
	// only.)
	for i, p := range s.pl {
		if p.name == name {
			return i
		}
	}
	return -1
}

// check compares a check line with the state.
func (s *state) check(l *validate.Line) *fault {
	p := s.pl[s.lineSeat(l)]
	pairs := l.Pairs()
	for i, pr := range pairs {
		f := s.checkDiffers(p, pr)
		if f == nil {
			continue
		}
		if f.code != validate.CodeCheck {
			return f
		}
		// The line's other differences too: they point at the line that
		// went wrong (money and loans: a loans line missing). A word that
		// cannot be read ends them; as played, it is reported next.
		var also []string
		var unreadable *fault
		for _, o := range pairs[i+1:] {
			g := s.checkDiffers(p, o)
			if g != nil && g.code != validate.CodeCheck {
				unreadable = g
				break
			}
			if g != nil {
				also = append(also, g.msg)
			}
		}
		f.msg = validate.WithAlso(f.msg, also)
		// As played, a check that differs is noted and the replay goes on,
		// as in the other games: a check changes nothing.
		if f := s.illegal(f); f != nil {
			return f
		}
		return unreadable
	}
	return nil
}

// checkDiffers is the fault of a check pair whose value is not the
// state's (nil when it is, a syntax fault when it cannot be read).
func (s *state) checkDiffers(p *player, pr validate.Pair) *fault {
	if s.checkHolds(p, pr.Key, pr.Value) {
		return nil
	}
	// What follows finds the difference and words the message. Lists of
	// cubes or tiles compare as counts: no text is built unless they
	// differ.
	if have, ok := s.listCounts(p, pr.Key); ok {
		if want, ok := parseCounts(pr.Value); ok && want == have {
			return nil
		}
	}
	got, f := s.checkValue(p, pr.Key)
	if f == nil {
		f = checkNumberFault(pr.Key, pr.Value)
	}
	if f != nil {
		f.tok = pr.Tok
		return f
	}
	want := pr.Value
	if strings.HasPrefix(pr.Key, "barrel") || pr.Key == "vineyard" {
		want = normalizeList(want)
	}
	if got == want {
		return nil
	}
	if g, err := strconv.Atoi(got); err == nil {
		if w, err := strconv.Atoi(want); err == nil && w == g {
			return nil // money=+11, money=011: the number, written otherwise
		}
	}
	if pr.Key == "start" && s.start < 0 {
		return &fault{tok: pr.Tok, code: validate.CodeCheck, msg: fmt.Sprintf("the start player is not known yet (%s), not %s as checked", s.startUnknown(), show(pr.Value))}
	}
	f = &fault{tok: pr.Tok, code: validate.CodeCheck, msg: fmt.Sprintf("%s is %s, not %s as checked", checkSubject(p, pr.Key), show(got), show(pr.Value))}
	if _, isList := s.listCounts(p, pr.Key); isList {
		f.hint = unknownTileHint(pr.Value)
	}
	return f
}

// startUnknown says why the setup has no start player yet.
func (s *state) startUnknown() string {
	if !s.setLoans {
		return "the loans are not revealed yet"
	}
	return s.seatNames(s.mostLoans()) + " took the most loans: a `start` line names which of them starts"
}

// checkSubject names what a check key is about in a message: the player's
// own value ("Ann's money"), or, for the keys that are the table's and not
// the player's, the table's ("the start player", "the merlot stock").
func checkSubject(p *player, key string) string {
	switch key {
	case "year", "round":
		return "the " + key
	case "start":
		return "the start player"
	}
	if w, ok := strings.CutPrefix(key, "price."); ok {
		return "the " + w + " price marker's space"
	}
	if w, ok := strings.CutPrefix(key, "stock."); ok {
		return "the " + w + " stock"
	}
	return p.name + "'s " + key
}

// checkTextHook, when set (by a test), is told of every lazy line the
// replay reaches and whether checkText confirmed it.
var checkTextHook func(l *validate.Line, confirmed bool)

// checkText confirms a lazy check line (validate.Line.Lazy) from its
// text, without the reader's tokens and pairs: key=value words with one
// blank between them, each holding (checkHolds), of letters, digits, ':',
// '+', '-', '.', one '=' and, in the value, single commas between items
// (which the reader splits off and joins back whole). The
// reader's pairs of such a line would be these keys and values, so check
// would find nothing either. Any other line is read in full (Expand,
// check), which writes the message.
func (s *state) checkText(l *validate.Line) bool {
	p := s.pl[s.lineSeat(l)]
	text := l.LazyText()
	start, eq := 0, -1 // the current word's start and its '='
	// The loop below looks at every byte of the line (a hundred, as a
	// rule). It reads the classes from a copy in its frame, which the
	// compiler addresses directly, where for the package's table it loads
	// the address again for each byte; and it compares i unsigned, which
	// spares it a check of i's bounds for each byte.
	classes := checkBytes
	for i := 0; ; i++ {
		for uint(i) < uint(len(text)) && classes[text[i]] == checkPlain {
			i++
		}
		c := byte(' ') // the end of the text ends the last word
		if i < len(text) {
			c = text[i]
		}
		switch classes[c] {
		case checkEquals:
			if eq >= 0 {
				return false
			}
			eq = i
		case checkComma: // between two items of a value
			if eq < 0 || i == eq+1 || i+1 >= len(text) || classes[text[i+1]] != checkPlain {
				return false
			}
		case checkBlank:
			if eq <= start || !s.checkHolds(p, text[start:eq], text[eq+1:i]) {
				return false
			}
			if i >= len(text) {
				l.ConfirmLazy()
				return true
			}
			if i+1 == len(text) || text[i+1] == ' ' {
				return false // two blanks, or one at the end: left to the reader
			}
			start, eq = i+1, -1
		default:
			return false
		}
	}
}

// checkBytes classes the bytes of a lazy check line for checkText (0: a
// byte the reader reads apart, or that no check value has).
var checkBytes = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == ':', c == '+', c == '-', c == '.':
			t[c] = checkPlain
		case c == '=':
			t[c] = checkEquals
		case c == ',':
			t[c] = checkComma
		case c == ' ':
			t[c] = checkBlank
		}
	}
	return t
}()

const (
	checkPlain = 1 + iota
	checkEquals
	checkComma
	checkBlank
)

// checkHolds tells, without building any text, whether a checked value
// is the state's as checkValue would write it (the common case); false
// sends check to the slower path that words the difference.
func (s *state) checkHolds(p *player, key, value string) bool {
	switch key {
	case "money":
		return isDecimal(value, p.money)
	case "prestige":
		return isDecimal(value, p.prestige)
	case "loans":
		return isDecimal(value, p.loans)
	case "cellar":
		return isDecimal(value, cellarCubes(p))
	case "tiles":
		return isDecimal(value, len(p.vineyard))
	case "bids":
		return isDecimal(value, p.bids)
	case "year":
		return isDecimal(value, s.year)
	case "round":
		return isDecimal(value, s.round)
	case "vineyard":
		var have [nKinds]int
		for _, t := range p.vineyard {
			have[t.kind]++
		}
		want, ok := parseCounts(value)
		return ok && want == have
	}
	if b, ok := strings.CutPrefix(key, "barrel"); ok {
		n, ok := smallNumber(b)
		if !ok || n < 1 || n > s.t.barrels() {
			return false
		}
		want, ok := parseCounts(value)
		if !ok {
			return false
		}
		for k, c := range want {
			if k < nVarieties && c != p.barrels[n-1][k] || k >= nVarieties && c != 0 {
				return false
			}
		}
		return true
	}
	var counts *[nVarieties]int
	var add int
	w, ok := strings.CutPrefix(key, "price.")
	switch {
	case ok:
		counts, add = &s.price, 1 // spaces are written from 1
	case strings.HasPrefix(key, "stock."):
		w, counts = key[len("stock."):], &s.stock
	case strings.HasPrefix(key, "festival."):
		w, counts = key[len("festival."):], &p.festival
	default:
		return false
	}
	v, ok := parseVariety(w)
	return ok && isDecimal(value, counts[v]+add)
}

// isDecimal is value == strconv.Itoa(n), without making the text.
func isDecimal(value string, n int) bool {
	if n < 0 {
		return value == strconv.Itoa(n)
	}
	i := len(value)
	for {
		i--
		if i < 0 || value[i] != byte('0'+n%10) {
			return false
		}
		n /= 10
		if n == 0 {
			return i == 0
		}
	}
}

// smallNumber reads a number of one to nine digits by hand, and anything
// else as strconv.Atoi does.
func smallNumber(w string) (int, bool) {
	if len(w) == 0 || len(w) > 9 {
		n, err := strconv.Atoi(w)
		return n, err == nil
	}
	n := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < '0' || c > '9' {
			n, err := strconv.Atoi(w)
			return n, err == nil
		}
		n = 10*n + int(c-'0')
	}
	return n, true
}

// listCounts gives the counts behind a `barrelN` or `vineyard` check key.
func (s *state) listCounts(p *player, key string) (counts [nKinds]int, ok bool) {
	if key == "vineyard" {
		for _, t := range p.vineyard {
			counts[t.kind]++
		}
		return counts, true
	}
	if b, found := strings.CutPrefix(key, "barrel"); found {
		n, err := strconv.Atoi(b)
		if err == nil && n >= 1 && n <= s.t.barrels() {
			copy(counts[:], p.barrels[n-1][:])
			return counts, true
		}
	}
	return counts, false
}

// parseCounts reads a `a:1,b:2` (or `a+b`) list into counts; false when
// it is not one.
func parseCounts(v string) (counts [nKinds]int, ok bool) {
	// The parts end at the first ',' or '+': the '+' is looked for only
	// in a list that has one.
	plus := strings.IndexByte(v, '+') >= 0
	for v != "" {
		end := strings.IndexByte(v, ',')
		if plus {
			if j := strings.IndexByte(v, '+'); j >= 0 && (end < 0 || j < end) {
				end = j
			}
		}
		part := v
		if end >= 0 {
			part, v = v[:end], v[end+1:]
		} else {
			v = ""
		}
		if part == "" {
			continue
		}
		// NAME:N, the count read back from the end; the first ':' when
		// the count is not all digits. (A name with a ':' names no tile,
		// as a count with one is no number: either way the list is not one.)
		name, c := part, 1
		i := len(part) - 1
		for i > 0 && '0' <= part[i] && part[i] <= '9' {
			i--
		}
		colon := i
		if part[i] != ':' {
			colon = strings.IndexByte(part, ':')
		}
		if colon >= 0 {
			name = part[:colon]
			// A count below zero is no count: gamay:2,gamay:-1 would
			// add up to one gamay.
			if c, ok = smallNumber(part[colon+1:]); !ok || c < 0 {
				return counts, false
			}
		}
		k, found := parseKind(name)
		if !found {
			return counts, false
		}
		counts[k] += c
	}
	return counts, true
}

// unknownTileHint suggests a tile name for the first word of a checked
// list that names no tile.
func unknownTileHint(v string) string {
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '+' || r == ',' }) {
		name, _, _ := strings.Cut(part, ":")
		if _, ok := parseKind(name); !ok {
			return validate.DidYouMean(strings.ToLower(name), allKindNames())
		}
	}
	return ""
}

func show(v string) string {
	if v == "" {
		return "empty"
	}
	return v
}

// normalizeList sorts a `a:1,b:2` list (or `a:1+b:2`) into the engine's
// order.
func normalizeList(v string) string {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '+' || r == ',' })
	counts := map[string]int{}
	for _, x := range parts {
		if x == "" {
			continue
		}
		name, n, ok := strings.Cut(x, ":")
		c := 1
		if ok {
			var err error
			if c, err = strconv.Atoi(n); err != nil || c < 0 {
				return v
			}
		}
		k, ok := parseKind(name)
		if !ok {
			return v
		}
		counts[kindName(k)] += c
	}
	var out []string
	for k := 0; k < nKinds; k++ {
		if c := counts[kindName(k)]; c > 0 {
			out = append(out, fmt.Sprintf("%s:%d", kindName(k), c))
		}
	}
	return strings.Join(out, ",")
}

// checkKeys lists the keys a check line may use.
const checkKeys = "money, prestige, loans, barrel1..barrelN, cellar, vineyard, tiles, bids, bid.COLUMN, price.VARIETY, stock.VARIETY, festival.VARIETY, year, round, start"

func (s *state) checkValue(p *player, key string) (string, *fault) {
	itoa := strconv.Itoa
	switch key {
	case "money":
		return itoa(p.money), nil
	case "prestige":
		return itoa(p.prestige), nil
	case "loans":
		return itoa(p.loans), nil
	case "cellar":
		return itoa(cellarCubes(p)), nil
	case "tiles":
		return itoa(len(p.vineyard)), nil
	case "bids":
		return itoa(p.bids), nil
	case "year":
		return itoa(s.year), nil
	case "round":
		return itoa(s.round), nil
	case "start":
		if s.start < 0 {
			return "", nil
		}
		return s.pl[s.start].name, nil
	case "vineyard":
		var counts [nKinds]int
		for _, t := range p.vineyard {
			counts[t.kind]++
		}
		return countList(counts[:]), nil
	}
	if b, ok := strings.CutPrefix(key, "barrel"); ok {
		n, err := strconv.Atoi(b)
		if err == nil && n >= 1 && n <= s.t.barrels() {
			var counts [nKinds]int
			copy(counts[:], p.barrels[n-1][:])
			return countList(counts[:]), nil
		}
	}
	if c, ok := strings.CutPrefix(key, "bid."); ok {
		n, err := strconv.Atoi(c)
		if err == nil && n >= 1 && n <= s.n {
			if s.cols[n-1].bidder == p.seat {
				return itoa(s.cols[n-1].bid), nil
			}
			return "", nil
		}
	}
	for _, pre := range []string{"price.", "stock.", "festival."} {
		if w, ok := strings.CutPrefix(key, pre); ok {
			v, ok := parseVariety(w)
			if !ok {
				return "", checkKeyFault(key, s.t.barrels(), s.n)
			}
			switch pre {
			case "price.":
				return itoa(s.price[v] + 1), nil
			case "stock.":
				return itoa(s.stock[v]), nil
			default:
				return itoa(p.festival[v]), nil
			}
		}
	}
	return "", checkKeyFault(key, s.t.barrels(), s.n)
}

// checkKeyFault is the error for a key that no check line of a game
// with that many barrels and columns has, or nil. A bound below 0 is any
// number: Grammar reads a line without the game's state, and then names
// only the keys no game has.
func checkKeyFault(key string, barrels, columns int) *fault {
	switch key {
	case "money", "prestige", "loans", "cellar", "vineyard", "tiles", "bids", "year", "round", "start":
		return nil
	}
	// A barrel or column past this game's is a key the notation has, not
	// an unknown one: the message gives the game's numbers.
	if b, ok := strings.CutPrefix(key, "barrel"); ok {
		if n, err := strconv.Atoi(b); err == nil && n >= 1 {
			if barrels < 0 || n <= barrels {
				return nil
			}
			f := bad(0, "check key %s: barrels are numbered 1 to %d", key, barrels)
			f.code = validate.CodeSyntax
			return f
		}
	}
	if c, ok := strings.CutPrefix(key, "bid."); ok {
		if n, err := strconv.Atoi(c); err == nil && n >= 1 {
			if columns < 0 || n <= columns {
				return nil
			}
			f := bad(0, "check key %s: auction columns are numbered 1 to %d", key, columns)
			f.code = validate.CodeSyntax
			return f
		}
	}
	for _, pre := range []string{"price.", "stock.", "festival."} {
		if w, ok := strings.CutPrefix(key, pre); ok {
			if _, ok := parseVariety(w); ok {
				return nil
			}
			f := bad(0, "unknown variety %q in check key %s", w, key)
			f.hint = validate.DidYouMean(strings.ToLower(w), varietyNames[:])
			f.code = validate.CodeSyntax // a key no check has, as in the other games
			return f
		}
	}
	if barrels < 0 {
		barrels = embeddedTables().barrels()
	}
	if columns < 0 {
		columns = maxPlayers
	}
	f := bad(0, "unknown check key %q: %s", key, checkKeys)
	f.hint = validate.DidYouMean(key, checkKeyNames(barrels, columns))
	f.code = validate.CodeSyntax // a key no check has, as in the other games
	return f
}

// checkNumberFault refuses a value that is no number for a key that
// counts (money, prestige, price.merlot …), or nil. Compared as text,
// money=6F read "Ann's money is 6, not 6F as checked", as if the amount
// were wrong.
func checkNumberFault(key, value string) *fault {
	switch {
	case key == "start" || key == "vineyard" || strings.HasPrefix(key, "barrel"):
		return nil
	case value == "":
		// Not this player's bid, or a count left out: the difference
		// says "not empty as checked", as the other games do.
		return nil
	}
	if _, err := strconv.Atoi(value); err == nil {
		return nil
	}
	n := strings.IndexFunc(value, func(r rune) bool { return r < '0' || r > '9' })
	if n < 0 && value != "" {
		return nil // digits too many for an int: a number still, that differs
	}
	digits := value[:max(n, 0)]
	if digits == "" {
		digits = "N"
	}
	f := bad(0, "%s is checked as a whole number: write %s=%s, not %q", key, key, digits, value)
	f.code = validate.CodeSyntax // a value no check has, as an unknown key
	return f
}

// checkKeyNames spells out every check key of a game with that many
// barrels and columns, for a hint.
func checkKeyNames(barrels, columns int) []string {
	keys := []string{"money", "prestige", "loans", "cellar", "vineyard", "tiles", "bids", "year", "round", "start"}
	for b := 1; b <= barrels; b++ {
		keys = append(keys, "barrel"+strconv.Itoa(b))
	}
	for c := 1; c <= columns; c++ {
		keys = append(keys, "bid."+strconv.Itoa(c))
	}
	for _, v := range varietyNames {
		keys = append(keys, "price."+v, "stock."+v, "festival."+v)
	}
	return keys
}

func countList(counts []int) string {
	var out []string
	for k, c := range counts {
		if c > 0 {
			out = append(out, fmt.Sprintf("%s:%d", kindName(k), c))
		}
	}
	return strings.Join(out, ",")
}

// ScoreTally scores a scorepad-mode record: one `tally` line a player.
func (Game) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return scoreTally(rec, opt)
}

// LazyChecks says the replay reads lazy check lines (validate.LazyChecker):
// it confirms the usual one from its text (checkText).
func (Game) LazyChecks() bool { return true }

// Random writes a random legal game.
func (Game) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return random(players, seed, variants)
}
