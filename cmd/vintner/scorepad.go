package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/pdf"
	"github.com/vintner/vintner/validate/games"
)

func init() { extraCommands = append(extraCommands, newScorepadCmd) }

func newScorepadCmd() *cobra.Command {
	var players int
	var paper, out string
	cmd := &cobra.Command{
		Use:   "scorepad GAME [--players N] -o FILE",
		Short: "Print a game's scorepad as PDF",
		Long: `Print a scorepad for a game as PDF: one row per scoring category of its
rulebook, the total, the tie-break rows and the place, one column per player.
The rows are the ones 'vintner score' uses. Bordeaux's pad also lists the
solo levels of victory; AOC's one-player pad has a column for the Wine
Merchant, the solo game's opponent.`,
		Example: `  vintner scorepad bordeaux -o bordeaux-pad.pdf
  vintner scorepad grand-cru --players 3 -o grand-cru.pdf
  vintner scorepad age-of-champagne --paper letter -o aoc.pdf`,
		Args:              oneArg("game", gameNames),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError{fmt.Errorf("name the output file with -o FILE (- for stdout)")}
			}
			g, err := games.Lookup(args[0])
			if err != nil {
				return usageError{err}
			}
			pad, err := pdf.ScorepadFor(g.Name())
			if err != nil {
				return usageError{err}
			}
			if cmd.Flags().Changed("players") && (players < pad.MinPlayers || players > pad.MaxPlayers) {
				return usageError{fmt.Errorf("%s is played by %d to %d players, not %d", pad.Title, pad.MinPlayers, pad.MaxPlayers, players)}
			}
			pp, err := pdf.PaperNamed(paper)
			if err != nil {
				return usageError{err}
			}
			b, err := pdf.Scorepad(pad, players, pp)
			if err != nil {
				return err
			}
			return writeOutput(cmd, out, b)
		},
	}
	cmd.Flags().IntVar(&players, "players", 0, "player columns (default: "+padDefaults()+")")
	cmd.Flags().StringVar(&paper, "paper", "a4", "paper size: a4 | letter")
	cmd.Flags().StringVarP(&out, "output", "o", "", "PDF file to write (- for stdout)")
	_ = cmd.RegisterFlagCompletionFunc("paper", completeWords("a4", "letter"))
	return cmd
}

// padDefaults lists each game's default number of columns, for --players'
// help: Bordeaux's is not its most players (12), but 6.
func padDefaults() string {
	var out []string
	for _, name := range games.Names() {
		if pad, err := pdf.ScorepadFor(name); err == nil {
			out = append(out, fmt.Sprintf("%d for %s", pad.DefaultPlayers, pad.Title))
		}
	}
	return strings.Join(out, ", ")
}
