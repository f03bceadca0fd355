package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

func newTablesCmd() *cobra.Command {
	var file string
	cmd := &cobra.Command{
		Use:   "tables GAME",
		Short: "Print the component tables in force",
		Long: `Print a game's component tables: the numbers printed on components that the
rulebook leaves out, each with where it comes from. With --tables FILE the
file is checked line by line like a record and printed as read.`,
		Example: `  vintner tables grand-cru > my-tables.txt
  vintner tables grand-cru --tables my-tables.txt`,
		Args:              oneArg("game", gameNames),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := emptyFileFlag(cmd, "tables"); err != nil {
				return err
			}
			g, err := games.Lookup(args[0])
			if err != nil {
				return usageError{err}
			}
			var override []byte
			if file != "" {
				override, err = audit.ReadNamedInput(file, cmd.InOrStdin(), validate.Limits{})
				if err != nil {
					return fmt.Errorf("cannot read --tables %s: %w", file, pathless(err))
				}
			}
			b, diags := g.Tables(override, file)
			for _, d := range diags {
				fmt.Fprint(cmd.ErrOrStderr(), d.Format())
			}
			if diags.HasErrors() {
				if override != nil {
					return errRejected
				}
				return fmt.Errorf("no tables for %s", args[0])
			}
			_, err = cmd.OutOrStdout().Write(b)
			return err
		},
	}
	cmd.Flags().StringVar(&file, "tables", "", "a table file to check and print instead of the defaults")
	return cmd
}
