package grandcru

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/vintner/vintner/validate"
)

// sale is one batch sold: a variety from a barrel, n cubes (0: all).
type sale struct {
	v, b, n int
	tok     int // token of the variety
}

func num(l *validate.Line, i int) (int, bool) {
	w := l.Word(i)
	// A word that cannot start a number is answered without Atoi, whose
	// error would be allocated only to be dropped (a replay probes
	// optional numbers this way).
	if w == "" || (w[0] < '0' || w[0] > '9') && w[0] != '-' && w[0] != '+' {
		return 0, false
	}
	// One or two digits, as nearly every number of a record, are read here.
	if len(w) <= 2 && '0' <= w[len(w)-1] && w[len(w)-1] <= '9' && '0' <= w[0] && w[0] <= '9' {
		n := 0
		for i := 0; i < len(w); i++ {
			n = 10*n + int(w[i]-'0')
		}
		return n, true
	}
	n, err := strconv.Atoi(w)
	return n, err == nil && -maxRecordNumber <= n && n <= maxRecordNumber
}

// maxRecordNumber bounds every number a record writes: money, bids and
// counts stay far below it, and no sum of them can overflow.
const maxRecordNumber = 999999

// isWord tells whether token i is the keyword kw (written in lower case)
// in any case, as l.Lower(i) == kw does, without lower-casing a word that
// is already in lower case.
func isWord(l *validate.Line, i int, kw string) bool {
	w := l.Word(i)
	if w == kw {
		return true
	}
	for j := 0; j < len(w); j++ {
		if c := w[j]; 'A' <= c && c <= 'Z' || c >= utf8.RuneSelf {
			return strings.ToLower(w) == kw
		}
	}
	return false
}

func (s *state) variety(l *validate.Line, i int) (int, *fault) {
	if i >= len(l.Tokens) {
		return 0, bad(i, "a variety is missing here: gamay, syrah, merlot, cabernet or pinot")
	}
	// The name as records write it: kindNamed inlined here, without
	// parseKind's call (parseKind tries it first too).
	if v, ok := kindNamed(l.Tokens[i].Text); ok && v < nVarieties {
		return v, nil
	}
	v, ok := parseVariety(l.Word(i))
	if !ok {
		f := bad(i, "%q is not a variety: gamay, syrah, merlot, cabernet or pinot", l.Word(i))
		f.hint = joinedNameHint(l, i)
		if f.hint == "" {
			f.hint = validate.DidYouMean(l.Lower(i), varietyNames[:])
		}
		return 0, f
	}
	return v, nil
}

// joinedNameHint is the hint for a word that, joined by hyphens to the
// words next to it, names a tile: the name printed on the tile written
// in words ("good vintage", "seal of excellence", "pinot noir"); "" when
// no such joining names one.
func joinedNameHint(l *validate.Line, i int) string {
	for from := max(i-2, 0); from <= i; from++ {
		for to := max(i, from+1); to <= from+2 && to < len(l.Tokens); to++ {
			words := make([]string, 0, 3)
			for j := from; j <= to; j++ {
				words = append(words, l.Lower(j))
			}
			if name := strings.Join(words, "-"); name != "" {
				if _, ok := parseKind(name); ok {
					return "a tile's name is one word, hyphenated: " + name
				}
			}
		}
	}
	return ""
}

func (s *state) kind(l *validate.Line, i int) (int, *fault) {
	if i >= len(l.Tokens) {
		return 0, bad(i, "a tile name is missing here")
	}
	if k, ok := kindNamed(l.Tokens[i].Text); ok { // as in variety
		return k, nil
	}
	k, ok := parseKind(l.Word(i))
	if !ok {
		f := bad(i, "%q is not a tile: a variety or an improvement", l.Word(i))
		f.hint = joinedNameHint(l, i)
		if f.hint == "" {
			f.hint = validate.DidYouMean(l.Lower(i), allKindNames())
		}
		return 0, f
	}
	return k, nil
}

func (s *state) barrel(l *validate.Line, i int) (int, *fault) {
	b, ok := num(l, i)
	if !ok || b < 1 || b > s.t.barrels() {
		if i >= len(l.Tokens) {
			return 0, bad(i, "a barrel number (1 to %d) is missing here", s.t.barrels())
		}
		return 0, bad(i, "barrels are numbered 1 to %d, not %q", s.t.barrels(), l.Word(i))
	}
	return b - 1, nil
}

// parseSale reads `VARIETY BARREL [N]` from token i; it returns the next
// token index.
func (s *state) parseSale(l *validate.Line, i int) (sale, int, *fault) {
	v, f := s.variety(l, i)
	if f != nil {
		return sale{}, i, f
	}
	b, f := s.barrel(l, i+1)
	if f != nil {
		return sale{}, i, f
	}
	sp := sale{v: v, b: b, tok: i}
	next := i + 2
	if n, ok := num(l, next); ok {
		if n < 1 {
			return sale{}, i, bad(next, "a sale sells at least one cube")
		}
		sp.n = n
		next++
	} else if w := l.Word(next); w != "" && '0' <= w[0] && w[0] <= '9' {
		// "sell gamay 2 3F", the price written down: "the line ends
		// here" said no count could follow.
		return sale{}, i, bad(next, "%q is not a number of cubes: a sale is VARIETY BARREL [CUBES], and the money it brings is derived", w)
	}
	return sp, next, nil
}

func pictures(t *Tables, b int) string {
	var w []string
	for v := 0; v < nVarieties; v++ {
		if t.Mature[b][v] {
			w = append(w, varietyNames[v])
		}
	}
	if len(w) == 0 {
		return "no grape"
	}
	return strings.Join(w, " and ")
}

// checkSale tells how many cubes a sale takes, or why it cannot.
func (s *state) checkSale(p *player, sp sale, mature bool) (int, *fault) {
	c := p.barrels[sp.b][sp.v]
	if c == 0 {
		return 0, bad(sp.tok, "%s has no %s in barrel %d", p.name, varietyNames[sp.v], sp.b+1)
	}
	if mature && !s.t.Mature[sp.b][sp.v] {
		if f := s.illegal(bad(sp.tok, "the %s in barrel %d is not mature: barrel %d pictures %s", varietyNames[sp.v], sp.b+1, sp.b+1, pictures(s.t, sp.b))); f != nil {
			return 0, f
		}
	}
	n := sp.n
	if n == 0 {
		n = c
	}
	if n > c {
		return 0, bad(sp.tok+2, "%s has only %d %s in barrel %d", p.name, c, varietyNames[sp.v], sp.b+1)
	}
	if s.r.saleMustSellAll && n != c {
		// As played, the cubes written are sold, the rest stay.
		if f := s.illegal(bad(sp.tok+2, "a sale takes all %d %s from barrel %d (ruling sale-must-sell-all)", c, varietyNames[sp.v], sp.b+1)); f != nil {
			return 0, f
		}
	}
	return n, nil
}

func (s *state) dropPrice(v int) {
	if s.price[v] > 0 {
		s.price[v]--
	}
}

// takeVineCube takes the cube off the first vine of variety v carrying one.
func takeVineCube(p *player, v int) {
	p.ripe[v]--
	if m := p.ripeAt[v]; m != 0 {
		p.ripeAt[v] = m & (m - 1)
		p.vineyard[bits.TrailingZeros64(m)].cube = false
		return
	}
	takeVineCubePastMarks(p, v)
}

// takeVineCubePastMarks looks for the vine past the places ripeAt marks
// (only a vineyard of more than 64 places has them).
func takeVineCubePastMarks(p *player, v int) {
	for i := 64; i < len(p.vineyard); i++ {
		if p.vineyard[i].kind == v && p.vineyard[i].cube {
			p.vineyard[i].cube = false
			return
		}
	}
}

// removeTile takes the tile at place i out of the vineyard; the places
// after it move down one, in ripeAt too.
func removeTile(p *player, i int) {
	p.vineyard = append(p.vineyard[:i], p.vineyard[i+1:]...)
	below := uint64(1)<<i - 1
	for v, m := range p.ripeAt {
		p.ripeAt[v] = m&below | m>>1&^below
	}
	if len(p.vineyard) > 63 { // the tile now at place 63 came from past the marks
		if t := p.vineyard[63]; t.cube {
			p.ripeAt[t.kind] |= 1 << 63
		}
	}
}

// checkHarvest tells whether a player may harvest the given vines now,
// and whether that empties the last vine.
func (s *state) checkHarvest(p *player, vs []int, toks []int) (bool, *fault) {
	if p.money < s.t.HarvestCost {
		f := bad(0, "%s cannot harvest without money (a harvest costs %s)", p.name, francs(s.t.HarvestCost))
		if p.money > 0 { // tables where a harvest costs more than 1 Franc
			f = bad(0, "%s has %s and cannot pay %s to harvest", p.name, francs(p.money), francs(s.t.HarvestCost))
		}
		if f := s.illegal(f); f != nil {
			return false, f
		}
	}
	var need [nVarieties]int
	for i, v := range vs {
		need[v]++
		if have := p.ripe[v]; need[v] > have {
			if have == 0 {
				return false, bad(toks[i], "%s has no %s vine with a cube to harvest", p.name, varietyNames[v])
			}
			return false, bad(toks[i], "%s has only %s with a cube", p.name, plural(have, varietyNames[v]+" vine", varietyNames[v]+" vines"))
		}
	}
	last := vineCubes(p) == len(vs)
	if last && s.ph == phActions && s.round < s.t.triggerRound() {
		if f := s.illegal(bad(toks[len(toks)-1], "%s cannot harvest the last vine before the bottle reaches the rightmost leaf (round %d)", p.name, s.t.triggerRound())); f != nil {
			return false, f
		}
	}
	return last, nil
}

func (s *state) doHarvest(p *player, vs []int) {
	p.money -= s.t.HarvestCost
	for _, v := range vs {
		takeVineCube(p, v)
		p.barrels[0][v]++
	}
}

// improvement finds a face-up improvement of a kind; when there is only a
// used one, its index comes with the fault.
func (s *state) improvement(p *player, k int) (int, *fault) {
	used := -1
	for i, t := range p.vineyard {
		if t.kind == k {
			if !t.used {
				return i, nil
			}
			used = i
		}
	}
	if used < 0 {
		return -1, bad(0, "%s has no %s tile in the vineyard", p.name, kindName(k))
	}
	// The used tile comes back with the fault, for --as-played.
	return used, bad(0, "%s has already used the %s tile this year", p.name, kindName(k))
}

// checkPlace checks the discard a bought tile needs: the index of the tile
// a full vineyard discards (-1 none); place then puts the tile.
func (s *state) checkPlace(p *player, l *validate.Line, i int) (int, *fault) {
	full := len(p.vineyard) >= s.t.Spaces
	if !isWord(l, i, "discard") {
		if i < len(l.Tokens) {
			return -1, bad(i, "unexpected %q: the line ends here (or `discard TILE` when the vineyard is full)", l.Word(i))
		}
		if full {
			return -1, bad(i, "%s's vineyard is full (%d tiles): write which tile is discarded, `discard TILE`", p.name, s.t.Spaces)
		}
		return -1, nil
	}
	if !full {
		return -1, bad(i, "%s's vineyard has free spaces: nothing is discarded", p.name)
	}
	k, f := s.kind(l, i+1)
	if f != nil {
		return -1, f
	}
	if i+2 < len(l.Tokens) {
		return -1, bad(i+2, "unexpected %q: the line ends after the discarded tile", l.Word(i+2))
	}
	// Of several tiles of that type, the one worth least goes: a vine
	// without a cube, a used improvement.
	best := -1
	for j, t := range p.vineyard {
		if t.kind != k {
			continue
		}
		if best < 0 || (!t.cube && p.vineyard[best].cube) || (t.used && !p.vineyard[best].used) {
			best = j
		}
	}
	if best < 0 {
		return -1, bad(i+1, "%s's vineyard has no %s tile to discard", p.name, kindName(k))
	}
	return best, nil
}

func (s *state) place(p *player, k, discardAt int) {
	if discardAt >= 0 {
		old := p.vineyard[discardAt]
		if old.cube {
			s.stock[old.kind]++
			p.ripe[old.kind]--
		}
		s.discard[old.kind]++
		removeTile(p, discardAt)
	}
	t := tile{kind: k}
	if k < nVarieties && s.stock[k] > 0 {
		s.stock[k]--
		t.cube = true
		p.ripe[k]++
		p.ripeAt[k] |= 1 << len(p.vineyard)
	}
	p.vineyard = append(p.vineyard, t)
}

// colRef reads `TILE` or `col N` at token i: a column (or -1 with the
// kind for a display tile).
func (s *state) colRef(l *validate.Line, i int) (col, kind, next int, f *fault) {
	if isWord(l, i, "col") || isWord(l, i, "column") {
		c, ok := num(l, i+1)
		if !ok || c < 1 || c > s.n {
			return -1, -1, i, bad(i+1, "auction columns are numbered 1 to %d", s.n)
		}
		return c - 1, s.cols[c-1].kind, i + 2, nil
	}
	k, f := s.kind(l, i)
	if f != nil {
		return -1, -1, i, f
	}
	return -1, k, i + 1, nil
}

func (s *state) inDisplay(k int) int {
	for i, d := range s.display {
		if d == k {
			return i
		}
	}
	return -1
}

// columnsOf lists the columns holding a tile kind.
func (s *state) columnsOf(k int) []int {
	var out []int
	for i, c := range s.cols {
		if c.kind == k {
			out = append(out, i)
		}
	}
	return out
}

func colList(cs []int) string {
	var w []string
	for _, c := range cs {
		w = append(w, fmt.Sprintf("`col %d`", c+1))
	}
	return strings.Join(w, " or ")
}

func (s *state) raise(v int, steps int) {
	for ; steps > 0; steps-- {
		if s.price[v] < s.t.topSpace(v) {
			s.price[v]++
		}
	}
}
