package pdf

import (
	"fmt"
	"strings"

	"github.com/vintner/vintner/score"
	scorebordeaux "github.com/vintner/vintner/score/bordeaux"
	scorechampagne "github.com/vintner/vintner/score/champagne"
	scoregrandcru "github.com/vintner/vintner/score/grandcru"
)

// ScorepadGame is what a game's scorepad prints. Categories and tie-breaks
// are the score packages' own, read when the pad is drawn, so the pad
// always matches `vintner score`.
type ScorepadGame struct {
	Name  string // the game's name in vintner ("grand-cru")
	Title string // as printed ("Grand Cru")
	// MinPlayers, MaxPlayers and DefaultPlayers bound the columns.
	MinPlayers, MaxPlayers, DefaultPlayers int
	Categories                             func() []score.Category
	TieBreaks                              func() []score.TieBreak
	// TieRule is the rulebook's rule for ties, printed under the table.
	TieRule string
	// Solo lists solo levels of victory to tick, lowest first (Bordeaux).
	Solo []string
	// Opponent is the automa a solo game is played against and scored
	// with (AOC's Wine Merchant): a one-player pad has his column too.
	Opponent string
	// SoloRule is what a solo game scores, printed on a one-player pad.
	SoloRule string
	// RowKeys are, by category key, the tally key each row is typed as
	// (or what it is worked out from), printed under the row's label so
	// that a secretary can type a filled pad as a tally; TieKeys the same
	// for the tie-break rows.
	RowKeys, TieKeys map[string]string
	// Counts are the end-of-game counts that scorepad mode (`vintner score
	// --tally`) reads and that no row above holds in its terms: a row
	// each, under the place, with the tally key as its hint.
	Counts []PadCount
}

// PadCount is one count row of a scorepad: its label and the tally key
// it is written to.
type PadCount struct{ Label, Key string }

// scorepadGames are the three games' scorepads. The player counts are the
// games' own: Bordeaux 1–12 (BGA's panel, research/bordeaux.md), Grand Cru
// 2–5 (research/grand-cru.md), AOC 1–4 (research/age-of-champagne.md).
var scorepadGames = []ScorepadGame{
	{
		Name: "bordeaux", Title: "Bordeaux", MinPlayers: 1, MaxPlayers: 12, DefaultPlayers: 6,
		Categories: func() []score.Category { return scorebordeaux.Categories },
		TieBreaks:  func() []score.TieBreak { return scorebordeaux.TieBreaks },
		TieRule: "The player with the most points wins. Tied players share the victory (the rulebook has no tie-break). " +
			"Solo: the longest-tour bonus needs 7+ segments and the most-casks bonus 7+ casks; no leader point.",
		Solo: soloLevelList(),
		// Filled paths, Casks used and the trellis rows hold paths=,
		// casks= and rows= already.
		RowKeys: map[string]string{
			"paths": "paths=N", "longest": "3 or 0: worked out from longest=", "casks": "casks=N",
			"most-casks": "3 or 0: worked out from casks=",
			"trellis1":   "rows=R1/R2/R3", "trellis2": "rows=R1/R2/R3", "trellis3": "rows=R1/R2/R3",
			"leader": "1 or 0: worked out from leader=",
		},
		Counts: []PadCount{
			{"Longest tour: its segments", "longest=N"},
			{"Leader years", "leader=N"},
		},
	},
	{
		Name: "grand-cru", Title: "Grand Cru", MinPlayers: 2, MaxPlayers: 5, DefaultPlayers: 5,
		Categories: func() []score.Category { return scoregrandcru.Categories },
		TieBreaks:  func() []score.TieBreak { return scoregrandcru.TieBreaks },
		TieRule: "The player with the most Francs wins. Ties: the fewest loans, then the most tiles; " +
			"if still tied, the players share the victory. Unpaid loans count −7 Francs each. A bankrupt vineyard drops out.",
		RowKeys: map[string]string{
			"money": "money=N", "tiles": "5 a type: worked out from tiles=", "cellar": "cellar=N",
			"loans": "−7 each: worked out from loans=",
		},
		TieKeys: map[string]string{"loans": "loans=N", "tiles": "worked out from tiles="},
		// The Tile types row holds Francs: the tally names the tiles.
		Counts: []PadCount{
			{"Tiles in the vineyard: each by name", "tiles=TILE,TILE,…"},
			{"Bankrupt vineyard: tick", "bankrupt"},
		},
	},
	{
		Name: "age-of-champagne", Title: "AOC: Age of Champagne", MinPlayers: 1, MaxPlayers: 4, DefaultPlayers: 4,
		Categories: func() []score.Category { return scorechampagne.Categories },
		TieBreaks:  func() []score.TieBreak { return scorechampagne.TieBreaks },
		TieRule: "The most Prestige Points wins: Cellar Master of the Decade. Ties: the best eco-responsibility report, " +
			"then the position at the Council of Cellar Masters. The Œnothèque is part of the cellar.",
		// "The Wine Merchant can be used both as an opponent for a solo
		// game or as an additional player", scored at the end like one.
		Opponent: "Wine Merchant",
		SoloRule: "Solo: place ahead of the Wine Merchant to win; neither of you scores vineyards or still wines.",
		// Prestige in play, the protection token and the tie-breaks (the
		// eco value, the council position) hold pp=, protection=, eco= and
		// council= already.
		RowKeys: map[string]string{
			"prestige": "pp=N", "regions": "worked out from the regions' cards", "major": "worked out from the regions' cards / grapes",
			"still": "worked out from still=", "cuvees": "worked out from cellar= and oeno=", "eco": "eco=N",
			"protection": "protection=yes",
		},
		TieKeys: map[string]string{"eco": "eco=N", "council": "council=N"},
		Counts: []PadCount{
			{"Vallée de la Marne: cards / grapes", "marne=CARDS/GRAPES"},
			{"Montagne de Reims: cards / grapes", "reims=CARDS/GRAPES"},
			{"Côte des Blancs: cards / grapes", "blancs=CARDS/GRAPES"},
			{"Côte de Sézanne: cards / grapes", "sezanne=CARDS/GRAPES"},
			{"Côte des Bar: cards / grapes", "bar=CARDS/GRAPES"},
			{"Still wines in the winery: how many", "still=N"},
			{"Cuvées in the cellar: how many", "cellar=N"},
			{"Cuvées in the œnothèque: how many", "oeno=N"},
		},
	},
}

func soloLevelList() []string {
	var out []string
	for i := len(scorebordeaux.Levels) - 1; i >= 0; i-- {
		out = append(out, fmt.Sprintf("%d+ %s", scorebordeaux.Levels[i].Min, scorebordeaux.Levels[i].Name))
	}
	return out
}

// ScorepadFor returns the scorepad of a game by its vintner name.
func ScorepadFor(game string) (ScorepadGame, error) {
	var names []string
	for _, g := range scorepadGames {
		if g.Name == game {
			return g, nil
		}
		names = append(names, g.Name)
	}
	return ScorepadGame{}, fmt.Errorf("no scorepad for %q: use %s", game, strings.Join(names, ", "))
}

// Scorepad draws a one-page scorepad: one row per scoring category, the
// total, the tie-break rows and the place, one column per player.
func Scorepad(g ScorepadGame, players int, paper Paper) ([]byte, error) {
	if players == 0 {
		players = g.DefaultPlayers
	}
	if players < g.MinPlayers || players > g.MaxPlayers {
		return nil, fmt.Errorf("a %s scorepad has %d to %d players, not %d", g.Title, g.MinPlayers, g.MaxPlayers, players)
	}
	d := newDocument(paper, g.Title+" scorepad", g.Title+" scorepad printed by vintner")
	pw, ph := d.page(false)
	f := d.f
	p := pen{f}
	const margin = 12.0

	p.text(black)
	p.font(true, 20)
	p.write(margin, 22, g.Title)
	titleW := f.GetStringWidth(printable(g.Title))
	p.font(false, 12)
	p.text(darkGrey)
	p.write(margin+titleW+3, 22, "scorepad")
	p.text(black)
	p.font(false, 9)
	p.write(margin, 32, "Date")
	p.write(margin+70, 32, "Place")
	p.stroke(black)
	p.width(0.25)
	f.Line(margin+9, 32.5, margin+64, 32.5)
	f.Line(margin+80, 32.5, pw-margin, 32.5)

	cats, tbs := g.Categories(), g.TieBreaks()
	opponent := "" // the automa's column of a solo pad
	if players == 1 {
		opponent = g.Opponent
	}
	cols := players
	if opponent != "" {
		cols++
	}
	labelW := 64.0
	colW := (pw - 2*margin - labelW) / float64(cols)
	rowH := 11.0
	y := 40.0

	// Player row.
	p.fill(lightGrey)
	f.Rect(margin, y, labelW, 13, "FD")
	p.font(true, 9)
	p.write(margin+2, y+8, "Player")
	for i := 0; i < cols; i++ {
		x := margin + labelW + float64(i)*colW
		f.Rect(x, y, colW, 13, "D")
		p.font(false, 6)
		p.text(darkGrey)
		p.write(x+1, y+3, fmt.Sprint(i+1))
		p.text(black)
		if i == players {
			p.fitFont(false, 9, colW-4, opponent)
			p.write(x+2, y+8, opponent)
		}
	}
	y += 13

	row := func(label, hint string, bold bool, fill rgb, lw float64) {
		p.fill(fill)
		p.width(lw)
		f.Rect(margin, y, labelW, rowH, "FD")
		base := y + rowH/2 + 1.2
		if hint != "" {
			base = y + rowH/2 - 0.3
		}
		p.fitFont(bold, 9, labelW-4, label)
		p.write(margin+2, base, label)
		if hint != "" {
			p.font(false, 6)
			p.text(darkGrey)
			p.write(margin+2, y+rowH/2+3.4, hint)
			p.text(black)
		}
		for i := 0; i < cols; i++ {
			x := margin + labelW + float64(i)*colW
			f.Rect(x, y, colW, rowH, "FD")
		}
		p.width(0.25)
		y += rowH
	}
	for _, c := range cats {
		row(c.Title(), g.RowKeys[c.Key], false, white, 0.25)
	}
	total := ""
	if len(g.RowKeys) > 0 {
		total = "claim NAME N: compared with vintner's"
	}
	row("Total", total, true, rgb{235, 235, 235}, 0.7)
	for i, t := range tbs {
		hint := "the higher wins"
		if t.Fewer {
			hint = "the lower wins"
		}
		if k := g.TieKeys[t.Key]; k != "" {
			hint += " · " + k
		}
		row(fmt.Sprintf("Tie-break %d: %s", i+1, t.Label), hint, false, rgb{247, 247, 247}, 0.25)
	}
	row("Place", "1 = winner; tied players share a place", true, white, 0.25)
	if len(g.Counts) > 0 {
		y += 4
		p.font(true, 9)
		p.write(margin, y+4, "End-of-game counts")
		p.font(false, 7)
		p.text(darkGrey)
		p.write(margin+35, y+4, "what vintner score --tally reads besides the rows above")
		p.text(black)
		y += 6
		rowH = 8.5
		for _, c := range g.Counts {
			row(c.Label, c.Key, false, white, 0.25)
		}
	}

	if len(g.Solo) > 0 {
		y += 4
		p.font(true, 9)
		p.write(margin, y+4, "Solo level of victory")
		x := margin + 40
		p.font(false, 9)
		for _, lv := range g.Solo {
			f.Rect(x, y+1, 3.5, 3.5, "D")
			p.write(x+5, y+4, lv)
			x += 5 + f.GetStringWidth(printable(lv)) + 7
		}
		y += 8
	}
	y += 4
	p.font(false, 8)
	f.SetXY(margin, y)
	rule := g.TieRule
	if players == 1 && g.SoloRule != "" {
		rule += " " + g.SoloRule
	}
	f.MultiCell(pw-2*margin, 4, printable(rule), "", "L", false)

	p.font(false, 7)
	p.text(darkGrey)
	who := fmt.Sprintf("%d players", players)
	if players == 1 {
		who = "1 player"
	}
	if opponent != "" {
		who += " and the " + opponent
	}
	p.write(margin, ph-8, fmt.Sprintf("%s scorepad · %s", g.Title, who))
	p.right(pw-margin, ph-8, "printed by vintner")
	return d.bytes()
}
