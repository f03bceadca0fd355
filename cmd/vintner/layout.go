package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

func init() { extraCommands = append(extraCommands, newLayoutCmd) }

func newLayoutCmd() *cobra.Command {
	var format string
	var fresh bool
	var players, pad int
	var seed uint64
	cmd := &cobra.Command{
		Use:   "layout CODE|FILE.json",
		Short: "Print the Bordeaux sheet layout behind a code",
		Long: `Print the Bordeaux sheet layout behind a code printed on a sheet: the map's
wines and paths, the resources, casks, vines and trellis rows, the '00 column
and the top rows. A game-set code prints every seat; add /N for seat N only
(B1-ELJA-G2AR-P/2). Case and dashes do not matter; a mistyped code is
caught by its check symbol.

With a FILE.json (a group's own sheet, in the format --format json prints)
the file is checked against every layout rule and printed.

With --new, print a fresh code instead: a game set for --players N, or
--pad K independent pad-page codes, dealt from --seed. With --format json
that is {"code", "players", "seed"} for a set, {"codes", "seed"} for pages.`,
		Example: `  vintner layout B1-ELJA-G2AR-P
  vintner layout b1elja g2arp/3 --format json > my-sheet.json
  vintner layout my-sheet.json
  vintner layout --new --players 4 --seed 42
  vintner layout --new --pad 5 --seed 7`,
		Args: func(cmd *cobra.Command, args []string) error {
			if fresh {
				if len(args) != 0 {
					return usageError{fmt.Errorf("--new takes no code")}
				}
				return nil
			}
			if len(args) == 0 {
				return usageError{fmt.Errorf("give a layout code (as printed on the sheet, e.g. B1-ELJA-G2AR-P) or --new")}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if format != "text" && format != "json" {
				return usageError{fmt.Errorf("--format is text or json, not %q", format)}
			}
			if fresh {
				switch {
				case cmd.Flags().Changed("pad") && cmd.Flags().Changed("players"):
					return usageError{fmt.Errorf("--new takes --players N (a game set) or --pad K (pad pages), not both")}
				case cmd.Flags().Changed("pad") && (pad < 1 || pad > maxPad):
					return usageError{fmt.Errorf("--pad takes 1 to %d pages, not %d", maxPad, pad)}
				case pad > 0:
					codes := layouts.NewPadCodes(seed, pad)
					if format == "json" {
						return writeJSON(out, struct {
							Codes []string `json:"codes"`
							Seed  uint64   `json:"seed"`
						}{codes, seed})
					}
					for _, c := range codes {
						if _, err := fmt.Fprintln(out, c); err != nil {
							return fmt.Errorf("cannot write the output: %w", err)
						}
					}
					return nil
				default:
					code, err := layouts.NewSetCode(seed, players)
					if err != nil {
						return usageError{err}
					}
					if format == "json" {
						return writeJSON(out, struct {
							Code    string `json:"code"`
							Players int    `json:"players"`
							Seed    uint64 `json:"seed"`
						}{code, players, seed})
					}
					_, err = fmt.Fprintln(out, code)
					return err
				}
			}
			// A flag of --new with a code would be ignored: said instead.
			for _, name := range []string{"players", "pad", "seed"} {
				if cmd.Flags().Changed(name) {
					return usageError{fmt.Errorf("--%s goes with --new: a code already fixes its sheets", name)}
				}
			}
			// A code may be typed with spaces: "B1 ELJA G2AR P".
			arg := strings.Join(args, " ")
			var ls []*layouts.Layout
			if strings.HasSuffix(strings.ToLower(arg), ".json") || arg == "-" {
				data, err := audit.ReadNamedInput(arg, cmd.InOrStdin(), validate.Limits{})
				if err != nil {
					return fmt.Errorf("cannot read the layout file: %w", err)
				}
				// One sheet, or a game set's array (--format json prints either).
				if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
					ls, err = layouts.SetFromJSON(data)
				} else {
					var l *layouts.Layout
					l, err = layouts.FromJSON(data)
					ls = []*layouts.Layout{l}
				}
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", arg, err)
					return errRejected
				}
			} else {
				var err error
				ls, _, err = layouts.Decode(arg)
				if err != nil {
					return err
				}
			}
			if format == "json" {
				var b []byte
				var err error
				if len(ls) == 1 {
					b, err = ls[0].JSON()
				} else {
					b, err = layouts.SetJSON(ls)
				}
				if err != nil {
					return err
				}
				_, err = out.Write(b)
				return err
			}
			for i, l := range ls {
				if i > 0 {
					fmt.Fprintln(out)
				}
				if _, err := fmt.Fprint(out, l.Text()); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json (with --new: the code, the players or pages and the seed)")
	cmd.Flags().BoolVar(&fresh, "new", false, "print a fresh code instead of reading one")
	cmd.Flags().IntVar(&players, "players", 2, "with --new: players in the game set (1-12)")
	cmd.Flags().IntVar(&pad, "pad", 0, fmt.Sprintf("with --new: print this many pad-page codes (1-%d)", maxPad))
	cmd.Flags().Uint64Var(&seed, "seed", 1, "with --new: the seed to deal from")
	_ = cmd.RegisterFlagCompletionFunc("format", completeWords("text", "json"))
	return cmd
}

// writeJSON writes v as one line of JSON.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("cannot write the output: %w", err)
	}
	return nil
}
