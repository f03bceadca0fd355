// Package tally reads scorepad-mode records of AOC: Age of Champagne
// (`vintner score --game age-of-champagne --tally FILE`): the end-state
// counts of each player, one `tally` line each, scored by
// score/champagne with the component tables in force.
//
// Grammar (after the shared header: `players`, optional `variant`):
//
//	tally NAME pp=N [REGION=CARDS[/GRAPES]]... [still=N|WINES] [cellar=N|CUVEES]
//	      [oeno=N|CUVEES] [grid=N] eco=VALUE [council=N] [protection=yes|no]
//	merchant pp=N [cellar=N|CUVEES] [oeno=N|CUVEES] eco=VALUE [council=N]
//	claim NAME POINTS
//
// REGION is marne, reims, blancs, sezanne or bar: the Vineyard cards held
// there (Coteaux Vitryats cards in the region chosen, a land token as a
// card) and, after a slash, the grapes they produce, which only a tie for
// the Major Vineyard needs. eco is the value on the eco-responsibility
// report (+4 at level 7). council is the position at the Council of Cellar
// Masters, needed only to break a tie. A `merchant` line is the Wine
// Merchant; with one player it is the solo game, and `variant
// merchant=LEVEL` names his difficulty.
package tally

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/prose"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/score/champagne"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/champagne/tables"
)

// entry is one tally line read.
type entry struct {
	line    *validate.Line
	p       champagne.PlayerTally
	grapes  map[string]bool // regions whose grapes were written
	council bool            // council position written
	keyTok  map[string]int  // key → token index, for errors
}

// ScoreTally reads a scorepad-mode record and scores it. Tables come from
// opt.Tables (a --tables file or the record's `rules` line), else the
// defaults. Claims are compared with the result.
func ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	rep := &validate.Report{Game: champagne.Game, Players: rec.Players}
	tb, diags := tables.Load(opt)
	if diags.HasErrors() {
		rep.Diagnostics = diags
		return rep
	}
	r := &reader{rec: rec, tb: tb, bySeat: map[string]*entry{}}
	r.variants()
	var claims []*validate.Line
	var merchantClaim *validate.Line // the first `merchant claim` line
	merchantLine := false            // a `merchant pp=… eco=…` line
	for _, l := range rec.Lines {
		if opt.Truncated(l) {
			break
		}
		switch l.Kind {
		case validate.KindClaim:
			claims = append(claims, l)
			continue
		case validate.KindCheck:
			r.errf(l, 0, validate.CodeSyntax, "a tally has no `check` lines: write `tally NAME key=value …`")
			continue
		case validate.KindAction:
			r.errf(l, -1, validate.CodeSyntax, "a tally has no actions: write `tally %s pp=… eco=…` with the counts at the end of the game", validate.QuoteName(l.Player))
			continue
		}
		switch l.Verb {
		case "tally":
			r.tally(l)
		case "merchant":
			if strings.EqualFold(l.Word(1), "claim") {
				// His score as written down, as a replay reads it.
				n, err := strconv.Atoi(l.Word(2))
				if len(l.Tokens) != 3 || err != nil {
					r.errf(l, len(l.Tokens)-1, validate.CodeSyntax, "the Wine Merchant's claim is `merchant claim POINTS`")
					continue
				}
				claims = append(claims, l.AsClaim(champagne.MerchantName, n))
				if merchantClaim == nil {
					merchantClaim = l
				}
				continue
			}
			merchantLine = true
			r.readMerchant(l)
		default:
			r.errf(l, 0, validate.CodeSyntax, "a tally line is `tally NAME pp=N … eco=N` (or `merchant …`, `claim NAME N`), not %q", l.Word(0))
		}
	}
	if merchantClaim != nil && !merchantLine {
		// As a replay says it: the claim was compared with no one.
		r.errf(merchantClaim, 0, validate.CodeRule, "there is no Wine Merchant in this game: his claim goes with his `merchant pp=… eco=…` line")
	}
	if len(r.diags) > 0 || (opt.AtLine > 0 && lastLine(rec) > opt.AtLine) {
		rep.Diagnostics = r.diags
		return rep
	}
	gt, ok := r.game()
	if !ok {
		rep.Diagnostics = r.diags
		return rep
	}
	res := champagne.Score(gt)
	r.checkTies(res)
	if len(r.diags) > 0 {
		rep.Diagnostics = r.diags
		return rep
	}
	res.Notes = append(res.Notes, tb.ScoreNotes(res)...)
	rep.Result = res
	validate.CompareClaims(rep, claims, "")
	rep.Diagnostics = append(r.diags, rep.Diagnostics...)
	return rep
}

func lastLine(rec *validate.Record) int {
	if len(rec.Lines) == 0 {
		return 0
	}
	return rec.Lines[len(rec.Lines)-1].Num
}

type reader struct {
	rec      *validate.Record
	tb       *tables.Tables
	entries  []*entry // in seat order after game()
	bySeat   map[string]*entry
	merchant *entry
	diags    validate.Diagnostics
}

func (r *reader) errf(l *validate.Line, tok int, code, format string, args ...any) {
	d := validate.Errorf(l, tok, code, format, args...)
	d.Game = champagne.Game
	r.diags = append(r.diags, d)
}

// variants refuses a variant the game does not have: the replay's, which
// a tally may keep from the record's header, and solo; merchant=LEVEL is
// checked with the Wine Merchant's line.
func (r *reader) variants() {
	levelBy := "" // the variant that named the Wine Merchant's level
	for _, l := range r.rec.VariantLine {
		for i := 1; i < len(l.Tokens); i++ {
			v := l.Tokens[i].Text
			k, val, _ := strings.Cut(strings.ToLower(v), "=")
			switch k {
			case "merchant", "wine-merchant":
				// The reader refuses a variant given twice by one name,
				// not by the two names of this one.
				if levelBy != "" {
					msg := fmt.Sprintf("variant %s contradicts %s, given before: a variant has one value", strings.ToLower(v), levelBy)
					if _, prev, _ := strings.Cut(levelBy, "="); r.sameLevel(prev, val) {
						msg = fmt.Sprintf("variant %s is given twice (%s before)", strings.ToLower(v), levelBy)
					}
					r.errf(l, i, validate.CodeHeader, "%s", msg)
				}
				levelBy = strings.ToLower(v)
				continue
			case "first-game", "trade-partnership", "high-tension", "solo":
				continue
			}
			d := validate.Errorf(l, i, validate.CodeHeader, "unknown variant %q: solo | merchant=easy|medium|hard|extreme (first-game, trade-partnership and high-tension change no score)", v)
			d.Hint = validate.DidYouMean(k, []string{"solo", "merchant", "first-game", "trade-partnership", "high-tension"})
			if h := tables.OptionHint(v); h != "" {
				d.Hint = h
			}
			d.Game = champagne.Game
			r.diags = append(r.diags, d)
		}
	}
}

// sameLevel reports whether two of the Wine Merchant's level words (a
// key, its alias, or none for easy) name one level.
func (r *reader) sameLevel(a, b string) bool {
	if a == "" {
		a = "easy"
	}
	if b == "" {
		b = "easy"
	}
	ma, oka := r.tb.MerchantLevel(a)
	mb, okb := r.tb.MerchantLevel(b)
	return a == b || (oka && okb && ma == mb)
}

// inSentence is a name as a sentence says it: "the Wine Merchant", a
// player's name as written.
func (r *reader) inSentence(name string) string {
	if r.merchant != nil && name == r.merchant.p.Name {
		return "the " + name
	}
	return name
}

func (r *reader) tally(l *validate.Line) {
	if len(l.Tokens) < 2 {
		r.errf(l, 1, validate.CodeSyntax, "write `tally NAME pp=N … eco=N`")
		return
	}
	name := l.Word(1)
	if !r.rec.HasPlayer(name) {
		d := validate.Errorf(l, 1, validate.CodeSyntax, "%s is not a player of this game (players: %s)", name, validate.PlayerList(r.rec.Players))
		d.Hint = validate.DidYouMean(name, r.rec.Players)
		d.Game = champagne.Game
		r.diags = append(r.diags, d)
		return
	}
	if prev, dup := r.bySeat[name]; dup {
		r.errf(l, 1, validate.CodeSyntax, "%s's tally is already on line %d", name, prev.line.Num)
		return
	}
	e := &entry{line: l, p: champagne.PlayerTally{Name: name, Seat: r.rec.Seat(name) + 1}}
	if r.read(e, 2) {
		r.bySeat[name] = e
	}
}

func (r *reader) readMerchant(l *validate.Line) {
	if r.merchant != nil {
		r.errf(l, 0, validate.CodeSyntax, "the Wine Merchant's tally is already on line %d", r.merchant.line.Num)
		return
	}
	e := &entry{line: l, p: champagne.PlayerTally{Name: champagne.MerchantName, Merchant: true}}
	if r.read(e, 1) {
		r.merchant = e
	}
}

// read reads the key=value words of a tally line from token from on.
func (r *reader) read(e *entry, from int) bool {
	l := e.line
	p := &e.p
	p.Cards, p.Grapes = map[string]int{}, map[string]int{}
	e.grapes, e.keyTok = map[string]bool{}, map[string]int{}
	who := p.Name
	bad := func(i int, format string, args ...any) bool {
		r.errf(l, i, validate.CodeSyntax, format, args...)
		return false
	}
	for i := from; i < len(l.Tokens); i++ {
		w := l.Word(i)
		if w == "," {
			return bad(i, "tally words are separated by spaces: key=value key=value")
		}
		k, v, ok := strings.Cut(w, "=")
		k = strings.ToLower(k)
		if !ok || k == "" || v == "" {
			return bad(i, "a tally counts key=value, not %q (pp= eco= still= cellar= oeno= grid= council= protection= and a count per region)", w)
		}
		if _, dup := e.keyTok[k]; dup {
			return bad(i, "%s= is given twice for %s", k, who)
		}
		e.keyTok[k] = i
		if reg, isRegion := r.tb.Region(k); isRegion {
			if p.Merchant {
				return bad(i, "the Wine Merchant owns no vineyards")
			}
			cards, grapes, hasGrapes := strings.Cut(v, "/")
			n, err := strconv.Atoi(cards)
			if err != nil || n < 0 || n > maxCount {
				return bad(i, "%s=%s: the Vineyard cards held in %s are a count from 0 to %d, then /GRAPES if a tie needs them (%s=2/5)", k, v, reg.Name, maxCount, reg.Key)
			}
			p.Cards[reg.Key] = n
			if hasGrapes {
				g, err := strconv.Atoi(grapes)
				if err != nil || g < 0 || g > maxCount {
					return bad(i, "%s=%s: the grapes produced in %s are a count from 0 to %d (%s=%d/5)", k, v, reg.Name, maxCount, reg.Key, n)
				}
				p.Grapes[reg.Key] = g
				e.grapes[reg.Key] = true
			}
			continue
		}
		switch k {
		case "pp":
			n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
			if err != nil || n < -maxPrestige || n > maxPrestige {
				return bad(i, "pp= is %s's prestige on the score track, a whole number from -%d to %d, not %q", who, maxPrestige, maxPrestige, v)
			}
			p.Prestige = n
		case "eco":
			n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
			if err != nil {
				return bad(i, "eco= is the value on %s's eco-responsibility report, not %q", who, v)
			}
			pos, ok := r.tb.Eco.Position(n)
			if !ok {
				ev := r.tb.Eco.Values
				return bad(i, "the eco-responsibility report has no %+d (it runs from %+d to %+d)", n, ev[0], ev[len(ev)-1])
			}
			p.Eco, p.EcoPos = n, pos
		case "still":
			if p.Merchant {
				return bad(i, "the Wine Merchant has no winery")
			}
			n, ok := r.count(v, r.grapeLetter)
			if !ok {
				return bad(i, "still= counts the still wines in %s's winery: a number from 0 to %d or their letters (MMPC), not %q", who, maxCount, v)
			}
			if most := r.tb.Winery.CapacityOf(r.tb.Winery.Max); n > most {
				return bad(i, "a winery holds at most %d still wines, not %d", most, n)
			}
			p.Still = n
		case "cellar":
			n, ok := r.count(v, r.cuveeLetter)
			if !ok {
				return bad(i, "cellar= counts the cuvées in %s's cellar: a number from 0 to %d or their letters (TTNB), not %q", who, maxCount, v)
			}
			if n > r.tb.CellarMax {
				return bad(i, "the cellar holds at most %d cuvées, not %d", r.tb.CellarMax, n)
			}
			p.Cellar = n
		case "oeno", "oenotheque":
			n, ok := r.count(v, r.cuveeLetter)
			if !ok {
				return bad(i, "oeno= counts the cuvées in %s's œnothèque: a number from 0 to %d or their letters (TN), not %q", who, maxCount, v)
			}
			if n > r.tb.OenothequeMax {
				return bad(i, "the œnothèque holds at most %d cuvées, not %d", r.tb.OenothequeMax, n)
			}
			p.Oeno = n
		case "grid":
			n, err := strconv.Atoi(v)
			most := r.tb.Marketing.Slots * len(r.tb.Cuvees)
			if err != nil || n < 0 {
				return bad(i, "grid= counts the cubes on %s's Marketing Strategy grid, not %q", who, v)
			}
			if n > most {
				return bad(i, "the Marketing Strategy grid holds at most %d cubes, not %d", most, n)
			}
			p.Grid = n
		case "council":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return bad(i, "council= is %s's position at the Council of Cellar Masters (1 = first), not %q", who, v)
			}
			p.Council, e.council = n, true
		case "protection":
			if p.Merchant {
				return bad(i, "the Wine Merchant ignores Protection tokens")
			}
			switch strings.ToLower(v) {
			case "yes", "1", "true":
				p.Protection = true
			case "no", "0", "false":
			default:
				return bad(i, "protection= says whether %s still holds an unused Protection against the cold token: yes or no", who)
			}
		case r.tb.Wild.Key, "land":
			if k == "land" && r.tb.Option("land-token") == "ignored" {
				// Counted among the cards it would score: the ruling
				// says it does not.
				return bad(i, "a land token scores nothing under the house ruling land-token ignored: leave it out of the region's cards (%s=CARDS)", strings.Join(r.tb.RegionKeys(), "= "))
			}
			return bad(i, "count a %s among the cards of the region it was placed in (%s=CARDS)", map[bool]string{true: "Coteaux Vitryats card", false: "land token"}[k != "land"], strings.Join(r.tb.RegionKeys(), "= "))
		default:
			if c, ok := validate.PadRow(k, champagne.Categories); ok {
				return bad(i, "%q is the scorepad's row %q%s", k, c.Title(), r.padAdvice(c.Key, p, v))
			}
			keys := append([]string{"pp", "eco", "still", "cellar", "oeno", "grid", "council", "protection"}, r.tb.RegionKeys()...)
			d := validate.Errorf(l, i, validate.CodeSyntax, "%s= is not a tally count (pp= eco= still= cellar= oeno= grid= council= protection= %s=)",
				k, strings.Join(r.tb.RegionKeys(), "= "))
			d.Hint = validate.DidYouMean(k, keys)
			d.Game = champagne.Game
			r.diags = append(r.diags, d)
			return false
		}
	}
	for _, k := range []string{"pp", "eco"} {
		if _, ok := e.keyTok[k]; !ok {
			what := map[string]string{"pp": "prestige on the score track (pp=N)", "eco": "eco-responsibility report (eco=N)"}[k]
			return bad(len(l.Tokens), "%s's tally needs the %s", who, what)
		}
	}
	return true
}

// maxCount and maxPrestige bound a tally's numbers, far above what a
// game reaches, so that no sum of them can overflow.
const (
	maxCount    = 999
	maxPrestige = 9999
)

// count reads a count as a number or as a word of letters.
func (r *reader) count(v string, letter func(rune) bool) (int, bool) {
	if n, err := strconv.Atoi(v); err == nil {
		return n, n >= 0 && n <= maxCount
	}
	n := 0
	for _, c := range strings.ToUpper(v) {
		if !letter(c) {
			return 0, false
		}
		n++
	}
	return n, true
}

func (r *reader) grapeLetter(c rune) bool { _, ok := r.tb.Grape(string(c)); return ok }
func (r *reader) cuveeLetter(c rune) bool { _, ok := r.tb.Cuvee(string(c)); return ok }

// game checks the tally as a whole and builds the score input.
func (r *reader) game() (champagne.GameTally, bool) {
	gt := champagne.GameTally{Rules: r.tb.ScoreRules()}
	players := r.rec.HeaderLine("players")
	if len(r.rec.Players) > r.tb.MaxPlayers { // as a replay counts them
		r.errf(players, 1, validate.CodeHeader, "Age of Champagne is played by 1 to %d players, not %d", r.tb.MaxPlayers, len(r.rec.Players))
		return gt, false
	}
	for i, name := range r.rec.Players {
		if strings.EqualFold(name, champagne.MerchantName) { // two rows of one name, as a replay refuses
			r.errf(players, i+1, validate.CodeHeader, "%q is the Wine Merchant's name in the results: a player is called otherwise", name)
			return gt, false
		}
	}
	for i, name := range r.rec.Players {
		e, ok := r.bySeat[name]
		if !ok {
			r.errf(players, i+1, validate.CodeMissing, "the tally has no line for %s: write `tally %s pp=… eco=…`", name, validate.QuoteName(name))
			continue
		}
		r.entries = append(r.entries, e)
	}
	if len(r.rec.Players) > 1 {
		// solo names the game of one player; more players with the
		// Merchant are variant merchant=LEVEL (a tally read as solo
		// would be scored as the game it is not).
		for _, l := range r.rec.VariantLine {
			for i := 1; i < len(l.Tokens); i++ {
				if strings.EqualFold(l.Tokens[i].Text, "solo") {
					r.errf(l, i, validate.CodeHeader, "variant solo is the game of one player, and the tally has %d: the Wine Merchant joins more players with variant merchant=LEVEL", len(r.rec.Players))
				}
			}
		}
	}
	// The error of a variant points at its word: the header may hold
	// several variant lines and words.
	lvLine, lvTok, level, hasLevel := r.variantAt("merchant", "wine-merchant")
	soloLine, soloTok, _, solo := r.variantAt("solo")
	switch {
	case r.merchant == nil && !hasLevel && solo:
		r.errf(soloLine, soloTok, validate.CodeMissing, "a solo game is scored against the Wine Merchant: add his `merchant pp=… eco=…` line")
	case r.merchant == nil && !hasLevel && len(r.rec.Players) == 1:
		// One player is always the solo game (ruling E3).
		r.errf(players, 1, validate.CodeMissing, "one player plays the solo game, against the Wine Merchant: add his `merchant pp=… eco=…` line")
	}
	if seats := len(r.rec.Players); r.merchant != nil && seats+1 > r.tb.MaxPlayers {
		r.errf(r.merchant.line, 0, validate.CodeRule, "the Wine Merchant counts as a player: %d players and the Merchant are more than the game's %d", seats, r.tb.MaxPlayers)
	}
	if r.merchant == nil && hasLevel {
		r.errf(lvLine, lvTok, validate.CodeMissing, "the Wine Merchant plays (variant merchant): add his `merchant pp=… eco=…` line")
	}
	if r.merchant != nil && (!hasLevel || level == "") {
		level = "easy" // without a level he is Jéroboam, as in a replay (ruling E3)
	}
	if r.merchant != nil {
		m, ok := r.tb.MerchantLevel(level)
		if !ok {
			var names []string
			for _, m := range r.tb.MerchantLevels {
				names = append(names, m.Alias)
			}
			r.errf(lvLine, lvTok, validate.CodeHeader, "the Wine Merchant's difficulty is %s, not %q", strings.Join(names, " | "), level)
		} else {
			gt.MerchantLevel = m.Label()
		}
	}
	if len(r.diags) > 0 {
		return gt, false
	}
	all := append([]*entry(nil), r.entries...)
	if r.merchant != nil {
		r.merchant.p.Seat = 0 // the Wine Merchant has no seat, as in a replay
		all = append(all, r.merchant)
		gt.Solo = len(r.entries) == 1
	}
	// Council positions are distinct and within the table.
	taken := map[int]*entry{}
	for _, e := range all {
		if !e.council {
			continue
		}
		tok := e.keyTok["council"]
		if e.p.Council > len(all) {
			r.errf(e.line, tok, validate.CodeRule, "the Council of Cellar Masters has %d positions at this table, not %d", len(all), e.p.Council)
			continue
		}
		if o, dup := taken[e.p.Council]; dup {
			r.errf(e.line, tok, validate.CodeRule, "%s and %s cannot both be at position %d of the Council", o.p.Name, e.p.Name, e.p.Council)
			continue
		}
		taken[e.p.Council] = e
	}
	// More cards of a region than the box holds.
	for _, reg := range r.tb.Regions {
		most := r.regionCards(reg.Key)
		sum := 0
		for _, e := range all {
			sum += e.p.Cards[reg.Key]
			if sum > most {
				r.errf(e.line, e.keyTok[reg.Key], validate.CodeRule,
					"the players hold %d Vineyard cards in %s, more than the %d the box can put there", sum, reg.Name, most)
				break
			}
		}
	}
	// More unused Protection tokens than the box holds.
	protection, held := 0, 0
	for _, b := range r.tb.TokensOf("protection") {
		protection += b.Count
	}
	for _, e := range all {
		if e.p.Protection {
			if held++; held > protection {
				tokens := "tokens"
				if protection == 1 {
					tokens = "token"
				}
				r.errf(e.line, e.keyTok["protection"], validate.CodeRule,
					"the box holds %d Protection against the cold %s, and %d players hold one", protection, tokens, held)
				break
			}
		}
	}
	for _, e := range all {
		gt.Players = append(gt.Players, e.p)
	}
	if len(r.diags) > 0 {
		return gt, false
	}
	// A Major Vineyard tie on cards needs the grapes produced.
	for _, m := range champagne.Majorities(gt) {
		if len(m.Tied) < 2 {
			continue
		}
		var names []string
		for _, i := range m.Tied {
			names = append(names, gt.Players[i].Name)
		}
		list := prose.And(names)
		cards := "Vineyard cards"
		if m.Most == 1 {
			cards = "Vineyard card"
		}
		for _, i := range m.Tied {
			e := all[i]
			if !e.grapes[m.Region] {
				r.errf(e.line, e.keyTok[m.Region], validate.CodeMissing,
					"%s hold %d %s each in %s: write the grapes %s produces there (%s=%d/GRAPES) to settle the Major vineyard",
					list, m.Most, cards, r.regionName(m.Region), e.p.Name, m.Region, m.Most)
				return gt, false
			}
		}
	}
	return gt, true
}

// variantAt finds a header variant by any of its names (the part before
// '='): its line, its word, its value. The last one given counts, as in a
// replay, which reads merchant= and wine-merchant= alike.
func (r *reader) variantAt(names ...string) (line *validate.Line, tok int, val string, ok bool) {
	for _, l := range r.rec.VariantLine {
		for i := 1; i < len(l.Tokens); i++ {
			k, v, _ := strings.Cut(l.Tokens[i].Text, "=")
			for _, n := range names {
				if strings.EqualFold(k, n) {
					line, tok, val, ok = l, i, strings.ToLower(v), true
				}
			}
		}
	}
	return line, tok, val, ok
}

// regionCards is the most Vineyard cards one region can hold at the table:
// its printed cards, the Coteaux Vitryats cards and the land tokens.
func (r *reader) regionCards(region string) int {
	n := 0
	for _, v := range r.tb.Vineyards {
		if v.Region == region || v.Region == r.tb.Wild.Key {
			n++
		}
	}
	for _, b := range r.tb.TokensOf("land") {
		n += b.Count
	}
	return n
}

// checkTies asks for council positions where a tie on points and eco
// report leaves the council to decide.
func (r *reader) checkTies(res *score.Result) {
	byName := map[string]*entry{}
	for _, e := range r.entries {
		byName[e.p.Name] = e
	}
	if r.merchant != nil {
		byName[r.merchant.p.Name] = r.merchant
	}
	for i := 1; i < len(res.Players); i++ {
		a, b := &res.Players[i-1], &res.Players[i]
		if a.Total != b.Total || a.TieBreak[0] != b.TieBreak[0] {
			continue
		}
		for _, e := range []*entry{byName[a.Name], byName[b.Name]} {
			if e != nil && !e.council {
				r.errf(e.line, len(e.line.Tokens), validate.CodeMissing,
					"%s and %s are tied on %d points and on the eco-responsibility report: the Council decides, write council=POSITION for %s",
					r.inSentence(a.Name), r.inSentence(b.Name), a.Total, r.inSentence(e.p.Name))
				return
			}
		}
	}
}

// regionName is a region's printed name.
func (r *reader) regionName(key string) string {
	if reg, ok := r.tb.Region(key); ok {
		return reg.Name
	}
	return key
}

// padAdvice says how a scorepad row that is no tally key is typed: a
// secretary copying a filled pad writes its rows' names.
func (r *reader) padAdvice(row string, p *champagne.PlayerTally, value string) string {
	regions := strings.Join(r.tb.RegionKeys(), "= ") + "="
	switch row {
	case "total":
		if p.Merchant {
			if _, err := strconv.Atoi(value); err != nil {
				value = "POINTS"
			}
			return ", which vintner adds up from the counts: write the table's total as a claim line, `merchant claim " + value + "`, to have it compared"
		}
		return ", " + validate.PadTotalAdvice(p.Name, value)
	case "prestige":
		return ": write pp=N, the prestige on the score track"
	case "regions":
		return ", which vintner works out from the Vineyard cards held in each region: write them (" + regions + ")"
	case "major":
		return ", which vintner works out from the Vineyard cards held in each region: write them, with /GRAPES where players tie (" + regions + ")"
	case "still":
		return ": write still=N, the still wines in the winery (their points are worked out)"
	case "cuvees":
		return ": write the cuvées in the cellar and in the œnothèque, cellar=N oeno=N (their points are worked out)"
	case "eco":
		return ": write eco=N, the value on the report"
	case "protection":
		return ": write protection=yes for an unused token"
	}
	return ""
}
