package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

func newRandomCmd() *cobra.Command {
	var players int
	var seed uint64
	var variants []string
	cmd := &cobra.Command{
		Use:   "random GAME",
		Short: "Print a legal, complete record of a random game",
		Long: `Print a legal, complete record of a random game: the same seed gives the
same record on every machine. Useful to learn the notation and to test.

Variants are each game's (docs/notation/GAME.md). For age-of-champagne
without --variant the seed also picks the variants (the Wine Merchant at 1-3
players, first-game, trade-partnership, high-tension); --variant standard
asks for none. One Age of Champagne player always plays solo against the
Wine Merchant; one Bordeaux player plays solo.`,
		Example: `  vintner random bordeaux --players 4 --seed 1
  vintner random age-of-champagne --players 1 --seed 3 --variant merchant=medium`,
		Args:              oneArg("game", gameNames),
		ValidArgsFunction: completeGames,
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := games.Lookup(args[0])
			if err != nil {
				return usageError{err}
			}
			if cmd.Flags().Changed("variant") && len(variants) == 0 {
				// Taken for the flag left out, it would let the seed pick
				// AOC's variants; --variant standard asks for none.
				return usageError{fmt.Errorf("--variant takes a variant's name (the game's notation page lists them), not an empty value")}
			}
			if err := validate.CheckVariants(variants); err != nil {
				return usageError{err}
			}
			b, err := g.Random(players, seed, variants)
			if err != nil {
				return usageError{err}
			}
			_, err = cmd.OutOrStdout().Write(b)
			if err != nil {
				return fmt.Errorf("cannot write the output: %w", err)
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&players, "players", 2, "number of players")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the random game")
	cmd.Flags().StringSliceVar(&variants, "variant", nil, "variants to play (the game's notation page lists them)")
	return cmd
}
