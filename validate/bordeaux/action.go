package bordeaux

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/vintner/vintner/internal/prose"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

// segment is one entry of a player's line: the tokens between commas.
type segment struct{ from, to int } // token indexes [from, to)

// chooseHead is headWorkerAny's answer for `choose`.
const chooseHead = -2

// An entry's first word is a worker, or choose: action tells the words
// as the notation writes them (red, pink, yellow) by a look-up on the
// first byte and one compare (isHeadWord), not a chain of compares (the
// workers come in no order a branch could guess); any other spelling
// goes through headWorkerAny.

// headWord is a worker's word as the notation writes it (red, pink,
// yellow): its length, its bytes as headKey packs them, its worker.
type headWord struct {
	key       uint64
	n, worker int
}

// headWords holds each worker's word at its first byte.
var headWords = func() (t [256]headWord) {
	for w, word := range workerNames {
		t[word[0]] = headWord{key: headKey(word), n: len(word), worker: w}
	}
	return t
}()

// isHeadWord tells whether w is h's word: h is headWords[w[0]] for a w
// of 1 or more bytes.
func isHeadWord(w string, h *headWord) bool {
	return len(w) == h.n && headKey(w) == h.key
}

// headKey packs a word of 3 or more bytes but the first (the table's
// index): its second and third and its last three, which are all its
// other bytes when it has 3 to 6 (red, pink, yellow); 0 for a shorter
// word.
func headKey(w string) uint64 {
	if n := len(w); n >= 3 {
		return uint64(w[1]) | uint64(w[2])<<8 | uint64(w[n-3])<<16 | uint64(w[n-2])<<24 | uint64(w[n-1])<<32
	}
	return 0
}

// headWorkerAny reads an entry's first word in any spelling: a worker,
// chooseHead, or -1.
func headWorkerAny(w string) int {
	if len(w) == 1 {
		switch w[0] {
		case 'r', 'R':
			return RedWorker
		case 'p', 'P':
			return PinkWorker
		case 'y', 'Y':
			return YellowWorker
		}
		return -1 // no other byte folds to a worker's word
	}
	if strings.EqualFold(w, "choose") {
		return chooseHead
	}
	return workerOf(w)
}

// workerWordHint is the hint for a worker's word where a choice was
// expected: the comma before the next entry is missing.
func workerWordHint(t string) string {
	if workerOf(t) < 0 {
		return ""
	}
	return fmt.Sprintf("entries are separated by commas: write \", %s …\" to start the %s worker's entry", t, workerNames[workerOf(t)])
}

// choiceHint says what a word that is no choice, token i of an entry's
// choices, may have been meant as: the entry's letters written apart
// (red V V V), a grape's wine without its @ (red VVV Lp1), or a worker
// whose entry lacks its comma (red L yellow C). Else "".
func choiceHint(l *validate.Line, i int) string {
	t := l.Word(i)
	from := i // the entry's worker: tokens hold no name, and commas part entries
	for from > 0 && l.Word(from-1) != "," {
		from--
	}
	letters := l.Word(from + 1)
	kind := letterKind(letters)
	switch {
	case kind != 0 && sameLetter(t) && upper(t[0]) == upper(letters[0]):
		return lettersApartHint(l, from+1)
	case isWineName(t) && kind == regionLetter && !isWineName(l.Word(from+2)):
		return fmt.Sprintf("the wine made is named right after the letters (%s %s); a grape's wine is written with @: @%s", letters, canonWine(t), canonWine(t))
	case isWineName(t):
		return fmt.Sprintf("a grape's wine is written with @: @%s", canonWine(t))
	}
	return workerWordHint(t)
}

// lettersApartHint is the hint for a worker's letters, token lt, written
// apart (V V V): the tokens of its letter that follow it, joined.
func lettersApartHint(l *validate.Line, lt int) string {
	joined, apart := l.Word(lt), []string{l.Word(lt)}
	for k := lt + 1; sameLetter(l.Word(k)) && upper(l.Word(k)[0]) == upper(joined[0]); k++ {
		joined += l.Word(k)
		apart = append(apart, l.Word(k))
	}
	if len(apart) == 1 {
		return ""
	}
	return fmt.Sprintf("a worker's letters are written together: %s, not %s", joined, strings.Join(apart, " "))
}

// chooseWorkerHint is workerWordHint for a word after choose, whose
// letter (c, or 0) is not one a choice could be: "choose R V pink R"
// lacks the comma before pink; an R there is a second region, not red.
func chooseWorkerHint(t string, c byte) string {
	if isRegion(c) || isResource(c) {
		return ""
	}
	return workerWordHint(t)
}

// wineColourHint names the worker that makes a wine colour written in a
// worker's place: the sheet marks the yellow worker's row with the white
// wine's "w", and a newcomer writes "w EE" or "white EE". Else "".
func wineColourHint(t string) string {
	switch strings.ToLower(t) {
	case "w", "white":
		return "the yellow worker makes white wine: write yellow (or y)"
	case "rosé", "rose\u0301", "rose": // é precomposed, or e and an accent
		return "the pink worker makes rosé: write pink (or p)"
	}
	return ""
}

func workerOf(w string) int {
	switch {
	case w == "red" || w == "r" || strings.EqualFold(w, "red") || w == "R":
		return RedWorker
	case w == "pink" || w == "p" || strings.EqualFold(w, "pink") || w == "P":
		return PinkWorker
	case w == "yellow" || w == "y" || strings.EqualFold(w, "yellow") || w == "Y":
		return YellowWorker
	}
	return -1
}

func (r *replayer) action(l *validate.Line) error {
	p := r.playerOf(l)
	y := r.st.Year
	r.again = p.flagsYear == y
	if p.flagsYear != y { // the player's first line this year
		// field by field: a multiple assignment went through the stack
		p.madeWine = false
		p.gained = false
		p.acted = [3]bool{}
		p.flagsYear = y
	}
	// The entries, tokens [from, to) between commas. A line with an
	// empty entry (a comma first, last or after another) plays none of
	// its entries: they are checked first.
	toks := l.Tokens
	if len(toks) > 64 {
		return r.actionLong(l, p, y)
	}
	// the commas as bits: the empty entries are found without a branch
	// per token, and each entry's end by its next bit
	commas := commaBits(toks)
	if empty := commas & (commas<<1 | 1); empty != 0 {
		return r.emptyEntry(l, bits.TrailingZeros64(empty))
	}
	if len(toks) == 0 || commas>>(len(toks)-1)&1 != 0 {
		return r.emptyEntry(l, len(toks))
	}
	// the answerer reads this line's choices for this player
	r.ans.l, r.ans.p = l, p
	for si, from := 0, 0; from < len(toks); si++ {
		to := min(from+bits.TrailingZeros64(commas>>from), len(toks))
		if err := r.entry(l, p, segment{from, to}, si, y); err != nil {
			return err
		}
		from = to + 1
	}
	return nil
}

// commaBits has bit i set for each of the first 64 tokens that is a
// comma. Whether a token is one comes in no order a branch could guess:
// it is added as a number.
func commaBits(toks []validate.Token) uint64 {
	commas := uint64(0)
	toks = toks[:min(len(toks), 64)]
	for i := len(toks) - 1; i >= 0; i-- { // the last token first: each shifts in at bit 0
		c, t := byte(0), toks[i].Text
		if len(t) > 0 {
			c = t[0]
		}
		// d is 0 for a comma only; d-1's top bit is then set
		d := uint64(len(t)) ^ 1 | uint64(c^',')
		commas = commas<<1 | (d-1)>>63
	}
	return commas
}

// actionLong is action for a line of more than 64 tokens.
func (r *replayer) actionLong(l *validate.Line, p *PlayerState, y int) error {
	toks := l.Tokens
	segs, from := r.bufs.entries[:0], 0
	for i := range toks {
		if t := toks[i].Text; len(t) == 1 && t[0] == ',' { // a comma
			if i == from {
				return r.emptyEntry(l, i)
			}
			segs = append(segs, segment{from, i})
			from = i + 1
		}
	}
	if from == len(toks) {
		return r.emptyEntry(l, from)
	}
	segs = append(segs, segment{from, len(toks)})
	r.ans.l, r.ans.p = l, p
	for si, sg := range segs {
		if err := r.entry(l, p, sg, si, y); err != nil {
			return err
		}
	}
	return nil
}

func (r *replayer) emptyEntry(l *validate.Line, tok int) error {
	return r.errorf(l, tok, validate.CodeSyntax, "an empty entry: entries are separated by single commas")
}

// choose reads `choose REGION RESOURCE`, each player's own pick in '13.
func (r *replayer) choose(l *validate.Line, p *PlayerState, sg segment, si int) error {
	y := r.st.Year
	if y != LastYear {
		return r.errorf(l, sg.from, validate.CodeRule, "only in '13 does each player choose: %s's region and resource are %c and %c", yearName(y), r.st.Top[y].Region, r.st.Top[y].Resource)
	}
	if si > 0 {
		return r.errorf(l, sg.from, validate.CodeSyntax, "choose comes first on %s's '13 line, before the entries", p.Name)
	}
	if t := p.Top[y]; t.Region != 0 || t.Resource != 0 {
		what := "region and resource"
		switch {
		case t.Region == 0:
			what = "resource" // by the letters of an earlier entry
		case t.Resource == 0:
			what = "region"
		}
		return r.errorf(l, sg.from, validate.CodeRule, "%s already chose '13's %s (%s)", p.Name, what, topText(t))
	}
	var cell layouts.TopCell
	for i := sg.from + 1; i < sg.to; i++ {
		t := l.Word(i)
		c := byte(0)
		if len(t) == 1 {
			c = upper(t[0])
		}
		switch {
		case isRegion(c) && cell.Region == 0:
			cell.Region = layouts.Region(c)
		case isResource(c) && cell.Resource == 0:
			cell.Resource = layouts.Resource(c)
		default:
			d := validate.Errorf(l, i, validate.CodeSyntax, "choose takes one region (L, R or E) and one resource (C, V or T), not %q", t)
			d.Hint = chooseWorkerHint(t, c)
			return r.fail(d)
		}
	}
	if cell.Region == 0 && cell.Resource == 0 {
		return r.errorf(l, sg.to, validate.CodeSyntax, "choose what? write choose REGION RESOURCE, as choose E T")
	}
	p.Top[y] = cell
	return nil
}

// entry checks and applies one worker's entry. A rule broken by an action
// that can still be applied as written goes through r.illegal, so that
// --as-played records it and applies the action; an entry that cannot be
// applied (bad letters, no such wine, an unanswered choice) stops.
// Make Wine and Gain are played here from the letters to the state's
// steps (makeWine's and gainAction's, which the random games use) in one
// routine: each call of a chain of them spilled and reloaded its
// arguments. The messages are written by functions of their own (below):
// the hot path keeps few values on its stack.
//
// entry itself plays the usual entry, legal and before '13, and hands any
// other to entryChecked, which checks every rule, as its last step: a
// call that returns at once keeps no value on the stack, where one whose
// caller goes on spills every value still needed (TestEntryFastAsChecked
// compares the two).
func (r *replayer) entry(l *validate.Line, p *PlayerState, sg segment, si, y int) error {
	head := l.Tokens[sg.from].Text
	if len(head) == 0 {
		return r.entryHead(l, p, sg, si, -1)
	}
	h := &headWords[head[0]]
	if !isHeadWord(head, h) {
		// Any other spelling goes to entryOtherHead as a last step: a
		// call here that entry went on after would keep its values on
		// the stack for every entry.
		return r.entryOtherHead(l, p, sg, si, y, head)
	}
	w := h.worker // the usual word
	if sg.to-sg.from < 2 {
		return r.entryHead(l, p, sg, si, w)
	}
	choices := sg.from + 2
	letters := l.Tokens[sg.from+1].Text // sg holds the worker and at least one token
	if !entryFast || y >= LastYear || p.acted[w] || p.Grid[w][y] != 0 {
		return r.entryChecked(l, p, w, sg, y)
	}
	kind := letterKind(letters)
	if kind == 0 {
		if letters == "-" && choices == sg.to { // a pass (passEntry)
			p.Grid[w][y] = '-'
			p.acted[w] = true
			return nil
		}
		return r.entryChecked(l, p, w, sg, y)
	}
	top, n := r.st.Top[y], len(letters)
	a := &r.ans
	var err error
	if kind == regionLetter {
		// Make Wine: the year's region, the wine of the worker's colour
		// (colourIndex(workerColour[w]) is w) and the letters' age, not
		// circled, its casks there; a wine named after the letters (Lp2)
		// names that wine.
		region := layouts.Region(upper(letters[0]))
		ri := uint(regionIndex(region))
		if p.madeWine || region != top.Region || ri >= 3 {
			return r.entryChecked(l, p, w, sg, y)
		}
		key := wineKey(ri, uint(w), uint(n))
		if choices < sg.to {
			if t := l.Tokens[choices].Text; len(t) == 3 {
				if k := nameKey(t); k < uint(len(p.idx.wineIn)) { // isWineName(t)
					if k != key || p.idx.nameLikeIDs {
						return r.entryChecked(l, p, w, sg, y)
					}
					choices++
				}
			}
		}
		wi := int(p.idx.wineIn[key])
		if wi < 0 || p.circled[wi] != 0 || p.Layout.Wines[wi].Casks > p.CasksAvailable() {
			return r.entryChecked(l, p, w, sg, y)
		}
		a.end, a.atoms = sg.to, r.bufs.atoms[:0]
		if choices < sg.to {
			if err := r.readChoices(choices, sg.to); err != nil {
				return err
			}
		}
		wine := &p.Layout.Wines[wi]
		p.writeLetters(w, y, n, byte(wine.Region))
		p.acted[w], p.madeWine = true, true
		p.pay(wine.Casks)
		err = p.circle(wi, y, a)
	} else {
		// Gain: the year's resource
		res := layouts.Resource(upper(letters[0]))
		if p.gained || res != top.Resource {
			return r.entryChecked(l, p, w, sg, y)
		}
		a.end, a.atoms = sg.to, r.bufs.atoms[:0]
		if choices < sg.to {
			if err := r.readChoices(choices, sg.to); err != nil {
				return err
			}
		}
		err = r.gainAll(p, w, res, n, y)
	}
	if err != nil {
		return err
	}
	if len(a.atoms) > 0 {
		return a.leftover()
	}
	return nil
}

// entryOtherHead is entry for a head that is not a worker's usual word
// (isHeadWord): choose, a worker in another spelling (R, Red), or no
// worker. A worker's entry is played by entryChecked, which plays any
// entry as entry's own path does (TestEntryFastAsChecked).
func (r *replayer) entryOtherHead(l *validate.Line, p *PlayerState, sg segment, si, y int, head string) error {
	w := headWorkerAny(head)
	if uint(w) >= 3 || sg.to-sg.from < 2 {
		return r.entryHead(l, p, sg, si, w)
	}
	return r.entryChecked(l, p, w, sg, y)
}

// entryHead plays an entry whose head is choose, or reports one whose
// head is not a worker's or that has no letters.
func (r *replayer) entryHead(l *validate.Line, p *PlayerState, sg segment, si, w int) error {
	switch {
	case w == chooseHead:
		return r.choose(l, p, sg, si)
	case w < 0:
		d := validate.Errorf(l, sg.from, validate.CodeSyntax, "an entry starts with a worker, red, pink or yellow (or choose in '13), not %q", l.Word(sg.from))
		d.Hint = wineColourHint(l.Word(sg.from))
		return r.fail(d)
	}
	return r.errorf(l, sg.to, validate.CodeSyntax, "what did %s's %s worker write? its letters (LL, CCC) or - to pass", p.Name, workerNames[w])
}

// entryFast is false in the test that compares entry's own path with
// entryChecked's.
var entryFast = true

// letterKind is the kind of an entry's letters: a region's or a
// resource's letter, 1 to 3 times in either case; or 0. Two bytes are
// one letter in either case when they differ at most in the case bit and
// one is a letter (letterKinds).
//
// The letters' length is not switched on (it comes in no order a branch
// could guess): the middle and last bytes of 1 to 3 are compared with
// the first, which compares every byte.
func letterKind(letters string) uint8 {
	n := len(letters)
	if uint(n-1) >= 3 {
		return 0
	}
	first := letters[0] | 0x20
	if letters[n/2]|0x20 != first || letters[n-1]|0x20 != first {
		return 0
	}
	return letterKinds[letters[0]]
}

// nameKey is the wineKey a three-byte wine name (isWineName) gives, or
// 36 or more for a word that is not one.
func nameKey(s string) uint {
	return uint(nameKeys[0][s[0]]) + uint(nameKeys[1][s[1]]) + uint(nameKeys[2][s[2]])
}

// entryChecked is entry for any entry: every rule is checked.
func (r *replayer) entryChecked(l *validate.Line, p *PlayerState, w int, sg segment, y int) error {
	lt, choices := sg.from+1, sg.from+2
	letters := l.Tokens[lt].Text // sg holds the worker and at least one token
	kind := letterKind(letters)
	if kind == 0 {
		return r.passEntry(l, p, w, sg, y, letters)
	}
	if p.acted[w] || !p.Available(w, y) {
		if err := r.workerBusy(l, p, w, sg.from, y); err != nil {
			return err
		}
	}
	if p.madeWine && p.gained {
		if err := r.illegalAgain(l, sg.from, p, y, "%s made wine and gained resources in %s: a third available worker must pass (%s -)", p.Name, yearName(y), workerNames[w]); err != nil {
			return err
		}
	}
	c, n := upper(letters[0]), len(letters)
	top := r.topOf(p, y)
	// the answerer, the replayer's own, reads the choices after the
	// letters (and the wine's name, for Make Wine) when asked
	a := &r.ans
	a.end, a.atoms = sg.to, r.bufs.atoms[:0] // a.r is r (reset), a.l and a.p are set (action)
	var err error
	if kind == regionLetter {
		// Make Wine
		if p.madeWine && !p.gained { // else a third worker, reported
			if err := r.illegalAgain(l, sg.from, p, y, "%s already made wine in %s: one Make Wine a year", p.Name, yearName(y)); err != nil {
				return err
			}
		}
		region := layouts.Region(c)
		if top.Region == 0 && y == LastYear {
			top.Region = region
		}
		if region != top.Region {
			if err := r.wrongRegion(l, lt, p, y, c); err != nil {
				return err
			}
		}
		wi := p.wineIndex(region, workerColour[w], n)
		if choices < sg.to && isWineName(l.Tokens[choices].Text) {
			named, err := r.namedWine(l, p, w, choices, region, y)
			if err != nil {
				return err
			}
			// as played, the wine named is the wine made
			wi = p.wineAt(named)
			choices++
		}
		if wi < 0 {
			d := validate.Errorf(l, lt, validate.CodeRule, "%s's %s has no %d-year %s wine (%s %s)", p.Name, regionNames[region], n, colourNames[workerColour[w]], workerNames[w], strings.ToUpper(letters))
			d.Hint = lettersApartHint(l, lt) // red E E E: no 1-year red in E
			return r.fail(d)
		}
		wine := &p.Layout.Wines[wi]
		if p.circled[wi] > 0 || wine.Casks > p.CasksAvailable() {
			if err := r.cannotMake(l, lt, p, wine, wi); err != nil {
				return err
			}
		}
		if choices < sg.to {
			if err := r.readChoices(choices, sg.to); err != nil {
				return err
			}
		}
		// p.makeWine(w, wi, n, y, a)
		p.writeLetters(w, y, n, byte(wine.Region))
		p.acted[w], p.madeWine = true, true
		p.pay(wine.Casks)
		if p.circled[wi] == 0 {
			err = p.circle(wi, y, a)
		}
	} else {
		// Gain
		if p.gained && !p.madeWine { // else a third worker, reported
			if err := r.illegalAgain(l, sg.from, p, y, "%s already gained resources in %s: one Gain a year", p.Name, yearName(y)); err != nil {
				return err
			}
		}
		res := layouts.Resource(c)
		if top.Resource == 0 && y == LastYear {
			top.Resource = res
		}
		if res != top.Resource {
			if err := r.wrongResource(l, lt, p, y, c); err != nil {
				return err
			}
		}
		if choices < sg.to {
			if err := r.readChoices(choices, sg.to); err != nil {
				return err
			}
		}
		err = r.gainAll(p, w, res, n, y)
	}
	if err != nil {
		return err
	}
	if len(a.atoms) > 0 {
		return a.leftover()
	}
	return nil
}

// gainAll is p.gainAction(w, res, n, y, &r.ans) with the trellis rows
// written taken here, as gain would take them.
func (r *replayer) gainAll(p *PlayerState, w int, res layouts.Resource, n, y int) error {
	p.writeLetters(w, y, n, byte(res))
	p.acted[w], p.gained = true, true
	a := &r.ans
	switch res {
	case layouts.Casks: // n casks at once: they ask nothing
		if room := p.Layout.CaskSlots - p.Layout.CasksPre - p.CasksGained; room > 0 {
			p.CasksGained += min(n, room)
		}
		return nil
	case layouts.Trellises:
		for i := 0; i < n; i++ {
			if row := a.writtenRow(p); row > 0 { // the row written, as Trellis would answer
				p.Trellis[row-1]++
				continue
			}
			if err := p.gain(res, y, a); err != nil {
				return err
			}
		}
		return nil
	}
	if res != layouts.Vines { // a letter of no resource: gain does nothing
		return nil
	}
	for i := 0; i < n; i++ {
		if err := r.ans.gainVine(p, y); err != nil {
			return err
		}
	}
	return nil
}

// gainVine is p.gain(layouts.Vines, y, a) without its question when the
// answer is known: a grape with no grape's answer left unread whose type
// has at most one wine that can be circled (Grape's answer: none, or that
// wine); or a grape answered by its region
// (@L) whose wine there, the first of its type in layout order, can be
// circled (the wine Grape would pick: the first of its region among
// those that can be). Any other grape is asked (askGrape). gain calls it
// for the replay's answerer, so that a vine on a path that a circle fills
// is read without the call through Answerer too.
func (a *tokenAnswerer) gainVine(p *PlayerState, y int) error {
	v := p.VinesFilled
	if !entryFast || v >= len(p.Layout.Vines) {
		return p.askGrape(y, a)
	}
	g := p.Layout.Vines[v]
	if g == nil { // a vine without a grape
		p.VinesFilled++
		return nil
	}
	c, age := uint(colourIndex(g.Colour)), uint(g.Age)
	if c >= 3 || age-1 >= 3 {
		return p.askGrape(y, a)
	}
	if i := a.firstOf(false); i >= 0 { // a choice written for the grape
		x := &a.atoms[i]
		if ri := uint(regionIndex(layouts.Region(x.region))); !x.skip && x.colour == 0 && ri < 3 {
			if wi := int(p.idx.wineIn[wineKey(ri, c, age)]); wi >= 0 && p.circled[wi] == 0 && p.Layout.Wines[wi].Casks <= p.CasksAvailable() {
				p.VinesFilled++
				a.take(i)
				p.pay(p.Layout.Wines[wi].Casks)
				return p.circle(wi, y, a)
			}
		}
		return p.askGrape(y, a)
	}
	only, n, casks := -1, 0, p.CasksAvailable()
	for i := p.idx.firstOfType[c][age]; i >= 0; i = p.idx.nextOfType[i] {
		if p.circled[i] == 0 && p.Layout.Wines[i].Casks <= casks {
			only = int(i)
			n++
		}
	}
	if n > 1 { // Grape asks which
		return p.askGrape(y, a)
	}
	p.VinesFilled++
	if n == 0 {
		return nil
	}
	p.pay(p.Layout.Wines[only].Casks)
	return p.circle(only, y, a)
}

// topOf is the top cell player p plays in year y: the year's shared one,
// or in '13 the player's own.
func (r *replayer) topOf(p *PlayerState, y int) *layouts.TopCell {
	if y == LastYear {
		return &p.Top[y]
	}
	return &r.st.Top[y]
}

// passEntry plays an entry whose letters are a pass, or reports them.
func (r *replayer) passEntry(l *validate.Line, p *PlayerState, w int, sg segment, y int, letters string) error {
	if !isPass(letters) {
		return r.badLetters(l, sg.from+1, letters)
	}
	if sg.from+2 < sg.to {
		return r.errorf(l, sg.from+2, validate.CodeSyntax, "a pass takes no choices")
	}
	if p.acted[w] || !p.Available(w, y) {
		if err := r.workerBusy(l, p, w, sg.from, y); err != nil {
			return err
		}
	}
	if p.Grid[w][y] == 0 { // as played, a pass leaves a busy row as it is
		p.Grid[w][y] = '-'
	}
	p.acted[w] = true
	return nil
}

// isPass tells whether a worker's letters are a pass: a dash, or one of
// the two long dashes (three bytes in UTF-8).
func isPass(letters string) bool {
	return len(letters) == 1 && letters[0] == '-' || len(letters) == 3 && (letters == "—" || letters == "–")
}

// badLetters reports an entry's letters that are not a worker's.
func (r *replayer) badLetters(l *validate.Line, lt int, letters string) error {
	if len(letters) > 3 || !sameLetter(letters) {
		return r.errorf(l, lt, validate.CodeSyntax, "a worker writes one letter 1 to 3 times (LL, CCC) or - to pass, not %q", letters)
	}
	return r.errorf(l, lt, validate.CodeSyntax, "a worker writes a region (L, R, E) or a resource (C, V, T), or - to pass; not %q", letters)
}

// illegalAgain is illegal for a rule that a line written under the wrong
// year breaks: when the player already has a line this year, the hint asks
// whether the next year's line is missing (a record copied from the
// sheets that skipped a year line reads as a second line of the year).
func (r *replayer) illegalAgain(l *validate.Line, tok int, p *PlayerState, y int, format string, args ...any) error {
	err := r.illegal(l, tok, format, args...)
	if r.again && y < LastYear && len(r.rep.Diagnostics) > 0 {
		r.rep.Diagnostics[len(r.rep.Diagnostics)-1].Hint = fmt.Sprintf("%s already has a line in %s: if this line is %s's, its year line %s is missing", p.Name, yearName(y), yearName(y+1), yearName(y+1))
	}
	return err
}

// workerBusy reports a worker that acted already this year, or whose row
// is filled.
func (r *replayer) workerBusy(l *validate.Line, p *PlayerState, w, tok, y int) error {
	if p.acted[w] {
		return r.illegalAgain(l, tok, p, y, "%s's %s worker already acted in %s", p.Name, workerNames[w], yearName(y))
	}
	free := "it is free again in " + yearName(p.FreeAgain(w, y))
	if p.FreeAgain(w, y) > LastYear {
		free = "it stays busy to the end of the game"
	}
	return r.illegalAgain(l, tok, p, y, "%s's %s worker is busy in %s (its row is filled; %s)", p.Name, workerNames[w], yearName(y), free)
}

// wrongRegion reports a Make Wine in a region that is not the year's.
func (r *replayer) wrongRegion(l *validate.Line, lt int, p *PlayerState, y int, c byte) error {
	top := *r.topOf(p, y)
	if y == LastYear {
		return r.illegal(l, lt, "%s chose %s for '13, not %c", p.Name, regionNames[top.Region], c)
	}
	return r.illegalAgain(l, lt, p, y, "the region in %s is %s (%c), not %c", yearName(y), regionNames[top.Region], top.Region, c)
}

// namedWine reads the wine a Make Wine entry names after its letters,
// token choices, and checks it is the wine the letters make.
func (r *replayer) namedWine(l *validate.Line, p *PlayerState, w, choices int, region layouts.Region, y int) (*layouts.Wine, error) {
	letters := l.Tokens[choices-1].Text
	c, n := upper(letters[0]), len(letters)
	named := p.Wine(canonWine(l.Word(choices)))
	var err error
	switch {
	case named == nil:
		return nil, r.errorf(l, choices, validate.CodeRule, "%s's sheet has no wine %s", p.Name, l.Word(choices))
	case named.Region != region:
		err = r.illegal(l, choices, "%s is in %s, and the region in %s is %s (%c)", named.Name(), regionNames[named.Region], yearName(y), regionNames[region], region)
	case named.Type.Colour != workerColour[w]:
		err = r.illegal(l, choices, "the %s worker makes %s wine, not %s (%s)", workerNames[w], colourNames[workerColour[w]], colourNames[named.Type.Colour], named.Name())
	case named.Type.Age != n:
		err = r.illegal(l, choices, "%s is a %d-year wine: write %s in the %s worker's row, not %s", named.Name(), named.Type.Age, strings.Repeat(string(c), named.Type.Age), workerNames[w], strings.ToUpper(letters))
	}
	return named, err
}

// cannotMake reports a wine circled already, or one without the casks it
// needs.
func (r *replayer) cannotMake(l *validate.Line, lt int, p *PlayerState, wine *layouts.Wine, wi int) error {
	if yc := int(p.circled[wi]); yc > 0 {
		return r.illegal(l, lt, "%s already circled %s (the %d-year %s of %s) in %s", p.Name, wine.Name(), wine.Type.Age, colourNames[wine.Type.Colour], regionNames[wine.Region], yearName(yc))
	}
	return r.illegal(l, lt, "%s needs %s to make %s and has %d available", p.Name, casks(wine.Casks), wine.Name(), p.CasksAvailable())
}

// wrongResource reports a Gain of a resource that is not the year's.
func (r *replayer) wrongResource(l *validate.Line, lt int, p *PlayerState, y int, c byte) error {
	top := *r.topOf(p, y)
	if y == LastYear {
		return r.illegal(l, lt, "%s chose %s for '13, not %c", p.Name, resourceNames[top.Resource], c)
	}
	return r.illegalAgain(l, lt, p, y, "the resource in %s is %s (%c), not %c", yearName(y), resourceNames[top.Resource], top.Resource, c)
}

// letterKinds tells a worker's letter, in either case: a region's, a
// resource's, or 0.
var letterKinds = func() (t [256]uint8) {
	for _, c := range "LRElre" {
		t[c] = regionLetter
	}
	for _, c := range "CVTcvt" {
		t[c] = resourceLetter
	}
	return t
}()

const (
	regionLetter = 1 + iota
	resourceLetter
)

// sameLetter reports whether s repeats one letter, in either case.
func sameLetter(s string) bool {
	for i := 1; i < len(s); i++ {
		if upper(s[i]) != upper(s[0]) {
			return false
		}
	}
	return s != ""
}

// upper is c in upper case. Letters come in either case in no order a
// branch could guess: the case bit is cleared by a look-up.
func upper(c byte) byte { return c &^ lowerBit[c] }

// lowerBit is 0x20 (the case bit) for a lower-case ASCII letter, else 0.
var lowerBit = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 0x20
	}
	return t
}()

func casks(n int) string {
	if n == 1 {
		return "1 cask"
	}
	return fmt.Sprintf("%d casks", n)
}

func isWineName(s string) bool {
	if len(s) != 3 {
		return false
	}
	c := lower(s[1])
	return isRegion(upper(s[0])) && (c == 'r' || c == 'p' || c == 'w') && s[2] >= '1' && s[2] <= '3'
}

// canonWine writes a wine name (isWineName) as the sheet does: "Lp2".
func canonWine(s string) string {
	return wineNames[regionIndex(layouts.Region(upper(s[0])))+1][colourIndex(layouts.Colour(lower(s[1])))+1][s[2]-'0']
}

// atom is one answer written after an entry's letters. Its fields are
// small and hold no pointer (an atom is written without a write
// barrier): every entry's atoms are written anew.
type atom struct {
	tok     int32 // the token that writes it
	row     int8  // trellis row (1-based)
	region  byte  // grape: region of the wine
	trellis bool
	skip    bool // grape: @- declines it
	// grape: the colour and age of the wine named in full (@Lp2), or 0
	colour byte
	age    int8
}

// named is the wine name an atom writes in full, as the sheet writes it
// (Lp2), or "".
func (x *atom) named() string {
	if x.colour == 0 {
		return ""
	}
	return wineNames[regionIndex(layouts.Region(x.region))+1][colourIndex(layouts.Colour(x.colour))+1][x.age]
}

// tokenAnswerer answers an entry's questions from its written choices, in
// order; a question with one possible answer may go unwritten.
type tokenAnswerer struct {
	r     *replayer
	l     *validate.Line
	p     *PlayerState
	atoms []atom
	end   int
}

// A two-byte choice is tN (a trellis in row N) when choiceFirst and
// choiceSecond of its bytes have trellisChoice in common, @R (a grape's
// wine in region R, in either case) when they have grapeChoice.
const (
	trellisChoice = 1 << iota
	grapeChoice
)

var choiceFirst, choiceSecond = func() (first, second [256]byte) {
	first['t'], first['T'], first['@'] = trellisChoice, trellisChoice, grapeChoice
	for d := '0'; d <= '9'; d++ {
		second[d] = trellisChoice
	}
	for c := range second {
		if isRegion(upper(byte(c))) {
			second[c] = grapeChoice
		}
	}
	return first, second
}()

// usualChoice reads the usual choices, tN and @R, told apart by a
// look-up of each byte (they come in no order a branch could guess): the
// atom's row is the digit for tN, its region the letter for @R. Any
// other choice is not usual (false).
func usualChoice(t string, tok int) (atom, bool) {
	if len(t) != 2 {
		return atom{}, false
	}
	k, c := choiceFirst[t[0]]&choiceSecond[t[1]], t[1]
	return atom{trellis: k == trellisChoice, row: int8(c-'0') * int8(k&trellisChoice),
		region: upper(c) * (k >> 1), tok: int32(tok)}, k != 0
}

// readChoices reads the choices of the answerer's line in tokens [from, to).
func (r *replayer) readChoices(from, to int) error {
	a, l := &r.ans, r.ans.l
	for i := from; i < to; i++ {
		t := l.Word(i)
		if x, ok := usualChoice(t, i); ok {
			a.atoms = append(a.atoms, x)
			continue
		}
		switch {
		case len(t) >= 2 && (t[0] == 't' || t[0] == 'T') && allDigits(t[1:]):
			for _, d := range t[1:] {
				a.atoms = append(a.atoms, atom{trellis: true, row: int8(d - '0'), tok: int32(i)})
			}
		case len(t) >= 2 && t[0] == '@':
			x := t[1:]
			switch {
			case x == "-":
				a.atoms = append(a.atoms, atom{skip: true, tok: int32(i)})
			case len(x) == 1 && isRegion(upper(x[0])):
				a.atoms = append(a.atoms, atom{region: upper(x[0]), tok: int32(i)})
			case isWineName(x):
				// canonWine's letters: the name is canonWine(x)
				a.atoms = append(a.atoms, atom{region: upper(x[0]), colour: lower(x[1]), age: int8(x[2] - '0'), tok: int32(i)})
			default:
				return r.errorf(l, i, validate.CodeSyntax, "a grape's wine is written @REGION (@L, @R, @E) or @WINE (@Lp2), not %q", t)
			}
		default:
			d := validate.Errorf(l, i, validate.CodeSyntax, "a choice is tN (a trellis in row N) or @REGION (the region of a grape's wine), not %q", t)
			d.Hint = choiceHint(l, i)
			return r.fail(d)
		}
	}
	return nil
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// next takes the next unread answer of a kind (a trellis's or a grape's),
// or returns nil when none is written.
func (a *tokenAnswerer) next(trellis bool) *atom {
	if i := a.firstOf(trellis); i >= 0 {
		return a.take(i)
	}
	return nil
}

// firstOf is the index of the first unread answer of a kind, or -1. A
// question takes the next answer of its own kind wherever the other
// kind's answers stand (docs/notation/bordeaux.md): `@L t2` and `t2 @L`
// answer a trellis and a grape alike.
func (a *tokenAnswerer) firstOf(trellis bool) int {
	for i := range a.atoms {
		if a.atoms[i].trellis == trellis {
			return i
		}
	}
	return -1
}

// take reads answer i; the unread answers before it, of the other kind,
// stay unread in their order.
func (a *tokenAnswerer) take(i int) *atom {
	if i > 0 {
		x := a.atoms[i]
		copy(a.atoms[1:i+1], a.atoms[:i])
		a.atoms[0] = x
	}
	x := &a.atoms[0]
	a.atoms = a.atoms[1:]
	return x
}

// writtenRow is the trellis row written next when it is one of p's rows
// not full (and takes it), or 0: Trellis's answer without its question.
func (a *tokenAnswerer) writtenRow(p *PlayerState) int {
	i := a.firstOf(true)
	if i < 0 {
		return 0
	}
	row := int(a.atoms[i].row)
	if uint(row-1) >= uint(len(p.Layout.Trellis)) || p.Trellis[row-1] >= p.Layout.Trellis[row-1].Len {
		return 0
	}
	a.take(i)
	return row
}

func (a *tokenAnswerer) leftover() error {
	if len(a.atoms) == 0 {
		return nil
	}
	// as played, an answer to no question is ignored
	x := a.atoms[0]
	if x.trellis {
		return a.r.illegalNoted("ignored", a.l, int(x.tok), "no trellis is left to place for %s here: t%d answers nothing", a.p.Name, int(x.row))
	}
	return a.r.illegalNoted("ignored", a.l, int(x.tok), "no grape is left to answer here: %s answers nothing", a.l.Word(int(x.tok)))
}

func orList(items []string) string { return prose.Or(items) }

func (a *tokenAnswerer) Trellis(q Question) (int, error) {
	x := a.next(true)
	if x == nil && len(q.Rows) == 1 {
		return q.Rows[0], nil
	}
	if x != nil {
		for _, r := range q.Rows {
			if r == int(x.row) {
				return r, nil
			}
		}
	}
	var rows, writes []string
	for _, r := range q.Rows {
		rows = append(rows, strconv.Itoa(r))
		writes = append(writes, "t"+strconv.Itoa(r))
	}
	if x == nil {
		return 0, a.r.errorf(a.l, a.end, validate.CodeRule, "a trellis goes in row %s: write %s", orList(rows), orList(writes))
	}
	// as played, a trellis that cannot be traced where written is lost (row 0)
	if int(x.row) < 1 || int(x.row) > len(a.p.Layout.Trellis) {
		return 0, a.r.illegalNoted("the trellis is lost", a.l, int(x.tok), "%s's sheet has no trellis row %d: write %s", a.p.Name, int(x.row), orList(writes))
	}
	return 0, a.r.illegalNoted("the trellis is lost", a.l, int(x.tok), "%s's trellis row %d is full: write %s", a.p.Name, int(x.row), orList(writes))
}

func (a *tokenAnswerer) Grape(q Question) (*layouts.Wine, error) {
	x := a.next(false)
	switch {
	case x == nil && len(q.Wines) == 0:
		return nil, nil
	case x == nil && len(q.Wines) == 1:
		return q.Wines[0], nil
	case x != nil && x.skip && (len(q.Wines) == 0 || a.r.st.Rules.VineSkip):
		return nil, nil
	case x != nil && !x.skip:
		for _, w := range q.Wines {
			if w.Region == layouts.Region(x.region) && (x.colour == 0 || x.named() == wineName(w)) {
				return w, nil
			}
		}
	}
	kind := fmt.Sprintf("%d-year %s", q.Grape.Age, colourNames[q.Grape.Colour])
	var regs, writes []string
	for _, w := range q.Wines {
		regs = append(regs, string(w.Region))
		writes = append(writes, "@"+string(w.Region))
	}
	if x == nil {
		if a.r.st.Rules.VineSkip {
			writes = append(writes, "@- (vine-skip: decline it)")
		}
		return nil, a.r.errorf(a.l, a.end, validate.CodeRule, "the grape on vine %d gives a %s wine in %s: write %s", q.Vine, kind, orList(regs), orList(writes))
	}
	if x.skip {
		return nil, a.r.illegal(a.l, int(x.tok), "the grape on vine %d must circle a %s wine while one can be made: write %s", q.Vine, kind, orList(writes))
	}
	w, err := a.grapeWine(q, x, kind)
	if len(q.Wines) == 0 && len(a.r.rep.Diagnostics) > 0 {
		// The grape can circle nothing: the answer taken may be meant
		// for a later grape, and this one's (@-) left out.
		d := &a.r.rep.Diagnostics[len(a.r.rep.Diagnostics)-1]
		d.Hint = fmt.Sprintf("the grape on vine %d can circle no wine: if %s answers a later grape, write @- for this one before it", q.Vine, a.l.Word(int(x.tok)))
	}
	return w, err
}

// grapeWine reports the wine answer x, which is not among the wines the
// grape can circle, and returns the wine as played.
func (a *tokenAnswerer) grapeWine(q Question, x *atom, kind string) (*layouts.Wine, error) {
	if x.colour != 0 {
		// the name is canonical (Lp2): its colour and age must be the grape's;
		// a name of the right kind that the sheet lacks falls through to
		// the region's message below
		if (layouts.WineType{Colour: layouts.Colour(x.colour), Age: int(x.age)}) != q.Grape {
			return nil, a.r.errorf(a.l, int(x.tok), validate.CodeRule, "the grape on vine %d gives a %s wine, not %s", q.Vine, kind, x.named())
		}
	}
	w := a.p.WineIn(layouts.Region(x.region), q.Grape.Colour, q.Grape.Age)
	switch {
	case w == nil:
		return nil, a.r.errorf(a.l, int(x.tok), validate.CodeRule, "the grape on vine %d gives a %s wine, and %s's %s has none", q.Vine, kind, a.p.Name, regionNames[layouts.Region(x.region)])
	case a.p.CircledYear(w) > 0:
		// as played, the grape is lost
		return nil, a.r.illegal(a.l, int(x.tok), "the grape on vine %d cannot circle %s: it is circled already", q.Vine, w.Name())
	}
	// as played, the wine is circled with the casks there are
	if err := a.r.illegal(a.l, int(x.tok), "the grape on vine %d cannot circle %s: it needs %s and %s has %d available", q.Vine, w.Name(), casks(w.Casks), a.p.Name, a.p.CasksAvailable()); err != nil {
		return nil, err
	}
	return w, nil
}

// wineName is w.Name() without allocating, for comparisons: a wine name
// is three bytes, region, colour and age.
func wineName(w *layouts.Wine) string {
	if w.Type.Age < 1 || w.Type.Age > 3 {
		return w.Name()
	}
	return wineNames[regionIndex(w.Region)+1][colourIndex(w.Type.Colour)+1][w.Type.Age]
}

var wineNames = func() (n [4][4][4]string) {
	for ri, r := range "?LRE" {
		for ci, c := range "?rpw" {
			for a := 1; a <= 3; a++ {
				n[ri][ci][a] = string([]byte{byte(r), byte(c), byte('0' + a)})
			}
		}
	}
	return n
}()

// topText writes a '13 choice as far as it is made: "R and C", "R".
func topText(t layouts.TopCell) string {
	switch {
	case t.Region != 0 && t.Resource != 0:
		return string(t.Region) + " and " + string(t.Resource)
	case t.Region != 0:
		return string(t.Region)
	}
	return string(t.Resource)
}
