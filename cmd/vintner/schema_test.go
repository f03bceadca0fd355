package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The JSON Lines schema of docs/scripting.md, as a script reads it.
var (
	schemaStatuses = []string{"valid", "rejected", "claims-differ", "disputed", "unreadable"}
	schemaCodes    = []string{"syntax", "header", "rule", "check", "claim", "missing", "limit", "io", "internal"}
	schemaGames    = []string{"bordeaux", "grand-cru", "age-of-champagne"}
	recordFields   = []string{"type", "file", "status", "game", "players", "meta", "valid", "disputed", "actions", "tally", "error", "diagnostics", "claims", "result"}
	diagFields     = []string{"file", "line", "column", "severity", "code", "message", "hint", "game", "where", "player", "applied"}
	resultFields   = []string{"game", "categories", "tiebreaks", "players", "notes"}
	placeFields    = []string{"name", "seat", "points", "total", "rank", "shared", "tiebreak", "ranks_last", "decided", "level", "note"}
	summaryFields  = []string{"type", "records", "valid", "rejected", "claims_differ", "disputed", "unreadable", "exit"}
)

// runStdin is runVintner with a record on standard input.
func runStdin(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := Main(args, strings.NewReader(stdin), &out, &errb)
	return rc, out.String(), errb.String()
}

// schemaRun is one command's JSON Lines output, checked against the docs.
type schemaRun struct {
	t        *testing.T
	name     string
	asPlayed bool
	records  []map[string]any
	summary  map[string]any
}

func (s *schemaRun) errorf(format string, args ...any) {
	s.t.Helper()
	s.t.Errorf("%s: %s", s.name, fmt.Sprintf(format, args...))
}

// checkSchema runs vintner with args (plus --format json) and checks every
// line of its output against docs/scripting.md.
func checkSchema(t *testing.T, stdin string, args ...string) *schemaRun {
	t.Helper()
	args = append(args, "--format", "json")
	rc, out, errOut := runStdin(t, stdin, args...)
	s := &schemaRun{t: t, name: strings.Join(args, " "), asPlayed: slices.Contains(args, "--as-played")}
	s.check(rc, out, errOut)
	return s
}

func (s *schemaRun) check(rc int, out, errOut string) {
	s.t.Helper()
	if !strings.HasSuffix(out, "\n") {
		s.errorf("output does not end a line: %q", out)
		return
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, l := range lines {
		var obj map[string]any
		dec := json.NewDecoder(strings.NewReader(l))
		dec.UseNumber()
		if err := dec.Decode(&obj); err != nil || dec.More() {
			s.errorf("line %d is not one JSON object: %v: %s", i+1, err, l)
			return
		}
		if i < len(lines)-1 {
			s.records = append(s.records, obj)
		} else {
			s.summary = obj
		}
	}
	count := map[string]int{}
	for _, r := range s.records {
		s.checkRecord(r)
		st, _ := r["status"].(string)
		count[st]++
	}
	// The summary: T + 1 lines, the counts of the statuses, the exit status.
	sum := s.summary
	if sum["type"] != "summary" {
		s.errorf("the last line is not the summary: %v", sum)
		return
	}
	s.fields("summary", sum, summaryFields, summaryFields)
	n := func(k string) int { return s.integer("summary "+k, sum[k]) }
	if n("records") != len(s.records) {
		s.errorf("summary records %d, but %d record lines", n("records"), len(s.records))
	}
	total := 0
	for _, st := range schemaStatuses {
		k := strings.ReplaceAll(st, "-", "_")
		if n(k) != count[st] {
			s.errorf("summary %s %d, but %d records say %s", k, n(k), count[st], st)
		}
		total += n(k)
	}
	if total != n("records") {
		s.errorf("records %d is not the sum of the statuses %d", n("records"), total)
	}
	want := exitOK
	switch {
	case count["unreadable"] > 0:
		want = exitCannot
	case count["valid"] != len(s.records):
		want = exitRejected
	}
	if rc != want || n("exit") != rc {
		s.errorf("exit status %d, summary exit %d; the statuses %v call for %d", rc, n("exit"), count, want)
	}
	if rc != exitCannot && errOut != "" {
		s.errorf("stderr in JSON mode with exit %d: %s", rc, errOut)
	}
}

func (s *schemaRun) integer(what string, v any) int {
	s.t.Helper()
	num, ok := v.(json.Number)
	i, err := num.Int64()
	if !ok || err != nil {
		s.errorf("%s is %v, not an int", what, v)
		return -1
	}
	return int(i)
}

// fields checks that obj has every required field and no undocumented one.
func (s *schemaRun) fields(what string, obj map[string]any, documented, required []string) {
	s.t.Helper()
	for k := range obj {
		if !slices.Contains(documented, k) {
			s.errorf("%s has an undocumented field %q", what, k)
		}
	}
	for _, k := range required {
		if _, ok := obj[k]; !ok {
			s.errorf("%s lacks %q", what, k)
		}
	}
}

// text is a string field that is absent or a non-empty string.
func (s *schemaRun) text(what string, obj map[string]any, k string) (string, bool) {
	s.t.Helper()
	v, ok := obj[k]
	if !ok {
		return "", false
	}
	str, isStr := v.(string)
	if !isStr || str == "" {
		s.errorf("%s %s is %#v, not a non-empty string", what, k, v)
	}
	return str, true
}

func (s *schemaRun) checkRecord(r map[string]any) {
	s.t.Helper()
	file, _ := r["file"].(string)
	what := "record " + file
	s.fields(what, r, recordFields, []string{"type", "file", "status", "valid", "disputed", "actions", "diagnostics"})
	if r["type"] != "record" || file == "" {
		s.errorf("%s: type %v, file %v", what, r["type"], r["file"])
	}
	status, _ := r["status"].(string)
	if !slices.Contains(schemaStatuses, status) {
		s.errorf("%s: status %q is not documented", what, status)
		return
	}
	game, hasGame := s.text(what, r, "game")
	if hasGame && !slices.Contains(schemaGames, game) {
		s.errorf("%s: game %q", what, game)
	}
	var players []string
	if v, ok := r["players"]; ok {
		list, _ := v.([]any)
		for _, p := range list {
			name, _ := p.(string)
			players = append(players, name)
		}
		if len(list) == 0 || slices.Contains(players, "") {
			s.errorf("%s: players %v", what, v)
		}
	}
	if v, ok := r["meta"]; ok {
		meta, _ := v.(map[string]any)
		if len(meta) == 0 {
			s.errorf("%s: meta %#v", what, v)
		}
		for k := range meta {
			if !slices.Contains([]string{"date", "event", "location", "note"}, k) {
				s.errorf("%s: meta key %q is not documented", what, k)
			}
			s.text(what+" meta", meta, k)
		}
	}
	valid, okV := r["valid"].(bool)
	disputed, okD := r["disputed"].(bool)
	if !okV || !okD {
		s.errorf("%s: valid %v and disputed %v are not bools", what, r["valid"], r["disputed"])
	}
	if valid != (status == "valid") {
		s.errorf("%s: valid %v with status %s", what, valid, status)
	}
	if s.integer(what+" actions", r["actions"]) < 0 {
		s.errorf("%s: negative actions", what)
	}
	if t, ok := r["tally"]; ok && (t != true || s.integer(what+" actions", r["actions"]) != 0) {
		s.errorf("%s: tally %v with %v actions (present only as true, for a tally, which has none)", what, t, r["actions"])
	}
	if _, ok := s.text(what, r, "error"); ok != (status == "unreadable") {
		s.errorf("%s: error present %v with status %s", what, ok, status)
	}
	ds, ok := r["diagnostics"].([]any)
	if !ok {
		s.errorf("%s: diagnostics %#v is not a list", what, r["diagnostics"])
	}
	errs, rejects, applied := 0, false, false
	claimLines := map[int]bool{}
	last := 0
	for i, v := range ds {
		d, _ := v.(map[string]any)
		dw := fmt.Sprintf("%s diagnostic %d", what, i+1)
		s.fields(dw, d, diagFields, []string{"file", "line", "column", "severity", "code", "message"})
		for _, k := range []string{"file", "severity", "code", "message", "hint", "where", "player"} {
			s.text(dw, d, k)
		}
		line, col := s.integer(dw+" line", d["line"]), s.integer(dw+" column", d["column"])
		if line < 0 || (line == 0) != (col == 0) || col < 0 {
			s.errorf("%s: line %d column %d", dw, line, col)
		}
		if line < last {
			s.errorf("%s: line %d after line %d: diagnostics are not by line", dw, line, last)
		}
		last = line
		if df, _ := d["file"].(string); df != file {
			// A tables file's error: the file as found, so that its line
			// can be looked up from where vintner ran.
			if _, err := os.Stat(df); err != nil {
				s.errorf("%s: file %q is neither the record nor a file there is: %v", dw, df, err)
			}
		}
		sev, _ := d["severity"].(string)
		code, _ := d["code"].(string)
		if sev != "error" && sev != "warning" {
			s.errorf("%s: severity %q", dw, sev)
		}
		if !slices.Contains(schemaCodes, code) {
			s.errorf("%s: code %q is not documented", dw, code)
		}
		if dg, ok := d["game"]; ok != hasGame || ok && dg != game {
			s.errorf("%s (%s: %v): game %v, the record's %q", dw, code, d["message"], dg, game)
		}
		isApplied := false
		if a, ok := d["applied"]; ok {
			isApplied = a == true
			if !isApplied || !s.asPlayed {
				s.errorf("%s: applied %v (--as-played %v)", dw, a, s.asPlayed)
			}
		}
		if sev != "error" {
			continue
		}
		errs++
		switch {
		case code == "claim":
			claimLines[line] = true
		case isApplied:
			applied = true
		default:
			rejects = true
		}
	}
	if status != "unreadable" {
		want := "claims-differ"
		switch {
		case errs == 0:
			want = "valid"
		case rejects:
			want = "rejected"
		case applied:
			want = "disputed"
		}
		if status != want {
			s.errorf("%s: status %s, but its diagnostics make it %s", what, status, want)
		}
	}
	if disputed != applied || disputed && !s.asPlayed {
		// An error applied before the stop of a rejected record marks it too.
		s.errorf("%s: disputed %v, an error applied %v (--as-played %v)", what, disputed, applied, s.asPlayed)
	}
	res, hasResult := r["result"].(map[string]any)
	if hasResult != (status == "valid" || status == "claims-differ" || status == "disputed") {
		s.errorf("%s: result present %v with status %s", what, hasResult, status)
	}
	totals := map[string]int{}
	if hasResult {
		totals = s.checkResult(what, res, game, players)
	}
	if v, ok := r["claims"]; ok {
		list, _ := v.([]any)
		if len(list) == 0 {
			s.errorf("%s: claims %v", what, v)
		}
		for _, c := range list {
			cl, _ := c.(map[string]any)
			s.fields(what+" claim", cl, []string{"player", "line", "claimed", "computed"}, []string{"player", "line", "claimed", "computed"})
			player, _ := s.text(what+" claim", cl, "player")
			line, claimed, computed := s.integer("claim line", cl["line"]), s.integer("claimed", cl["claimed"]), s.integer("computed", cl["computed"])
			if claimed != computed && !claimLines[line] {
				s.errorf("%s: the claim at line %d differs with no claim error there", what, line)
			}
			if total, ok := totals[player]; hasResult && (!ok || total != computed) {
				s.errorf("%s: %s's claim computes %d, the result's total %d", what, player, computed, total)
			}
		}
	}
}

// checkResult checks a Result and returns each player's total.
func (s *schemaRun) checkResult(what string, res map[string]any, game string, players []string) map[string]int {
	s.t.Helper()
	what += " result"
	s.fields(what, res, resultFields, []string{"game", "categories", "tiebreaks", "players"})
	if res["game"] != game {
		s.errorf("%s: game %v, the record's %q", what, res["game"], game)
	}
	cats, ok := res["categories"].([]any)
	if !ok || len(cats) == 0 {
		s.errorf("%s: categories %v", what, res["categories"])
	}
	for _, c := range cats {
		cat, _ := c.(map[string]any)
		s.fields(what+" category", cat, []string{"key", "label", "long"}, []string{"key", "label"})
		s.text(what+" category", cat, "key")
		label, _ := s.text(what+" category", cat, "label")
		if long, ok := s.text(what+" category", cat, "long"); ok && long == label {
			s.errorf("%s: category long %q is its label", what, long)
		}
	}
	tbs, ok := res["tiebreaks"].([]any)
	if !ok {
		s.errorf("%s: tiebreaks %#v is not a list", what, res["tiebreaks"])
	}
	for _, tb := range tbs {
		m, _ := tb.(map[string]any)
		s.fields(what+" tiebreak", m, []string{"key", "label", "fewer"}, []string{"key", "label", "fewer"})
		if _, ok := m["fewer"].(bool); !ok {
			s.errorf("%s: tiebreak fewer %v", what, m["fewer"])
		}
	}
	if notes, ok := res["notes"]; ok {
		if list, _ := notes.([]any); len(list) == 0 {
			s.errorf("%s: notes %v", what, notes)
		}
	}
	places, _ := res["players"].([]any)
	if len(places) == 0 {
		s.errorf("%s: no players", what)
	}
	totals := map[string]int{}
	ranks := map[int]int{}
	var named []string
	for i, p := range places {
		pl, _ := p.(map[string]any)
		pw := fmt.Sprintf("%s place %d", what, i+1)
		s.fields(pw, pl, placeFields, []string{"name", "seat", "points", "total", "rank", "shared"})
		name, _ := s.text(pw, pl, "name")
		for _, k := range []string{"decided", "level", "note"} {
			s.text(pw, pl, k)
		}
		seat, total, rank := s.integer(pw+" seat", pl["seat"]), s.integer(pw+" total", pl["total"]), s.integer(pw+" rank", pl["rank"])
		totals[name] = total
		ranks[rank]++
		if seat == 0 {
			if name != "Wine Merchant" {
				s.errorf("%s: %s has seat 0", pw, name)
			}
		} else {
			named = append(named, name)
			if seat < 1 || seat > len(players) || players[seat-1] != name {
				s.errorf("%s: %s has seat %d of %v", pw, name, seat, players)
			}
		}
		points, _ := pl["points"].([]any)
		sum := 0
		for _, v := range points {
			sum += s.integer(pw+" points", v)
		}
		if len(points) != len(cats) || sum != total {
			s.errorf("%s: points %v (total %d) for %d categories", pw, points, total, len(cats))
		}
		if tb, ok := pl["tiebreak"]; ok {
			if list, _ := tb.([]any); game == "bordeaux" || len(list) != len(tbs) {
				s.errorf("%s: tiebreak %v for %d tie-breaks in %s", pw, tb, len(tbs), game)
			}
		}
		if v, ok := pl["ranks_last"]; ok && v != true {
			s.errorf("%s: ranks_last %v", pw, v)
		}
		// Rank order, standard competition ranking: 1, 1, 3.
		if i == 0 && rank != 1 {
			s.errorf("%s: the first place has rank %d", pw, rank)
		}
		if i > 0 {
			before, _ := places[i-1].(map[string]any)
			if pr := s.integer(pw+" rank", before["rank"]); rank < pr || rank != pr && rank != i+1 {
				s.errorf("%s: rank %d after rank %d", pw, rank, pr)
			}
		}
	}
	for _, p := range places {
		pl, _ := p.(map[string]any)
		if shared, _ := pl["shared"].(bool); shared != (ranks[s.integer("rank", pl["rank"])] > 1) {
			s.errorf("%s: %v shared %v", what, pl["name"], pl["shared"])
		}
	}
	if slices.Sort(named); !slices.Equal(named, slices.Sorted(slices.Values(players))) {
		s.errorf("%s: places %v for players %v", what, named, players)
	}
	return totals
}

// TestJSONLinesFollowTheDocs checks every line validate and score print
// with --format json against the schema of docs/scripting.md: over every
// record under testdata, generated games, scorepad tallies of the three
// games, and the inputs a batch meets (standard input, an empty file, a
// file that is no record, one over the limits, one that cannot be read,
// a tables file beside the record).
func TestJSONLinesFollowTheDocs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	statuses := map[string]bool{}
	seen := func(s *schemaRun) *schemaRun {
		for _, r := range s.records {
			statuses[r["status"].(string)] = true
		}
		return s
	}

	// Every record of the repository, as validate and as score.
	all := filepath.Join("..", "..", "testdata")
	for _, ap := range [][]string{nil, {"--as-played"}} {
		v := seen(checkSchema(t, "", append([]string{"validate", all}, ap...)...))
		if len(v.records) < 300 {
			t.Errorf("%s: %d records", v.name, len(v.records))
		}
		// score's JSON Lines are validate's.
		_, vOut, _ := runVintner(t, append([]string{"validate", all, "--format", "json"}, ap...)...)
		_, sOut, _ := runVintner(t, append([]string{"score", all, "--format", "json"}, ap...)...)
		if vOut != sOut {
			t.Errorf("score %v --format json differs from validate's", ap)
		}
	}

	// Generated games: as generated, with a claim that differs, and with
	// a line after the claims (rejected, claims compared).
	gen := filepath.Join(dir, "gen")
	for _, g := range []struct {
		game    string
		players []int
	}{{"bordeaux", []int{1, 2, 5, 12}}, {"grand-cru", []int{2, 3, 5}}, {"age-of-champagne", []int{1, 2, 4}}} {
		for _, n := range g.players {
			for seed := 1; seed <= 2; seed++ {
				rc, rec, _ := runVintner(t, "random", g.game, "--players", fmt.Sprint(n), "--seed", fmt.Sprint(seed))
				if rc != 0 {
					t.Fatalf("random %s --players %d: exit %d", g.game, n, rc)
				}
				base := filepath.Join("gen", fmt.Sprintf("%s-%d-%d", g.game, n, seed))
				write(base+".vin", rec)
				lines := strings.Split(strings.TrimSuffix(rec, "\n"), "\n")
				for i, l := range lines {
					if f := strings.Fields(l); len(f) == 3 && f[0] == "claim" {
						lines[i] = f[0] + " " + f[1] + " 999"
						break
					}
				}
				write(base+"-claim.vin", strings.Join(lines, "\n")+"\n")
				write(base+"-after.vin", rec+lines[len(lines)/2]+"\n")
			}
		}
	}
	for _, ap := range [][]string{nil, {"--as-played"}} {
		seen(checkSchema(t, "", append([]string{"validate", gen}, ap...)...))
	}

	// Scorepad tallies of the three games, each also under the other games
	// (rejected), and over --max-bytes (the game is --game's).
	bx := write("tally/bordeaux.vin", "players You Other\ntally You   paths=9 longest=7 casks=4 rows=5/5/0 leader=7\ntally Other paths=6 longest=5 casks=6 rows=0/0/0 leader=6\nclaim You 26\n")
	bxClaim := write("tally/bordeaux-claim.vin", "players You Other\ntally You   paths=9 longest=7 casks=4 rows=5/5/0 leader=7\ntally Other paths=6 longest=5 casks=6 rows=0/0/0 leader=6\nclaim You 99\n")
	tallies := []string{bx, bxClaim,
		filepath.Join("..", "..", "testdata", "grand-cru", "tally-3p.txt"),
		filepath.Join("..", "..", "testdata", "champagne", "tally", "rulebook-example.vin"),
		filepath.Join("..", "..", "testdata", "champagne", "tally", "solo-merchant.vin")}
	for _, game := range schemaGames {
		for _, f := range tallies {
			for _, extra := range [][]string{nil, {"--max-bytes", "10"}} { // a tally has no --as-played (exit 2, below)
				s := seen(checkSchema(t, "", append([]string{"score", "--game", game, "--tally", f}, extra...)...))
				if len(s.records) != 1 || s.records[0]["game"] != game {
					t.Errorf("%s: not one record of %s", s.name, game)
				}
			}
		}
		text, _ := os.ReadFile(tallies[2])
		if s := checkSchema(t, string(text), "score", "--game", game, "--tally", "-"); len(s.records) != 1 || s.records[0]["file"] != "<stdin>" {
			t.Errorf("%s: the tally on standard input is not <stdin>", s.name)
		}
	}

	// The same tallies among records, read as the game their game line
	// names (a slip, a claim that differs, no game line), mixed with records.
	for i, f := range tallies {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(text), "game ") && !strings.Contains(string(text), "\ngame ") {
			write(fmt.Sprintf("season/nogame-%d.vin", i), string(text))
			text = append([]byte("game "+[]string{"bordeaux", "bordeaux", "grand-cru"}[i]+"\n"), text...)
		}
		write(fmt.Sprintf("season/t%d.vin", i), string(text))
	}
	write("season/slip.vin", "game bordeaux\nplayers A B\ntally A paths=9 longest=7 casks=4 rows=5/5/0 leader=7\ntally B paths=6\n")
	for _, ap := range [][]string{nil, {"--as-played"}} {
		s := seen(checkSchema(t, "", append([]string{"score", filepath.Join(dir, "season"), gen}, ap...)...))
		tallied := 0
		for _, r := range s.records {
			if strings.Contains(r["file"].(string), "season") && r["game"] != nil {
				tallied++
				if r["actions"] != json.Number("0") || r["tally"] != true || (r["status"] != "rejected") != (r["result"] != nil) {
					t.Errorf("%s: a tally's object: %v", s.name, r)
				}
			}
		}
		if tallied != len(tallies)+1 {
			t.Errorf("%s: %d tallies read with their game, want %d", s.name, tallied, len(tallies)+1)
		}
	}

	// What a batch meets.
	example := filepath.Join("..", "..", "testdata", "examples", "grand-cru-3p.vin")
	exampleText, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	rec := string(exampleText)
	edge := filepath.Join(dir, "edge")
	write("edge/empty.vin", "")
	write("edge/not-a-record.vin", "hello, world\n")
	write("edge/no-players.vin", "game bordeaux\n")
	write("edge/unknown-game.vin", "game chess\nplayers Ann Ben\n")
	write("edge/keyword-player.vin", "game bordeaux\nplayers Ann sheet\n")
	write("edge/rules-missing.vin", strings.Replace(rec, "\n", "\nrules missing.tables\n", 1))
	write("edge/stdin-rules.vin", strings.Replace(rec, "\n", "\nrules my.tables\n", 1))
	_, tables, _ := runVintner(t, "tables", "grand-cru")
	write("edge/sub/my.tables", strings.Replace(tables, "\nspaces ", "\nspaces x", 1))
	write("edge/sub/rules-bad.vin", strings.Replace(rec, "\n", "\nrules my.tables\n", 1))
	write("edge/long-players.vin", strings.Replace(rec, "players Ann Ben Cal", "players Ann Ben Cal "+strings.Repeat("Dee ", 20), 1))
	write("edge/game.vin", rec)
	for _, extra := range [][]string{nil, {"--as-played"}, {"--max-bytes", "10"}, {"--max-line", "60"}, {"--max-lines", "5"}, {"--tables", filepath.Join(edge, "sub", "my.tables")}} {
		seen(checkSchema(t, "", append([]string{"validate", edge}, extra...)...))
		seen(checkSchema(t, rec, append([]string{"validate", "-"}, extra...)...))
		seen(checkSchema(t, strings.Replace(rec, "\n", "\nrules my.tables\n", 1), append([]string{"score", "-"}, extra...)...))
	}
	s := checkSchema(t, "", "validate", filepath.Join(edge, "sub", "rules-bad.vin"))
	if ds, _ := s.records[0]["diagnostics"].([]any); len(ds) == 0 || ds[0].(map[string]any)["file"] != filepath.Join(edge, "sub", "my.tables") {
		t.Errorf("%s: an error in the record's tables file does not name it as found: %v", s.name, ds)
	}
	if s := checkSchema(t, rec, "validate", "-"); s.records[0]["file"] != "<stdin>" || s.records[0]["status"] != "valid" {
		t.Errorf("%s: standard input is %v", s.name, s.records[0])
	}
	// A file found in a folder that cannot be read: a record of its own.
	if runtime.GOOS != "windows" {
		if err := os.Symlink(filepath.Join(dir, "nowhere.vin"), filepath.Join(edge, "dangling.vin")); err != nil {
			t.Fatal(err)
		}
		s := seen(checkSchema(t, "", "validate", edge, "--as-played"))
		if !statuses["unreadable"] {
			t.Errorf("%s: no unreadable record", s.name)
		}
	}
	for _, st := range schemaStatuses {
		if !statuses[st] {
			t.Errorf("no record came out %s: the test misses a case", st)
		}
	}

	// The command cannot run: nothing on stdout, exit 2.
	write("nothing/readme.txt", "no records here\n")
	for _, args := range [][]string{
		{"validate", filepath.Join(dir, "missing.vin")},
		{"validate", filepath.Join(dir, "nothing")},
		{"validate", "-", "-"},
		{"score", "--game", "chess", "--tally", bx},
		{"score", "--game", "bordeaux", "--tally", filepath.Join(dir, "missing.vin")},
		{"score", "--game", "bordeaux", "--tally", bx, "--as-played"},
		{"validate", example, "--max-bytes", "0"},
	} {
		rc, out, errOut := runVintner(t, append(args, "--format", "json")...)
		if rc != exitCannot || out != "" || errOut == "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing, a message", strings.Join(args, " "), rc, out, errOut)
		}
	}
}
