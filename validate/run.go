package validate

import (
	"cmp"
	"slices"
	"strings"
)

// Check reads one record and replays it with the engine its `game` line
// names. Every syntax error is listed; the replay runs over the lines
// before the first one, since the state after a line that cannot be read is
// unknown.
func Check(games []Game, file string, data []byte, lim Limits, opt Options) *Report {
	return check(games, file, data, lim, opt, "")
}

// CheckTally scores a scorepad-mode tally (end-state counts, no actions)
// of the given game.
func CheckTally(games []Game, game, file string, data []byte, lim Limits, opt Options) *Report {
	return check(games, file, data, lim, opt, game)
}

func check(games []Game, file string, data []byte, lim Limits, opt Options, tally string) *Report {
	lx := pooledLexer(data)
	lx.keepData = opt.KeepData
	if opt.NoState && tally == "" {
		// No caller sees the lines: the usual check lines can be read
		// lazily (lazy.go).
		lx.lazyGames = games
	}
	rec, syntax := lx.parse(file, data, lim, tally)
	// rep is the report of a check ended before the replay; the replay
	// makes its own. It is put on the heap only when returned (a record
	// that replays paid for one it never used).
	rep := Report{Game: rec.Game, Players: rec.Players, Meta: rec.Meta}
	// early ends the check before the replay: as at its end, nothing the
	// report keeps points into the lexer's memory (the names, the metadata
	// and the diagnostics are the report's own), which the next record of
	// a batch may then reuse.
	early := func() *Report {
		if opt.NoState {
			lx.release()
		}
		out := rep
		return &out
	}
	if rec.Game == "" || len(rec.Players) == 0 || rec.playersRefused {
		rep.Diagnostics = syntax
		if len(lx.lazyLines) > 0 {
			rep.Diagnostics = withLazySyntax(syntax, rec)
		}
		if rec.playersRefused {
			rep.Players = nil // not known: the line that lists them is refused
		}
		if !rep.Diagnostics.HasErrors() {
			// The reader said why it has no game or players; should it
			// not, a record with neither is still no valid record.
			rep.Diagnostics = append(rep.Diagnostics, Diagnostic{File: file, Line: 1, Col: 1, Severity: Error, Code: CodeHeader,
				Message: "the header has no `game` line or no `players` line"})
		}
		rep.Diagnostics = finish(rep.Diagnostics, file, rec.Game)
		return early()
	}
	g, err := Lookup(games, rec.Game)
	if err != nil {
		rep.Diagnostics = finish(append(syntax, Diagnostic{File: file, Line: 1, Col: 1, Severity: Error, Code: CodeHeader, Message: err.Error()}), file, rec.Game)
		return early()
	}
	if d := keywordPlayer(g, rec); d != nil && tally == "" { // a tally has no such lines
		// Every line the name starts was misread: nothing after the
		// players line is judged, and the reader's errors there are
		// consequences of the name.
		for _, e := range syntax {
			if e.Line < d.Line {
				rep.Diagnostics = append(rep.Diagnostics, e)
			}
		}
		rep.Diagnostics = finish(append(rep.Diagnostics, *d), file, rec.Game)
		return early()
	}
	var unused Diagnostics
	if opt.Tables != nil && rec.Rules != "" && opt.ReadFile != nil {
		// --tables replaces the file the record names: said, since the
		// record's own rules (a group's house rulings) are then not the
		// ones it is judged by. (A record from standard input cannot read
		// its file, and is told to give it with --tables.)
		d := Errorf(rec.HeaderLine("rules"), 1, CodeHeader, "the record's tables file %s is not used: --tables %s replaces it", rec.Rules, opt.TablesName)
		d.Severity = Warning
		unused = append(unused, d)
	}
	if opt.Tables == nil && rec.Rules != "" {
		l := rec.HeaderLine("rules")
		if opt.ReadFile == nil {
			rep.Diagnostics = finish(append(withLazySyntax(syntax, rec), Errorf(l, 1, CodeIO, "cannot read the tables file %s: a record read from standard input has no folder to find it in (give the file with --tables FILE)", rec.Rules)), file, rec.Game)
			return early()
		}
		b, err := opt.ReadFile(rec.Rules)
		if err != nil {
			rep.Diagnostics = finish(append(withLazySyntax(syntax, rec), Errorf(l, 1, CodeIO, "cannot read the tables file %s: %v", rec.Rules, err)), file, rec.Game)
			return early()
		}
		// Its diagnostics name it as found (beside the record), so that
		// their line and column can be looked up from where vintner ran.
		opt.Tables, opt.TablesName = b, rec.Rules
		if opt.FilePath != nil {
			opt.TablesName = opt.FilePath(rec.Rules)
		}
	}
	refusedFirstLine := false
	if syntax.HasErrors() {
		first := syntax[0].Line
		for _, d := range syntax {
			if d.Line > 0 && d.Line < first {
				first = d.Line
			}
		}
		if first > 0 && (opt.AtLine == 0 || opt.AtLine >= first) {
			opt.AtLine = first - 1
		}
		refusedFirstLine = first == 1
	}
	var out *Report
	switch {
	case refusedFirstLine:
		// The first line is refused: nothing before it to replay (and
		// AtLine 0 would mean the whole record, read past the error).
	case tally != "":
		out = g.ScoreTally(rec, opt)
	default:
		out = g.Replay(rec, opt)
	}
	if out == nil {
		out = &Report{}
	}
	if len(lx.lazyLines) > 0 {
		syntax = withLazySyntax(syntax, rec)
	}
	out.Game, out.Players, out.Meta = rec.Game, rec.Players, rec.Meta
	if syntax.HasErrors() {
		// The replay stopped at the first line that could not be read, so
		// where the record really ends is unknown: the engine's "the record
		// stops before the game ends" is no finding.
		out.Result = nil
		kept := out.Diagnostics[:0]
		for _, d := range out.Diagnostics {
			if d.Code != CodeMissing {
				kept = append(kept, d)
			}
		}
		out.Diagnostics = kept
	}
	out.Diagnostics = append(out.Diagnostics, syntax...)
	out.Diagnostics = append(out.Diagnostics, unused...)
	if tally == "" {
		// The replay stopped at its first error; the lines after it are
		// still read for their syntax (every syntax error is listed).
		if stop := firstRejection(out.Diagnostics, file); stop > 0 {
			if opt.AsPlayed {
				unapplyAt(out, stop)
			}
			onDifference := false
			for _, d := range out.Diagnostics {
				onDifference = onDifference || d.Line == stop && d.Code == CodeCheck
			}
			for _, d := range grammarAfter(g, rec, stop, onDifference) {
				if d.Line != stop || !out.Diagnostics.hasAt(d.Line, d.Col) {
					out.Diagnostics = append(out.Diagnostics, d)
				}
			}
		}
	}
	if out.Result != nil && out.Diagnostics.Rejects() {
		// A rejected record has no result, even when its engine had
		// scored it before the error (a line after the claims), and even
		// when errors before it were applied as played: the claims
		// written before the error stay compared.
		out.Result = nil
	}
	out.Diagnostics = finish(out.Diagnostics, file, rec.Game)
	if tally == "" {
		hintTallyLines(out.Diagnostics)
	}
	if opt.NoState {
		// Nothing the caller keeps points into the record's lines now: the
		// next record may reuse their memory.
		out.State = nil
		lx.release()
	}
	return out
}

// finish gives every diagnostic its file (the record's, unless it is in
// a file the record names) and the record's game, and sorts them by line,
// as docs/scripting.md promises a script: on every path out of check.
func finish(ds Diagnostics, file, game string) Diagnostics {
	for i := range ds {
		if ds[i].File == "" {
			ds[i].File = file
		}
		if ds[i].Game == "" {
			ds[i].Game = game
		}
	}
	slices.SortStableFunc(ds, func(a, b Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return ds
}

// IsTally reports whether data reads as a scorepad tally rather than a
// record: its first line past the header (blank lines, comments and the
// header's lines aside) is a `tally` line, in any case and indentation,
// as the tally reader takes it. The tally reader takes its `claim` lines
// and AOC's `merchant` line in any order with the tally lines: written
// first (the Wine Merchant's column, say), they are passed over here too.
func IsTally(data []byte) bool {
	tally, _ := tallyHead(data)
	return tally
}

// TallyNamesAGame reports whether a tally starts with a `game` line,
// whatever game it names: a tally among records without one there is told
// to write it first, one whose game is unknown or past a limit is not.
func TallyNamesAGame(data []byte) bool {
	_, game := tallyHead(data)
	return game
}

// tallyHead reads data's header as IsTally does: whether its first line
// past it is a `tally` line, and whether it starts with a `game` line.
func tallyHead(data []byte) (tally, game bool) {
	first := true // a game line counts first, as the reader reads it
	for line := range strings.Lines(string(data)) {
		line = strings.TrimLeft(strings.TrimPrefix(stripComment(line), byteOrderMark), " \t")
		word, _, _ := strings.Cut(strings.TrimRight(strings.Replace(line, "\t", " ", 1), " \t\r\n"), " ")
		switch {
		case word == "":
			continue
		case strings.EqualFold(word, "tally"):
			return true, game
		case headerIndex(strings.ToLower(word)) >= 0 || strings.EqualFold(word, "variant"):
			game = game || strings.EqualFold(word, "game") && first
			first = false
			continue
		case strings.EqualFold(word, "claim") || strings.EqualFold(word, "merchant"),
			strings.EqualFold(word, "sheets") || strings.EqualFold(word, "sheet"): // a Bordeaux header's
			first = false
			continue
		}
		return false, game
	}
	return false, game
}

// hintTallyLines says, at a record's `tally` line that an engine refused
// as none of its lines, that a file of end-of-game counts is scored in
// scorepad mode.
func hintTallyLines(ds Diagnostics) {
	for i := range ds {
		d := &ds[i]
		if d.Hint != "" {
			continue
		}
		// The tally reader, as the record reader, takes an indented line,
		// a tab between words and a keyword in any case.
		line := strings.TrimLeft(d.Source, " \t")
		word, _, _ := strings.Cut(strings.Replace(line, "\t", " ", 1), " ")
		if d.Col == len(d.Source)-len(line)+1 && strings.EqualFold(word, "tally") {
			d.Hint = "a file of tally lines is a scorepad tally: vintner score --tally FILE"
		}
	}
}

// firstRejection is the line of the first error in the record file that
// stopped the replay (neither a claim's nor one applied as played), or 0.
// (An error in a tables file the record names has lines of that file.)
func firstRejection(ds Diagnostics, file string) int {
	first := 0
	for _, d := range ds {
		if (d.Severity == Error || d.Severity == "") && d.Code != CodeClaim && !d.Applied && d.Line > 0 &&
			(d.File == "" || d.File == file) && (first == 0 || d.Line < first) {
			first = d.Line
		}
	}
	return first
}

// unapplyAt takes back "applied as played" from the rules errors of the
// line where the replay stopped: that line was not carried out and the
// replay did not go on past it, so they are errors like the one that
// stopped it. A check's difference stays noted (a check changes nothing,
// and its later pair that cannot be read stops the replay: records.md).
// The report is disputed only by errors applied before the stop.
func unapplyAt(rep *Report, stop int) {
	stopped := false
	for _, d := range rep.Diagnostics {
		// The record's end (a missing-end error at its last line) is no
		// stop: the replay went on to it.
		stopped = stopped || d.Line == stop && !d.Applied && d.Code != CodeMissing && d.Code != CodeClaim && d.Severity != Warning
	}
	if !stopped {
		return
	}
	rep.Disputed = false
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Applied && d.Line == stop && d.Code != CodeCheck {
			d.Applied, d.Note = false, ""
		}
		rep.Disputed = rep.Disputed || d.Applied
	}
}

// Truncated reports whether the replay must stop before line l.
func (o Options) Truncated(l *Line) bool { return o.AtLine > 0 && l.Num > o.AtLine }
