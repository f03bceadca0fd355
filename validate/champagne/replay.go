package champagne

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vintner/vintner/internal/reuse"
	"github.com/vintner/vintner/score/champagne"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// ruleError is a rules violation found while applying a line.
type ruleError struct {
	tok     int
	code    string
	msg     string
	variant string // a header error caused by this variant
	hint    string
	note    string // as played, what was done instead of the line as written (validate.Diagnostic.Note)
}

func (e *ruleError) Error() string { return e.msg }

// withHint adds a did-you-mean hint over the names a word was meant to be.
func (e *ruleError) withHint(word string, names []string) *ruleError {
	e.hint = validate.DidYouMean(strings.ToLower(word), names)
	return e
}

// fail and syntax build a line's error. They are kept out of line: about
// two hundred calls sit in the engine's functions, and inlined, each put a
// copy of the message's formatting among the code every line runs (an AOC
// record replays ~1% faster without them: docs/performance-log.md, section
// 14).
//
//go:noinline
func fail(tok int, format string, args ...any) *ruleError {
	return &ruleError{tok: tok, code: validate.CodeRule, msg: fmt.Sprintf(format, args...)}
}

//go:noinline
func syntax(tok int, format string, args ...any) *ruleError {
	return &ruleError{tok: tok, code: validate.CodeSyntax, msg: fmt.Sprintf(format, args...)}
}

// sameLevel reports whether two of the Wine Merchant's level words (a
// key, its alias, or none for easy) name one level: merchant=easy and
// wine-merchant=jeroboam say the same twice.
func sameLevel(r *rules, a, b string) bool {
	a, b = r.levelKey(a), r.levelKey(b)
	na, oka := r.MerchantNames[a]
	nb, okb := r.MerchantNames[b]
	return a == b || (oka && okb && na == nb)
}

// levelKey is the word a header names the Wine Merchant's level by, as
// MerchantLevels keys it: easy when none, the key of a name written as
// verdicts print it (Jéroboam).
func (r *rules) levelKey(word string) string {
	if word == "" {
		return "easy"
	}
	if k, ok := r.merchantPrinted[word]; ok {
		return k
	}
	return word
}

// newState prepares a game from the header, in a spare state when there
// is one.
func newState(r *rules, rec *validate.Record) (*state, *ruleError) {
	s := takeState()
	s.r, s.holdN1 = r, [2]int{-1, -1}
	s.vineSeen = reuse.Zeroed(s.vineSeen, len(r.Vineyards))
	s.vineDisc = reuse.Zeroed(s.vineDisc, len(r.Vineyards))
	s.vineUnseen = r.vineDeck
	room := s.unseen.region[:0] // the state's own counts, not the rules'
	s.unseen = r.deck
	s.unseen.region = append(room, r.deck.region...)
	s.eventsSeen = reuse.Zeroed(s.eventsSeen, len(r.eventCopies))
	s.inheritSeen, s.dealt = reuse.Zeroed(s.inheritSeen, len(r.Inherit)), reuse.Zeroed(s.dealt, len(r.Inherit))
	s.tokensOut, s.tokensHeld = reuse.Zeroed(s.tokensOut, len(r.tokenKinds)), reuse.Zeroed(s.tokensHeld, len(r.tokenKinds))
	levelBy := "" // the variant that named the Wine Merchant's level
	for _, v := range rec.Variants {
		k, val, _ := strings.Cut(strings.ToLower(v), "=")
		switch k {
		case "first-game":
			s.first = true
		case "trade-partnership":
			s.partner = true
		case "high-tension":
			s.tension = true
		case "merchant", "wine-merchant":
			// The reader refuses a variant given twice by one name, not
			// by the two names of this one.
			if levelBy != "" {
				e := fail(1, "variant %s contradicts %s, given before: a variant has one value", strings.ToLower(v), levelBy)
				if _, prev, _ := strings.Cut(levelBy, "="); sameLevel(r, prev, val) {
					e = fail(1, "variant %s is given twice (%s before)", strings.ToLower(v), levelBy)
				}
				e.variant = k
				return nil, e
			}
			levelBy = strings.ToLower(v)
			val = r.levelKey(val)
			if _, ok := r.MerchantLevels[val]; !ok {
				e := fail(1, "the Wine Merchant's difficulty is one of %s, not %q", levelList(r), val).withHint(val, strings.Split(levelList(r), ", "))
				e.variant = k
				return nil, e
			}
			s.level = val
		default:
			e := fail(1, "unknown variant %q: first-game | trade-partnership | high-tension | merchant=easy|medium|hard|extreme", v).
				withHint(k, []string{"first-game", "trade-partnership", "high-tension", "merchant"})
			if h := tables.OptionHint(v); h != "" {
				e.hint = h
			}
			if k == "solo" {
				// Bordeaux records and AOC tallies write it; a record
				// needs nothing (ruling E3).
				e.hint = "one player always plays the solo game against the Wine Merchant: leave `variant solo` out (he is Jéroboam, easy), or name his level with `variant merchant=LEVEL`"
			}
			e.variant = k
			return nil, e
		}
	}
	n := len(rec.Players)
	if n > r.MaxPlayers {
		return nil, fail(1, "Age of Champagne is played by 1 to %d players, not %d", r.MaxPlayers, n)
	}
	if i := merchantNamed(rec.Players); i >= 0 {
		return nil, fail(i+1, "%q is the Wine Merchant's name in the results: a player is called otherwise", rec.Players[i])
	}
	s.deals = grownSlices(s.deals, n)
	s.picks = grownSlices(s.picks, n)
	s.inheritLines = reuse.Zeroed(s.inheritLines, n)
	if n == 1 && s.level == "" {
		s.level = "easy" // solo is always against the Wine Merchant
	}
	if s.level != "" && n+1 > r.MaxPlayers { // he counts as a player
		e := fail(1, "the Wine Merchant joins games of 1 to %d players, not %d", r.MaxPlayers-1, n)
		e.variant = "merchant"
		return nil, e
	}
	s.players = s.seatPtrs[:0]
	for _, name := range rec.Players {
		s.newPlayer(player{name: name, collabs: r.Collaborators, eco: r.EcoStart,
			press: r.PressStart, modules: r.ModulesStart})
	}
	s.humans = n
	if s.level != "" {
		k := r.MerchantLevels[s.level]
		s.merchant = s.newPlayer(player{name: champagne.MerchantName, merchant: true, collabs: r.MerchantCollabs, eco: r.EcoMerchant,
			cellar: [3]int{k, k, k}})
	}
	if s.tension && (s.seats() < 2 || s.seats() > 3) {
		e := fail(1, "High Tension is for games of 2 or 3 players (the Wine Merchant included), not %d", s.seats())
		e.variant = "high-tension"
		return nil, e
	}
	for i := range r.SectorNames {
		var sec *sector
		if i < cap(s.sectors) {
			sec = s.sectors[:i+1][i] // a sector of an earlier game
		}
		if sec == nil {
			sec = &sector{}
		}
		*sec = sector{tokens: r.MarketTokens[i]}
		s.sectors = append(s.sectors, sec)
	}
	s.tokenSupply = r.tokensInBox
	for _, n := range r.MarketTokens {
		s.tokenSupply -= n
	}
	s.placed = reuse.Zeroed(s.placed, len(s.players))
	// The setup's steps, pushed last first (pending is a stack).
	if cap(s.pending) == 0 {
		s.pending = make([]want, 0, 32)
	}
	s.pushFront(want{kind: wAuto, wantArgs: wantArgs{step: stepSetupDone}}, want{kind: wRoundStart})
	for i := n - 1; i >= 0; i-- {
		s.push(want{kind: wInherit, who: int8(i)})
	}
	for range r.SectorNames {
		s.pushFront(want{kind: wSetupMarket}, want{kind: wSetupMarket})
	}
	s.push(want{kind: wSetupOffers})
	return s, nil
}

// grownSlices is n empty slices, each keeping its room.
func grownSlices[T any](xs [][]T, n int) [][]T {
	if cap(xs) < n {
		xs = append(xs[:cap(xs)], make([][]T, n-cap(xs))...)
	}
	xs = xs[:n]
	for i := range xs {
		xs[i] = xs[i][:0]
	}
	return xs
}

func levelList(r *rules) string {
	var ks []string
	for k := range r.MerchantLevels {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// replay runs a record through the state.
func (g Game) replay(rec *validate.Record, opt validate.Options) (*validate.Report, *state) {
	rep := &validate.Report{}
	r, diags := g.rulesFor(opt)
	if diags.HasErrors() {
		rep.Diagnostics = diags
		return rep, nil
	}
	s, err := newState(r, rec)
	if err != nil {
		// A bad variant is reported on its line, a bad player count on
		// the players line.
		l, tok := rec.HeaderLine("players"), 0
		for _, vl := range rec.VariantLine {
			for i := 1; i < len(vl.Tokens); i++ {
				k, _, _ := strings.Cut(vl.Lower(i), "=")
				if err.variant != "" && strings.HasPrefix(err.variant, k) {
					l, tok = vl, i
				}
			}
		}
		if err.variant == "" && err.tok > 0 {
			tok = err.tok // a player's name
		}
		d := validate.Errorf(l, tok, validate.CodeHeader, "%s", err.msg)
		d.Hint = err.hint
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep, nil
	}
	rep.State = s
	s.asPlayed, s.rec = opt.AsPlayed, rec
	lines := rec.Lines
	truncated := false
	if opt.AtLine > 0 {
		for i, l := range lines {
			if opt.Truncated(l) {
				// Played as the whole record is, so that a rejected
				// line N shows the state before it with --at N too.
				lines, truncated = lines[:i], true
				break
			}
		}
	}
	if !s.play(lines, rep) {
		if s.final != nil && len(rep.Diagnostics) > 0 {
			// An error after the end (a line after the claims): the game
			// was scored, and the claims written before the error are
			// compared. Check gives no result for a rejected record.
			rep.Result = s.result()
			validate.CompareClaims(rep, s.claims, s.where()) // the claims play passed
			return rep, s
		}
		if !opt.NoState {
			// The rejected line may have been half applied (its step
			// taken, some of its cuvées drawn): replay shows the state
			// just before it, whose next step is the one the line missed.
			if b := g.stateBefore(r, rec, lines, rep, opt.AsPlayed); b != nil {
				rep.State = b
				return rep, b
			}
		}
		return rep, s
	}
	if truncated {
		return rep, s
	}
	if s.final == nil && opt.AtLine > 0 {
		// Stopped at the record's last line (replay --at N) before the
		// game ends: the state so far, as in Grand Cru and Bordeaux.
		return rep, s
	}
	if s.final == nil {
		when := fmt.Sprintf("in round %d", s.round)
		if s.round == 0 {
			when = "in the setup" // the game has no round 0
		}
		d := validate.ErrorAtEnd(rec, validate.CodeMissing, "the record ends %s before the game does: next, %s", when, s.expectText())
		d.Where = s.where()
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep, s
	}
	rep.Result = s.result()
	validate.CompareClaims(rep, s.claims, s.where())
	return rep, s
}

// stateBefore replays the lines before the one the replay stopped at (the
// last diagnostic's), into a new state; nil when that line is not one of
// them. Run only for `vintner replay`, once, after an error.
func (g Game) stateBefore(r *rules, rec *validate.Record, lines []*validate.Line, rep *validate.Report, asPlayed bool) *state {
	if len(rep.Diagnostics) == 0 {
		return nil
	}
	at := rep.Diagnostics[len(rep.Diagnostics)-1].Line
	i := slices.IndexFunc(lines, func(l *validate.Line) bool { return l.Num == at })
	if i < 0 {
		return nil
	}
	s, err := newState(r, rec)
	if err != nil {
		return nil
	}
	s.asPlayed, s.rec = asPlayed, rec
	s.play(lines[:i], &validate.Report{}) // these lines were accepted (or applied as played) once already
	return s
}

// play applies the lines in order, claims aside. It reports whether the
// game went on to the end of them. A loop of its own: the fewer values
// live across applyLine's call, the fewer reloaded after it for every
// line.
func (s *state) play(lines []*validate.Line, rep *validate.Report) bool {
	for i, l := range lines {
		if l.Kind == validate.KindClaim {
			s.advance() // the final scoring, if the game is over
			if s.final == nil {
				// A claim says the game is over: before its end, it is
				// the record that stops early, as in the other games.
				d := validate.Errorf(l, -1, validate.CodeMissing, "%s's claim comes before the game ends (%s): next, %s",
					l.Player, s.where(), s.expectText())
				d.Where = s.where()
				rep.Diagnostics = append(rep.Diagnostics, d)
				return false
			}
			// Kept for the end, which compares them: collected here
			// instead of in a second pass over the lines.
			s.claims = append(s.claims, l)
			continue
		}
		if l.Lazy() && i == len(lines)-1 && !lazyShape(l.LazyText()) && !s.rec.Expand(l) {
			// A syntax error on the last line, which Check reports: the
			// line is none of the record's, which ends before it, before
			// the automatic steps run again.
			continue
		}
		if l.Kind == validate.KindAction {
			rep.Actions++
		}
		e := s.applyLine(l) // apply, without its call per line
		if e == errLazySyntax {
			// A syntax error on a lazy line (applyLine): the replay stops
			// before the next line, as before any line the reader could
			// not read, with the report as it is (the automatic steps run
			// for the line change no diagnostic).
			return false
		}
		s.floorScores()
		if len(s.disputes) > 0 {
			s.reportDisputes(rep, l)
		}
		if e != nil && !s.lineError(rep, l, e) {
			return false
		}
	}
	return true
}

// lineError reports a line's error; it tells whether the game goes on.
func (s *state) lineError(rep *validate.Report, l *validate.Line, e *ruleError) bool {
	d := validate.Errorf(l, e.tok, e.code, "%s", e.msg)
	d.Where, d.Hint = s.where(), e.hint
	rep.Diagnostics = append(rep.Diagnostics, d)
	if s.asPlayed && e.code == validate.CodeCheck {
		// A check changes nothing: as played, the table's memory is
		// noted and the game goes on.
		rep.Diagnostics[len(rep.Diagnostics)-1].Applied = true
		rep.Disputed = true
		return true
	}
	return false
}

// reportDisputes reports the errors a line applied as written: the game
// goes on.
func (s *state) reportDisputes(rep *validate.Report, l *validate.Line) {
	for _, d := range s.disputes {
		dg := validate.Errorf(l, d.tok, d.code, "%s", d.msg)
		dg.Where, dg.Hint, dg.Applied, dg.Note = s.where(), d.hint, true, d.note
		rep.Diagnostics = append(rep.Diagnostics, dg)
		rep.Disputed = true
	}
	s.disputes = s.disputes[:0]
}

func (s *state) where() string {
	if s.round == 0 {
		return "setup"
	}
	if uint(s.round) < uint(len(roundWheres)) {
		return roundWheres[s.round]
	}
	return fmt.Sprintf("round %d", s.round)
}

// roundWheres[n] is where() in round n. Every record asks it at its end,
// for claims that differ: the rounds are written out once, so that a
// valid record builds no string.
var roundWheres = func() (w [16]string) {
	for n := 1; n < len(w); n++ {
		w[n] = fmt.Sprintf("round %d", n)
	}
	return w
}()

// merchantNamed is the seat of a player called like the Wine Merchant, who
// is named so in the results (-1 for none): two rows of one name could not
// be told apart.
func merchantNamed(players []string) int {
	for i, name := range players {
		if strings.EqualFold(name, champagne.MerchantName) {
			return i
		}
	}
	return -1
}

// apply checks one line and plays it.
func (s *state) apply(l *validate.Line) *ruleError {
	e := s.applyLine(l)
	s.floorScores() // after the line, whatever it returned
	return e
}

func (s *state) applyLine(l *validate.Line) *ruleError {
	s.advance()
	switch l.Kind {
	case validate.KindCheck:
		if l.Lazy() {
			confirmed := s.checkText(l)
			if checkTextHook != nil {
				checkTextHook(l, confirmed)
			}
			if confirmed {
				return nil
			}
			if !s.rec.Expand(l) {
				return errLazySyntax
			}
		}
		return s.check(l)
	case validate.KindEvent:
		return s.tableLine(l)
	case validate.KindAction:
		who := lineSeat(s, l)
		p := s.players[who]
		vb := verbOf(l.Verb)
		if (vb == vExchange || vb == vUse) && s.next().kind == wDone {
			// "At any time during the game": not once it is over.
			return fail(0, "the game is over after round %d: only checks and claims may follow", s.r.Rounds)
		}
		switch vb {
		case vExchange:
			return s.exchange(p, l)
		case vUse:
			switch w := lower(l.Word(1)); {
			case w == "protection" || w == "transport":
				return s.useToken(p, l)
			case w == "reservation" || strings.HasPrefix(w, "additional-action"):
				if s.next().kind != wPlace {
					return fail(1, "the %s token is used while placing collaborators", w)
				}
				if w != "reservation" {
					return fail(1, "an additional-action token is used by placing its disc: %s: disc ZONE SPOT", validate.QuoteName(p.name))
				}
			default:
				return fail(1, "%q is not a token used at will: prestige, eco and land tokens apply when gained; protection, transport, reservation and additional-action are used", l.Word(1))
			}
		}
		if e := s.action(who, l, vb); e != nil {
			return e
		}
		s.advance()
		return nil
	}
	return syntax(0, "unexpected line")
}

// lineSeat is indexOf for a line's player: the seat the reader found
// (the state seats the record's players in their order), or, for a line
// made by hand, the seat of its player's name.
func lineSeat(s *state, l *validate.Line) int {
	if who := l.Seat(); who >= 0 && who < s.humans {
		return who
	}
	return indexOf(s, l.Player)
}

// indexOf is the seat of the House a line names (0 if none does). The
// player whose step it is writes most lines: he is tried first (the names
// are distinct, and a line's name shares its bytes with the players line,
// so that the compare stops at the pointer).
func indexOf(s *state, name string) int {
	if n := len(s.pending); n > 0 {
		if who := int(s.pending[n-1].who); who >= 0 && who < len(s.players) {
			if p := s.players[who]; p.name == name && !p.merchant {
				return who
			}
		}
	}
	for i, p := range s.players {
		if p.name == name && !p.merchant {
			return i
		}
	}
	return 0
}

// bringForward moves the player's step of the kind expected now to the
// front, when he has one among the steps of that kind coming next.
func (s *state) bringForward(kind wantKind, who int) bool {
	for i := len(s.pending) - 1; i >= 0 && s.pending[i].kind == kind; i-- {
		if int(s.pending[i].who) == who {
			w := s.pending[i]
			copy(s.pending[i:], s.pending[i+1:])
			s.pending[len(s.pending)-1] = w
			return true
		}
	}
	return false
}

// runStep runs an automatic step.
func (s *state) runStep(w want) {
	switch w.step {
	case stepSetupDone:
		s.setupDone()
	case stepStartPlacement:
		s.startPlacement()
	case stepStartResolution:
		s.startResolution()
	case stepTakeVineyard:
		s.takeVineyard(int(w.who), int(w.spot))
	case stepBuild:
		s.build(int(w.zone), int(w.spot), int(w.who))
	case stepPaySubsidies:
		s.paySubsidies()
	case stepPromote:
		s.promote(int(w.spot), int(w.who))
	case stepHold:
		s.holdN1[w.spot], s.holdDisc[w.spot] = int(w.who), false
	case stepHarvest:
		s.harvest()
	case stepHarvestFrom:
		s.harvestFrom(int(w.spot))
	case stepEndSeason:
		s.endSeason()
	case stepMerchantCorks:
		s.merchantCorks()
	}
}

// advance runs the automatic steps until a line is needed. It is called
// around every line, and mostly finds a line's step on top: that test
// comes before the loop (and advance stays small enough to be inlined).
func (s *state) advance() {
	if n := len(s.pending) - 1; n >= 0 && mayRunAlone[s.pending[n].kind] {
		s.runAutoSteps()
	}
}

// mayRunAlone tells the steps that run by themselves, or wait for a line
// only when there is something to do (the others always wait for one).
var mayRunAlone = func() (t [256]bool) { // indexed by any wantKind: no bounds check
	for _, k := range [...]wantKind{wAuto, wRoundStart, wFinal, wToken, wCorks} {
		t[k] = true
	}
	return t
}()

// runAutoSteps is advance's loop.
func (s *state) runAutoSteps() {
	for len(s.pending) > 0 {
		w := &s.pending[len(s.pending)-1] // read in place: a step is copied only to run it
		switch w.kind {
		case wAuto:
			step := *w
			s.pop()
			s.runStep(step)
			s.floorScores()
		case wRoundStart:
			s.pop()
			s.startRound()
		case wFinal:
			s.pop()
			s.finish()
		case wToken:
			if s.tokenSupply == 0 && s.tokenDisc == 0 {
				s.pop() // no token left anywhere: nothing to draw
				continue
			}
			return
		case wCorks:
			p := s.players[w.who]
			if p.cellarCount() == 0 && (p.oenoCount() == 0 || !s.r.on.CorksDefectCellarThenOenotheque) {
				s.pop()
				continue
			}
			return
		default:
			return
		}
	}
}

// floorScores keeps every score at 0 or more under negative-score=floor-zero.
// The test alone, small enough to be inlined around every line and step.
func (s *state) floorScores() {
	if s.r.floorZero {
		s.floorAll()
	}
}

func (s *state) floorAll() {
	for _, p := range s.players {
		p.pp = max(p.pp, 0)
	}
}

// expectText says what the record must say next.
func (s *state) expectText() string {
	w := s.next()
	name := s.nameOf(int(w.who))
	who := validate.QuoteName(name) // as a line starts: "Jean Paul": …
	switch w.kind {
	case wSetupOffers:
		return fmt.Sprintf("the setup declares the %d active vineyard offers: offers CARD …", s.seats())
	case wSetupMarket:
		return "the setup declares each sector's active order and then its provisional one: market SECTOR ID CUVEES PP TRANSPORT"
	case wInherit:
		return fmt.Sprintf("%s declares the inheritance cards kept: %s: inherit ID ID ID", name, who)
	case wEvent:
		return fmt.Sprintf("round %d's event card is revealed: reveal KIND", s.round)
	case wCorks:
		where := "the cellar"
		if s.r.on.CorksDefectCellarThenOenotheque && s.players[w.who].cellarCount() == 0 {
			where = "the œnothèque" // his cellar is empty (corks-defect cellar-then-oenotheque)
		}
		return fmt.Sprintf("%s discards a cuvée of %s for the corks defect: %s: discard CUVEE", name, where, who)
	case wMerchantEvent:
		return "the Wine Merchant's part of the event card: merchant shipping SPOT cuvees CUVEES"
	case wPlace:
		return fmt.Sprintf("%s places a collaborator: %s: ZONE SPOT", name, who)
	case wPlant:
		id := w.vineCard(s.r).ID
		return fmt.Sprintf("%s places %s in a region: %s: plant %s REGION", name, id, who, id)
	case wToken:
		return fmt.Sprintf("%s draws a bonus token (%s): %s: token KIND", name, w.reasonText(s.r), who)
	case wOeno:
		return fmt.Sprintf("%s moves cuvées from the cellar to the œnothèque: %s: oenotheque CUVEES | none", name, who)
	case wShip:
		return fmt.Sprintf("%s ships from shipping %d: %s: ship CARD … | none", name, w.spot+1, who)
	case wMerchantShip:
		return fmt.Sprintf("the Wine Merchant ships from shipping %d: merchant ship CARD … | none", w.spot+1)
	case wMarket:
		return fmt.Sprintf("the new %s order on top of its stack: market %s ID CUVEES PP TRANSPORT", s.r.SectorNames[w.sector], s.r.SectorNames[w.sector])
	case wDraw:
		return fmt.Sprintf("%s draws wines: %s: draw CUVEE=WINES … | none", name, who)
	case wHarvest:
		return fmt.Sprintf("%s chooses the grapes to press: %s: harvest GRAPES", name, who)
	case wGrid:
		return fmt.Sprintf("%s moves œnothèque cuvées to the Marketing grid: %s: grid CUVEES | none", name, who)
	case wOffers:
		return "the vineyard cards renewal: offers CARD …"
	case wDone:
		return "nothing: the game is over (claims may follow)"
	}
	return "the next step"
}

// tableLine handles the table lines.
func (s *state) tableLine(l *validate.Line) *ruleError {
	w := s.next()
	switch l.Verb {
	case "round":
		n, err := strconv.Atoi(l.Word(1))
		if err != nil || len(l.Tokens) != 2 {
			return syntax(1, "`round` takes the round number: round 3")
		}
		if w.kind != wEvent || n != s.round {
			if s.round == 0 {
				return fail(1, "round %d cannot start: the setup is not finished (next, %s)", n, s.expectText())
			}
			if n == s.round {
				return fail(1, "round %d has begun already (next, %s)", n, s.expectText())
			}
			return fail(1, "this is round %d, not round %d (next, %s)", s.round, n, s.expectText())
		}
		return nil
	case "deal":
		if w.kind == wInherit && w.who == 0 && !s.players[0].inherited {
			return s.dealLine(l)
		}
		if w.kind == wInherit {
			return fail(0, "the inheritance cards are dealt before anyone keeps one")
		}
	case "offers":
		if w.kind == wSetupOffers || w.kind == wOffers {
			s.pop()
			if e := s.offersLine(l, w.kind == wOffers); e != nil {
				return e
			}
			s.advance()
			return nil
		}
	case "market":
		if w.kind == wSetupMarket || w.kind == wMarket {
			s.pop()
			if e := s.marketLine(l, w); e != nil {
				return e
			}
			s.advance()
			return nil
		}
	case "reveal":
		if w.kind == wEvent {
			s.pop()
			if e := s.eventLine(l); e != nil {
				return e
			}
			s.advance()
			return nil
		}
	case "merchant":
		if s.merchant == nil {
			return fail(0, "there is no Wine Merchant in this game (variant merchant=LEVEL)")
		}
		if e := merchantVerb(l); e != nil {
			return e
		}
		if isWord(l.Word(1), "check") {
			return s.merchantCheck(l)
		}
		if isWord(l.Word(1), "claim") {
			return s.merchantClaim(l)
		}
		if w.kind == wMerchantEvent && isWord(l.Word(1), "shipping") {
			s.pop()
			if e := s.merchantEvent(l); e != nil {
				return e
			}
			s.advance()
			return nil
		}
		if w.kind == wMerchantShip && isWord(l.Word(1), "ship") {
			s.pop()
			if e := s.merchantShip(l, w); e != nil {
				return e
			}
			s.advance()
			return nil
		}
	default:
		return syntax(0, "unknown line %q: a table line is round, reveal, merchant, market, offers, deal, check or claim; a player's line starts NAME:", l.Word(0)).withHint(l.Verb, tableVerbs)
	}
	if w.kind == wDone {
		return fail(0, "the game is over after round %d: only checks and claims may follow", s.r.Rounds)
	}
	return fail(0, "the %s line comes out of order: next, %s", l.Word(0), s.expectText())
}

// actionVerbs are the verbs of a player's lines.
var actionVerbs = []string{"vineyard", "press", "winery", "marketing", "shipping", "draw", "council", "disc", "use",
	"exchange", "inherit", "discard", "plant", "token", "oenotheque", "ship", "harvest", "grid"}

// verb is a player's verb, resolved once per line (the line's verb was
// compared as a string several times per action, and showed in the
// profiles). The zones come first, in zoneNames order.
type verb uint8

const (
	vNone verb = iota
	vVineyard
	vPress
	vWinery
	vMarketing
	vShipping
	vDraw
	vCouncil
	vDisc
	vUse
	vExchange
	vInherit
	vDiscard
	vPlant
	vToken
	vOenotheque
	vShip
	vHarvest
	vGrid
)

// verbOf is the verb of a lower-cased word, vNone for none of actionVerbs.
func verbOf(v string) verb {
	switch v {
	case "vineyard":
		return vVineyard
	case "press":
		return vPress
	case "winery":
		return vWinery
	case "marketing":
		return vMarketing
	case "shipping":
		return vShipping
	case "draw":
		return vDraw
	case "council":
		return vCouncil
	case "disc":
		return vDisc
	case "use":
		return vUse
	case "exchange":
		return vExchange
	case "inherit":
		return vInherit
	case "discard":
		return vDiscard
	case "plant":
		return vPlant
	case "token":
		return vToken
	case "oenotheque", "œnothèque":
		return vOenotheque
	case "ship":
		return vShip
	case "harvest":
		return vHarvest
	case "grid":
		return vGrid
	}
	return vNone
}

// isZone tells the verbs that name a zone (a placement).
func (v verb) isZone() bool { return v >= vVineyard && v <= vCouncil }

// verbFor is the verb of the line each step asks for.
var verbFor = [...]verb{wInherit: vInherit, wCorks: vDiscard, wPlant: vPlant, wToken: vToken,
	wOeno: vOenotheque, wShip: vShip, wDraw: vDraw, wHarvest: vHarvest, wGrid: vGrid, wDone: vNone}

// action handles a player's line.
func (s *state) action(who int, l *validate.Line, vb verb) *ruleError {
	w := s.next()
	if w.kind == wPlace {
		switch {
		case vb.isZone():
			return s.place(who, l, vb)
		case vb == vDisc:
			return s.place(who, l, vb)
		case vb == vUse:
			if isWord(l.Word(1), "reservation") {
				return s.reserve(who, l)
			}
		}
		if vb == vNone {
			e := syntax(0, "%q is not an action zone: the zones are %s (a placement is ZONE SPOT; or disc ZONE SPOT, use reservation CARD)", l.Word(0), strings.Join(zoneNames[:], ", "))
			e.hint = validate.DidYouMean(l.Verb, append(zoneNames[:], "disc"))
			return e
		}
	}
	p := s.players[who] // after the placements, which look him up when they need to
	if vb == vNone {
		e := syntax(0, "%q is not a player's action: %s (next, %s)", l.Word(0), strings.Join(actionVerbs, ", "), s.expectText())
		e.hint = validate.DidYouMean(l.Verb, actionVerbs)
		return e
	}
	if vb == vHarvest && p.harvest.derived && !p.harvest.written && (w.kind != wHarvest || int(w.who) != who) {
		return s.derivedHarvestLine(p, l)
	}
	if w.kind == wDone {
		return fail(0, "the game is over after round %d: only checks and claims may follow", s.r.Rounds)
	}
	if v := verbFor[w.kind]; v == vNone || v != vb {
		switch l.Verb {
		case "harvest":
			if p.harvest.derived || s.harvestRun {
				return fail(0, "%s's harvest of round %d is already written (next, %s)", p.name, s.round, s.expectText())
			}
			return fail(0, "the harvest comes after the wine draw, at the end of the resolution (next, %s)", s.expectText())
		case "token":
			return fail(0, "no bonus token is due to %s now (next, %s)", p.name, s.expectText())
		case "plant":
			return fail(0, "%s has no Coteaux Vitryats card to place now (next, %s)", p.name, s.expectText())
		}
		if isPlacement(l) {
			if s.round > 0 && s.placementDone {
				if vb == vDisc {
					return fail(0, "%s (next, %s)", s.discTooLate(who), s.expectText())
				}
				return fail(0, "%s (next, %s)", s.noneLeft(who), s.expectText())
			}
			switch w.kind {
			case wCorks: // the event is revealed, but not done with
				return fail(0, "the corks defect comes before the placements: a cuvée is discarded first (next, %s)", s.expectText())
			case wMerchantEvent:
				return fail(0, "the Wine Merchant places on the event card's spot before the players do (next, %s)", s.expectText())
			}
			return fail(0, "collaborators are placed after the round's event, before the resolution (next, %s)", s.expectText())
		}
		return fail(0, "%s's %s line comes out of order: next, %s", p.name, l.Word(0), s.expectText())
	}
	if int(w.who) != who {
		e := fail(-1, "it is %s's turn, not %s's: next, %s", s.called(int(w.who)), p.name, s.expectText())
		if !s.asPlayed || !s.bringForward(w.kind, who) {
			return e
		}
		s.disputes = append(s.disputes, e) // as played: he acts before his turn
		w = s.next()
	}
	s.pop()
	switch w.kind {
	case wInherit:
		return s.inherit(who, l)
	case wCorks:
		return s.corks(who, l)
	case wPlant:
		return s.plant(who, l, w)
	case wToken:
		return s.tokenLine(who, l)
	case wOeno:
		return s.oenotheque(who, l, w)
	case wShip:
		return s.ship(who, l, w)
	case wDraw:
		return s.draw(who, l, w)
	case wHarvest:
		return s.harvestLine(who, l)
	case wGrid:
		return s.gridLine(who, l)
	}
	return nil
}

// cubeCounts reads one word of cube letters ("MMC", "-") without
// allocating.
func cubeCounts(w string, letters string) ([3]int, bool) {
	n0, n1, n2, ok := cubeCountsOf(w, letters)
	return [3]int{n0, n1, n2}, ok
}

// cubeCountsOf is cubeCounts with the three counts returned in registers:
// an array returned goes through memory, and copying it right after its
// three stores waits for them (the hot callers keep the counts apart).
func cubeCountsOf(w string, letters string) (n0, n1, n2 int, ok bool) {
	// Each byte adds its cube's increment from a table: one byte lane per
	// cube, the bytes that are no cube in the top lane. A sum kept in a
	// register, without a branch (an array in memory made each byte wait
	// for the previous store).
	if len(w) > 255 { // no lane may overflow
		c, ok := cubeCountsLong(w, letters)
		return c[0], c[1], c[2], ok
	}
	table := &grapeInc
	if letters[0] == cuveeLetters[0] { // letters is grapeLetters or cuveeLetters
		table = &cuveeInc
	}
	var n uint32
	for i := 0; i < len(w); i++ {
		n += table[w[i]]
	}
	if n>>24 == 0 {
		return int(n & 0xff), int(n >> 8 & 0xff), int(n >> 16), true
	}
	// Only "none" folds to "none": no other rune folds to n, o or e.
	return 0, 0, 0, w == "-" || len(w) == 4 && strings.EqualFold(w, "none")
}

// cubeCountsLong is cubeCounts of a word too long for one sum: read in
// pieces, each of letters only ("-" and "none" are a whole word's, not a
// piece's: 255 B then "-" was read as 255 B).
func cubeCountsLong(w string, letters string) ([3]int, bool) {
	var c [3]int
	for ; len(w) > 0; w = w[min(len(w), 255):] {
		piece := w[:min(len(w), 255)]
		part, ok := cubeCounts(piece, letters)
		if !ok || piece == "-" || strings.EqualFold(piece, "none") {
			return [3]int{}, false
		}
		add(&c, &part)
	}
	return c, true
}

// grapeInc and cuveeInc are each byte's increment of cubeCounts's sum,
// either case: 1 in its cube's byte lane, or 1 in the top lane for a
// byte that is no cube.
var grapeInc, cuveeInc = letterIncrements(grapeLetters), letterIncrements(cuveeLetters)

func letterIncrements(letters string) (t [256]uint32) {
	for i := range t {
		t[i] = 1 << 24
	}
	for i := range len(letters) {
		t[letters[i]], t[letters[i]+'a'-'A'] = 1<<(8*i), 1<<(8*i)
	}
	return t
}

// badLetter is the first character of a word of cube letters that is not
// one of them ("" when all are).
func badLetter(w, letters string) string {
	if w == "-" || strings.EqualFold(w, "none") {
		return ""
	}
	for _, r := range w {
		if !strings.ContainsRune(letters, unicode.ToUpper(r)) {
			return string(r)
		}
	}
	return ""
}

// notLetter says which letter of a word of cube letters is wrong, in the
// game's words; "" when every letter is right.
func notLetter(w, letters string) string {
	bad := badLetter(w, letters)
	switch {
	case bad == "":
		return ""
	case letters == cuveeLetters:
		return fmt.Sprintf("%q is not a cuvée: the cuvées are T (Tradition Brut), N (Blanc de noirs) and B (Blanc de blancs)", bad)
	}
	return fmt.Sprintf("%q is not a grape: grapes and still wines are M (Meunier), P (Pinot noir) and C (Chardonnay)", bad)
}

// cubeError reports the first wrong letter of a line's cube words, from
// token from on, with the form to write as a hint; the form alone when no
// letter is wrong.
func cubeError(l *validate.Line, from int, letters, form string) *ruleError {
	i, bad := badLetterAt(l, from, letters)
	if bad == "" {
		return syntax(from, "%s", form)
	}
	e := syntax(i, "%s", notLetter(l.Tokens[i].Text, letters))
	e.hint = form
	return e
}

// badLetterAt finds, from token from on, the first token holding a
// character that is not one of the letters, and that character.
func badLetterAt(l *validate.Line, from int, letters string) (int, string) {
	for i := from; i < len(l.Tokens); i++ {
		if bad := badLetter(l.Tokens[i].Text, letters); bad != "" {
			return i, bad
		}
	}
	return from, ""
}

// lineCubes reads the cube letters of a line's tokens from the given one
// on ("MMC", or "M M C"), without allocating.
func lineCubes(l *validate.Line, from int, letters string) ([3]int, bool) {
	var c0, c1, c2 int // apart, in registers: see cubeCountsOf
	for i := from; i < len(l.Tokens); i++ {
		n0, n1, n2, ok := cubeCountsOf(l.Tokens[i].Text, letters)
		if !ok {
			return [3]int{c0, c1, c2}, false
		}
		c0, c1, c2 = c0+n0, c1+n1, c2+n2
	}
	return [3]int{c0, c1, c2}, true
}

// parseCubes reads cube letters ("MMC", or several words "M M C").
func parseCubes(words []string, letters string) ([3]int, bool) {
	var c [3]int
	for _, w := range words {
		if w == "-" || strings.EqualFold(w, "none") {
			continue
		}
		for _, r := range strings.ToUpper(w) {
			i := strings.IndexRune(letters, r)
			if i < 0 {
				return c, false
			}
			c[i]++
		}
	}
	return c, true
}

// isWord reports whether strings.ToLower(w) == target, for a lower-case
// ASCII target, without allocating the lower-cased word. The ASCII bytes
// before a mismatch lower-case one for one, so that a mismatch among them
// settles it; a non-ASCII byte may change the length: ToLower decides.
func isWord(w, target string) bool {
	if len(w) != len(target) {
		for i := 0; i < len(w); i++ {
			if w[i] >= utf8.RuneSelf {
				return strings.ToLower(w) == target
			}
		}
		return false
	}
	for i := 0; i < len(w); i++ {
		b := w[i]
		if b >= utf8.RuneSelf {
			return strings.ToLower(w) == target
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != target[i] {
			return false
		}
	}
	return true
}

// covers, sub, add and sum3 take pointers: an array passed by value is
// copied whole (16-byte moves), and a copy right after the array's
// elements were stored waits for those stores.
func covers(have, need *[3]int) bool {
	return have[0] >= need[0] && have[1] >= need[1] && have[2] >= need[2]
}

func sub(a, b *[3]int) {
	for i := range 3 {
		a[i] -= b[i]
	}
}

func add(a, b *[3]int) {
	for i := range 3 {
		a[i] += b[i]
	}
}

func sum3(a *[3]int) int { return a[0] + a[1] + a[2] }

// gainEco moves the eco report; at either end of the report a further
// move is a point won or lost instead.
func (s *state) gainEco(p *player, n int) {
	for ; n > 0; n-- {
		if p.eco == len(s.r.EcoValues)-1 {
			if s.round > 0 || !s.r.on.EcoSpillIgnoredAtSetup {
				p.pp += s.r.EcoTopPP
			}
		} else {
			p.eco++
		}
	}
	for ; n < 0; n++ {
		if p.eco == 0 {
			if s.round > 0 || !s.r.on.EcoSpillIgnoredAtSetup {
				p.pp += s.r.EcoBottomPP
			}
		} else {
			p.eco--
		}
	}
}

// exchange: 2 still wines for 1 of the player's choice, at any time.
func (s *state) exchange(p *player, l *validate.Line) *ruleError {
	if s.round == 0 && !p.inherited {
		return fail(0, "%s has no winery yet: still wines are exchanged once the inheritance is resolved", p.name)
	}
	if s.r.on.ExchangeTimingOwnActions {
		w := s.next()
		switch w.kind {
		case wPlace, wCorks, wPlant, wToken, wOeno, wShip, wDraw, wHarvest, wGrid:
			if s.players[w.who] == p {
				break
			}
			fallthrough
		default:
			if e := s.dispute(fail(0, "%s cannot exchange now: still wines are exchanged only by the player whose step it is (house ruling exchange-timing own-actions): next, %s", p.name, s.expectText())); e != nil {
				return e
			}
		}
	}
	gw, tw := l.Word(1), l.Word(2)
	if len(l.Tokens) != 3 {
		// Still wines may be written as several words (M M C) or one
		// (MMC): the first Give letters are given, the rest taken.
		var all string
		for i := 1; i < len(l.Tokens); i++ {
			all += l.Word(i)
		}
		if len(l.Tokens) < 2 || !isASCII(all) || len(all) != s.r.Exchange.Give+s.r.Exchange.Get {
			return syntax(0, "an exchange gives %d still wines for %d: %s: exchange MM C", s.r.Exchange.Give, s.r.Exchange.Get, validate.QuoteName(p.name))
		}
		gw, tw = all[:s.r.Exchange.Give], all[s.r.Exchange.Give:]
	}
	give, ok := parseCubes([]string{gw}, grapeLetters)
	get, ok2 := parseCubes([]string{tw}, grapeLetters)
	if !ok || !ok2 {
		return cubeError(l, 1, grapeLetters, fmt.Sprintf("an exchange gives %d still wines for %d: %s: exchange MM C", s.r.Exchange.Give, s.r.Exchange.Get, validate.QuoteName(p.name)))
	}
	if sum3(&give) != s.r.Exchange.Give {
		return fail(1, "an exchange gives %s from the winery, not %d", plural(s.r.Exchange.Give, "still wine", "still wines"), sum3(&give))
	}
	if sum3(&get) != s.r.Exchange.Get {
		return fail(2, "an exchange takes %s from the supply, not %d", plural(s.r.Exchange.Get, "still wine", "still wines"), sum3(&get))
	}
	if !covers(&p.still, &give) {
		return fail(1, "%s has no %s in the winery to exchange (the winery holds %s)", p.name, cubes(give, grapeLetters), cubes(p.still, grapeLetters))
	}
	for t := range 3 {
		if get[t] > s.supplyLeft(t)+give[t] {
			return fail(2, "no %s is left in the supply", grapeNames[t])
		}
	}
	sub(&p.still, &give)
	add(&p.still, &get)
	p.pp += s.r.Exchange.PP
	return nil
}

// check compares a check line with the state.
func (s *state) check(l *validate.Line) *ruleError {
	// applyLine has run the automatic steps already.
	who := lineSeat(s, l)
	p := s.players[who]
	pairs := l.Pairs()
	for i := range pairs {
		pr := &pairs[i] // not copied: a check line has a pair per count
		if s.sameValue(who, p, pr.Key, pr.Value) {
			continue
		}
		e := s.checkDiffers(who, p, pr)
		if e == nil {
			continue
		}
		if e.code != validate.CodeCheck {
			return e
		}
		// The line's other differences too: they point at the line that
		// went wrong (money and loans: a loans line missing). A pair that
		// cannot be read ends them; as played, it is reported next.
		var also []string
		var unreadable *ruleError
		for j := i + 1; j < len(pairs); j++ {
			if o := &pairs[j]; !s.sameValue(who, p, o.Key, o.Value) {
				f := s.checkDiffers(who, p, o)
				if f != nil && f.code != validate.CodeCheck {
					unreadable = f
					break
				}
				if f != nil {
					also = append(also, f.msg)
				}
			}
		}
		e.msg = validate.WithAlso(e.msg, also)
		return s.checkFailed(e, unreadable)
	}
	return nil
}

// checkFailed is the error of a check line whose first difference is e
// (the line's others in its message) and whose pair unreadable, past it,
// cannot be read (nil when none): as played, e is noted as the table's
// memory and the replay stops at unreadable, as in the other games; it was
// passed over without a word.
func (s *state) checkFailed(e, unreadable *ruleError) *ruleError {
	if unreadable == nil || !s.asPlayed {
		return e
	}
	s.disputes = append(s.disputes, e)
	return unreadable
}

// checkDiffers is the error for a check pair whose value is not the
// state's (nil when it is, written otherwise).
func (s *state) checkDiffers(who int, p *player, pr *validate.Pair) *ruleError {
	q, known := s.checkQuantity(who, p, pr.Key)
	if !known {
		return unknownCheckKey(pr)
	}
	if e := notANumber(pr.Tok, pr.Key, pr.Value); e != nil {
		return e
	}
	var got, want string
	switch {
	case q.isNum:
		if n, err := strconv.Atoi(pr.Value); err == nil && n == q.num {
			return nil // eco=+1, press=09: the number, written otherwise
		}
		got = strconv.Itoa(q.num)
	case q.cubes != nil:
		n0, n1, n2, ok := cubeCountsOf(pr.Value, q.letters)
		if !ok {
			return notCubes(pr, q.letters)
		}
		got, want = cubes(*q.cubes, q.letters), cubes([3]int{n0, n1, n2}, q.letters)
	default:
		// The council before its first order: no position, written `-`
		// as the lists write none.
		if pr.Value == "" || pr.Value == "-" {
			return nil
		}
		return &ruleError{tok: pr.Tok, code: validate.CodeCheck, msg: fmt.Sprintf("%s has %s=- (%s: none until every inheritance is resolved), not %s as checked", p.name, pr.Key, checkKeyWords[pr.Key], pr.Value)}
	}
	if want == "" {
		want = pr.Value
	}
	if want == "" { // `pp=`: "not  as checked" hid what was written
		want = "empty"
	}
	if got != want {
		return &ruleError{tok: pr.Tok, code: validate.CodeCheck, msg: fmt.Sprintf("%s has %s=%s (%s), not %s as checked", p.name, pr.Key, got, checkKeyWords[pr.Key], want)}
	}
	return nil
}

// unknownCheckKey is the error for a key no player's check line has.
func unknownCheckKey(pr *validate.Pair) *ruleError {
	e := syntax(pr.Tok, "unknown check key %q: %s", pr.Key, strings.Join(checkKeys, ", ")).withHint(pr.Key, checkKeys)
	if k, ok := checkKeyFor[pr.Key]; ok {
		e.hint = "did you mean " + k + "?"
	}
	return e
}

// notANumber is the error for a count checked as no number (pp=6F), or
// nil: compared as text, it read "Ann has pp=6 (Prestige Points), not 6F
// as checked", as if the count were merely different. The lists of cubes
// are letters (notCubes), and the council is a number or - (none yet); a
// value left empty keeps its message ("not empty as checked"). A count
// may be negative (pp, eco): -2 is a number.
func notANumber(tok int, key, v string) *ruleError {
	switch {
	case v == "" || key == "still" || key == "cellar" || key == "oeno" || key == "grid":
		return nil
	case key == "council" && v == "-":
		return nil
	}
	if _, err := strconv.Atoi(v); err == nil {
		return nil
	}
	// The number it may have meant: its sign and digits (-1 of -1x), or N.
	n := 0
	if v[0] == '-' {
		n++
	}
	for n < len(v) && v[n] >= '0' && v[n] <= '9' {
		n++
	}
	digits := v[:n]
	switch digits {
	case v: // digits too many for an int: a number still, that differs
		return nil
	case "", "-":
		digits = "N"
	}
	return syntax(tok, "%s is checked as a whole number: write %s=%s, not %q", key, key, digits, v)
}

// notCubes is the error for a list of cubes with a letter that is not one
// of letters.
func notCubes(pr *validate.Pair, letters string) *ruleError {
	e := syntax(pr.Tok, "%s", notLetter(pr.Value, letters))
	e.hint = fmt.Sprintf("%s= lists its cubes by letter (%s=%s), or - for none", pr.Key, pr.Key, letters)
	return e
}

// checkGrammar reads a player's check line without the state: its keys,
// its counts and its lists of cubes (Game.Grammar).
func checkGrammar(l *validate.Line) *ruleError {
	pairs := l.Pairs()
	for i := range pairs {
		pr := &pairs[i]
		letters := ""
		switch pr.Key {
		case "pp", "eco", "press", "modules", "vineyards", "council", "tokens":
		case "still":
			letters = grapeLetters
		case "cellar", "oeno", "grid":
			letters = cuveeLetters
		default:
			return unknownCheckKey(pr)
		}
		if letters != "" {
			if _, _, _, ok := cubeCountsOf(pr.Value, letters); !ok {
				return notCubes(pr, letters)
			}
		}
		if e := notANumber(pr.Tok, pr.Key, pr.Value); e != nil {
			return e
		}
	}
	return nil
}

// errLazySyntax is applyLine's answer for a lazy check line with a syntax
// error: play stops (see there).
var errLazySyntax = &ruleError{code: validate.CodeSyntax, msg: "a lazy line with a syntax error"}

// checkTextHook, when set (by a test), is told of every lazy line the
// replay reaches whole and whether checkText confirmed it.
var checkTextHook func(l *validate.Line, confirmed bool)

// sameValue tells whether a check's value for key is what the table
// shows of player who (p): what check accepts without a word. What it
// accepts is made of letters, digits and '-' only, bytes the reader
// takes as they are written (lazyShape).
func (s *state) sameValue(who int, p *player, key, v string) bool {
	// The keys of the usual check line, compared with the table at once:
	// building checkQuantity's quantity and then reading it cost more than
	// the comparison, for every pair of every check line. The others go
	// through checkQuantity (TestSameValueAsCheckQuantity holds the two
	// ways to the same answers).
	switch key {
	case "pp":
		return isDecimal(v, p.pp)
	case "eco":
		return isDecimal(v, s.r.ecoValue(p.eco))
	case "press":
		return isDecimal(v, p.press)
	case "modules":
		return isDecimal(v, p.modules)
	case "still":
		return sameCubes(v, grapeLetters, &p.still)
	case "cellar":
		return sameCubes(v, cuveeLetters, &p.cellar)
	case "oeno":
		return sameCubes(v, cuveeLetters, &p.oeno)
	case "grid":
		return sameCubes(v, cuveeLetters, &p.grid)
	}
	q, known := s.checkQuantity(who, p, key)
	switch {
	case !known:
		return false
	case q.isNum:
		return isDecimal(v, q.num)
	case q.cubes != nil:
		return sameCubes(v, q.letters, q.cubes)
	}
	return false
}

// quantity is what a check key shows of a player: a count (isNum), or
// cubes by letter, or neither (the council place of a player who has
// none).
type quantity struct {
	isNum   bool
	num     int
	cubes   *[3]int
	letters string
}

// checkQuantity is what check key shows of player who (p); known is
// false when key is no check key.
func (s *state) checkQuantity(who int, p *player, key string) (q quantity, known bool) {
	switch key {
	case "pp":
		q.num, q.isNum = p.pp, true
	case "eco":
		q.num, q.isNum = s.r.ecoValue(p.eco), true
	case "press":
		q.num, q.isNum = p.press, true
	case "modules":
		q.num, q.isNum = p.modules, true
	case "vineyards":
		q.num, q.isNum = len(p.vines), true
	case "council":
		for i, o := range s.order {
			if o == who { // indexOf(s, p.name): the line's player
				q.num, q.isNum = i+1, true
			}
		}
	case "still":
		q.cubes, q.letters = &p.still, grapeLetters
	case "cellar":
		q.cubes, q.letters = &p.cellar, cuveeLetters
	case "oeno":
		q.cubes, q.letters = &p.oeno, cuveeLetters
	case "grid":
		q.cubes, q.letters = &p.grid, cuveeLetters
	case "tokens":
		q.num, q.isNum = tokenCount(p), true
	default:
		return q, false
	}
	return q, true
}

// sameCubes tells whether a written list of cubes (by letter) is src.
func sameCubes(v, letters string, src *[3]int) bool {
	n0, n1, n2, ok := cubeCountsOf(v, letters)
	return ok && n0 == src[0] && n1 == src[1] && n2 == src[2]
}

// checkText confirms a lazy check line (validate.Line.Lazy) from its
// text, without the reader's tokens and pairs: one written key=value
// with one blank between pairs, whose every value is what the table
// shows. Keys are lower-case words and the values sameValue accepts are
// letters, digits and '-': the reader's pairs of such a line would be
// these keys and values, so check would find nothing either. Any other
// line is read in full (Expand, check), which writes the message.
func (s *state) checkText(l *validate.Line) bool {
	who := lineSeat(s, l)
	p := s.players[who]
	text := l.LazyText()
	// The line as the state prints it (usualCheck), which is how tables
	// nearly always write it: one comparison confirms every pair, each of
	// which sameValue would accept. Any other line, or a value that
	// differs, is read pair by pair below.
	var printed [192]byte // room for appendCubes's stores
	if text == string(s.appendUsualCheck(printed[:0], p)) {
		l.ConfirmLazy()
		return true
	}
	for len(text) > 0 {
		eq := strings.IndexByte(text, '=')
		if eq <= 0 {
			return false
		}
		end := strings.IndexByte(text, ' ')
		if end < 0 {
			end = len(text)
		}
		if end < eq || !s.sameValue(who, p, text[:eq], text[eq+1:end]) {
			return false
		}
		text = text[min(end+1, len(text)):]
	}
	l.ConfirmLazy()
	return true
}

// appendUsualCheck appends the pairs of the usual check line of p, as the
// generated records and the notation's example write them: "pp=3 eco=2
// press=4 modules=5 still=MMP cellar=T oeno=- grid=-", the counts in
// decimal, the cubes in the letters' order ("-" for none). Each value is
// the one sameValue accepts for its key (isDecimal takes one spelling of
// a number, sameCubes any order of the letters), so a line written so is
// confirmed by one comparison (checkText).
func (s *state) appendUsualCheck(b []byte, p *player) []byte {
	b = append(b, "pp="...)
	b = strconv.AppendInt(b, int64(p.pp), 10)
	b = append(b, " eco="...)
	b = strconv.AppendInt(b, int64(s.r.ecoValue(p.eco)), 10)
	b = append(b, " press="...)
	b = strconv.AppendInt(b, int64(p.press), 10)
	b = append(b, " modules="...)
	b = strconv.AppendInt(b, int64(p.modules), 10)
	b = append(b, " still="...)
	b = appendCubes(b, &p.still, grapeLetters)
	b = append(b, " cellar="...)
	b = appendCubes(b, &p.cellar, cuveeLetters)
	b = append(b, " oeno="...)
	b = appendCubes(b, &p.oeno, cuveeLetters)
	b = append(b, " grid="...)
	return appendCubes(b, &p.grid, cuveeLetters)
}

// appendCubes appends cubes(c, letters).
func appendCubes(b []byte, c *[3]int, letters string) []byte {
	n := len(b)
	k0, k1, k2 := c[0], c[1], c[2]
	if uint(k0) > 16 || uint(k1) > 16 || uint(k2) > 16 || cap(b)-n < 48 {
		return appendCubesByOne(b, c, letters)
	}
	// Each letter's run written 16 bytes at once at its place, the next
	// run over the excess, the length cut after: no branch on the
	// counts, which a loop per cube mispredicted at each run's end.
	w := b[n : n+48]
	putRun(w[0:], letters[0])
	putRun(w[k0:], letters[1])
	putRun(w[k0+k1:], letters[2])
	t := k0 + k1 + k2
	// '-' for no cube, where the first run's letter is: the sign of -t
	// picks it without a branch.
	pick := byte(uint(-t) >> 63) // 1 when t > 0
	w[0] = '-' + pick*(w[0]-'-')
	return b[:n+max(t, 1)]
}

// putRun writes 16 copies of x at the start of w.
func putRun(w []byte, x byte) {
	run := uint64(x) * 0x0101010101010101
	binary.LittleEndian.PutUint64(w[:8], run)
	binary.LittleEndian.PutUint64(w[8:16], run)
}

// appendCubesByOne is appendCubes for a count over 16, or a buffer short
// of room.
func appendCubesByOne(b []byte, c *[3]int, letters string) []byte {
	n := len(b)
	for i := range 3 {
		for range c[i] {
			b = append(b, letters[i])
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	return b
}

// lazyShape tells whether a lazy check line's pairs read without an
// error, each a word of its own: only letters, digits, '-', '=' and
// blanks, and an '=' after the first byte of every word. Then the replay
// can read the line when it comes (checkText). play asks it of the last
// line only, before the automatic steps run for it: a record that ends
// with a line the reader cannot read ends before that line.
func lazyShape(text string) bool {
	word, eq := 0, -1 // the current word's bytes so far, and its first '='
	for i := 0; i < len(text); i++ {
		switch shapeBytes[text[i]] {
		case shapePlain:
			word++
		case shapeEquals:
			if eq < 0 {
				eq = word
			}
			word++
		case shapeBlank:
			if word > 0 && eq <= 0 {
				return false
			}
			word, eq = 0, -1
		default:
			return false
		}
	}
	return word == 0 || eq > 0
}

// shapeBytes classes the bytes for lazyShape (0: any other).
var shapeBytes = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-':
			t[c] = shapePlain
		case c == '=':
			t[c] = shapeEquals
		case c == ' ':
			t[c] = shapeBlank
		}
	}
	return t
}()

const (
	shapePlain = 1 + iota
	shapeEquals
	shapeBlank
)

// checkKeys are the keys of a player's check line; merchantCheckKeys the
// Wine Merchant's.
var (
	checkKeys         = []string{"pp", "eco", "press", "modules", "still", "cellar", "oeno", "grid", "vineyards", "council", "tokens"}
	merchantCheckKeys = []string{"pp", "eco", "cellar", "oeno", "grid"}
	// checkKeyWords says each key in the rulebook's words, for a check
	// that differs (TestEveryCheckKeyHasWords).
	checkKeyWords = map[string]string{"pp": "Prestige Points", "eco": "the eco-responsibility report",
		"press": "the Press level", "modules": "Winery modules", "still": "still wines in the winery",
		"cellar": "cuvées in the cellar", "oeno": "cuvées in the œnothèque", "grid": "cuvées on the Marketing Strategy grid",
		"vineyards": "Vineyard cards", "council": "the Council of Cellar Masters position", "tokens": "bonus tokens"}
	// checkKeyFor maps the words a table says for a count to its key.
	checkKeyFor = map[string]string{"prestige": "pp", "points": "pp", "score": "pp", "eco-responsibility": "eco",
		"report": "eco", "wines": "still", "winery": "still", "cuvees": "cellar", "oenotheque": "oeno",
		"œnothèque": "oeno", "marketing": "grid", "vines": "vineyards", "order": "council", "level": "press"}
)

// merchantClaim reads `merchant claim POINTS`, the Wine Merchant's score
// as the table wrote it down (in a solo game, the one the player must
// beat): compared at the end with the others' claims.
func (s *state) merchantClaim(l *validate.Line) *ruleError {
	n, err := strconv.Atoi(l.Word(2))
	if len(l.Tokens) != 3 || err != nil {
		return syntax(len(l.Tokens)-1, "the Wine Merchant's claim is `merchant claim POINTS`")
	}
	s.advance() // the final scoring, if the game is over
	if s.final == nil {
		return &ruleError{tok: -1, code: validate.CodeMissing, msg: fmt.Sprintf("the Wine Merchant's claim comes before the game ends (%s): next, %s", s.where(), s.expectText())}
	}
	s.claims = append(s.claims, l.AsClaim(champagne.MerchantName, n))
	return nil
}

// merchantCheck compares `merchant check KEY=VALUE …` with the Wine
// Merchant's board: pp, eco, cellar, oeno, grid.
func (s *state) merchantCheck(l *validate.Line) *ruleError {
	m := s.merchant
	if len(l.Tokens) < 3 {
		return merchantCheckForm(1)
	}
	// The first difference, with the line's others (as a player's check);
	// a pair that cannot be read ends the line.
	var first, unreadable *ruleError
	var also []string
pairs:
	for i := 2; i < len(l.Tokens); i++ {
		// The key lower-cased (no allocation when it is already); the
		// value as written, lower-cased only for a message.
		k, v, ok := strings.Cut(l.Word(i), "=")
		k = lower(k)
		if !ok {
			unreadable = merchantCheckForm(i)
			break pairs
		}
		var got, want string
		num := 0
		switch k {
		case "pp":
			num = m.pp
		case "eco":
			num = s.r.ecoValue(m.eco)
		case "cellar", "oeno", "grid":
			c, ok := cubeCounts(v, cuveeLetters)
			if !ok {
				unreadable = merchantNotCubes(i, k, v)
				break pairs
			}
			src := m.grid
			switch k {
			case "cellar":
				src = m.cellar
			case "oeno":
				src = m.oeno
			}
			if c == src {
				continue
			}
			got, want = cubes(src, cuveeLetters), cubes(c, cuveeLetters)
		default:
			unreadable = merchantUnknownKey(i, k)
			break pairs
		}
		if want == "" {
			// A number: compared without formatting it (no upper-case
			// letter lower-cases to a digit).
			if isDecimal(v, num) {
				continue
			}
			if e := notANumber(i, k, v); e != nil {
				unreadable = e
				break pairs
			}
			if n, err := strconv.Atoi(v); err == nil && n == num {
				continue // +1 or 01: the number, written otherwise
			}
			got, want = strconv.Itoa(num), strings.ToLower(v)
			if want == "" { // as a player's check says it
				want = "empty"
			}
		}
		if got != want {
			msg := fmt.Sprintf("the Wine Merchant has %s=%s (%s), not %s as checked", k, got, checkKeyWords[k], want)
			if first == nil {
				first = &ruleError{tok: i, code: validate.CodeCheck, msg: msg}
			} else {
				also = append(also, msg)
			}
		}
	}
	if first == nil {
		return unreadable // nil, or the line's first pair that cannot be read
	}
	first.msg = validate.WithAlso(first.msg, also)
	return s.checkFailed(first, unreadable)
}

// merchantCheckForm, merchantNotCubes and merchantUnknownKey are the
// syntax errors of the Wine Merchant's check line: the replay's, and the
// grammar's after the replay stopped (merchantCheckGrammar).
func merchantCheckForm(tok int) *ruleError {
	return syntax(tok, "merchant check KEY=VALUE …: pp, eco, cellar, oeno, grid")
}

func merchantNotCubes(tok int, key, v string) *ruleError {
	e := syntax(tok, "%s", notLetter(strings.ToLower(v), cuveeLetters))
	e.hint = fmt.Sprintf("%s= lists the Wine Merchant's cuvées by letter (%s=TNB), or - for none", key, key)
	return e
}

func merchantUnknownKey(tok int, key string) *ruleError {
	e := syntax(tok, "unknown check key %q for the Wine Merchant: %s", key, strings.Join(merchantCheckKeys, ", ")).withHint(key, merchantCheckKeys)
	if k, ok := checkKeyFor[key]; ok && slices.Contains(merchantCheckKeys, k) {
		e.hint = "did you mean " + k + "?"
	}
	return e
}

// merchantCheckGrammar reads `merchant check …` without the state: the
// form of its pairs, its keys, its counts and its lists of cuvées
// (Game.Grammar).
func merchantCheckGrammar(l *validate.Line) *ruleError {
	if len(l.Tokens) < 3 {
		return merchantCheckForm(1)
	}
	for i := 2; i < len(l.Tokens); i++ {
		k, v, ok := strings.Cut(l.Word(i), "=")
		k = lower(k)
		switch {
		case !ok:
			return merchantCheckForm(i)
		case k == "pp" || k == "eco":
			if e := notANumber(i, k, v); e != nil {
				return e
			}
		case k == "cellar" || k == "oeno" || k == "grid":
			if _, ok := cubeCounts(v, cuveeLetters); !ok {
				return merchantNotCubes(i, k, v)
			}
		default:
			return merchantUnknownKey(i, k)
		}
	}
	return nil
}

// isDecimal reports whether w is n as strconv.Itoa writes it, without
// formatting n: digits read one by one, no sign but a minus, no leading
// zero.
func isDecimal(w string, n int) bool {
	if n < 0 {
		if len(w) < 2 || w[0] != '-' {
			return false
		}
		w, n = w[1:], -n
	}
	if len(w) == 0 || len(w) > 18 || (w[0] == '0' && len(w) > 1) {
		return false
	}
	v := 0
	for i := 0; i < len(w); i++ {
		d := w[i] - '0'
		if d > 9 {
			return false
		}
		v = v*10 + int(d)
	}
	return v == n
}

func tokenCount(p *player) int {
	n := 0
	for _, c := range p.tokens { // per kind
		n += c
	}
	return n
}
