package games_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// stateAt is the state replay prints after line at.
func stateAt(data []byte, at int) string {
	rep := validate.Check(games.All(), "g.vin", data, validate.DefaultLimits, validate.Options{AtLine: at})
	if rep.State == nil {
		return ""
	}
	return rep.State.Text()
}

var (
	bxHead   = regexp.MustCompile(`^(\S.*) \(seat \d+, sheet .*\)$`)
	bxWines  = regexp.MustCompile(`^  wines   (\d+) circled: ?(.*)$`)
	bxPaths  = regexp.MustCompile(`^  paths   (\d+) filled, longest tour (\d+)$`)
	bxCasks  = regexp.MustCompile(`^  casks   (\d+) available, (\d+) used`)
	bxVines  = regexp.MustCompile(`^  vines   (\d+) of`)
	bxTrel   = regexp.MustCompile(`^  trellis (.*)$`)
	bxLeader = regexp.MustCompile(`^  leader  (.*)$`)
)

// bordeauxChecks turns a Bordeaux state into one check line a player.
func bordeauxChecks(txt string) []string {
	var out []string
	var cur []string
	name := ""
	flush := func() {
		if name != "" {
			out = append(out, "check "+validate.QuoteName(name)+" "+strings.Join(cur, " "))
		}
		cur = nil
	}
	for _, l := range strings.Split(txt, "\n") {
		if m := bxHead.FindStringSubmatch(l); m != nil {
			flush()
			name = m[1]
			continue
		}
		if m := bxWines.FindStringSubmatch(l); m != nil {
			c := strings.ReplaceAll(strings.TrimSpace(m[2]), " ", ",")
			if c == "" {
				c = "-"
			}
			cur = append(cur, "wines="+m[1], "circled="+c)
		}
		if m := bxPaths.FindStringSubmatch(l); m != nil {
			cur = append(cur, "paths="+m[1], "longest="+m[2])
		}
		if m := bxCasks.FindStringSubmatch(l); m != nil {
			cur = append(cur, "casks="+m[1], "used="+m[2])
		}
		if m := bxVines.FindStringSubmatch(l); m != nil {
			cur = append(cur, "vines="+m[1])
		}
		if m := bxTrel.FindStringSubmatch(l); m != nil {
			var rows []string
			for _, r := range strings.Fields(m[1]) {
				rows = append(rows, strings.Split(r, "/")[0])
			}
			cur = append(cur, "trellis="+strings.Join(rows, ","))
		}
		if m := bxLeader.FindStringSubmatch(l); m != nil {
			n := 0
			if m[1] != "none yet" {
				n = len(strings.Fields(m[1]))
			}
			cur = append(cur, "leader="+strconv.Itoa(n))
		}
	}
	flush()
	return out
}

var (
	gcHead   = regexp.MustCompile(`^Grand Cru, year (\d+)(?: round (\d+))?`)
	gcStart  = regexp.MustCompile(`start player (\S+)`)
	gcPlayer = regexp.MustCompile(`^(\S+): (-?\d+) Francs?, (\d+) loans?, (-?\d+) prestige`)
	gcDemand = regexp.MustCompile(`(\w+) space (\d+)`)
	gcStock  = regexp.MustCompile(`(\w+) (\d+)`)
	gcBarrel = regexp.MustCompile(`(\d+)\[([^\]]*)\]`)
	gcCol    = regexp.MustCompile(`^auction column (\d+): \S+, (\S+) bids (\d+)$`)
)

// grandCruChecks turns a Grand Cru state into one check line a player,
// the shared values (year, round, start, prices, stock) on each.
func grandCruChecks(txt string) []string {
	var out []string
	var common []string
	bids := map[string][]string{}
	nb := map[string]int{}
	var name string
	var cur []string
	flush := func() {
		if name != "" {
			cur = append(cur, "bids="+strconv.Itoa(nb[name]))
			cur = append(cur, bids[name]...)
			out = append(out, "check "+name+" "+strings.Join(append(cur, common...), " "))
		}
		cur = nil
	}
	for _, l := range strings.Split(txt, "\n") {
		if m := gcHead.FindStringSubmatch(l); m != nil {
			common = append(common, "year="+m[1])
			if m[2] != "" {
				common = append(common, "round="+m[2])
			}
			if s := gcStart.FindStringSubmatch(l); s != nil {
				common = append(common, "start="+s[1])
			}
		}
		if v, ok := strings.CutPrefix(l, "demand: "); ok {
			for _, m := range gcDemand.FindAllStringSubmatch(v, -1) {
				common = append(common, "price."+m[1]+"="+m[2])
			}
		}
		if v, ok := strings.CutPrefix(l, "stock: "); ok {
			for _, m := range gcStock.FindAllStringSubmatch(v, -1) {
				common = append(common, "stock."+m[1]+"="+m[2])
			}
		}
		if m := gcCol.FindStringSubmatch(l); m != nil {
			nb[m[2]]++
			bids[m[2]] = append(bids[m[2]], "bid."+m[1]+"="+m[3])
		}
		if m := gcPlayer.FindStringSubmatch(l); m != nil {
			flush()
			name = m[1]
			cur = append(cur, "money="+m[2], "loans="+m[3], "prestige="+m[4])
		}
		if v, ok := strings.CutPrefix(l, "  vineyard:"); ok {
			var ts []string
			for _, f := range strings.Fields(v) {
				if f == "empty" {
					continue
				}
				f, _, _ = strings.Cut(f, "(")
				ts = append(ts, f)
			}
			cur = append(cur, "vineyard="+strings.Join(ts, ","), "tiles="+strconv.Itoa(len(ts)))
		}
		if v, ok := strings.CutPrefix(l, "  barrels:"); ok {
			total := 0
			for _, m := range gcBarrel.FindAllStringSubmatch(v, -1) {
				cur = append(cur, "barrel"+m[1]+"="+strings.ReplaceAll(m[2], " ", ","))
				for _, x := range strings.Fields(m[2]) {
					_, c, _ := strings.Cut(x, ":")
					n, _ := strconv.Atoi(c)
					total += n
				}
			}
			cur = append(cur, "cellar="+strconv.Itoa(total))
		}
		if v, ok := strings.CutPrefix(l, "  sold this year: "); ok {
			for _, x := range strings.Split(v, ",") {
				k, c, _ := strings.Cut(x, ":")
				cur = append(cur, "festival."+k+"="+c)
			}
		}
	}
	flush()
	return out
}

var aocPlayer = regexp.MustCompile(`^(\S+): (pp=.*)$`)

// champagneChecks turns an AOC state into one check line a player (the
// lists replay shows counted, as the keys count them) and a merchant
// check line for the Wine Merchant.
func champagneChecks(txt string) []string {
	var out []string
	council := map[string]int{}
	for _, l := range strings.Split(txt, "\n") {
		if v, ok := strings.CutPrefix(l, "council:"); ok {
			for _, f := range strings.Fields(v) {
				i, n, _ := strings.Cut(f, ".")
				k, _ := strconv.Atoi(i)
				council[n] = k
			}
		}
		if v, ok := strings.CutPrefix(l, "Wine Merchant: "); ok {
			// His board is checked with a table line, on these keys.
			var kv []string
			for _, f := range strings.Fields(v) {
				switch k, _, _ := strings.Cut(f, "="); k {
				case "pp", "eco", "cellar", "oeno", "grid":
					kv = append(kv, f)
				}
			}
			out = append(out, "merchant check "+strings.Join(kv, " "))
			continue
		}
		if m := aocPlayer.FindStringSubmatch(l); m != nil {
			var kv []string
			for _, f := range strings.Fields(m[2]) {
				k, v, _ := strings.Cut(f, "=")
				if k == "land" || k == "reserved" {
					continue
				}
				if k == "vineyards" || k == "tokens" {
					v = strconv.Itoa(len(strings.Split(v, ",")))
				}
				kv = append(kv, k+"="+v)
			}
			if !strings.Contains(m[2], "vineyards=") {
				kv = append(kv, "vineyards=0")
			}
			if !strings.Contains(m[2], "tokens=") {
				kv = append(kv, "tokens=0")
			}
			if c, ok := council[m[1]]; ok {
				kv = append(kv, "council="+strconv.Itoa(c))
			}
			out = append(out, "check "+m[1]+" "+strings.Join(kv, " "))
		}
	}
	return out
}

// TestReplayStateAgreesWithChecks replays generated games of every engine
// and, after each line, turns the state `vintner replay --at N` prints
// into check lines, inserts them after that line and validates: every
// value replay shows must be what a check line written there sees.
func TestReplayStateAgreesWithChecks(t *testing.T) {
	type game struct {
		game    string
		players int
		seed    uint64
	}
	cases := []game{
		{"bordeaux", 1, 1}, {"bordeaux", 3, 2},
		{"grand-cru", 3, 1},
		{"age-of-champagne", 1, 1}, {"age-of-champagne", 3, 2},
	}
	if !testing.Short() {
		cases = append(cases, game{"bordeaux", 6, 3}, game{"grand-cru", 5, 4}, game{"age-of-champagne", 4, 5})
	}
	for _, c := range cases {
		g, err := games.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := g.Random(c.players, c.seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
		checked := 0
		for n := 1; n <= len(lines); n++ {
			txt := stateAt(rec, n)
			var checks []string
			switch c.game {
			case "bordeaux":
				checks = bordeauxChecks(txt)
			case "grand-cru":
				checks = grandCruChecks(txt)
			default:
				checks = champagneChecks(txt)
			}
			if len(checks) == 0 {
				continue
			}
			nl := append(append(append([]string{}, lines[:n]...), checks...), lines[n:]...)
			rep := validate.Check(games.All(), "g.vin", []byte(strings.Join(nl, "\n")+"\n"), validate.DefaultLimits, validate.Options{AtLine: n + len(checks)})
			var b strings.Builder
			for _, d := range rep.Diagnostics {
				// A check in the header, or before Bordeaux's '01, is
				// refused whatever its values: nothing to compare there.
				if d.Severity == validate.Error && !strings.Contains(d.Message, "before the record's body") && !strings.Contains(d.Message, "comes after the year '01") {
					b.WriteString(d.Format())
				}
			}
			if b.Len() > 0 {
				t.Fatalf("%s %dp seed %d, after line %d (%q):\n%s\n%s\n%s", c.game, c.players, c.seed, n, lines[n-1], strings.Join(checks, "\n"), b.String(), txt)
			}
			checked++
		}
		if checked < len(lines)/2 {
			t.Errorf("%s %dp seed %d: only %d of %d lines checked", c.game, c.players, c.seed, checked, len(lines))
		}
	}
}
