package grandcru

import (
	"strconv"
	"strings"
	"unicode/utf8"

	scoregc "github.com/vintner/vintner/score/grandcru"
	"github.com/vintner/vintner/validate"
)

// scoreTally reads scorepad lines, one per player:
//
//	tally Ann money=12 tiles=gamay,syrah,seal cellar=5 loans=2
//	tally Ben money=0 tiles=pinot cellar=0 loans=11 bankrupt
func scoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	rep := &validate.Report{}
	t, r, diags := rulesFor(rec, opt)
	if diags.HasErrors() {
		rep.Diagnostics = diags
		return rep
	}
	fail := func(l *validate.Line, tok int, format string, args ...any) *validate.Report {
		d := validate.Errorf(l, tok, validate.CodeSyntax, format, args...)
		d.Game = "grand-cru"
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep
	}
	if n := len(rec.Players); n < 2 || n > maxPlayers {
		// As a replay counts them.
		d := validate.Errorf(rec.HeaderLine("players"), 1, validate.CodeHeader, "Grand Cru is played by 2 to %d players, not %d", maxPlayers, n)
		d.Game = "grand-cru"
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep
	}
	byName := map[string]*scoregc.Tally{}
	var inBox [nKinds]int
	// The box's wine cubes bound the cubes in every cellar together.
	boxCubes, cellarCubes := 0, 0
	for _, n := range t.Cubes {
		boxCubes += n
	}
	var last *validate.Line // the last tally line, and its loans= token
	lastLoans := 0
	var claims []*validate.Line
	for _, l := range rec.Lines {
		if l.Kind == validate.KindClaim {
			claims = append(claims, l)
			continue
		}
		if l.Kind != validate.KindEvent || l.Verb != "tally" {
			return fail(l, 0, "a Grand Cru tally has one line per player: tally NAME money=N tiles=TILE,TILE… cellar=N loans=N [bankrupt]")
		}
		name := l.Word(1)
		seat := rec.Seat(name)
		if seat < 0 {
			fail(l, 1, "%s is not a player of this game (players: %s)", name, validate.PlayerList(rec.Players))
			rep.Diagnostics[len(rep.Diagnostics)-1].Hint = validate.DidYouMean(name, rec.Players)
			return rep
		}
		if byName[name] != nil {
			return fail(l, 1, "%s is tallied twice", name)
		}
		tl := &scoregc.Tally{Name: name, Seat: seat + 1}
		seen := map[string]bool{}
		// Group the words: commas glue a list together.
		for i := 2; i < len(l.Tokens); i++ {
			start := i
			word := l.Tokens[i].Text
			for i+2 < len(l.Tokens)+1 && i+1 < len(l.Tokens) && l.Tokens[i+1].Text == "," {
				if i+2 >= len(l.Tokens) {
					return fail(l, i+1, "a list does not end with a comma")
				}
				if l.Tokens[i+2].Text == "," {
					return fail(l, i+2, "a list has nothing between two commas")
				}
				word += "," + l.Tokens[i+2].Text
				i += 2
			}
			k, v, hasValue := strings.Cut(word, "=")
			k = strings.ToLower(k)
			if seen[k] {
				return fail(l, start, "%s is given twice", k)
			}
			seen[k] = true
			switch k {
			case "bankrupt":
				if hasValue && v != "yes" {
					return fail(l, start, "write bankrupt (or bankrupt=yes) for a bankrupt vineyard")
				}
				tl.Bankrupt = true
			case "money", "cellar", "loans":
				n, err := strconv.Atoi(v)
				if k == "loans" && err == nil && n < 0 && n%7 == 0 {
					// The pad's Unpaid loans row: −7 Francs a loan.
					return fail(l, start, "loans= counts the unpaid loans, not the Francs they cost (the scorepad's row \"Unpaid loans\", -7 each): loans=%d, not loans=%d", -n/7, n)
				}
				if !hasValue || err != nil || n < 0 || n > maxRecordNumber {
					return fail(l, start, "%s is a whole number from 0 to %d: %s=N", k, maxRecordNumber, k)
				}
				if k == "loans" && n > t.MaxLoans {
					return fail(l, start, "no vineyard has more than %s", plural(t.MaxLoans, "loan", "loans"))
				}
				switch k {
				case "money":
					tl.Money = n
				case "cellar":
					tl.Cellar = n
					if cellarCubes += n; cellarCubes > boxCubes {
						return fail(l, start, "the box holds %d wine cubes, and the tallies' cellars hold %d", boxCubes, cellarCubes)
					}
				default:
					tl.Loans, lastLoans = n, start
				}
			case "tiles":
				if !hasValue {
					return fail(l, start, "write tiles=TILE,TILE,… (every tile in the vineyard)")
				}
				if _, err := strconv.Atoi(v); err == nil {
					// The pad's Tile types row (Francs) or the tie-break's count.
					return fail(l, start, "tiles= names every tile in the vineyard (tiles=gamay,syrah,seal), not a number: the scorepad's Tile types Francs and its tile count are worked out from them")
				}
				at := utf8.RuneCountInString(k) + 1 // the column of x in the token, after "tiles="
				for _, x := range strings.Split(v, ",") {
					xAt := at
					at += utf8.RuneCountInString(x) + 1
					if x == "" {
						continue
					}
					kk, ok := parseKind(x)
					if !ok {
						d := validate.Errorf(l, start, validate.CodeSyntax, "%q is not a tile: a variety or an improvement", x)
						d.Col += xAt // the caret under the tile, not under tiles=
						d.Hint = validate.DidYouMean(strings.ToLower(x), allKindNames())
						if name, _, found := strings.Cut(x, ":"); found {
							if _, ok := parseKind(name); ok { // the check key vineyard's form
								d.Hint = "tiles= lists each tile once per copy: " + name + "," + name
							}
						}
						rep.Diagnostics = append(rep.Diagnostics, d)
						return rep
					}
					tl.Tiles = append(tl.Tiles, kindName(kk))
					// The box bounds each kind over every vineyard (they
					// break the "more tiles" tie).
					inBox[kk]++
					box := t.Improvements
					if kk < nVarieties {
						box = t.VineTiles
					}
					if inBox[kk] > box {
						return fail(l, start, "the box holds %d %s tiles, and the tallies list %d", box, kindName(kk), inBox[kk])
					}
				}
				if len(tl.Tiles) > t.Spaces {
					return fail(l, start, "a vineyard holds at most %s, not %d", plural(t.Spaces, "tile", "tiles"), len(tl.Tiles))
				}
			default:
				if _, isTile := parseKind(k); isTile && !hasValue {
					// tiles=gamay syrah: a blank where a comma goes.
					return fail(l, start, "%q is a tile, not a tally key: tiles= separates its tiles with commas (tiles=gamay,syrah)", k)
				}
				if c, ok := validate.PadRow(k, scoregc.Categories); ok {
					return fail(l, start, "%q is the scorepad's row %q%s", k, c.Title(), padAdvice(c.Key, name, v))
				}
				return fail(l, start, "unknown tally key %q: money, tiles, cellar, loans, bankrupt", k)
			}
		}
		for _, k := range []string{"money", "tiles", "cellar", "loans"} {
			if !seen[k] {
				return fail(l, len(l.Tokens), "%s's tally lacks %s=", name, k)
			}
		}
		if tl.Bankrupt && (tl.Money != 0 || tl.Loans != t.MaxLoans) {
			// Ruling S20: still short at the most loans, the vineyard is
			// bankrupt and its money gone.
			return fail(l, 2, "a bankrupt vineyard has no money and %d loans (ruling S20): money=0 loans=%d, not money=%d loans=%d", t.MaxLoans, t.MaxLoans, tl.Money, tl.Loans)
		}
		byName[name] = tl
		last = l
	}
	var tallies []scoregc.Tally
	for i, n := range rec.Players {
		tl := byName[n]
		if tl == nil {
			// At the player's name on the players line, as in the other
			// games: the tally is missing, not any line written.
			d := validate.Errorf(rec.HeaderLine("players"), i+1, validate.CodeMissing,
				"%s has no tally line: write `tally %s money=N tiles=TILE,TILE… cellar=N loans=N [bankrupt]`", n, validate.QuoteName(n))
			d.Game = "grand-cru"
			rep.Diagnostics = append(rep.Diagnostics, d)
			return rep
		}
		tallies = append(tallies, *tl)
	}
	ended := false
	for _, tl := range tallies {
		ended = ended || tl.Loans == 0 || tl.Bankrupt
	}
	if !ended {
		// Ruling S21: the game ends after a loans step in which a
		// vineyard repaid every loan or one went bankrupt.
		return fail(last, lastLoans, "the game ends when a vineyard has repaid every loan or gone bankrupt (ruling S21): no tally says loans=0 or bankrupt")
	}
	st := &state{t: t, r: r}
	rep.Result = scoregc.Score(tallies, st.values(), nil) // the notes on assumed tables name none of the values a tally scores
	validate.CompareClaims(rep, claims, "")
	return rep
}

// padAdvice says how a scorepad row that is no tally key is typed: a
// secretary copying a filled pad writes its rows' names.
func padAdvice(row, name, value string) string {
	switch row {
	case "total":
		return ", " + validate.PadTotalAdvice(name, value)
	case "tiles":
		return ": write tiles=TILE,TILE,…, every tile in the vineyard by name (its Francs are worked out)"
	case "loans":
		return ": write loans=N, how many loans are unpaid (their Francs are worked out)"
	}
	return ": write " + row + "=N"
}
