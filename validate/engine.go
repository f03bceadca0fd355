package validate

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/vintner/vintner/score"
)

// Options steer a replay.
type Options struct {
	// AtLine stops the replay after this line number (0: the whole record),
	// for `vintner replay --at`.
	AtLine int
	// AsPlayed applies an illegal action as written where the engine can,
	// records the error and goes on; the result is then disputed.
	AsPlayed bool
	// Tables is the content of a component-table file replacing the
	// embedded defaults (nil: defaults, or the record's `rules` line).
	Tables []byte
	// TablesName names Tables in diagnostics.
	TablesName string
	// NoState says the caller has no use for Report.State (a batch, a
	// benchmark): Check then leaves it out and reuses the record's memory
	// for the next record, which saves the reader's allocations.
	NoState bool
	// KeepData says the caller hands the record's bytes over to Check and
	// never changes them after, as a batch does with the buffer it reads
	// each record into: the report's strings (names, source lines) may
	// then point into data itself, and Check makes no copy of the text.
	// Without it, Check copies the text, and data is the caller's again
	// when Check returns.
	KeepData bool
	// ReadFile opens files a record names (`rules`, `sheet … layout=`),
	// relative to the record, as the record writes them (FileName makes a
	// path of one). Nil forbids it.
	ReadFile func(name string) ([]byte, error)
	// FilePath is the path, as found, of a file the record names (relative
	// names are beside the record): how diagnostics in that file name it.
	// Nil keeps the name as the record wrote it.
	FilePath func(name string) string
}

// FileName is the path, on this system, of a file name as a record writes
// it (`rules FILE`, `layout=FILE`): `/` and `\` both separate folders on
// every system, so that a record written on Windows (`rules house\t.txt`)
// is read on Linux or a Mac, and one written there on Windows.
func FileName(name string) string {
	return filepath.FromSlash(strings.ReplaceAll(name, `\`, "/"))
}

// Report is what a replay found.
type Report struct {
	Game        string            `json:"game"`
	Players     []string          `json:"players"`
	Meta        map[string]string `json:"meta,omitempty"`
	Diagnostics Diagnostics       `json:"diagnostics"`
	// Result is the final scoring; nil when the record was rejected before
	// the end of the game (or stopped early with AtLine).
	Result *score.Result `json:"result,omitempty"`
	// Claims compares each `claim` line with the computed total.
	Claims []Claim `json:"claims,omitempty"`
	// Disputed is set when --as-played applied an illegal action.
	Disputed bool `json:"disputed,omitempty"`
	// Actions counts the action lines replayed.
	Actions int `json:"actions"`
	// State is the game state where the replay stopped, for `vintner replay`.
	State State `json:"-"`
	// claims holds Claims for a table of the usual size: CompareClaims
	// made a list for every scored record.
	claims [4]Claim
}

// Claim is one `claim` line and how it compares.
type Claim struct {
	Player   string `json:"player"`
	Line     int    `json:"line"`
	Claimed  int    `json:"claimed"`
	Computed int    `json:"computed"`
}

// Valid reports whether the record was accepted and every claim matched.
func (r *Report) Valid() bool { return r != nil && !r.Diagnostics.HasErrors() }

// State is a replayed game state that can describe itself.
type State interface {
	// Text describes the state for a person, several lines.
	Text() string
}

// Game is one game's rules engine and its companions.
type Game interface {
	// Name is the `game` header value: bordeaux, grand-cru, age-of-champagne.
	Name() string
	// Replay checks every line of a parsed record and scores the end.
	Replay(rec *Record, opt Options) *Report
	// Random writes a legal, complete record of a random game.
	Random(players int, seed uint64, variants []string) ([]byte, error)
	// Tables returns the component tables in force: the embedded defaults,
	// or the given file checked line by line.
	Tables(override []byte, name string) ([]byte, Diagnostics)
	// ScoreTally scores a scorepad-mode record: end-state counts only.
	ScoreTally(rec *Record, opt Options) *Report
}

// CompareClaims compares each claim line with the result: every claim is
// listed in rep.Claims, and one that differs is an error naming the
// computed categories. A player claims once: a second claim is an error
// naming the first's line, and is not compared. where is where the game
// ended, in the game's terms, for the diagnostics. Nothing is compared
// without a result.
func CompareClaims(rep *Report, claims []*Line, where string) {
	if rep.Result == nil {
		return
	}
	if rep.Claims == nil {
		rep.Claims = rep.claims[:0]
		if len(claims) > len(rep.claims) {
			rep.Claims = make([]Claim, 0, len(claims))
		}
	}
	for i, l := range claims {
		var d Diagnostic
		if first := firstClaimOf(claims[:i], l.Player); first != nil {
			d = Errorf(l, 1, CodeClaim, "%s's claim is written twice (first at line %d)", l.Player, first.Num)
		} else {
			p := rep.Result.Player(l.Player)
			if p == nil {
				continue
			}
			rep.Claims = append(rep.Claims, Claim{Player: l.Player, Line: l.Num, Claimed: l.Points(), Computed: p.Total})
			if p.Total == l.Points() {
				continue
			}
			d = Errorf(l, 2, CodeClaim, "%s claimed %d points, the rules give %d (%s)",
				l.Player, l.Points(), p.Total, rep.Result.Breakdown(p))
		}
		d.Game, d.Where = rep.Game, where
		rep.Diagnostics = append(rep.Diagnostics, d)
	}
}

// WithAlso adds to a check's first difference the others of its line,
// which point at the line that went wrong: "Ann's money is 21, not 8 as
// checked (also: Ann's loans is 6, not 4 as checked)".
func WithAlso(msg string, also []string) string {
	if len(also) == 0 {
		return msg
	}
	return msg + " (also: " + strings.Join(also, "; ") + ")"
}

// firstClaimOf is the first of claims by player, or nil.
func firstClaimOf(claims []*Line, player string) *Line {
	for _, c := range claims {
		if c.Player == player {
			return c
		}
	}
	return nil
}

// Grammarian is a Game that reads the words of a line without the game's
// state: what is certainly malformed whatever the game's state (a verb
// the game does not have, an entry's letters), in the words the replay
// would use. Check asks it about the lines after the replay stopped, so
// that every syntax error of a record is listed, not only the first.
type Grammarian interface {
	Grammar(l *Line) *Diagnostic
}

// grammarAfter lists the syntax errors of the action, check and table
// lines after line stop, which the replay did not reach.
func grammarAfter(g Game, rec *Record, stop int, stoppedOnDifference bool) Diagnostics {
	gr, ok := g.(Grammarian)
	if !ok {
		return nil
	}
	var ds Diagnostics
	for _, l := range rec.Lines {
		if l.Num < stop || l.Kind != KindAction && l.Kind != KindEvent && l.Kind != KindCheck {
			continue
		}
		if l.Num == stop && !stoppedOnDifference {
			// A check line the replay stopped at for a value that differs
			// is read for its words too: a key past the difference that is
			// no key is a syntax error of its own (the replay's other stops
			// read the line's words up to the error).
			continue
		}
		if d := gr.Grammar(l); d != nil {
			d.Code, d.Game = CodeSyntax, g.Name()
			ds = append(ds, *d)
		}
	}
	return ds
}

// Keyworder is a Game whose lines start with words of its own (round,
// market…) besides the players' names: those words cannot be names.
// Keywords may return the same slice each time: it is read, not changed.
type Keyworder interface {
	Keywords() []string
}

// keywordPlayer reports a player named like one of g's keywords, at the
// name on the players line.
func keywordPlayer(g Game, rec *Record) *Diagnostic {
	kw, ok := g.(Keyworder)
	if !ok {
		return nil
	}
	l := rec.HeaderLine("players")
	if l == nil {
		return nil
	}
	keywords := kw.Keywords() // once a record, not once a name
	for i := 1; i < len(l.Tokens); i++ {
		for _, k := range keywords {
			// As written: the reader takes a line for a player's when its
			// first word is his name exactly, so "Year" clashes with no
			// `year` line.
			if l.Tokens[i].Text == k {
				d := Errorf(l, i, CodeHeader, "%q cannot be a player name in %s records: its `%s` lines would read as that player's", l.Tokens[i].Text, g.Name(), k)
				d.Player, d.Game = "", g.Name()
				return &d
			}
		}
	}
	return nil
}

// CanonicalGame is a game's name as vintner writes it, from a name as a
// record's `game` line or a command line may write it: any case, and the
// short forms grandcru, grand_cru, aoc, champagne and age_of_champagne.
// A name it does not know is returned in lower case.
func CanonicalGame(name string) string {
	g := strings.ToLower(name)
	switch g {
	case "grandcru", "grand_cru":
		g = "grand-cru"
	case "aoc", "champagne", "age_of_champagne":
		g = "age-of-champagne"
	}
	return g
}

// Lookup finds a game by name among the registered ones.
func Lookup(games []Game, name string) (Game, error) {
	for _, g := range games {
		if g.Name() == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q: bordeaux | grand-cru | age-of-champagne", name)
}

// tablesOf maps a word that begins a line of a game's tables file to the
// games whose tables have it (each engine registers its words), so that
// one game's file given for another is named for what it is.
var tablesOf = map[string][]TablesKind{}

// TablesKind is a game whose tables an engine registered.
type TablesKind struct {
	Game  string // the game line's name: grand-cru
	Title string // as the rulebook names the game: Grand Cru
}

// RegisterTables records the words that begin a line of game's tables file.
func RegisterTables(game, title string, words []string) {
	for _, w := range words {
		tablesOf[w] = append(tablesOf[w], TablesKind{game, title})
	}
}

// ForeignTables says, for the first statement word of a tables file given
// for game, which other game's tables the file is: the one game that has
// the word when game does not; ok false when that is not clear.
func ForeignTables(game, word string) (TablesKind, bool) {
	var found []TablesKind
	for _, k := range tablesOf[strings.ToLower(word)] {
		if k.Game == game {
			return TablesKind{}, false
		}
		found = append(found, k)
	}
	if len(found) != 1 {
		return TablesKind{}, false
	}
	return found[0], true
}

// ForeignTablesMessage is the error for a tables file of another game,
// given at its first statement.
func ForeignTablesMessage(game, title string, other TablesKind, word string) string {
	return fmt.Sprintf("this file is not %s's tables: `%s` begins a line of %s's; start from `vintner tables %s`",
		title, word, other.Title, game)
}
