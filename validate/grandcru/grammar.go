package grandcru

import (
	"github.com/vintner/vintner/validate"
)

// playerVerbs are the verbs of a player's line in any phase: Phase I's,
// the festival's (a space's name, demand, cash) and the loans step's; an
// improvement's name is one too.
var playerVerbs = []string{"auction", "bid", "take", "buy", "demand", "harvest", "sell", "pass", "cash", "loans",
	"start-player", "late-vintage", "special-delivery", "grape-juice", "young-wine", "new-growth",
	"seal", "assemblage", "hands", "bulk", "vintage", "rich", "aging", "advertising"}

// Grammar reads a line's words without the game's state
// (validate.Grammarian): a player's verb no phase of the game has, a
// table line the game does not have, or a check key no game has.
func (Game) Grammar(l *validate.Line) *validate.Diagnostic {
	var f *fault
	switch l.Kind {
	case validate.KindAction:
		switch l.Verb {
		case "pass":
			if len(l.Tokens) > 1 { // in every phase
				f = bad(1, "unexpected %q: the line ends here", l.Word(1))
			}
		default:
			f = unknownVerb(l)
		}
	case validate.KindCheck:
		for _, pr := range l.Pairs() {
			if f = checkKeyFault(pr.Key, -1, -1); f == nil {
				f = checkNumberFault(pr.Key, pr.Value)
			}
			if f != nil {
				f.tok = pr.Tok
				break
			}
		}
	case validate.KindEvent:
		switch l.Verb {
		case "loans", "start", "display", "year", "round":
		default:
			f = unknownEvent(l)
		}
	}
	if f == nil {
		return nil
	}
	d := validate.Errorf(l, f.tok, validate.CodeSyntax, "%s", f.msg)
	d.Hint = f.hint
	return &d
}

// unknownVerb is the fault of a player's verb that no phase of the game
// has, or nil.
func unknownVerb(l *validate.Line) *fault {
	switch l.Verb {
	case "auction", "bid", "take", "buy", "demand", "harvest", "sell", "cash", "loans":
		return nil
	}
	if isFestivalVerb(l.Verb) {
		return nil
	}
	if k, ok := parseKind(l.Verb); ok && k >= nVarieties {
		return nil // an improvement
	}
	f := bad(0, "%q is not a Grand Cru action: auction, bid, take, buy, demand, harvest, sell, an improvement or pass; at the festival a space's name, demand or cash; in the loans step loans", l.Word(0))
	f.hint = spaceWordHint(l.Verb)
	if f.hint == "" {
		f.hint = validate.DidYouMean(l.Verb, playerVerbs)
	}
	return f
}
