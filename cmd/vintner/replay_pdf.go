package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/pdf"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/bordeaux"
)

func init() { replayPDF = replaySheetsPDF }

// replaySheetsPDF draws each Bordeaux player's sheet as it stands at the
// end of the record, or after line at: `vintner replay GAME.vin --pdf FILE`.
// A record with an error is drawn as it stood before the error, and the
// command then exits 1 after the diagnostics.
func replaySheetsPDF(cmd *cobra.Command, file string, at int, out string) error {
	paper := pdf.A4
	f := checkFlags{format: "table", maxBytes: validate.DefaultLimits.MaxBytes, maxLine: validate.DefaultLimits.MaxLineBytes, maxLines: validate.DefaultLimits.MaxLines}
	if fl := cmd.Flags().Lookup("tables"); fl != nil {
		f.tables = fl.Value.String()
	}
	if fl := cmd.Flags().Lookup("as-played"); fl != nil {
		f.asPlayed = fl.Value.String() == "true"
	}
	if fl := cmd.Flags().Lookup("named-files"); fl != nil {
		f.named = fl.Value.String()
	}
	if fl := cmd.Flags().Lookup("paper"); fl != nil {
		p, err := pdf.PaperNamed(fl.Value.String())
		if err != nil {
			return usageError{err}
		}
		paper = p
	}
	if err := notAnInput(out, "the record", file, cmd.InOrStdin()); err != nil {
		return err
	}
	if err := notAnInput(out, "the --tables file", f.tables, cmd.InOrStdin()); err != nil {
		return err
	}
	cfg, err := f.config(cmd.InOrStdin())
	if err != nil {
		return err
	}
	cfg.Options.AtLine = at
	cfg.Options.NoState = false // the sheets are drawn from the state
	items, err := audit.Expand([]string{file})
	if err != nil {
		return err
	}
	if len(items) != 1 {
		return usageError{fmt.Errorf("--pdf draws one record; %s holds %d", file, len(items))}
	}
	o := audit.One(cfg, items[0])
	if o.Err != nil {
		return o.Err
	}
	if err := atPastTheEnd(at, o); err != nil {
		return err
	}
	for _, named := range o.Named {
		if err := notAnInput(out, "a file the record names,", named, nil); err != nil {
			return err
		}
	}
	st, _ := o.Report.State.(*bordeaux.State)
	var pages []pdf.SheetPage
	if st != nil {
		pages = replayPages(st, o.Report.Result)
	}
	if len(pages) == 0 {
		for _, d := range o.Report.Diagnostics {
			fmt.Fprint(cmd.ErrOrStderr(), d.Format())
		}
		if g := o.Report.Game; g != "" && g != "bordeaux" {
			return fmt.Errorf("--pdf draws Bordeaux sheets; %s is a record of %s", items[0].Display(), g)
		}
		if o.Report.Diagnostics.HasErrors() {
			// A rejected record, as plain replay says: exit 1.
			fmt.Fprintf(cmd.ErrOrStderr(), "vintner: %s: no sheet to draw (the record stops before its sheets are known)\n", items[0].Display())
			return errRejected
		}
		if at > 0 {
			return fmt.Errorf("%s: no sheet to draw after line %d: the sheets are put in play by the '01 line", items[0].Display(), at)
		}
		return fmt.Errorf("%s: no sheet to draw (the record names no sheets)", items[0].Display())
	}
	b, err := pdf.Sheets(pages, paper)
	if err != nil {
		return err
	}
	if err := writeOutput(cmd, out, b); err != nil {
		return err
	}
	for _, d := range o.Report.Diagnostics {
		fmt.Fprint(cmd.ErrOrStderr(), d.Format())
	}
	if !o.Report.Valid() {
		return errRejected
	}
	return nil
}

// replayPages turns the engine's sheets into pages to draw.
func replayPages(st *bordeaux.State, res *score.Result) []pdf.SheetPage {
	var pages []pdf.SheetPage
	for _, ps := range st.Players {
		if ps == nil || ps.Layout == nil {
			continue
		}
		mk := &pdf.Marks{
			Name:        ps.Name,
			Circled:     ps.Circled,
			Filled:      ps.Filled,
			CasksGained: ps.CasksGained,
			CasksUsed:   ps.CasksUsed,
			VinesFilled: ps.VinesFilled,
			Trellis:     ps.Trellis,
			Year:        st.Year,
			Score:       ps.Result,
		}
		if st.Ended {
			mk.Year = st.Year + 1 // '13 is crossed off too
		}
		for w := range mk.Grid {
			copy(mk.Grid[w][:], ps.Grid[w][:])
		}
		for y := range mk.Top {
			mk.Top[y] = ps.Top[y]
			if mk.Top[y].Region == 0 {
				mk.Top[y].Region = st.Top[y].Region
			}
			if mk.Top[y].Resource == 0 {
				mk.Top[y].Resource = st.Top[y].Resource
			}
		}
		if res != nil {
			mk.Categories = res.Categories
			if mk.Score == nil {
				mk.Score = res.Player(ps.Name)
			}
		}
		// Players is the sheet's own set (0 for a pad page or a group's
		// own layout), as its code says: a `sheet NAME CODE/3` line may
		// name seat 3 of a set of another size than the game.
		// The leader years are circled at setup (the rulebook's Setup):
		// every year the snake gives the seat, those to come as well.
		leaders := ps.LeaderYears
		if st.Year > 0 {
			leaders = pdf.LeaderYears(len(st.Players), ps.Seat)
		}
		pages = append(pages, pdf.SheetPage{Layout: ps.Layout, Players: ps.Layout.Players, Leaders: leaders, Marks: mk})
	}
	return pages
}

// notAnInput refuses an output file that is one of the command's inputs
// (under another name too: a link, a path of its own, standard input
// redirected from it): the PDF would replace the record or tables it is
// drawn from.
func notAnInput(out, what, in string, stdin io.Reader) error {
	if out == "-" || in == "" {
		return nil
	}
	o, err := os.Stat(out)
	if err != nil {
		return nil // no file there yet: nothing to lose
	}
	var i os.FileInfo
	if in == "-" {
		// `replay - --pdf g.vin < g.vin`: the file behind standard input.
		f, ok := stdin.(*os.File)
		if !ok {
			return nil
		}
		i, err = f.Stat()
		in = "<stdin>"
	} else {
		i, err = os.Stat(in)
	}
	if err == nil && os.SameFile(o, i) {
		return usageError{fmt.Errorf("--pdf %s would overwrite %s %s: name another file", out, what, in)}
	}
	return nil
}
