package bordeaux

import (
	"fmt"
	"strings"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/layouts"
)

// Names of generated players, in seat order.
var randomNames = []string{"Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"}

// genAnswer is one answer the generator gave.
type genAnswer struct {
	trellis bool
	text    string
	single  bool // the question had one possible answer
}

// genAnswerer answers questions at random and remembers the answers.
type genAnswerer struct {
	src      *rng.Source
	vineSkip bool
	answers  []genAnswer
	p        *PlayerState // the player answering, for a little strategy
}

func (g *genAnswerer) Trellis(q Question) (int, error) {
	row := q.Rows[g.src.Intn(len(q.Rows))]
	if g.p != nil && g.src.Chance(4, 5) {
		// a player tends to finish the row closest to completion
		best := -1
		for _, r := range q.Rows {
			left := g.p.Layout.Trellis[r-1].Len - g.p.Trellis[r-1]
			if best < 0 || left < best {
				best, row = left, r
			}
		}
	}
	g.answers = append(g.answers, genAnswer{trellis: true, text: fmt.Sprint(row), single: len(q.Rows) == 1})
	return row, nil
}

func (g *genAnswerer) Grape(q Question) (*layouts.Wine, error) {
	if len(q.Wines) == 0 {
		return nil, nil
	}
	if g.vineSkip && g.src.Chance(1, 4) {
		g.answers = append(g.answers, genAnswer{text: "@-"})
		return nil, nil
	}
	w := q.Wines[g.src.Intn(len(q.Wines))]
	text := "@" + string(w.Region)
	if g.src.Chance(1, 5) {
		text = "@" + w.Name()
	}
	g.answers = append(g.answers, genAnswer{text: text, single: len(q.Wines) == 1})
	return w, nil
}

// written returns the answers as the record writes them: a one-answer
// choice is left out when no later answer of its kind is written, and
// trellis rows in a run may be joined (t1 t3 → t13).
func (g *genAnswerer) written() []string {
	keep := make([]bool, len(g.answers))
	for _, kind := range []bool{true, false} {
		tail := true
		for i := len(g.answers) - 1; i >= 0; i-- {
			a := g.answers[i]
			if a.trellis != kind {
				continue
			}
			if !a.single || !tail || g.src.Chance(1, 6) {
				keep[i], tail = true, false
			}
		}
	}
	var out []string
	join := g.src.Chance(1, 2)
	for i, a := range g.answers {
		if !keep[i] {
			continue
		}
		if a.trellis {
			n := len(out)
			if join && n > 0 && strings.HasPrefix(out[n-1], "t") && i > 0 && keep[i-1] && g.answers[i-1].trellis {
				out[n-1] += a.text
				continue
			}
			out = append(out, "t"+a.text)
			continue
		}
		out = append(out, a.text)
	}
	g.answers = nil
	return out
}

// Generate writes a random, legal, complete Bordeaux record with checks
// and the correct claims.
func Generate(players int, seed uint64, variants []string) ([]byte, error) {
	return generate(players, seed, variants, false)
}

// generateVaried is Generate with the notation's other forms now and then
// (sheet lines, pad pages, shorter year lines), for the tests: Generate's
// records, the benchmarks' corpora, stay as they were.
func generateVaried(players int, seed uint64, variants []string) ([]byte, error) {
	return generate(players, seed, variants, true)
}

func generate(players int, seed uint64, variants []string, varied bool) ([]byte, error) {
	if players < 1 || players > MaxPlayers {
		return nil, fmt.Errorf("Bordeaux is for 1 to %d players, not %d", MaxPlayers, players)
	}
	var rules Rulings
	for _, v := range variants {
		switch strings.ToLower(v) {
		case "solo":
			if players != 1 {
				return nil, fmt.Errorf("the solo variant is for one player, not %d", players)
			}
		case "longest=simple":
			rules.SimplePath = true
		case "longest=trail":
		case "vine-skip":
			rules.VineSkip = true
		default:
			return nil, fmt.Errorf("unknown Bordeaux variant %q: solo, longest=trail, longest=simple, vine-skip", v)
		}
	}
	code, err := newSetCode(seed, players)
	if err != nil {
		return nil, err
	}
	set, err := loadSet(code)
	if err != nil {
		return nil, err
	}
	if len(set) != players {
		return nil, fmt.Errorf("the set %s has %d sheets for %d players", code, len(set), players)
	}
	// How the record names the sheets, from a stream of its own: mostly
	// the set's code; now and then a sheet line per seat of the set (the
	// same game), or pad pages, whose printed schedules differ: each
	// year's is the leader's sheet's (ruling R3).
	alt := rng.Derive(seed, 0x5EE7)
	var sheetLines []string
	switch {
	case !varied:
	case alt.Chance(1, 4):
		set = set[:0:0]
		for i, pc := range layouts.NewPadCodes(seed, players) {
			l, err := loadSheet(pc)
			if err != nil {
				return nil, err
			}
			set = append(set, l)
			sheetLines = append(sheetLines, fmt.Sprintf("sheet %s %s\n", randomNames[i], pc))
		}
	case alt.Chance(1, 4):
		for i := range players {
			sheetLines = append(sheetLines, fmt.Sprintf("sheet %s %s/%d\n", randomNames[i], code, i+1))
		}
	}
	alt.Shuffle(len(sheetLines), func(i, j int) { sheetLines[i], sheetLines[j] = sheetLines[j], sheetLines[i] })
	src := rng.Derive(seed, 0xB0D0)
	st := &State{Solo: players == 1, Rules: rules}
	var b strings.Builder
	fmt.Fprintf(&b, "game bordeaux\nplayers %s\n", strings.Join(randomNames[:players], " "))
	if players == 1 {
		b.WriteString("variant solo\n")
	}
	for _, v := range variants {
		if !strings.EqualFold(v, "solo") {
			fmt.Fprintf(&b, "variant %s\n", strings.ToLower(v))
		}
	}
	if sheetLines == nil {
		fmt.Fprintf(&b, "sheets %s\n", code)
	}
	for _, l := range sheetLines {
		b.WriteString(l)
	}
	for i := 0; i < players; i++ {
		st.Players = append(st.Players, newPlayer(randomNames[i], i+1, set[i]))
	}
	ans := &genAnswerer{src: src, vineSkip: rules.VineSkip}
	for y := FirstYear; y <= LastYear; y++ {
		for _, p := range st.Players {
			if y > FirstYear {
				p.endYear(y - 1)
			}
		}
		st.Year = y
		var leader *PlayerState
		if st.Solo {
			if LeaderSeat(y, 2) == 0 {
				leader = st.Players[0]
			}
		} else {
			leader = st.Players[LeaderSeat(y, players)]
		}
		if leader != nil {
			leader.LeaderYears = append(leader.LeaderYears, y)
		}
		if y < LastYear {
			printer := st.Players[0]
			if leader != nil {
				printer = leader
			}
			pre := printer.Layout.Top[y]
			cell := pre
			if cell.Region == 0 {
				cell.Region = layouts.Region("LRE"[src.Intn(3)])
			}
			if cell.Resource == 0 {
				cell.Resource = layouts.Resource("CVT"[src.Intn(3)])
			}
			st.Top[y] = cell
			for _, p := range st.Players {
				p.Top[y] = cell
			}
			// Now and then only the chosen letter (the printed one may be
			// left out), and the leader named.
			letters := fmt.Sprintf("%c %c", cell.Region, cell.Resource)
			if varied && alt.Chance(1, 5) {
				switch {
				case pre.Region != 0 && pre.Resource == 0:
					letters = string(cell.Resource)
				case pre.Resource != 0 && pre.Region == 0:
					letters = string(cell.Region)
				}
			}
			if varied && leader != nil && alt.Chance(1, 5) {
				letters += " " + leader.Name
			}
			fmt.Fprintf(&b, "'%02d %s\n", y, letters)
		} else {
			b.WriteString("'13\n")
		}
		for _, p := range st.Players {
			ans.p = p
			if line := genPlayerYear(p, y, src, ans); line != "" {
				fmt.Fprintf(&b, "%s: %s\n", p.Name, line)
			}
			if src.Chance(1, 10) {
				b.WriteString(checkLine(p, rules))
			}
		}
	}
	for _, p := range st.Players {
		p.endYear(LastYear)
	}
	st.Ended = true
	res := Score(st)
	for _, p := range st.Players {
		if src.Chance(1, 3) {
			b.WriteString(checkLine(p, rules))
		}
	}
	for _, p := range st.Players {
		fmt.Fprintf(&b, "claim %s %d\n", p.Name, res.Player(p.Name).Total)
	}
	return []byte(b.String()), nil
}

// checkLine writes a check of everything the player's sheet shows.
func checkLine(p *PlayerState, rules Rulings) string {
	var tr []string
	for _, n := range p.Trellis {
		tr = append(tr, fmt.Sprint(n))
	}
	circled := strings.Join(p.CircledNames(), ",")
	if circled == "" {
		circled = "-"
	}
	return fmt.Sprintf("check %s casks=%d used=%d vines=%d trellis=%s circled=%s wines=%d paths=%d longest=%d leader=%d\n",
		p.Name, p.CasksAvailable(), p.CasksUsed, p.VinesFilled, strings.Join(tr, ","), circled, p.nCircled,
		p.nFilled, p.Longest(rules.SimplePath), len(p.LeaderYears))
}

// genPlayerYear plays one player's year at random and returns the line.
func genPlayerYear(p *PlayerState, y int, src *rng.Source, ans *genAnswerer) string {
	var free []int
	for w := 0; w < 3; w++ {
		if p.Available(w, y) {
			free = append(free, w)
		}
	}
	if len(free) == 0 {
		return ""
	}
	var entries []string
	if y == LastYear {
		p.Top[y] = layouts.TopCell{Region: layouts.Region("LRE"[src.Intn(3)]), Resource: layouts.Resource("CVT"[src.Intn(3)])}
		if src.Chance(1, 2) {
			entries = append(entries, fmt.Sprintf("choose %c %c", p.Top[y].Region, p.Top[y].Resource))
		}
	}
	top := p.Top[y]
	wine := func() {
		type cand struct {
			w    int
			wine *layouts.Wine
		}
		var cs []cand
		for _, w := range free {
			if p.acted[w] {
				continue
			}
			for age := 1; age <= 3; age++ {
				wn := p.WineIn(top.Region, workerColour[w], age)
				if wn == nil || wn.Casks > p.CasksAvailable() {
					continue
				}
				if p.CircledYear(wn) > 0 {
					continue
				}
				cs = append(cs, cand{w, wn})
			}
		}
		if len(cs) == 0 || src.Chance(1, 10) {
			return
		}
		c := cs[src.Intn(len(cs))]
		if src.Chance(3, 4) {
			// prefer a wine next to circled ones, and an older one
			best := -1
			for _, x := range cs {
				v := x.wine.Type.Age + src.Intn(3)
				xi := p.wineAt(x.wine)
				for _, e := range p.idx.adj[xi] {
					for _, end := range p.idx.ends[e] {
						if p.circled[end] > 0 && int(end) != xi {
							v += 3
						}
					}
				}
				if v > best {
					best, c = v, x
				}
			}
		}
		p.makeWine(c.w, p.wineAt(c.wine), c.wine.Type.Age, y, ans)
		e := []string{workerNames[c.w], strings.Repeat(string(c.wine.Region), c.wine.Type.Age)}
		if src.Chance(1, 6) {
			e = append(e, c.wine.Name())
		}
		entries = append(entries, strings.Join(append(e, ans.written()...), " "))
	}
	gain := func() {
		var ws []int
		for _, w := range free {
			if !p.acted[w] {
				ws = append(ws, w)
			}
		}
		if len(ws) == 0 || src.Chance(1, 10) {
			return
		}
		w := ws[src.Intn(len(ws))]
		n := 1 + src.Intn(3)
		if n == 1 && src.Chance(1, 2) {
			n = 2 + src.Intn(2)
		}
		p.gainAction(w, top.Resource, n, y, ans)
		e := []string{workerNames[w], strings.Repeat(string(top.Resource), n)}
		entries = append(entries, strings.Join(append(e, ans.written()...), " "))
	}
	if src.Chance(1, 2) {
		gain()
		wine()
	} else {
		wine()
		gain()
	}
	for _, w := range free {
		if !p.acted[w] && src.Chance(1, 3) {
			p.Grid[w][y] = '-'
			p.acted[w] = true
			entries = append(entries, workerNames[w]+" -")
		}
	}
	return strings.Join(entries, " , ")
}
