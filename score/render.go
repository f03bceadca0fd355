package score

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Formats the renderers know.
var Formats = []string{"table", "json", "markdown"}

// Render writes the result in a format: table, json or markdown.
func Render(w io.Writer, r *Result, format string) error {
	switch format {
	case "", "table":
		return renderTable(w, r, false)
	case "markdown", "md":
		return renderTable(w, r, true)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	return fmt.Errorf("unknown format %q: table | json | markdown", format)
}

// markdownEscaper keeps a player's name text in Markdown: a "|" would
// split a table cell, "*", "_", "~" (GFM's strikethrough) or a backquote
// would format the name, and "&" would start a character reference.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "~", `\~`, "&", `\&`, "`", "\\`", "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`)

// renderTable prints one row per player in rank order with a column per
// category, then the notes on what decided tied places.
func renderTable(w io.Writer, r *Result, markdown bool) error {
	rend := renderer.NewBlueprint(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)})
	if markdown {
		rend = nil
	}
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off)}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		opts = append(opts, tablewriter.WithRenderer(rend))
	}
	// Numbers right-aligned, names left: tablewriter v1 no longer does it.
	align := tw.Alignment{tw.AlignRight, tw.AlignLeft}
	for range r.Categories {
		align = append(align, tw.AlignRight)
	}
	align = append(align, tw.AlignRight, tw.AlignLeft)
	opts = append(opts, tablewriter.WithAlignment(align))
	// tablewriter does not return its write errors: kept here, so that
	// a lost table is not a success.
	ew := &errWriter{w: w}
	t := tablewriter.NewTable(ew, opts...)
	header := []any{"Rank", "Player"}
	for _, c := range r.Categories {
		header = append(header, c.Label)
	}
	header = append(header, "Total")
	hasLevel := false
	for _, p := range r.Players {
		hasLevel = hasLevel || p.Level != ""
	}
	if hasLevel {
		header = append(header, "Level")
	}
	t.Header(header...)
	cell := func(s string) string { return s }
	if markdown {
		cell = markdownEscaper.Replace
	}
	for _, p := range r.Players {
		row := []any{p.RankLabel(), cell(p.Name)}
		for _, v := range p.Points {
			row = append(row, v)
		}
		row = append(row, p.Total)
		if hasLevel {
			row = append(row, p.Level)
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if ew.err != nil {
		return ew.err
	}
	var notes []string
	for _, p := range r.Players {
		if p.Decided != "" {
			notes = append(notes, fmt.Sprintf("%s %s: %s", p.RankLabel(), p.Name, p.Decided))
		}
		if p.Note != "" {
			notes = append(notes, fmt.Sprintf("%s: %s", p.Name, p.Note))
		}
	}
	if len(r.TieBreaks) > 0 {
		var chain []string
		for _, tb := range r.TieBreaks {
			chain = append(chain, tb.Label)
		}
		notes = append(notes, "tie-breaks: "+strings.Join(chain, ", then ")+", then a shared place")
	} else if len(r.Players) > 1 {
		notes = append(notes, "tie-breaks: none in the rulebook; tied players share the place")
	}
	// The players' notes hold their names: escaped. The result's own
	// notes are the tool's words, their backquotes meant, but may name
	// players (a tied Major vineyard, a solo verdict): those names are
	// escaped.
	for i := range notes {
		notes[i] = cell(notes[i])
	}
	names := namesIn(r, markdown)
	for _, n := range r.Notes {
		if names != nil {
			n = names.Replace(n)
		}
		notes = append(notes, n)
	}
	// In Markdown the notes are a list of their own: a blank line ends
	// the table, which a renderer would otherwise go on reading the
	// notes into (Python-Markdown makes each a row).
	if markdown && len(notes) > 0 {
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
	}
	for _, n := range notes {
		prefix := ""
		if markdown {
			prefix = "- "
		}
		if _, err := fmt.Fprintf(w, "%s%s\n", prefix, n); err != nil {
			return err
		}
	}
	return nil
}

// MarkdownText is text as Markdown shows it as written: a name, a file
// name.
func MarkdownText(s string) string { return markdownEscaper.Replace(s) }

// namesIn replaces, in Markdown, each player's name that Markdown would
// read otherwise with its escaped form, the longest names first; nil when
// no name needs it.
func namesIn(r *Result, markdown bool) *strings.Replacer {
	if !markdown {
		return nil
	}
	var names []string
	for _, p := range r.Players {
		if markdownEscaper.Replace(p.Name) != p.Name {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, n := range names {
		pairs = append(pairs, n, markdownEscaper.Replace(n))
	}
	return strings.NewReplacer(pairs...)
}

// errWriter keeps the first error of its writer's writes.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, err
}
