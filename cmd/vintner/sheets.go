package main

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/internal/atomicfile"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/pdf"
)

func init() { extraCommands = append(extraCommands, newSheetsCmd) }

// maxPad bounds --pad: a thousand pages is already a very thick pad.
const maxPad = 1000

func newSheetsCmd() *cobra.Command {
	var players, pad int
	var seed uint64
	var paper, out string
	cmd := &cobra.Command{
		Use:   "sheets --players N [--seed S] -o FILE",
		Short: "Print one game's Bordeaux sheets (or a pad of sheets) as PDF",
		Long: `Print the Bordeaux player sheets of one game set as PDF: one page per seat,
each with the map, the tracks, the year grid, the seat's leader years circled
and the layout code in the footer. --pad K prints K independent pages, each
with its own code, for groups that take a sheet per game.

The same seed gives the same file, byte for byte (with the same vintner
binary). Without --seed a seed is drawn and printed on stderr.`,
		Example: `  vintner sheets --players 4 --seed 42 -o game.pdf
  vintner sheets --pad 50 --seed 7 --paper letter -o pad.pdf
  vintner sheets --players 2 -o - | lp`,
		Args: noArgs(" (the PDF file is -o FILE)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError{fmt.Errorf("name the output file with -o FILE (- for stdout)")}
			}
			pp, err := pdf.PaperNamed(paper)
			if err != nil {
				return usageError{err}
			}
			padSet, playersSet := cmd.Flags().Changed("pad"), cmd.Flags().Changed("players")
			switch {
			case padSet && playersSet:
				return usageError{fmt.Errorf("--pad and --players do not go together: a pad's pages belong to no game set")}
			case !padSet && !playersSet:
				return usageError{fmt.Errorf("give --players N for a game set, or --pad K for a pad of K pages")}
			case padSet && (pad < 1 || pad > maxPad):
				return usageError{fmt.Errorf("--pad takes 1 to %d pages, not %d", maxPad, pad)}
			}
			if !cmd.Flags().Changed("seed") {
				seed = drawSeed()
			}
			// Said once the sheets are written: not before a refusal.
			setCode := "" // a game set's code, which the record's sheets line names
			seedNote := func() {
				if !cmd.Flags().Changed("seed") {
					fmt.Fprintf(cmd.ErrOrStderr(), "vintner: seed %d (--seed %d prints these sheets again)\n", seed, seed)
				}
				if setCode != "" {
					fmt.Fprintf(cmd.ErrOrStderr(), "vintner: the record of this game names its sheets: sheets %s\n", setCode)
				}
			}
			var pages []pdf.SheetPage
			if padSet {
				codes := layouts.NewPadCodes(seed, pad)
				for i, code := range codes {
					l, err := layouts.Sheet(code)
					if err != nil {
						return fmt.Errorf("pad page %d: %w", i+1, err)
					}
					pages = append(pages, pdf.SheetPage{Layout: l, PadPage: i + 1, PadPages: pad})
				}
			} else {
				code, err := layouts.NewSetCode(seed, players)
				if err != nil {
					return usageError{err}
				}
				setCode = code
				set, err := layouts.Set(code)
				if err != nil {
					return err
				}
				for _, l := range set {
					pages = append(pages, pdf.SheetPage{Layout: l, Players: players, Leaders: pdf.LeaderYears(players, l.Seat)})
				}
			}
			b, err := pdf.Sheets(pages, pp)
			if err != nil {
				return err
			}
			if err := writeOutput(cmd, out, b); err != nil {
				return err // no sheets to print again
			}
			seedNote()
			return nil
		},
	}
	cmd.Flags().IntVar(&players, "players", 0, "players in the game set: one sheet each (1–12)")
	cmd.Flags().IntVar(&pad, "pad", 0, fmt.Sprintf("print K independent pad pages instead of a game set (1-%d)", maxPad))
	cmd.Flags().Uint64Var(&seed, "seed", 0, "seed of the layouts (default: drawn at random and printed)")
	cmd.Flags().StringVar(&paper, "paper", "a4", "paper size: a4 | letter")
	cmd.Flags().StringVarP(&out, "output", "o", "", "PDF file to write (- for stdout)")
	_ = cmd.RegisterFlagCompletionFunc("paper", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{"a4", "letter"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// drawSeed picks a seed when none is given; it is printed so the sheets
// can be printed again.
func drawSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 1
	}
	// Below 31^8/13 a code has the short form, 8 payload symbols
	// (docs/layouts.md): 6.5·10^10 seeds, plenty to draw from.
	return binary.LittleEndian.Uint64(b[:]) % shortSeeds
}

// shortSeeds is how many seeds give the short code: 31^8/13.
const shortSeeds = 852891037441 / 13

// writeOutput writes a finished document to path, or to stdout for "-".
// A file is written atomically: on any error nothing is left behind.
func writeOutput(cmd *cobra.Command, path string, data []byte) error {
	if path == "-" {
		if _, err := cmd.OutOrStdout().Write(data); err != nil {
			return fmt.Errorf("cannot write the PDF to stdout: %w", err)
		}
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("cannot write %s: it is a folder; name a file in it", path)
	}
	return atomicfile.Write(path, data)
}
