// Package bordeaux replays Bordeaux records: each player's sheet, year by
// year, checked against the rulebook, then scored with score/bordeaux.
package bordeaux

import (
	"errors"
	"strconv"
	"strings"

	"github.com/vintner/vintner/layouts"
	sb "github.com/vintner/vintner/score/bordeaux"
	"github.com/vintner/vintner/validate"
)

// Game is the Bordeaux engine.
type Game struct{}

// New returns the engine.
func New() validate.Game { return Game{} }

// Name is the header's game name.
func (Game) Name() string { return "bordeaux" }

// Keywords are the words a Bordeaux line starts with besides a player's
// name: no player can be called so. One slice serves every record
// (validate only reads it): a new one was an allocation per record.
func (Game) Keywords() []string { return keywords }

var keywords = []string{"sheets", "sheet", "year"}

// Replay checks a record and scores it.
func (Game) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	if opt.NoState {
		return replayNoState(rec, opt)
	}
	_, rep := ReplayState(rec, opt)
	return rep
}

// LazyChecks says the replay reads lazy check lines (validate.LazyChecker):
// it confirms the usual one from its text (checkText).
func (Game) LazyChecks() bool { return true }

// Random writes a random legal game.
func (Game) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return Generate(players, seed, variants)
}

// Tables returns the sheet template in force: the layouts package's
// embedded template, or the given file checked.
func (Game) Tables(override []byte, name string) ([]byte, validate.Diagnostics) {
	if override == nil {
		return layouts.DefaultTemplateText(), nil
	}
	if _, err := layouts.ParseTemplate(name, override); err != nil {
		d := validate.Diagnostic{File: name, Severity: validate.Error, Code: validate.CodeSyntax, Game: "bordeaux", Message: err.Error()}
		var te *layouts.TemplateError
		if errors.As(err, &te) && te.Line > 0 && te.Line == firstLine(override) {
			if other, ok := validate.ForeignTables("bordeaux", te.Item); ok {
				te.Err = errors.New(validate.ForeignTablesMessage("bordeaux", "Bordeaux", other, te.Item))
				te.Item = ""
			}
		}
		if errors.As(err, &te) {
			// At the line's item, as every tables error is; a whole
			// template's error after its last line, where what is
			// missing would go.
			d.Line, d.Col, d.Source, d.Message = te.Line, te.Col, te.Source, te.Item+": "+te.Err.Error()
			if te.Item == "" {
				d.Message = te.Err.Error()
			}
			if te.Line == 0 {
				d.Line, d.Col, d.Message = lastLine(override)+1, 1, te.Err.Error()
			}
		}
		return nil, validate.Diagnostics{d}
	}
	return override, nil
}

func init() { validate.RegisterTables("bordeaux", "Bordeaux", layouts.TemplateItems) }

// firstLine is the number of data's first statement line (not blank, not
// a comment).
func firstLine(data []byte) int {
	for i, l := range strings.Split(string(data), "\n") {
		if k := strings.IndexByte(l, '#'); k >= 0 {
			l = l[:k]
		}
		if strings.TrimSpace(l) != "" {
			return i + 1
		}
	}
	return 0
}

// lastLine is the number of data's last line that is not blank.
func lastLine(data []byte) int {
	last := 0
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			last = i + 1
		}
	}
	return last
}

// TallyKeys are the keys of a scorepad-mode `tally` line.
var TallyKeys = []string{"paths", "longest", "casks", "rows", "leader"}

// snakeLeaderYears is how many years seat leads among n players by the
// snake order; a solo player leads as seat 1 of 2.
func snakeLeaderYears(seat, n int) int {
	n = max(n, 2)
	count := 0
	for y := 1; y <= LastYear; y++ {
		if LeaderSeat(y, n) == seat {
			count++
		}
	}
	return count
}

// padAdvice says how a scorepad row that is no tally key is typed: a
// secretary copying a filled pad writes its rows' names.
func padAdvice(row, name, value string) string {
	switch {
	case row == "total":
		return ", " + validate.PadTotalAdvice(name, value)
	case row == "most-casks":
		return ", which vintner works out from every player's casks=: leave it out"
	case strings.HasPrefix(row, "trellis"):
		return ": write every trellis row in one key, each row's points in order, 0 for a row not complete (rows=5/5/0)"
	case row == "leader":
		return ": write leader=N, the number of leader years (the point is worked out)"
	case row == "longest":
		return ": write longest=N, the segments of the longest tour (the bonus is worked out)"
	}
	return ": write " + row + "=N"
}

// maxTallyRows bounds a tally's trellis rows: the printed sheet has 3, a
// template of one's own a few more (each row is a scoring category), as
// many as a layout file may have.
const maxTallyRows = layouts.MaxTrellisRows

// ScoreTally scores a scorepad-mode record: after `players`, one line per
// player, `tally NAME paths=9 longest=7 casks=4 rows=5/5/0 leader=4` (rows:
// the points of each trellis row, 0 when not completed; leader: the number
// of leader years). `variant solo` scores one player by the solo rules.
func (Game) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	rep := &validate.Report{}
	if opt.Tables != nil {
		// As a replay says it (replay.go): the counts need no sheet.
		rep.Diagnostics = append(rep.Diagnostics, validate.Diagnostic{File: opt.TablesName, Severity: validate.Warning,
			Code: validate.CodeHeader, Game: "bordeaux",
			Message: "a Bordeaux tally takes its counts as written; the tables file is not used"})
	}
	fail := func(l *validate.Line, tok int, format string, args ...any) *validate.Report {
		d := validate.Errorf(l, tok, validate.CodeSyntax, format, args...)
		d.Game = "bordeaux"
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep
	}
	solo := len(rec.Players) == 1
	// As a replay counts them: the players, and solo for one.
	if n := len(rec.Players); n > MaxPlayers {
		d := validate.Errorf(rec.HeaderLine("players"), 1, validate.CodeHeader, "Bordeaux is for 1 to %d players, not %d", MaxPlayers, n)
		d.Game = "bordeaux"
		rep.Diagnostics = append(rep.Diagnostics, d)
		return rep
	}
	for _, l := range rec.VariantLine {
		for i := 1; i < len(l.Tokens); i++ {
			// longest= and vine-skip change how the sheets were played, not
			// what the counts score: a tally keeps its record's header.
			switch k, v, _ := strings.Cut(strings.ToLower(l.Tokens[i].Text), "="); {
			case k == "solo" && v == "":
				if !solo {
					return fail(l, i, "the solo variant is for one player, not %d", len(rec.Players))
				}
			case k == "longest" && (v == "trail" || v == "simple"), k == "vine-skip" && v == "":
			default:
				return fail(l, i, "unknown Bordeaux variant %q: solo, longest=trail, longest=simple, vine-skip", l.Tokens[i].Text)
			}
		}
	}
	tallies := make([]*sb.Tally, len(rec.Players))
	var claims []*validate.Line
	for _, l := range rec.Lines {
		if opt.Truncated(l) {
			break
		}
		if l.Kind == validate.KindClaim {
			claims = append(claims, l)
			continue
		}
		if w := strings.ToLower(l.Word(0)); l.Kind == validate.KindEvent && (w == "sheets" || w == "sheet") && len(claims) == 0 {
			// Kept from the record's header with its variants: the
			// sheets played are not read, the counts are as written.
			continue
		}
		if l.Verb != "tally" {
			return fail(l, 0, "a scorepad tally has `tally NAME key=value …` lines (%s), not %q", strings.Join(TallyKeys, ", "), l.Word(0))
		}
		name := l.Word(1)
		seat := rec.Seat(name)
		if seat < 0 {
			fail(l, 1, "%s is not a player of this game (players: %s)", name, validate.PlayerList(rec.Players))
			rep.Diagnostics[len(rep.Diagnostics)-1].Hint = validate.DidYouMean(name, rec.Players)
			return rep
		}
		if tallies[seat] != nil {
			return fail(l, 1, "%s's tally is given twice", name)
		}
		t := &sb.Tally{Name: name, Seat: seat + 1}
		seen := map[string]bool{}
		// The tokens of longest=, rows= and leader=, for their messages.
		longestTok, rowsTok, leaderTok := 2, 2, 2
		for i := 2; i < len(l.Tokens); i++ {
			tok := i
			k, v, ok := strings.Cut(l.Word(i), "=")
			if !ok {
				return fail(l, i, "a tally gives key=value (%s), not %q", strings.Join(TallyKeys, ", "), l.Word(i))
			}
			for i+2 < len(l.Tokens) && l.Word(i+1) == "," {
				v += "/" + l.Word(i+2)
				i += 2
			}
			k = strings.ToLower(k)
			if seen[k] {
				return fail(l, tok, "%s is given twice", k)
			}
			seen[k] = true
			num := func(s string) (int, bool) {
				n, err := strconv.Atoi(s)
				return n, err == nil && n >= 0 && n < 1000
			}
			switch k {
			case "paths", "longest", "casks", "leader":
				n, ok := num(v)
				if !ok {
					// 1000 is a count too: say the bound (the doc's "under 1,000").
					return fail(l, tok, "%s is a count from 0 to 999, not %q", k, v)
				}
				switch k {
				case "paths":
					t.Paths = n
				case "longest":
					t.Longest, longestTok = n, tok
				case "casks":
					t.CasksUsed = n
				case "leader":
					t.LeaderYears, leaderTok = n, tok
				}
			case "rows":
				rowsTok = tok
				for _, s := range strings.Split(v, "/") {
					n, ok := num(s)
					if !ok {
						return fail(l, tok, "rows lists each trellis row's points, 0 to 999 (0 when not completed), as rows=5/5/0, not %q", v)
					}
					t.Rows = append(t.Rows, sb.Row{Complete: n > 0, Bonus: n})
				}
			default:
				if c, ok := validate.PadRow(k, sb.CategoriesFor(maxTallyRows)); ok {
					return fail(l, tok, "%q is the scorepad's row %q%s", k, c.Title(), padAdvice(c.Key, name, v))
				}
				return fail(l, tok, "unknown tally key %q: %s", k, strings.Join(TallyKeys, ", "))
			}
		}
		if t.Longest > t.Paths {
			return fail(l, longestTok, "%s's longest tour (%d) cannot be longer than the filled paths (%d)", name, t.Longest, t.Paths)
		}
		// Every count is written: one left out is a slip, not a 0.
		for _, k := range TallyKeys {
			if !seen[k] {
				return fail(l, len(l.Tokens), "%s's tally lacks %s=: write `tally %s paths=N longest=N casks=N rows=A/B/C leader=N`", name, k, validate.QuoteName(name))
			}
		}
		if t.Paths > 0 && t.Longest == 0 {
			// It would lose the longest-tour bonus to a slip.
			return fail(l, longestTok, "%s's longest tour cannot be 0 with %d filled paths: a filled path is a tour of at least 1 segment", name, t.Paths)
		}
		if want := snakeLeaderYears(seat, len(rec.Players)); t.LeaderYears != want {
			// The snake order fixes each seat's years (ruling R1; solo,
			// those of seat 1 of 2, R2), and the sheet prints them.
			if solo {
				return fail(l, leaderTok, "%s leads %d years, a solo player's (those of seat 1 of 2: '01 '04 '05 '08 '09 '12 '13), not %d", name, want, t.LeaderYears)
			}
			return fail(l, leaderTok, "%s leads %d years as seat %d of %d (the snake order), not %d", name, want, seat+1, len(rec.Players), t.LeaderYears)
		}
		// The sheets of a game are alike: each lists the same trellis rows.
		for _, o := range tallies {
			if o != nil && len(o.Rows) != len(t.Rows) {
				return fail(l, rowsTok, "%s's tally lists %d trellis rows and %s's %d: every sheet of a game has the same rows", name, len(t.Rows), o.Name, len(o.Rows))
			}
		}
		if len(t.Rows) > maxTallyRows {
			return fail(l, rowsTok, "%s's tally lists %d trellis rows: a sheet has at most %d", name, len(t.Rows), maxTallyRows)
		}
		tallies[seat] = t
	}
	var ts []sb.Tally
	for i, t := range tallies {
		if t == nil {
			d := validate.Errorf(rec.HeaderLine("players"), i+1, validate.CodeMissing, "%s has no tally line: write `tally %s paths=N longest=N casks=N rows=A/B/C leader=N`", rec.Players[i], validate.QuoteName(rec.Players[i]))
			d.Game = "bordeaux"
			rep.Diagnostics = append(rep.Diagnostics, d)
			return rep
		}
		ts = append(ts, *t)
	}
	rep.Result = sb.Score(ts, sb.Options{Solo: solo})
	validate.CompareClaims(rep, claims, "")
	return rep
}
