package bordeaux

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

// CheckKeys are the `check` keys, each a quantity the sheet shows.
var CheckKeys = []string{"casks", "used", "vines", "trellis", "circled", "wines", "paths", "longest", "leader"}

// check compares a `check` line with the sheet. Lists are written with
// commas (trellis=3,4,0), as the notation page shows, or with slashes.
// Values are compared without building the sheet's text; the text is made
// only for a message.
func (r *replayer) check(l *validate.Line) error {
	p := r.playerOf(l)
	pairs := l.Pairs()
	for i := 0; i < len(pairs); i++ {
		kv := &pairs[i]
		same, known := r.sameAsSheet(p, kv.Key, kv.Value)
		if !known {
			return r.fail(*unknownCheckKey(l, kv))
		}
		if same {
			continue
		}
		if strings.HasSuffix(kv.Value, ",") {
			// The player lines' commas are not a check's: the value
			// "2," would read as a number that differs from the sheet's 2.
			return r.commaAfterValue(l, pairs, i)
		}
		if d := notANumber(l, kv); d != nil {
			return r.fail(*d)
		}
		err := r.checkDiffers(l, p, *kv)
		// The line's other differences too, in the same message: they
		// point at the line that went wrong. A key that is no check key,
		// or a count that is no number, ends them; as played, it is
		// reported next.
		d := &r.rep.Diagnostics[len(r.rep.Diagnostics)-1]
		var also []string
		next := len(pairs)
		for j := i + 1; j < len(pairs); j++ {
			o := &pairs[j]
			same, known := r.sameAsSheet(p, o.Key, o.Value)
			if !known || !same && notANumber(l, o) != nil {
				next = j
				break
			}
			if !same {
				also = append(also, r.differenceText(p, *o))
			}
		}
		d.Message = validate.WithAlso(d.Message, also)
		// As played, a check that differs is reported and the replay goes
		// on: the check changes nothing on the sheet. The result is then
		// disputed, as in AOC: the table saw something the rules do not
		// give, and a rejected record has no result.
		if !r.opt.AsPlayed {
			// A key past it that is no check key, or a count that is no
			// number, is listed by the grammar read after the stop, which
			// reads this line too (validate).
			return err
		}
		r.markApplied()
		i = next - 1 // the keys up to next are in the message above
	}
	return nil
}

// commaAfterValue reports the comma that ends pairs[i]'s value (which
// the reader joined to it, as it joins a list's items): a comma between
// two pairs, or after the last one.
func (r *replayer) commaAfterValue(l *validate.Line, pairs []validate.Pair, i int) error {
	kv := &pairs[i]
	end := len(l.Tokens)
	if i+1 < len(pairs) {
		end = pairs[i+1].Tok
	}
	comma := end - 1
	for comma > kv.Tok && l.Word(comma) != "," {
		comma--
	}
	written := kv.Key + "=" + strings.TrimRight(kv.Value, ",")
	if i+1 < len(pairs) {
		next := &pairs[i+1]
		return r.errorf(l, comma, validate.CodeSyntax, "a check's pairs are separated by blanks, not commas: write %s %s=%s", written, next.Key, strings.TrimRight(next.Value, ","))
	}
	return r.errorf(l, comma, validate.CodeSyntax, "a check value does not end with a comma: write %s", written)
}

// unknownCheckKey is the error for a key no check line has: the
// replay's, and the grammar's after the replay stopped.
func unknownCheckKey(l *validate.Line, kv *validate.Pair) *validate.Diagnostic {
	d := validate.Errorf(l, kv.Tok, validate.CodeSyntax, "unknown check key %q: %s", kv.Key, strings.Join(CheckKeys, ", "))
	d.Hint = validate.DidYouMean(kv.Key, CheckKeys)
	return &d
}

// notANumber is the error for a count written as no number (casks=2x),
// or a trellis list with an item that is none, or nil: compared as text,
// it read "Ann has 3 casks available; the check says 2x", as if the
// count were merely different. The replay asks it of a value that
// differs only; the grammar read after the stop, of every value. An
// empty value keeps its message ("the check says nothing"), and one that
// ends in a comma is commaAfterValue's.
func notANumber(l *validate.Line, kv *validate.Pair) *validate.Diagnostic {
	v := kv.Value
	switch {
	case kv.Key == "circled" || v == "" || strings.HasSuffix(v, ","):
		return nil
	case kv.Key == "trellis":
		// Each item that is no number as the number it may have meant.
		var b strings.Builder
		bad := false
		for rest, more := v, true; more; {
			var item string
			item, rest, more = nextItem(rest)
			if notCount(item) {
				item, bad = leadingDigits(item), true
			}
			b.WriteString(item)
			if more {
				b.WriteByte(v[len(v)-len(rest)-1]) // the separator as written
			}
		}
		if !bad {
			return nil
		}
		d := validate.Errorf(l, kv.Tok, validate.CodeSyntax, "trellis is checked as whole numbers, one a row: write trellis=%s, not %q", b.String(), v)
		return &d
	case !notCount(v):
		return nil
	}
	d := validate.Errorf(l, kv.Tok, validate.CodeSyntax, "%s is checked as a whole number: write %s=%s, not %q", kv.Key, kv.Key, leadingDigits(v), v)
	return &d
}

// notCount tells whether a written count is no number. Digits too many
// for an int are a number still, one that differs from the sheet's.
func notCount(s string) bool {
	_, ok := atoi(s)
	return !ok && leadingDigits(s) != s
}

// leadingDigits are the digits a value that is no number starts with
// (2 of 2x), or N when it starts with none: the number it may have meant.
func leadingDigits(s string) string {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return "N"
	}
	return s[:n]
}

// sameAsSheet tells whether a check's value for key is what p's sheet
// shows; known is false when key is no check key.
func (r *replayer) sameAsSheet(p *PlayerState, key, v string) (same, known bool) {
	for k, ck := range CheckKeys {
		if ck == key {
			return r.sameAsSheetAt(p, k, v), true
		}
	}
	return false, false
}

// sameAsSheetAt is sameAsSheet for CheckKeys[k]. The values are compared
// without building the sheet's text. (What it accepts is made of letters,
// digits, '+', '-', ',' and '/' only: bytes the reader takes as they are
// written, which checkText relies on.)
func (r *replayer) sameAsSheetAt(p *PlayerState, k int, v string) bool {
	n := 0
	switch k {
	case keyCasks:
		n = p.CasksAvailable()
	case keyUsed:
		n = p.CasksUsed
	case keyVines:
		n = p.VinesFilled
	case keyTrellis:
		return sameCounts(v, p.Trellis)
	case keyCircled:
		return p.sameCircled(v)
	case keyWines:
		n = p.nCircled
	case keyPaths:
		n = p.nFilled
	case keyLongest:
		n = p.Longest(r.st.Rules.SimplePath)
	case keyLeader:
		n = len(p.LeaderYears)
	}
	if len(v) == 1 { // the usual count, a digit: atoi's first case
		d := v[0] - '0'
		return d <= 9 && int(d) == n
	}
	x, ok := atoi(v)
	return ok && x == n
}

// The indexes of CheckKeys.
const (
	keyCasks = iota
	keyUsed
	keyVines
	keyTrellis
	keyCircled
	keyWines
	keyPaths
	keyLongest
	keyLeader
)

// checkText confirms a lazy check line (validate.Line.Lazy) from its
// text, without the reader's tokens and pairs: a line written as the
// generator writes it, each value what the sheet shows (the circled wines
// in any order). The text is compared with the sheet's rendering around
// the circled list, which sameCircled reads. The reader's pairs of such a
// line would be these keys and values, so check would find nothing
// either. Any other line, and one that differs, is read in full (Expand,
// check), which writes the message.
func (r *replayer) checkText(l *validate.Line) bool {
	p := r.playerOf(l)
	text := l.LazyText()
	b := append(r.bufs.check[:0], "casks="...)
	b = appendCount(b, p.CasksAvailable())
	b = append(b, " used="...)
	b = appendCount(b, p.CasksUsed)
	b = append(b, " vines="...)
	b = appendCount(b, p.VinesFilled)
	b = append(b, " trellis="...)
	for i, n := range p.Trellis {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCount(b, n)
	}
	b = append(b, " circled="...)
	if len(text) < len(b) || text[:len(b)] != string(b) {
		return false
	}
	text = text[len(b):]
	circled := 1 // "-"
	if p.nCircled > 0 {
		circled = 4*p.nCircled - 1 // names of three letters and the commas between
	}
	if len(text) < circled || !p.sameCircled(text[:circled]) {
		return false
	}
	text = text[circled:]
	b = append(b[:0], " wines="...)
	b = appendCount(b, p.nCircled)
	b = append(b, " paths="...)
	b = appendCount(b, p.nFilled)
	b = append(b, " longest="...)
	b = appendCount(b, p.Longest(r.st.Rules.SimplePath))
	b = append(b, " leader="...)
	b = appendCount(b, len(p.LeaderYears))
	if text != string(b) {
		return false
	}
	l.ConfirmLazy()
	return true
}

// appendCount appends n in decimal, a digit without a call.
func appendCount(b []byte, n int) []byte {
	if uint(n) < 10 {
		return append(b, byte('0'+n))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// checkDiffers reports a check value that is not what the sheet shows.
func (r *replayer) checkDiffers(l *validate.Line, p *PlayerState, kv validate.Pair) error {
	return r.errorf(l, kv.Tok, validate.CodeCheck, "%s", r.differenceText(p, kv))
}

// differenceText says how a check value differs from the sheet.
func (r *replayer) differenceText(p *PlayerState, kv validate.Pair) string {
	var got, what string
	switch kv.Key {
	case "casks":
		got, what = count(p.CasksAvailable(), "cask", "casks", " available")
	case "used":
		got, what = count(p.CasksUsed, "cask", "casks", " used")
	case "vines":
		got, what = count(p.VinesFilled, "vine", "vines", " filled")
	case "wines":
		got, what = count(p.nCircled, "circled wine", "circled wines", "")
	case "paths":
		got, what = count(p.nFilled, "filled path", "filled paths", "")
	case "longest":
		got, what = count(p.Longest(r.st.Rules.SimplePath), "segment", "segments", " in the longest tour")
	case "leader":
		got, what = count(len(p.LeaderYears), "leader year", "leader years", "")
	case "trellis":
		var s []string
		for _, n := range p.Trellis {
			s = append(s, strconv.Itoa(n))
		}
		got, what = strings.Join(s, ","), "trellises per row"
	case "circled":
		got = strings.Join(p.CircledNames(), ",")
		if got == "" {
			got = "-"
		}
		written := kv.Value
		if written == "" { // read as none
			written = "-"
		}
		return fmt.Sprintf("%s's circled wines are %s; the check says %s", p.Name, got, written)
	}
	written := kv.Value
	if written == "" { // `casks=`: the message would end in a blank
		written = "nothing"
	}
	return fmt.Sprintf("%s has %s %s; the check says %s", p.Name, got, what, written)
}

// atoi is strconv.Atoi without its error value: a check's numbers are a
// digit or two, read here without a call.
func atoi(s string) (int, bool) {
	if len(s) == 1 { // the usual count
		d := s[0] - '0'
		return int(d), d <= 9
	}
	if len(s) == 0 || len(s) > 9 { // 9 digits cannot overflow
		v, err := strconv.Atoi(s)
		return v, err == nil
	}
	digits, neg := s, false
	if s[0] == '+' || s[0] == '-' {
		digits, neg = s[1:], s[0] == '-'
		if digits == "" {
			return 0, false
		}
	}
	v := 0
	for i := 0; i < len(digits); i++ {
		d := digits[i] - '0'
		if d > 9 {
			return 0, false
		}
		v = v*10 + int(d)
	}
	if neg {
		v = -v
	}
	return v, true
}

// nextItem cuts a list value at its first comma or slash.
func nextItem(s string) (item, rest string, more bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' || s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// sameCounts compares a written list of numbers (3,4,0 or 3/4/0) with
// the sheet's.
func sameCounts(written string, got []int) bool {
	if len(written) == 2*len(got)-1 && sameDigits(written, got) {
		return true
	}
	return sameCountsAny(written, got)
}

// sameCountsAny is sameCounts for a list of any numbers.
func sameCountsAny(written string, got []int) bool {
	rest, more := written, true
	for i := 0; more; i++ {
		var item string
		item, rest, more = nextItem(rest)
		v, ok := atoi(item)
		if !ok || i >= len(got) || v != got[i] {
			return false
		}
		if !more {
			return i == len(got)-1
		}
	}
	return false
}

// sameDigits is sameCounts's usual case: a list of single digits
// (3,4,0) equal to got, which has (len(written)+1)/2 items. Any other
// list, equal or not, is false here, and read by sameCounts.
func sameDigits(written string, got []int) bool {
	for i, n := range got {
		k := 2 * i
		if k >= len(written) {
			return false
		}
		if d := written[k] - '0'; d > 9 || int(d) != n {
			return false
		}
		if k+1 < len(written) && written[k+1] != ',' && written[k+1] != '/' {
			return false
		}
	}
	return true
}

// sameCircled compares a written list of wine names, in any order (`-`
// for none), with the wines circled on the sheet.
func (p *PlayerState) sameCircled(written string) bool {
	if written == "-" || written == "" {
		return p.nCircled == 0
	}
	// Every item must be a wine name, three letters, and name a circled
	// wine once: the list is nCircled names and the separators between
	// them, each name at a multiple of 4.
	if len(written)+1 != 4*p.nCircled {
		return false
	}
	if len(p.circled) <= 64 {
		return p.sameCircledSmall(written)
	}
	return p.sameCircledAny(written)
}

// sameCircledAny is sameCircled on a sheet of any size, for a list of
// nCircled items.
func (p *PlayerState) sameCircledAny(written string) bool {
	var buf [64]bool
	seen := buf[:]
	if len(p.circled) > len(buf) {
		seen = make([]bool, len(p.circled)) // a group's own, larger map
	}
	for i := 0; i < len(written); i += 4 {
		if i+3 < len(written) && written[i+3] != ',' && written[i+3] != '/' {
			return false
		}
		// isWineName's letters, in either case, as the index's numbers
		ri, ci, age := uint(regionAnyCase[written[i]]), uint(colourAnyCase[written[i+1]]), uint(written[i+2]-'0')
		if ri >= 3 || ci >= 3 || age-1 >= 3 {
			return false
		}
		wi := p.idx.wineIn[wineKey(ri, ci, age)]
		if wi < 0 || p.circled[wi] == 0 || seen[wi] {
			return false
		}
		seen[wi] = true
	}
	return true
}

// sameCircledSmall is sameCircled on a sheet of at most 64 wines, for a
// list of nCircled items: the wines it names, as bits, must be the
// circled ones. As many names as circled wines name them all when none
// is named twice.
func (p *PlayerState) sameCircledSmall(written string) bool {
	named := uint64(0)
	// a name, then a separator and the rest: the list is cut as it is
	// read, so that each byte is read without a bounds check of its own
	for len(written) >= 3 {
		// isWineName's letters, in either case, as the index's key: a
		// byte that is not one makes the sum too large
		k := uint(nameKeys[0][written[0]]) + uint(nameKeys[1][written[1]]) + uint(nameKeys[2][written[2]])
		if k >= uint(len(p.idx.wineIn)) {
			return false
		}
		wi := p.idx.wineIn[k]
		if wi < 0 || named&(1<<wi) != 0 {
			return false
		}
		named |= 1 << wi
		if len(written) == 3 {
			break
		}
		if c := written[3]; c != ',' && c != '/' {
			return false
		}
		written = written[4:]
	}
	return named == p.circledBits
}

// nameKeys are the parts of wineKey that a wine name's three letters
// give: its region and colour in either case, its age '1' to '3'; any
// other byte gives 36 (no key is as large).
var nameKeys = func() (t [3][256]uint8) {
	for i := range t {
		for b := range t[i] {
			t[i][b] = 36
		}
	}
	for b := range 256 {
		if r := regionAnyCase[b]; r >= 0 {
			t[0][b] = uint8(wineKey(uint(r), 0, 0))
		}
		if c := colourAnyCase[b]; c >= 0 {
			t[1][b] = uint8(wineKey(0, uint(c), 0))
		}
	}
	for a := uint(1); a <= 3; a++ {
		t[2]['0'+a] = uint8(a)
	}
	return t
}()

// regionAnyCase and colourAnyCase are regionIndex and colourIndex of a
// letter in either case.
var regionAnyCase, colourAnyCase = letterIndexes[byte]('L', 'R', 'E', 'l', 'r', 'e'), letterIndexes[byte]('r', 'p', 'w', 'R', 'P', 'W')

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// plural writes a number and the noun that agrees with it: 1 sheet, 2 sheets.
func plural(n int, one, many string) string {
	a, b := count(n, one, many, "")
	return a + " " + b
}

// count writes a number and its noun: 1 cask, 2 casks.
func count(n int, one, many, after string) (string, string) {
	if n == 1 {
		return "1", one + after
	}
	return strconv.Itoa(n), many + after
}
