package bordeaux

import (
	"slices"

	"github.com/vintner/vintner/validate"
)

// Grammar reads a player's line without the game's state
// (validate.Grammarian): its entries, each a worker (or choose) and its
// letters, and the choices' form; a check line's keys. The messages are the replay's; what
// the sheet allows (the year's letters, a busy worker) needs the state
// and is not asked.
func (Game) Grammar(l *validate.Line) *validate.Diagnostic {
	if l.Kind == validate.KindEvent {
		if _, year := yearNumber(l.Word(0)); year || l.Verb == "year" || l.Verb == "sheets" || l.Verb == "sheet" {
			return nil
		}
		return grammarError(l, 0, "unknown line %q: a Bordeaux record has year lines ('01 R C), player lines (Ann: red LL), check and claim", l.Word(0))
	}
	if l.Kind == validate.KindCheck {
		pairs := l.Pairs()
		for i := range pairs {
			if !slices.Contains(CheckKeys, pairs[i].Key) {
				d := unknownCheckKey(l, &pairs[i])
				d.Game = "bordeaux"
				return d
			}
			if d := notANumber(l, &pairs[i]); d != nil {
				d.Game = "bordeaux"
				return d
			}
		}
		return nil
	}
	if l.Kind != validate.KindAction {
		return nil
	}
	toks := l.Tokens
	// An empty entry first, as the replay finds it (it splits the line at
	// its commas before reading an entry).
	from := 0
	for i, t := range toks {
		if t.Text == "," {
			if i == from {
				return grammarError(l, i, "an empty entry: entries are separated by single commas")
			}
			from = i + 1
		}
	}
	if from == len(toks) {
		return grammarError(l, from, "an empty entry: entries are separated by single commas")
	}
	for from, si := 0, 0; ; si++ {
		to := from
		for to < len(toks) && toks[to].Text != "," {
			to++
		}
		if d := entryGrammar(l, from, to, si); d != nil {
			return d
		}
		if to == len(toks) {
			return nil
		}
		from = to + 1
	}
}

// entryGrammar reads the entry in tokens [from, to), the si-th of its line.
func entryGrammar(l *validate.Line, from, to, si int) *validate.Diagnostic {
	w := headWorkerAny(l.Tokens[from].Text)
	switch {
	case w == chooseHead:
		if si > 0 {
			return grammarError(l, from, "choose comes first on %s's '13 line, before the entries", l.Player)
		}
		region, resource := false, false
		for i := from + 1; i < to; i++ {
			t := l.Word(i)
			c := byte(0)
			if len(t) == 1 {
				c = upper(t[0])
			}
			switch {
			case isRegion(c) && !region:
				region = true
			case isResource(c) && !resource:
				resource = true
			default:
				d := grammarError(l, i, "choose takes one region (L, R or E) and one resource (C, V or T), not %q", t)
				d.Hint = chooseWorkerHint(t, c)
				return d
			}
		}
		if !region && !resource {
			return grammarError(l, to, "choose what? write choose REGION RESOURCE, as choose E T")
		}
		return nil
	case w < 0:
		d := grammarError(l, from, "an entry starts with a worker, red, pink or yellow (or choose in '13), not %q", l.Word(from))
		d.Hint = wineColourHint(l.Word(from))
		return d
	case to-from < 2:
		return grammarError(l, to, "what did %s's %s worker write? its letters (LL, CCC) or - to pass", l.Player, workerNames[w])
	}
	letters := l.Word(from + 1)
	kind := letterKind(letters)
	if kind == 0 {
		switch {
		case !isPass(letters) && (len(letters) > 3 || !sameLetter(letters)):
			return grammarError(l, from+1, "a worker writes one letter 1 to 3 times (LL, CCC) or - to pass, not %q", letters)
		case !isPass(letters):
			return grammarError(l, from+1, "a worker writes a region (L, R, E) or a resource (C, V, T), or - to pass; not %q", letters)
		case from+2 < to:
			return grammarError(l, from+2, "a pass takes no choices")
		}
		return nil
	}
	choices := from + 2
	if kind == regionLetter && choices < to && isWineName(l.Word(choices)) {
		choices++ // the wine made, named
	}
	for i := choices; i < to; i++ {
		t := l.Word(i)
		if _, ok := usualChoice(t, i); ok {
			continue
		}
		switch {
		case len(t) >= 2 && (t[0] == 't' || t[0] == 'T') && allDigits(t[1:]):
		case len(t) >= 2 && t[0] == '@':
			x := t[1:]
			if !(x == "-" || len(x) == 1 && isRegion(upper(x[0])) || isWineName(x)) {
				return grammarError(l, i, "a grape's wine is written @REGION (@L, @R, @E) or @WINE (@Lp2), not %q", t)
			}
		default:
			d := grammarError(l, i, "a choice is tN (a trellis in row N) or @REGION (the region of a grape's wine), not %q", t)
			d.Hint = choiceHint(l, i)
			return d
		}
	}
	return nil
}

func grammarError(l *validate.Line, tok int, format string, args ...any) *validate.Diagnostic {
	d := validate.Errorf(l, tok, validate.CodeSyntax, format, args...)
	d.Game = "bordeaux"
	return &d
}
