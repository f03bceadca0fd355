package layouts

import (
	"fmt"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// Layout codes.
//
// A code is printed on each sheet and typed back by hand, so it uses 31
// symbols that cannot be mistaken for one another when written: the digits
// 2–9 and the letters without I, O and U (no 0/O, 1/I; U looks like V).
//
//	B1-ELJA-G2AR-P
//	│└ layout version (the template's "version")
//	└ game: B = Bordeaux
//	   └──────┘ payload: 8 symbols (more only for very large seeds)
//	              └ check symbol
//
// The payload is one number N = seed × kinds + kind, where kind 0 is a pad
// page (one independent sheet) and kind n (1–12) a game set of n players;
// kinds = max players + 1. N is written in base 31, at least 8 digits,
// after a fixed invertible scramble modulo 31^digits so that neighbouring
// seeds do not give look-alike codes.
//
// The check symbol c makes Σ wᵢ·vᵢ + c ≡ 0 (mod 31), where vᵢ are the values
// of 'B', the version and the payload symbols and wᵢ their distance from
// the end (the check symbol has weight 1, the last payload symbol 2, …).
// 31 is prime and every weight is between 1 and 30, so a single wrong
// symbol changes the sum by w·d ≢ 0, and swapping two neighbours changes it
// by (wᵢ−wᵢ₊₁)·d = ±d ≢ 0: both are always caught.
const (
	codeAlphabet = "23456789ABCDEFGHJKLMNPQRSTVWXYZ"
	codeBase     = len(codeAlphabet) // a prime: the check relies on it
	codeGame     = 'B'
	maxVersion   = 9 // the version is one digit after the game letter
	minDigits    = 8
	groupLen     = 4
	// mixMul and mixAdd scramble N modulo 31^digits; mixMul is coprime to
	// 31, so the scramble is a bijection. Changing them changes every code.
	mixMul = 0x2545F491
	mixAdd = 0x9E3779B9
)

// symbolValues[c] is the value of code symbol c, or -1: a code is read
// symbol by symbol, without searching the alphabet for each.
var symbolValues = func() (v [256]int8) {
	for c := range v {
		v[c] = int8(strings.IndexByte(codeAlphabet, byte(c)))
	}
	return v
}()

// symbolValue is the value of code symbol c (its index in codeAlphabet),
// or -1.
func symbolValue(c byte) int { return int(symbolValues[c]) }

// codeInfo is what a code carries.
type codeInfo struct {
	version int
	seed    uint64
	players int // 0 for a pad page
	seat    int // from a "/N" suffix; 0 if none
	// canonical is true when the code is written as encode writes it
	canonical bool
}

func (t *Template) kinds() int64 { return int64(t.MaxPlayers) + 1 }

var bigBase = big.NewInt(int64(codeBase))

func pow31(n int) *big.Int {
	return new(big.Int).Exp(bigBase, big.NewInt(int64(n)), nil)
}

// encode writes a code for (seed, players) under the template's version.
func (t *Template) encode(seed uint64, players int) string {
	var buf [smallDigits]byte
	payload, ok := t.payloadSmallInto(seed, players, buf[:])
	if !ok {
		payload = t.payloadBig(seed, players)
	}
	var codeBuf [48]byte // any 64-bit seed's code fits
	return string(t.appendCode(codeBuf[:0], payload))
}

// smallDigits is the longest payload whose arithmetic fits in 64 bits
// (31^12 < 2^60); every seed a game set or pad page is dealt from in
// practice is far below it. Longer payloads use math/big.
const smallDigits = 12

// pow31Small[d] is 31^d for d ≤ smallDigits.
var pow31Small = func() (p [smallDigits + 1]uint64) {
	p[0] = 1
	for d := 1; d <= smallDigits; d++ {
		p[d] = p[d-1] * uint64(codeBase)
	}
	return p
}()

// unscrambling[d] is what undoing the scramble modulo 31^d takes: mixAdd
// modulo 31^d and the inverse of mixMul.
var unscrambling = sync.OnceValue(func() (u [smallDigits + 1]struct{ add, inverse uint64 }) {
	for d := minDigits; d <= smallDigits; d++ {
		u[d].add = mixAdd % pow31Small[d]
		u[d].inverse = new(big.Int).ModInverse(big.NewInt(mixMul), pow31(d)).Uint64()
	}
	return u
})

// mulMod is a·b mod m without overflow (a, b < m < 2^63).
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi, lo, m)
	return r
}

// payloadSmall is payloadBig in 64-bit arithmetic; ok is false when the
// number needs more than smallDigits symbols.
func (t *Template) payloadSmall(seed uint64, players int) ([]byte, bool) {
	return t.payloadSmallInto(seed, players, make([]byte, smallDigits))
}

// payloadSmallInto is payloadSmall written into buf (of smallDigits bytes).
func (t *Template) payloadSmallInto(seed uint64, players int, buf []byte) ([]byte, bool) {
	k := uint64(t.kinds())
	if seed > (pow31Small[smallDigits]-k)/k {
		return nil, false
	}
	n := seed*k + uint64(players)
	digits := minDigits
	for n >= pow31Small[digits] {
		digits++
	}
	mod := pow31Small[digits]
	hi, lo := bits.Mul64(n, mixMul)
	lo, carry := bits.Add64(lo, mixAdd, 0)
	hi += carry
	_, m := bits.Div64(hi, lo, mod)
	payload := buf[:digits]
	for i := digits - 1; i >= 0; i-- {
		payload[i] = codeAlphabet[m%uint64(codeBase)]
		m /= uint64(codeBase)
	}
	return payload, true
}

// payloadBig is the scrambled number of (seed, players) in base 31.
func (t *Template) payloadBig(seed uint64, players int) []byte {
	n := new(big.Int).SetUint64(seed)
	n.Mul(n, big.NewInt(t.kinds()))
	n.Add(n, big.NewInt(int64(players)))
	digits := minDigits
	for n.Cmp(pow31(digits)) >= 0 {
		digits++
	}
	mod := pow31(digits)
	m := new(big.Int).Mul(n, big.NewInt(mixMul))
	m.Add(m, big.NewInt(mixAdd))
	m.Mod(m, mod)
	payload := make([]byte, digits)
	d := new(big.Int)
	for i := digits - 1; i >= 0; i-- {
		m.DivMod(m, bigBase, d)
		payload[i] = codeAlphabet[d.Int64()]
	}
	return payload
}

// appendCode writes a payload as a code, appended to b: game, version,
// groups, check symbol.
func (t *Template) appendCode(b []byte, payload []byte) []byte {
	check := codeAlphabet[checkValue(t.Version, payload)]
	b = append(b, codeGame)
	b = strconv.AppendInt(b, int64(t.Version), 10)
	for i := 0; i < len(payload); i += groupLen {
		b = append(b, '-')
		b = append(b, payload[i:min(i+groupLen, len(payload))]...)
	}
	b = append(b, '-', check)
	return b
}

// checkValue is the value of the check symbol for a payload: the values
// are 'B', the version and the payload symbols, weighted by their distance
// from the end (the check symbol has weight 1).
func checkValue(version int, payload []byte) int {
	n := 2 + len(payload) // values before the check symbol
	sum := (n+1)*symbolValue(codeGame) + n*version
	for i, c := range payload {
		sum += (n - 1 - i) * symbolValue(c)
	}
	return (codeBase - sum%codeBase) % codeBase
}

// maxDigits is the longest payload: enough for any 64-bit seed.
func (t *Template) maxDigits() int {
	n := new(big.Int).SetUint64(^uint64(0))
	n.Mul(n, big.NewInt(t.kinds()))
	n.Add(n, big.NewInt(t.kinds()-1))
	d := minDigits
	for n.Cmp(pow31(d)) >= 0 {
		d++
	}
	return d
}

// CodeError is a code that cannot be read; Typo is true when the code is
// well formed but its check symbol does not match.
type CodeError struct {
	Code string
	Msg  string
	Typo bool
}

func (e *CodeError) Error() string { return fmt.Sprintf("layout code %q %s", e.Code, e.Msg) }

// decodeCode reads a code: case and dashes do not matter; a "/N" suffix
// names seat N of a game set.
func (t *Template) decodeCode(code string) (codeInfo, error) {
	if info, ok := t.decodeEncoded(code); ok {
		return info, nil
	}
	return t.decodeLongWay(code)
}

// decodeLongWay is decodeCode for a code written in any way: it takes the
// symbols out of the code, then checks and reads them.
func (t *Template) decodeLongWay(code string) (codeInfo, error) {
	bad := func(typo bool, format string, args ...any) (codeInfo, error) {
		return codeInfo{}, &CodeError{Code: code, Msg: fmt.Sprintf(format, args...), Typo: typo}
	}
	var info codeInfo
	body := code
	if k := strings.IndexByte(code, '/'); k >= 0 {
		body = code[:k]
		s := strings.TrimSpace(code[k+1:])
		// a seat past the set's players is told once the set is read
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return bad(false, "ends in /%s, but a seat is a number from 1 to %d (as in B1-ELJA-G2AR-P/2)", s, t.MaxPlayers)
		}
		info.seat = n
	}
	var sBuf [32]byte // a code of the usual length is read without allocating
	s := sBuf[:0]
	for _, r := range body {
		switch {
		case r == '-' || r == ' ' || r == '\t':
		case 'a' <= r && r <= 'z':
			s = append(s, byte(r-'a'+'A'))
		case r < 128:
			s = append(s, byte(r))
		default:
			return bad(false, "contains %q: codes use only the digits 2–9 and letters other than I, O and U", r)
		}
	}
	if len(s) == 0 {
		return bad(false, "is empty")
	}
	if s[0] != codeGame {
		return bad(false, "is not a Bordeaux sheet code: those start with %c%d", codeGame, t.Version)
	}
	if len(s) < 2 || s[1] < '0' || s[1] > '9' {
		return bad(true, "has no layout version digit after %c (codes start with %c%d)", codeGame, codeGame, t.Version)
	}
	info.version = int(s[1] - '0')
	if info.version != t.Version {
		return bad(false, "is for layout version %d, but this vintner knows version %d (%c%d codes); is there a typo?", info.version, t.Version, codeGame, t.Version)
	}
	rest := s[2:]
	if maxDigits := t.plan().maxDigits; len(rest) < minDigits+1 || len(rest) > maxDigits+1 {
		return bad(true, "has %d symbols after %c%d; a code has %d to %d (more than %d only for very large seeds): a symbol is missing or extra", len(rest), codeGame, t.Version, minDigits+1, maxDigits+1, minDigits+1)
	}
	for i, c := range rest {
		if symbolValue(c) < 0 {
			hint := ""
			switch c {
			case '0', 'O':
				hint = " (codes have no 0 or O)"
			case '1', 'I':
				hint = " (codes have no 1 or I)"
			case 'U':
				hint = " (codes have no U; is it a V?)"
			}
			return bad(true, "has a typo: %q (symbol %d after %c%d) is never used in codes%s", c, i+1, codeGame, t.Version, hint)
		}
	}
	payload, check := rest[:len(rest)-1], rest[len(rest)-1]
	if codeAlphabet[checkValue(info.version, payload)] != check {
		return bad(true, "has a typo: its check symbol (the last one) does not match the rest; read it again from the sheet")
	}
	seed, players, ok := t.unscrambleSmall(payload)
	if !ok {
		var err error
		seed, players, err = t.unscrambleBig(payload)
		if err != nil {
			return bad(true, "%s", err.Error())
		}
	}
	info.seed = seed
	info.players = players
	if info.players != 0 && info.players < t.MinPlayers {
		return bad(true, "is not a code vintner prints (a set of %s)", playerCount(info.players))
	}
	if info.seat > 0 {
		if info.players == 0 {
			return bad(false, "is a pad page's code: it has no seats, so drop the /%d", info.seat)
		}
		if info.seat > info.players {
			return bad(false, "is a game set of %s: there is no seat %d", playerCount(info.players), info.seat)
		}
	}
	info.canonical = info.seat == 0 && writtenAsEncoded(code, s)
	return info, nil
}

// decodeEncoded reads a code written as appendCode writes it (a record
// names its set's code so): in one pass over the code, where decodeCode
// takes its symbols out of it first and reads them four more times. ok is
// false for any other code, and for one that does not decode; decodeCode
// reads those the long way, and words the error. The codeInfo is the one
// decodeCode gives (TestDecodeEncodedAsLongWay).
func (t *Template) decodeEncoded(code string) (info codeInfo, ok bool) {
	n := len(code)
	if n < 4 || code[0] != codeGame || code[1] != byte('0'+t.Version) || code[n-2] != '-' {
		return codeInfo{}, false
	}
	// each group of the payload is a '-' and up to groupLen symbols
	var buf [smallDigits]byte
	digits := 0
	for i, c := range []byte(code[2 : n-2]) {
		if i%(groupLen+1) == 0 {
			if c != '-' {
				return codeInfo{}, false
			}
			continue
		}
		if digits == len(buf) || symbolValue(c) < 0 {
			return codeInfo{}, false
		}
		buf[digits] = c
		digits++
	}
	groups := (digits + groupLen - 1) / groupLen
	if digits < minDigits || digits > t.plan().maxDigits || n != 4+digits+groups {
		return codeInfo{}, false // too short, too long, or a trailing '-'
	}
	payload := buf[:digits]
	if codeAlphabet[checkValue(t.Version, payload)] != code[n-1] {
		return codeInfo{}, false
	}
	seed, players, ok := t.unscrambleSmall(payload)
	if !ok || players != 0 && players < t.MinPlayers {
		return codeInfo{}, false
	}
	return codeInfo{version: t.Version, seed: seed, players: players, canonical: true}, true
}

// writtenAsEncoded tells whether code is the symbols s that decodeCode
// read (game, version, payload, check) written as appendCode writes
// them: in upper case, the payload in groups, each after a '-', and a '-'
// before the check symbol. A payload that decodes is the one encode gives
// (unscramble refuses any other), so such a code is the one encode writes,
// and needs no encoding to be compared with it.
func writtenAsEncoded(code string, s []byte) bool {
	payload := s[2 : len(s)-1]
	groups := (len(payload) + groupLen - 1) / groupLen
	if len(code) != len(s)+groups+1 || code[0] != s[0] || code[1] != s[1] {
		return false
	}
	i := 2
	for k, c := range payload {
		if k%groupLen == 0 {
			if code[i] != '-' {
				return false
			}
			i++
		}
		if code[i] != c {
			return false
		}
		i++
	}
	return code[i] == '-' && code[i+1] == s[len(s)-1]
}

// unscrambleSmall is unscrambleBig in 64-bit arithmetic, for payloads of
// up to smallDigits symbols (ok is false for longer ones).
func (t *Template) unscrambleSmall(payload []byte) (seed uint64, players int, ok bool) {
	digits := len(payload)
	if digits > smallDigits {
		return 0, 0, false
	}
	mod := pow31Small[digits]
	var m uint64
	for _, c := range payload {
		m = m*uint64(codeBase) + uint64(symbolValue(c))
	}
	u := unscrambling()[digits]
	m += mod - u.add // below 2·mod: m < mod
	if m >= mod {
		m -= mod
	}
	m = mulMod(m, u.inverse, mod)
	if digits > minDigits && m < pow31Small[digits-1] {
		return 0, 0, false // the big path words the error
	}
	k := uint64(t.kinds())
	return m / k, int(m % k), true
}

// unscrambleBig reads the seed and kind from a payload of any length.
func (t *Template) unscrambleBig(payload []byte) (seed uint64, players int, err error) {
	digits := len(payload)
	mod := pow31(digits)
	m := new(big.Int)
	for _, c := range payload {
		m.Mul(m, bigBase)
		m.Add(m, big.NewInt(int64(symbolValue(c))))
	}
	inv := new(big.Int).ModInverse(big.NewInt(mixMul), mod)
	m.Sub(m, big.NewInt(mixAdd))
	m.Mul(m, inv)
	m.Mod(m, mod)
	if digits > minDigits && m.Cmp(pow31(digits-1)) < 0 {
		return 0, 0, fmt.Errorf("is not a code vintner prints: it is longer than its number needs; is a symbol extra?")
	}
	kind := new(big.Int)
	s := new(big.Int)
	s.DivMod(m, big.NewInt(t.kinds()), kind)
	if !s.IsUint64() {
		return 0, 0, fmt.Errorf("is not a code vintner prints: its seed is out of range; is a symbol extra?")
	}
	return s.Uint64(), int(kind.Int64()), nil
}

// playerCount writes a number of players for a message: "1 player",
// "3 players".
func playerCount(n int) string {
	if n == 1 {
		return "1 player"
	}
	return strconv.Itoa(n) + " players"
}

// wineCount writes a number of wines for a message: "1 wine", "2 wines".
func wineCount(n int) string {
	if n == 1 {
		return "1 wine"
	}
	return strconv.Itoa(n) + " wines"
}

// pathCount writes a number of paths for a message: "1 path", "2 paths".
func pathCount(n int) string {
	if n == 1 {
		return "1 path"
	}
	return strconv.Itoa(n) + " paths"
}
