package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/validate"
)

// replayPDF draws Bordeaux sheets; set by replay_pdf.go so that this file
// stays free of the PDF code.
var replayPDF func(cmd *cobra.Command, file string, at int, out string) error

func newReplayCmd() *cobra.Command {
	var at int
	var asPlayed bool
	var named string
	var pdfOut, tables, paper string
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Print the whole game state after a line, or at the end",
		Long: `Replay one record (a file, or - for standard input) and print the whole
game state: after line N of the file with --at N (the line as numbered
in your editor, comments and blank lines included; past the last line
is a usage error, exit 2), or at the end. A game in progress replays
to its last line with --at N: the state so far, not a record that stops
early.

A record with an error prints the state just before the error, then the
diagnostic, and exits 1; with --as-played the errors the engine can apply
as written are applied and marked, and the state is the one the table
played on to (still exit 1: the record is disputed). --pdf draws each Bordeaux player's sheet as it
stands (Bordeaux records only).`,
		Example: `  vintner replay game.vin
  vintner replay game.vin --at 42
  vintner replay game.vin --pdf sheets.pdf`,
		Args: oneArg("record", "a file, or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if at < 0 {
				return usageError{fmt.Errorf("--at takes a line number, 1 or more (0: the end), not %d", at)}
			}
			// An empty --pdf first: with --paper, "--paper goes with --pdf"
			// would blame the flag that is right.
			if cmd.Flags().Changed("pdf") && pdfOut == "" {
				return usageError{fmt.Errorf("--pdf takes a file name (- for standard output)")}
			}
			if cmd.Flags().Changed("paper") && pdfOut == "" {
				return usageError{fmt.Errorf("--paper goes with --pdf FILE")}
			}
			if err := emptyFileFlag(cmd, "tables"); err != nil {
				return err
			}
			if tables == "-" && args[0] == "-" {
				return usageError{fmt.Errorf("standard input is read once: --tables - and a record - cannot both come from it")}
			}
			if pdfOut != "" {
				if replayPDF == nil {
					return fmt.Errorf("--pdf is not available in this build")
				}
				return replayPDF(cmd, args[0], at, pdfOut)
			}
			f := checkFlags{format: "table", tables: tables, asPlayed: asPlayed, named: named, maxBytes: validate.DefaultLimits.MaxBytes, maxLine: validate.DefaultLimits.MaxLineBytes, maxLines: validate.DefaultLimits.MaxLines}
			cfg, err := f.config(cmd.InOrStdin())
			if err != nil {
				return err
			}
			cfg.Options.AtLine = at
			cfg.Options.NoState = false // the state is what replay prints
			items, err := audit.Expand(args)
			if err != nil {
				return err
			}
			if len(items) != 1 {
				return usageError{fmt.Errorf("replay takes one record, and %s holds %d: validate or score take folders", args[0], len(items))}
			}
			o := audit.One(cfg, items[0])
			if o.Err != nil {
				return o.Err
			}
			if err := atPastTheEnd(at, o); err != nil {
				return err
			}
			for _, d := range o.Report.Diagnostics {
				fmt.Fprint(cmd.ErrOrStderr(), d.Format())
			}
			if o.Report.State != nil {
				if _, err := fmt.Fprint(cmd.OutOrStdout(), o.Report.State.Text()); err != nil {
					return fmt.Errorf("cannot write the output: %w", err)
				}
			}
			if !o.Report.Valid() {
				return errRejected
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&at, "at", 0, "stop after this line (0: the end)")
	cmd.Flags().BoolVar(&asPlayed, "as-played", false, "apply an illegal action as written where possible, mark it and go on: the state as the table played it")
	cmd.Flags().StringVar(&pdfOut, "pdf", "", "draw the Bordeaux sheets as they stand to this PDF file")
	cmd.Flags().StringVar(&tables, "tables", "", "component-table file replacing the embedded defaults")
	cmd.Flags().StringVar(&paper, "paper", "a4", "with --pdf: paper size, a4 | letter")
	registerNamedFiles(cmd, &named)
	_ = cmd.RegisterFlagCompletionFunc("paper", completeWords("a4", "letter"))
	return cmd
}

// atPastTheEnd is the usage error for --at N past the record's last line:
// the state "after line N" of a shorter record would be its end, which
// the user did not ask for.
func atPastTheEnd(at int, o audit.Outcome) error {
	if o.Report == nil || at <= o.Lines {
		return nil
	}
	return usageError{fmt.Errorf("--at %d is past the end of %s, which has %d lines", at, o.Item.Display(), o.Lines)}
}
