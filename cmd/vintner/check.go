package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// checkFlags are the flags validate and score share.
type checkFlags struct {
	format   string
	tables   string
	asPlayed bool
	jobs     int
	maxBytes int
	maxLine  int
	maxLines int
	game     string
	tally    string
	named    string // --named-files: any | none | FOLDER
}

func (f *checkFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.format, "format", "table", "output format: table | json (JSON Lines) | markdown")
	cmd.Flags().StringVar(&f.tables, "tables", "", "component-table file replacing the embedded defaults")
	cmd.Flags().BoolVar(&f.asPlayed, "as-played", false, "apply an illegal action as written where possible, mark it and go on (result disputed)")
	cmd.Flags().IntVar(&f.jobs, "jobs", 0, "records replayed at once (0: one per core)")
	cmd.Flags().IntVar(&f.maxBytes, "max-bytes", validate.DefaultLimits.MaxBytes, "refuse a record larger than this many bytes")
	cmd.Flags().IntVar(&f.maxLine, "max-line", validate.DefaultLimits.MaxLineBytes, "refuse a line longer than this many bytes")
	cmd.Flags().IntVar(&f.maxLines, "max-lines", validate.DefaultLimits.MaxLines, "refuse a record of more lines than this")
	registerNamedFiles(cmd, &f.named)
	_ = cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return score.Formats, cobra.ShellCompDirectiveNoFileComp
	})
}

// check refuses a flag value out of range. It is the first thing a
// command does, before it reads anything: a tally is read for its game
// line under the limits.
func (f *checkFlags) check() error {
	switch f.format {
	case "table", "json", "markdown":
	default:
		return usageError{fmt.Errorf("unknown --format %q: table | json | markdown", f.format)}
	}
	for _, l := range []struct {
		flag, unit string
		n          int
	}{{"max-bytes", "bytes", f.maxBytes}, {"max-line", "bytes", f.maxLine}, {"max-lines", "lines", f.maxLines}} {
		if l.n <= 0 {
			return usageError{fmt.Errorf("--%s takes a number of %s, 1 or more, not %d", l.flag, l.unit, l.n)}
		}
	}
	if f.jobs < 0 {
		return usageError{fmt.Errorf("--jobs must be 0 (one per core) or more, not %d", f.jobs)}
	}
	return nil
}

func (f *checkFlags) config(stdin io.Reader) (audit.Config, error) {
	if err := f.check(); err != nil {
		return audit.Config{}, err
	}
	named, err := namedFilesPolicy(f.named)
	if err != nil {
		return audit.Config{}, err
	}
	cfg := audit.Config{
		NamedFiles: named,
		Games:      games.All(),
		Limits:     validate.Limits{MaxBytes: f.maxBytes, MaxLineBytes: f.maxLine, MaxLines: f.maxLines},
		Stdin:      stdin,
		Jobs:       f.jobs,
		Options: validate.Options{
			AsPlayed: f.asPlayed,
			NoState:  true, // validate and score print no state; replay asks for it
		},
	}
	if f.tables != "" {
		b, err := audit.ReadNamedInput(f.tables, stdin, cfg.Limits)
		if err != nil {
			return cfg, fmt.Errorf("cannot read --tables %s: %w", f.tables, pathless(err))
		}
		cfg.Options.Tables, cfg.Options.TablesName = b, f.tables
	}
	return cfg, nil
}

// registerNamedFiles adds --named-files, which says what files a record
// may name (rules FILE, layout=FILE): a site that checks strangers'
// records sets it, since a named file is read, and quoted in the
// messages, wherever it points.
func registerNamedFiles(cmd *cobra.Command, named *string) {
	cmd.Flags().StringVar(named, "named-files", audit.NamedFilesAny, "files a record may name (rules FILE, layout=FILE): any | none | a FOLDER they must lie in")
	_ = cmd.RegisterFlagCompletionFunc("named-files", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{audit.NamedFilesAny, audit.NamedFilesNone}, cobra.ShellCompDirectiveFilterDirs
	})
}

// namedFilesPolicy is the audit.Config.NamedFiles of --named-files.
func namedFilesPolicy(v string) (string, error) {
	switch v {
	case audit.NamedFilesAny, audit.NamedFilesNone:
		return v, nil
	case "":
		// Taken for the flag left out, it would read every file: the
		// opposite of what a site that sets it (from an unset variable,
		// say) meant.
		return "", usageError{fmt.Errorf("--named-files takes any, none or a folder, not an empty value")}
	}
	dir, err := audit.NamedFilesIn(v)
	if err != nil {
		return "", usageError{fmt.Errorf("--named-files %s: %w (it takes any, none or a folder)", v, pathless(err))}
	}
	return dir, nil
}

func newValidateCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Replay records and report the first illegal action of each",
		Long: `Replay each record (files, folders of .vin files, or - for standard input)
with its game's rules engine. Every syntax error is listed (the lines after
the replay stopped are read for their words); replay stops at the first
rules error, reported as FILE:LINE:COL: error: MESSAGE with the line and a
caret. check and claim lines are compared with the engine's state.

Exit status: 0 all valid, 1 a record rejected, a claim differs or a result
disputed (--as-played), 2 the command could not run.`,
		Example: `  vintner validate game.vin
  vintner validate season/ --format json > audit.jsonl
  cat game.vin | vintner validate -`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError{fmt.Errorf("validate needs at least one record: a file, a folder of .vin files, or - for standard input")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd, args, &f, false)
		},
	}
	f.register(cmd)
	return cmd
}

func newScoreCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "score PATH...",
		Short: "Validate records, then print scores by category, ranks and tie-breaks",
		Long: `Validate each record, then print every player's points by category, the
ranking (standard competition ranking, a shared place printed 1=) and the
tie-break that decided each place.

Scorepad mode scores end-state counts instead of a whole record:
  vintner score --game bordeaux --tally tally.vin
A tally among the records (tally lines, a game line) is scored as one, so
a season's folder of records and typed-up scorepads is scored in one run.`,
		Example: `  vintner score game.vin
  vintner score game.vin --format markdown
  vintner score --game grand-cru --tally end-of-game.vin`,
		Args: func(cmd *cobra.Command, args []string) error {
			if err := emptyFileFlag(cmd, "tally"); err != nil {
				return err
			}
			if cmd.Flags().Changed("game") && f.tally == "" {
				// A record names its game on its game line: --game would be ignored.
				return usageError{fmt.Errorf("--game goes with --tally FILE: a record names its game on its game line")}
			}
			if f.tally != "" {
				if len(args) > 0 {
					return usageError{fmt.Errorf("--tally scores one tally file; give no other paths")}
				}
				return nil
			}
			if len(args) == 0 {
				return usageError{fmt.Errorf("score needs at least one record (or --game GAME --tally FILE)")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.tally != "" {
				if err := f.check(); err != nil {
					return err
				}
				if f.asPlayed {
					// A flag, checked before the tally is read as the
					// others are (a tally past a limit is checked as is).
					return usageError{fmt.Errorf("--as-played replays a record: a tally has no actions to apply")}
				}
				if f.game == "" {
					var in io.Reader
					var err error
					name := f.tally
					if st, serr := os.Stat(name); name != "-" && serr == nil && st.IsDir() {
						// A folder, as with --game: its one tally is read
						// for its game; runCheck says how many it holds.
						items, err := audit.Expand([]string{name})
						if err != nil {
							return err
						}
						if len(items) != 1 {
							return usageError{fmt.Errorf("--tally scores one tally file, and %s holds %d: vintner score %s scores each, as the game its game line names", f.tally, len(items), f.tally)}
						}
						name = items[0].Name
					}
					var limited bool
					f.game, limited, in, err = tallyGame(name, cmd.InOrStdin(), validate.Limits{MaxBytes: f.maxBytes, MaxLineBytes: f.maxLine, MaxLines: f.maxLines})
					cmd.SetIn(in)
					if err != nil {
						// As the check says it: the tally, not its game, is missing.
						return fmt.Errorf("cannot read %s: %w", audit.Item{Name: f.tally}.Display(), pathless(err))
					}
					if limited {
						// Its game line is past a limit: the tally is
						// rejected for the limit (exit 1), as with --game,
						// not refused for want of a --game it may not need.
						return runCheck(cmd, []string{f.tally}, &f, true)
					}
				}
				if f.game == "" {
					return usageError{fmt.Errorf("--tally needs --game bordeaux | grand-cru | age-of-champagne (or a tally that starts with its `game` line)")}
				}
				g, err := games.Lookup(f.game)
				if err != nil {
					return usageError{err}
				}
				f.game = g.Name() // as written in records: "Bordeaux" is bordeaux
				args = []string{f.tally}
			}
			return runCheck(cmd, args, &f, true)
		},
	}
	f.register(cmd)
	cmd.Flags().StringVar(&f.game, "game", "", "the game of a --tally file")
	cmd.Flags().Var((*onceString)(&f.tally), "tally", "score end-state counts from this file (scorepad mode)")
	_ = cmd.RegisterFlagCompletionFunc("game", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return games.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// onceString is a string flag given at most once: --tally a --tally b
// would score b alone, and a table's result would go unseen.
type onceString string

func (s *onceString) String() string { return string(*s) }
func (s *onceString) Type() string   { return "string" }
func (s *onceString) Set(v string) error {
	if *s != "" {
		return fmt.Errorf("is given once (scorepad mode scores one tally file)")
	}
	*s = onceString(v)
	return nil
}

// recordJSON is one line of the JSON Lines output (docs/scripting.md
// documents every field; testdata/jsonl.golden pins them
// (TestJSONLinesSchema), and TestJSONLinesFollowTheDocs checks every line
// against the docs).
type recordJSON struct {
	Type        string               `json:"type"` // "record"
	File        string               `json:"file"`
	Status      audit.Status         `json:"status"` // valid | rejected | claims-differ | disputed | unreadable
	Game        string               `json:"game,omitempty"`
	Players     []string             `json:"players,omitempty"`
	Meta        map[string]string    `json:"meta,omitempty"` // the header's date, event, location, note
	Valid       bool                 `json:"valid"`
	Disputed    bool                 `json:"disputed"`
	Actions     int                  `json:"actions"`
	Tally       bool                 `json:"tally,omitempty"` // read as a scorepad tally
	Error       string               `json:"error,omitempty"` // the record could not be read
	Diagnostics validate.Diagnostics `json:"diagnostics"`
	Claims      []validate.Claim     `json:"claims,omitempty"`
	Result      *score.Result        `json:"result,omitempty"`
}

// summaryJSON is the last line of the JSON Lines output.
type summaryJSON struct {
	Type string `json:"type"` // "summary"
	audit.Summary
	Exit int `json:"exit"` // the exit status the command ends with
}

func newRecordJSON(o audit.Outcome) recordJSON {
	rj := recordJSON{Type: "record", File: o.Item.Display(), Status: o.Status(), Diagnostics: validate.Diagnostics{}}
	if o.Err != nil {
		rj.Error = o.Err.Error()
		return rj
	}
	r := o.Report
	rj.Game, rj.Players, rj.Meta, rj.Valid, rj.Disputed, rj.Actions = r.Game, r.Players, r.Meta, r.Valid(), r.Disputed, r.Actions
	rj.Tally = o.Tally
	rj.Diagnostics = append(rj.Diagnostics, r.Diagnostics...)
	rj.Claims, rj.Result = r.Claims, r.Result
	return rj
}

func runCheck(cmd *cobra.Command, args []string, f *checkFlags, scoring bool) error {
	if err := emptyFileFlag(cmd, "tables"); err != nil {
		return err
	}
	cfg, err := f.config(cmd.InOrStdin())
	if err != nil {
		return err
	}
	cfg.Tally = f.tally
	if cfg.Tally != "" {
		cfg.Tally = f.game
	}
	// A season's folder holds scorepad tallies beside its records. Not
	// with --tally: a tally whose game line is past a limit comes here
	// with no game, and is checked for the limit, not among records.
	cfg.Tallies = f.tally == ""
	items, err := audit.Expand(args)
	if err != nil {
		return err
	}
	if f.tables == "-" && slices.ContainsFunc(items, func(it audit.Item) bool { return it.Name == "-" }) {
		return usageError{fmt.Errorf("standard input is read once: --tables - and a record - cannot both come from it")}
	}
	if len(items) == 0 {
		return fmt.Errorf("no .vin records found in %s", strings.Join(args, " "))
	}
	if f.tally != "" && len(items) != 1 {
		return usageError{fmt.Errorf("--tally scores one tally file, and %s holds %d: vintner score %s scores each, as the game its game line names", f.tally, len(items), f.tally)}
	}
	out, errw := cmd.OutOrStdout(), cmd.ErrOrStderr()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false) // "<stdin>", not "\u003cstdin\u003e"
	var sum audit.Summary
	var writeErr error
	multi := len(items) > 1
	var bar *progress
	if f.format != "json" && len(items) > 1 && isTerminal(errw) {
		bar = newProgress(errw, len(items))
	}
	// The bar shares the terminal with stdout unless stdout is redirected.
	stdoutShared := bar != nil && isTerminal(out)
	audit.Run(cfg, items, func(o audit.Outcome) {
		sum.Add(o)
		defer bar.Update(sum.Records)
		if writeErr != nil {
			return
		}
		if f.format == "json" {
			writeErr = enc.Encode(newRecordJSON(o))
			return
		}
		if o.Err != nil || len(o.Report.Diagnostics) > 0 || stdoutShared {
			bar.Clear()
		}
		if o.Err != nil {
			fmt.Fprintf(errw, "vintner: %s\n", validate.Printable(o.Err.Error()))
			return
		}
		r := o.Report
		for _, d := range r.Diagnostics {
			fmt.Fprint(errw, d.Format())
		}
		// A file name may hold a newline or an escape sequence: shown
		// as a diagnostic shows it (JSON escapes it).
		name := validate.Printable(o.Item.Display())
		switch {
		case scoring && r.Result != nil:
			// In Markdown each line above the table is a paragraph of
			// its own, and the table starts a block: run together, the
			// lines would be one paragraph, and the table part of it
			// for a renderer that needs a blank line before a table.
			end, shown := "\n", name
			if f.format == "markdown" {
				end, shown = "\n\n", score.MarkdownText(name)
			}
			if multi {
				fmt.Fprintf(out, "== %s (%s)%s", shown, r.Game, end)
			}
			// Said beside the table too: the errors are on stderr,
			// which a reader of the table may not see.
			if r.Disputed {
				fmt.Fprintf(out, "DISPUTED: %s (--as-played; the errors say which)%s", countAt(o, isApplied, "error", ", applied as played"), end)
			}
			if o.Status() == audit.StatusClaimsDiffer || r.Disputed && countOf(r, isClaim) > 0 {
				fmt.Fprintf(out, "CLAIMS DIFFER: %s (the claims written at the table; the errors say which)%s", countAt(o, isClaim, "claim", ""), end)
			}
			writeErr = score.Render(out, r.Result, f.format)
			if multi {
				fmt.Fprintln(out)
			}
		case scoring:
			if multi {
				if f.format == "markdown" {
					name = score.MarkdownText(name)
				}
				fmt.Fprintf(out, "== %s: %s, not scored\n\n", name, verdict(o))
			}
		default:
			_, writeErr = fmt.Fprintf(out, "%s: %s\n", name, verdict(o))
		}
	})
	bar.Done()
	if writeErr != nil {
		return fmt.Errorf("cannot write the output: %w", writeErr)
	}
	exit := exitOK
	switch {
	case sum.Unreadable > 0:
		exit = exitCannot
	case !sum.OK():
		exit = exitRejected
	}
	if f.format == "json" {
		if err := enc.Encode(summaryJSON{Type: "summary", Summary: sum, Exit: exit}); err != nil {
			return fmt.Errorf("cannot write the output: %w", err)
		}
	} else if multi || !scoring {
		fmt.Fprintln(out, sum.String())
	}
	if sum.Unreadable > 0 {
		return fmt.Errorf("%d of %d records could not be read", sum.Unreadable, sum.Records)
	}
	if !sum.OK() {
		return errRejected
	}
	return nil
}

// verdict is a record's one-line result in table output, printable as
// it is (countAt shows a file name's controls as "?").
func verdict(o audit.Outcome) string {
	r := o.Report
	switch o.Status() {
	case audit.StatusValid:
		if o.Tally {
			return fmt.Sprintf("valid %s scorepad tally, %s", r.Game, plural(len(r.Players), "player"))
		}
		return fmt.Sprintf("valid %s record, %s, %s", r.Game, plural(len(r.Players), "player"), plural(r.Actions, "action"))
	case audit.StatusDisputed:
		// The claims that differ were not applied as played: counted
		// apart, so that a judge reading the verdict sees them.
		v := "disputed: " + countAt(o, isApplied, "error", ", applied as played")
		if countOf(r, isClaim) > 0 {
			v += "; claims differ: " + countAt(o, isClaim, "claim", "")
		}
		return v
	case audit.StatusClaimsDiffer:
		return "claims differ: " + countAt(o, isClaim, "claim", "")
	default:
		return "rejected: " + countAt(o, isError, "error", "")
	}
}

func isError(d validate.Diagnostic) bool   { return d.Severity != validate.Warning }
func isApplied(d validate.Diagnostic) bool { return isError(d) && d.Applied }
func isClaim(d validate.Diagnostic) bool   { return isError(d) && d.Code == validate.CodeClaim }

// countOf is how many of a report's diagnostics are of a kind.
func countOf(r *validate.Report, kind func(validate.Diagnostic) bool) int {
	n := 0
	for _, d := range r.Diagnostics {
		if kind(d) {
			n++
		}
	}
	return n
}

// countAt says how many of a record's diagnostics are of a kind and where
// the first is: "2 errors, applied as played, first at line 7" (what
// follows the count, here ", applied as played").
func countAt(o audit.Outcome, kind func(validate.Diagnostic) bool, noun, what string) string {
	errs, first, firstFile := 0, 0, ""
	for _, d := range o.Report.Diagnostics {
		if kind(d) {
			errs++
			if first == 0 {
				first, firstFile = d.Line, d.File
			}
		}
	}
	at := ""
	switch {
	case first > 0 && firstFile != "" && firstFile != o.Item.Display():
		// The error is in a file the record named (a tables or layout file).
		at = fmt.Sprintf(", first at %s:%d", firstFile, first)
	case first > 0:
		at = fmt.Sprintf(", first at line %d", first)
	}
	return validate.Printable(plural(errs, noun) + what + at)
}

func plural(n int, w string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, w)
	}
	return fmt.Sprintf("%d %ss", n, w)
}

// tallyGame is the game a tally names on its own `game` line, or "" (a
// tally that names none: --game is then needed), whether a limit kept its
// first statement (where the game line goes) from being read, and the
// standard input to read from then: a tally on standard input ("-") is
// read here for its game line, and handed back whole for the check. Only
// its first MaxBytes (and one more, to tell it is over) are read: the
// check reports a tally over the limit. A tally that cannot be read at all
// is an error, which no --game would mend.
func tallyGame(name string, stdin io.Reader, lim validate.Limits) (game string, limited bool, _ io.Reader, _ error) {
	var r io.Reader
	switch {
	case name != "-":
		f, err := os.Open(name)
		if err != nil {
			return "", false, stdin, err
		}
		defer f.Close()
		r = f
	case stdin == nil:
		return "", false, stdin, nil // the check reports it
	default:
		var head bytes.Buffer
		r = io.TeeReader(stdin, &head)
		stdin = io.MultiReader(&head, stdin)
	}
	// One byte more than the limit, to tell a tally over it; the largest
	// limit (9223372036854775807) has no byte more, and reads it all.
	n := int64(lim.MaxBytes)
	if n < math.MaxInt64 {
		n++
	}
	data, err := io.ReadAll(io.LimitReader(r, n))
	if err != nil {
		return "", false, stdin, err
	}
	if len(data) > lim.MaxBytes {
		return "", true, stdin, nil
	}
	rec, diags := validate.Parse(name, data, lim)
	if rec.Game != "" {
		return rec.Game, false, stdin, nil
	}
	first := firstStatementLine(data)
	for _, d := range diags {
		if d.Code == validate.CodeLimit && d.Line <= first {
			return "", true, stdin, nil
		}
	}
	return "", false, stdin, nil
}

// firstStatementLine is the number of data's first line that is neither
// blank nor a comment, or one past its last line.
func firstStatementLine(data []byte) int {
	n := 0
	for len(data) > 0 {
		n++
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			return n
		}
		data = rest
	}
	return n + 1
}
