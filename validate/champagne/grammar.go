package champagne

import (
	"strconv"
	"strings"

	"github.com/vintner/vintner/validate"
)

// tableVerbs are the words a table line starts with (and check, claim).
var tableVerbs = []string{"round", "reveal", "merchant", "market", "offers", "deal", "check", "claim"}

// merchantVerbs are the second words of the Wine Merchant's lines.
var merchantVerbs = []string{"shipping", "ship", "check", "claim"}

// merchantVerb refuses a Wine Merchant line whose second word is none of
// his: wherever it came, it was said to come out of order.
func merchantVerb(l *validate.Line) *ruleError {
	for _, v := range merchantVerbs {
		if isWord(l.Word(1), v) {
			return nil
		}
	}
	return syntax(1, "a Wine Merchant line is merchant shipping SPOT cuvees CUVEES (his part of the event card), merchant ship CARD … | none, merchant check KEY=VALUE … or merchant claim POINTS").withHint(l.Word(1), merchantVerbs)
}

// Grammar reads a line's words without the game's state
// (validate.Grammarian): a player's verb the game does not have, a
// placement without its spot, a table line the game does not have, a
// check line's keys, counts and lists of cubes. The
// messages are the replay's, without what comes next (unknown here).
func (Game) Grammar(l *validate.Line) *validate.Diagnostic {
	var e *ruleError
	switch l.Kind {
	case validate.KindAction:
		vb := verbOf(l.Verb)
		switch {
		case vb == vNone:
			e = syntax(0, "%q is not a player's action: %s", l.Word(0), strings.Join(actionVerbs, ", "))
			e.hint = validate.DidYouMean(l.Verb, actionVerbs)
		case vb.isZone() && vb != vDraw && len(l.Tokens) != 2: // draw is also the Wine Draw's line
			e = syntax(0, "a placement names the zone and the spot: %s 2 (vineyard CARD, marketing n1|n2)", l.Verb)
		}
	case validate.KindCheck:
		e = checkGrammar(l)
	case validate.KindEvent:
		switch l.Verb {
		case "merchant":
			e = merchantVerb(l)
			if isWord(l.Word(1), "check") {
				e = merchantCheckGrammar(l)
			}
			if _, err := strconv.Atoi(l.Word(2)); isWord(l.Word(1), "claim") && (len(l.Tokens) != 3 || err != nil) {
				e = syntax(len(l.Tokens)-1, "the Wine Merchant's claim is `merchant claim POINTS`")
			}
		case "round", "reveal", "market", "offers", "deal":
		default:
			e = syntax(0, "unknown line %q: a table line is round, reveal, merchant, market, offers, deal, check or claim; a player's line starts NAME:", l.Word(0)).withHint(l.Verb, tableVerbs)
		}
	}
	if e == nil {
		return nil
	}
	d := validate.Errorf(l, e.tok, e.code, "%s", e.msg)
	d.Hint = e.hint
	return &d
}
