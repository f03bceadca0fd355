package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/vintner/vintner/validate/games"
)

// Exit statuses, as docs/scripting.md documents them.
const (
	exitOK       = 0 // every record valid, every claim matched
	exitRejected = 1 // a record rejected or a claim differs
	exitCannot   = 2 // the command could not run
)

// errRejected means the diagnostics are already printed; the command
// exits 1 without printing anything more.
var errRejected = errors.New("rejected")

// usageError is a problem with the command line: usage is shown with it.
type usageError struct{ error }

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// Main runs the command line and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	// cobra's help and completion drop their write errors: output kept
	// here, so that a lost help text or script is not a success.
	out := &firstWriteError{w: stdout}
	root.SetOut(out)
	root.SetErr(stderr)
	runnableCompletion(root)
	cmd, err := root.ExecuteC()
	if (err == nil || errors.Is(err, errRejected)) && out.err != nil {
		// A rejected record does not excuse a lost output: a score of
		// records none of which scored writes only its headings and
		// summary, whose write errors no printer returned.
		err = fmt.Errorf("cannot write the output: %w", out.err)
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errRejected) {
		return exitRejected
	}
	fmt.Fprintf(stderr, "vintner: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command") {
		fmt.Fprintf(stderr, "run '%s --help' for usage\n", cmd.CommandPath())
	}
	return exitCannot
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "vintner",
		Short: "Replay, score and print for Bordeaux, Grand Cru and AOC: Age of Champagne",
		Long: `vintner replays game records (.vin files) of three wine board games with a
full rules engine, reports the first illegal action at its line and column,
audits the scores written down, ranks the players with each rulebook's
tie-breaks, and prints Bordeaux sheets and scorepads as PDF.`,
		Example: `  vintner validate testdata/examples
  vintner score testdata/examples/bordeaux-4p.vin
  vintner random grand-cru --players 3 --seed 7 > game.vin`,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newValidateCmd(),
		newScoreCmd(),
		newReplayCmd(),
		newRandomCmd(),
		newTablesCmd(),
		newVersionCmd(),
	)
	for _, extra := range extraCommands {
		root.AddCommand(extra())
	}
	root.SetHelpCommand(newHelpCmd())
	return root
}

// runnableCompletion makes cobra's completion command runnable: it was
// not, so given a shell it does not know it printed its help and exited
// 0; runnable, its NoArgs refuses one, as an unknown command is (exit 2).
// Called once the root's output is set: cobra's completion scripts write
// to the output the root has when the command is made.
func runnableCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	if c, _, err := root.Find([]string{"completion"}); err == nil && c != root {
		c.RunE = func(c *cobra.Command, args []string) error { return c.Help() }
		c.Example = "  vintner completion bash > /etc/bash_completion.d/vintner\n  vintner completion zsh > \"${fpath[1]}/_vintner\""
	}
}

// newHelpCmd is cobra's help command, except that a topic it does not know
// is a usage error (exit 2), as an unknown command is: cobra's own prints
// the usage and exits 0, which a script cannot tell from help given.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "help [command]",
		Short:   "Help about any command",
		Example: "  vintner help validate\n  vintner help layout",
		Long:    "Help provides help for any command in the application.\nSimply type vintner help [path to command] for full details.",
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			for _, sub := range c.Root().Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, sub.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			// Words left over name no command: "help version extra" is
			// no topic, not version's help.
			cmd, rest, err := c.Root().Find(args)
			if cmd == nil || err != nil || len(rest) > 0 || cmd == c.Root() && len(args) > 0 {
				err := fmt.Errorf("unknown help topic %q", strings.Join(args, " "))
				if strings.TrimSpace(args[0]) == "" {
					// Every name starts with "": a did-you-mean would list them all.
					err = fmt.Errorf("%w: help takes a command's name (vintner help lists them)", err)
				} else if s := c.Root().SuggestionsFor(args[0]); len(s) > 0 && cmd == c.Root() {
					// As cobra says it of an unknown command.
					err = fmt.Errorf("%w\n\nDid you mean this?\n\t%s\n", err, strings.Join(s, "\n\t"))
				}
				return usageError{err}
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		},
	}
}

// flagError is a mistake on the command line's flags, said in vintner's
// words: pflag's "invalid argument "x" for "--players" flag:
// strconv.ParseInt: …" names the flag but not what it takes, and an
// unknown flag had no did-you-mean, as an unknown command has.
func flagError(c *cobra.Command, err error) error {
	var ie *pflag.InvalidValueError
	if errors.As(err, &ie) {
		fl, v := ie.GetFlag(), ie.GetValue()
		switch {
		case errors.Is(err, strconv.ErrRange):
			err = fmt.Errorf("--%s %s is out of range", fl.Name, v)
		case fl.Value.Type() == "int":
			err = fmt.Errorf("--%s takes a whole number, not %q", fl.Name, v)
		case fl.Value.Type() == "uint64":
			err = fmt.Errorf("--%s takes a whole number, 0 or more, not %q", fl.Name, v)
		case fl.Value.Type() == "bool":
			err = fmt.Errorf("--%s takes true or false (or nothing: --%s), not %q", fl.Name, fl.Name, v)
		}
		return usageError{err}
	}
	var ne *pflag.NotExistError
	if errors.As(err, &ne) {
		if s := nearestFlag(c, ne.GetSpecifiedName(), ne.GetSpecifiedShortnames()); s != "" {
			// As cobra says it of an unknown command.
			err = fmt.Errorf("%w\n\nDid you mean this?\n\t--%s\n", err, s)
		}
	}
	return usageError{err}
}

// nearestFlag is the command's flag an unknown one was likely meant to be:
// one a letter or two away (--formt, --player), or a long flag written with
// one dash (-players, read as the shorthands p, l, a…); "" when none is.
func nearestFlag(c *cobra.Command, name, shorthands string) string {
	if shorthands != "" {
		long, _, _ := strings.Cut(shorthands, "=")
		if len(long) > 1 && c.Flags().Lookup(long) != nil {
			return long
		}
		return ""
	}
	best, bestDist := "", 3 // more than two edits away is no suggestion
	c.Flags().VisitAll(func(fl *pflag.Flag) {
		if fl.Hidden {
			return
		}
		if d := editDistance(strings.ToLower(name), fl.Name); d < bestDist {
			best, bestDist = fl.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// noArgs refuses arguments to a command that takes none, in its words:
// cobra's NoArgs calls a stray argument an unknown command ("unknown
// command "out.pdf" for "vintner sheets""). hint says where such an
// argument belongs, if anywhere.
func noArgs(hint string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = fmt.Sprintf("%q", a)
		}
		return usageError{fmt.Errorf("%s takes no arguments, not %s%s", cmd.Name(), strings.Join(quoted, " "), hint)}
	}
}

// emptyFileFlag refuses a file flag given an empty value: taken for the
// flag left out, it would be silently ignored.
func emptyFileFlag(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		if fl := cmd.Flags().Lookup(name); fl != nil && fl.Changed && fl.Value.String() == "" {
			return usageError{fmt.Errorf("--%s takes a file name (- for standard input)", name)}
		}
	}
	return nil
}

// oneArg is a command's positional arguments: exactly one noun (a record,
// a game), whose choices the message lists. A missing or extra argument is
// a usage error said in the command's words, not cobra's "accepts 1
// arg(s), received 0"; extra arguments are quoted, since a name with a
// blank left unquoted is the usual cause.
func oneArg(noun, choices string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return usageError{fmt.Errorf("%s needs a %s: %s", cmd.Name(), noun, choices)}
		case len(args) > 1:
			quoted := make([]string, len(args))
			for i, a := range args {
				quoted[i] = fmt.Sprintf("%q", a)
			}
			return usageError{fmt.Errorf("%s takes one %s, not %d arguments: %s", cmd.Name(), noun, len(args), strings.Join(quoted, " "))}
		}
		return nil
	}
}

// gameNames lists the games a command takes, for its messages.
var gameNames = strings.Join(games.Names(), " | ")

// extraCommands are registered by the files of other commands (layout,
// sheets, scorepad), so each command stays in its own file.
var extraCommands []func() *cobra.Command

// completeWords completes a flag that takes one of a few words (a paper
// size, a format), rather than offering the folder's files.
func completeWords(words ...string) func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	}
}

func completeGames(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return games.Names(), cobra.ShellCompDirectiveNoFileComp
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print vintner's version",
		Example: "  vintner version",
		Args:    noArgs(""),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "vintner %s\n", version)
			return err
		},
	}
}

// firstWriteError passes writes on and keeps the first one's error.
type firstWriteError struct {
	w   io.Writer
	err error
}

func (f *firstWriteError) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil && f.err == nil {
		f.err = err
	}
	return n, err
}

// pathless is err without the path an *fs.PathError repeats, for messages
// that name the file already ("cannot read --tables x.txt: no such file…").
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
