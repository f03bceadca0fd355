package bordeaux

import (
	"errors"
	"fmt"
	"strings"

	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
)

// sheetLine reads `sheets SET-CODE` or `sheet NAME CODE|layout=FILE`.
func (r *replayer) sheetLine(l *validate.Line) error {
	if l.Verb == "sheets" {
		if r.setLine != nil {
			return r.errorf(l, 0, validate.CodeHeader, "the sheets are named twice (first at line %d)", r.setLine.Num)
		}
		if r.nSheets > 0 {
			return r.errorf(l, 0, validate.CodeHeader, "give either `sheets SET-CODE` or one `sheet NAME CODE` line per player, not both")
		}
		if len(l.Tokens) != 2 {
			return r.errorf(l, 1, validate.CodeSyntax, "write `sheets CODE`, the game-set code printed on the sheets")
		}
		load := loadSet
		if r.setMem != nil {
			load = r.setMem.Set
		}
		set, err := load(l.Word(1))
		if err != nil {
			return r.errorf(l, 1, validate.CodeHeader, "%v", err)
		}
		if len(set) != len(r.rec.Players) {
			return r.errorf(l, 1, validate.CodeHeader, "the set %s has %s and the game has %s", l.Word(1), plural(len(set), "sheet", "sheets"), plural(len(r.rec.Players), "player", "players"))
		}
		for i, name := range r.rec.Players {
			r.sheets[r.rec.Seat(name)] = set[i]
		}
		r.nSheets = len(set)
		r.setLine = l
		return nil
	}
	if r.setLine != nil {
		return r.errorf(l, 0, validate.CodeHeader, "give either `sheets SET-CODE` or one `sheet NAME CODE` line per player, not both")
	}
	if len(l.Tokens) != 3 {
		return r.errorf(l, 1, validate.CodeSyntax, "write `sheet NAME CODE` or `sheet NAME layout=FILE`")
	}
	name := l.Word(1)
	if !r.rec.HasPlayer(name) {
		d := validate.Errorf(l, 1, validate.CodeHeader, "%s is not a player of this game (players: %s)", name, validate.PlayerList(r.rec.Players))
		d.Hint = validate.DidYouMean(name, r.rec.Players)
		return r.fail(d)
	}
	seat := r.rec.Seat(name)
	if r.sheets[seat] != nil {
		return r.errorf(l, 1, validate.CodeHeader, "%s's sheet is named twice", name)
	}
	arg := l.Word(2)
	var lay *layouts.Layout
	if len(arg) >= len("layout=") && strings.EqualFold(arg[:len("layout=")], "layout=") { // any case, as the line's other words
		file := arg[len("layout="):]
		if file == "" {
			// Read, "" is the record's folder: "cannot read the layout file : not a regular file".
			return r.errorf(l, 2, validate.CodeSyntax, "layout= names no file: write `sheet %s layout=FILE`", validate.QuoteName(name))
		}
		if r.opt.ReadFile == nil {
			return r.errorf(l, 2, validate.CodeIO, "cannot read the layout file %s: a record read from standard input has no folder to find it in (save the record beside the file and name the record)", file)
		}
		b, err := r.opt.ReadFile(file)
		if err != nil {
			return r.errorf(l, 2, validate.CodeIO, "cannot read the layout file %s: %v", file, err)
		}
		lay, err = loadJSON(b)
		if err != nil {
			return r.errorf(l, 2, validate.CodeHeader, "the layout file %s is not a Bordeaux sheet: %s", file, oneLine(err))
		}
	} else {
		var err error
		lay, err = loadSheet(arg)
		if err != nil {
			return r.errorf(l, 2, validate.CodeHeader, "%v", err)
		}
	}
	if err := usable(lay); err != nil {
		return r.errorf(l, 2, validate.CodeHeader, "%s's sheet cannot be played: %v", name, err)
	}
	r.sheets[seat] = lay
	r.nSheets++
	return nil
}

// oneLine is a layout's error on one line: the layout's own listing puts
// each rule broken on a line of its own, which a diagnostic would print
// as "?".
func oneLine(err error) string {
	var ie *layouts.InvariantError
	if errors.As(err, &ie) && len(ie.Problems) > 1 {
		return fmt.Sprintf("layout %s breaks %d rules: %s", ie.Layout, len(ie.Problems), strings.Join(ie.Problems, "; "))
	}
	return err.Error()
}

// maxSheetItems bounds a layout file's wines and paths: the engine keeps
// them by small index.
const maxSheetItems = 1000

// usable checks what the engine relies on in a layout: paths join wines
// that exist, and the '00 durations fit the grid.
func usable(l *layouts.Layout) error {
	if len(l.Wines) > maxSheetItems || len(l.Paths) > maxSheetItems {
		return fmt.Errorf("%d wines and %d paths: a sheet has at most %d of each", len(l.Wines), len(l.Paths), maxSheetItems)
	}
	ids := map[string]bool{}
	for _, w := range l.Wines {
		ids[w.ID] = true
		if w.Type.Age < 1 || w.Type.Age > 3 || w.Casks < 0 {
			return fmt.Errorf("wine %s has age %d and %d casks", w.ID, w.Type.Age, w.Casks)
		}
	}
	for _, p := range l.Paths {
		if !ids[p.A] || !ids[p.B] {
			return fmt.Errorf("path %s joins a wine that is not on the sheet", p.ID)
		}
	}
	for _, d := range l.Year00.Dur {
		if d < 0 || d > Columns {
			return fmt.Errorf("a '00 duration of %d", d)
		}
	}
	for _, t := range l.Trellis {
		if t.Len < 1 {
			return fmt.Errorf("a trellis row of length %d", t.Len)
		}
	}
	if l.CasksPre > l.CaskSlots {
		return fmt.Errorf("%d pre-outlined casks on %d slots", l.CasksPre, l.CaskSlots)
	}
	return nil
}

// resolveSheets builds the players' sheets at the first year line.
func (r *replayer) resolveSheets(l *validate.Line) error {
	if r.nSheets == 0 {
		return r.errorf(l, 0, validate.CodeHeader, "the record names no sheets: write `sheets CODE` (the game-set code printed on the sheets) or `sheet NAME CODE` for each player, before '01")
	}
	// every player's sheet in one allocation, or in the recycled memory
	// init writes every field of a player: no clearing first
	if n := len(r.rec.Players); cap(r.players) < n {
		r.players = make([]PlayerState, n)
	} else {
		r.players = r.players[:n]
	}
	fromCode := r.setLine != nil // a `sheets SET-CODE` line: every sheet is dealt
	for i, name := range r.rec.Players {
		lay := r.sheets[r.rec.Seat(name)]
		if lay == nil {
			clear(r.players[i:]) // nothing of an earlier record stays
			return r.errorf(l, 0, validate.CodeHeader, "%s has no sheet: write `sheet %s CODE` before '01", name, validate.QuoteName(name))
		}
		p := &r.players[i]
		p.init(name, i+1, lay, fromCode)
		r.st.Players = append(r.st.Players, p)
	}
	r.started = true
	return nil
}
