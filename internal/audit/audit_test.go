package audit

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/score"
	"github.com/vintner/vintner/validate"
)

// fakeGame is a tiny engine for testing the runner without the real ones:
// `bordeaux` records whose actions are `NAME: pass`, `NAME: boom` (panics)
// or anything else (a rules error). Every player scores the number of
// passes they made.
type fakeGame struct{}

func (fakeGame) Name() string { return "bordeaux" }

func (fakeGame) Replay(rec *validate.Record, opt validate.Options) *validate.Report {
	rep := &validate.Report{}
	points := map[string]int{}
	var claims []*validate.Line
	for _, l := range rec.Lines {
		if opt.Truncated(l) {
			return rep
		}
		switch l.Kind {
		case validate.KindAction:
			rep.Actions++
			switch l.Verb {
			case "pass":
				points[l.Player]++
			case "boom":
				panic("boom")
			case "halt": // an error no replay can go past
				rep.Diagnostics = append(rep.Diagnostics, validate.Errorf(l, 0, validate.CodeRule, "the game cannot go on"))
				return rep
			default:
				d := validate.Errorf(l, 0, validate.CodeRule, "%s cannot %s here", l.Player, l.Verb)
				if !opt.AsPlayed {
					rep.Diagnostics = append(rep.Diagnostics, d)
					return rep
				}
				d.Applied = true // as an engine marks an error applied as played
				rep.Disputed = true
				rep.Diagnostics = append(rep.Diagnostics, d)
			}
		case validate.KindClaim:
			claims = append(claims, l)
		}
	}
	res := &score.Result{Game: "bordeaux", Categories: []score.Category{{Key: "passes", Label: "Passes"}}}
	for i, p := range rec.Players {
		res.Players = append(res.Players, score.PlayerResult{Name: p, Seat: i + 1, Points: []int{points[p]}})
	}
	res.Rank()
	rep.Result = res
	validate.CompareClaims(rep, claims, "")
	return rep
}

func (fakeGame) Random(players int, seed uint64, variants []string) ([]byte, error) {
	return nil, fmt.Errorf("no")
}
func (fakeGame) Tables(override []byte, name string) ([]byte, validate.Diagnostics) { return nil, nil }
func (fakeGame) ScoreTally(rec *validate.Record, opt validate.Options) *validate.Report {
	return &validate.Report{}
}

var games = []validate.Game{fakeGame{}}

func write(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const good = "game bordeaux\nplayers Ann Ben\nAnn: pass\nBen: pass\nAnn: pass\nclaim Ann 2\nclaim Ben 1\n"

func TestExpandListsFoldersSortedAndKeepsArgumentOrder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b/2.vin", good)
	write(t, dir, "b/1.VIN", good)
	write(t, dir, "b/notes.txt", "not a record")
	write(t, dir, "a.vin", good)
	items, err := Expand([]string{filepath.Join(dir, "b"), "-", filepath.Join(dir, "a.vin")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, strings.TrimPrefix(it.Name, dir+string(filepath.Separator)))
	}
	want := "b/1.VIN b/2.vin - a.vin"
	if strings.Join(got, " ") != want {
		t.Errorf("Expand = %q, want %q", strings.Join(got, " "), want)
	}
	if _, err := Expand([]string{filepath.Join(dir, "missing.vin")}); err == nil || !strings.Contains(err.Error(), "cannot read") {
		t.Errorf("a missing path: err = %v, want cannot read", err)
	}
	// A folder without records is a wrong path even next to records.
	empty := filepath.Join(dir, "b", "notes")
	write(t, dir, "b/notes/readme.txt", "no records here")
	_, err = Expand([]string{filepath.Join(dir, "a.vin"), empty})
	if want := "no .vin records found in " + empty; err == nil || err.Error() != want {
		t.Errorf("a folder without records: err = %v, want %q", err, want)
	}
}

func TestExpandChecksAFileNamedTwiceOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "season/1.vin", good)
	write(t, dir, "season/2.vin", good)
	t.Chdir(dir)
	abs := filepath.Join(dir, "season", "2.vin")
	items, err := Expand([]string{"season/2.vin", "season", "./season/1.vin", abs, "-", "season/2.vin"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.Name)
	}
	// Each file where it first appears; the folder's walk adds only 1.vin.
	if want := "season/2.vin season/1.vin -"; strings.Join(got, " ") != want {
		t.Errorf("Expand = %q, want %q", strings.Join(got, " "), want)
	}
	if _, err := Expand([]string{"season", ""}); err == nil || err.Error() != "an empty path names no record" {
		t.Errorf("an empty path: err = %v", err)
	}
}

func TestRunEmitsInInputOrderAndClassifies(t *testing.T) {
	dir := t.TempDir()
	bodies := map[string]string{
		"1-good.vin":   good,
		"2-rule.vin":   "game bordeaux\nplayers Ann Ben\nAnn: pass\nBen: steal\n",
		"3-claim.vin":  "game bordeaux\nplayers Ann Ben\nAnn: pass\nclaim Ann 5\n",
		"4-syntax.vin": "game bordeaux\nplayers Ann Ben\nCal: pass\n",
		"5-panic.vin":  "game bordeaux\nplayers Ann Ben\nAnn: boom\n",
	}
	for n, b := range bodies {
		write(t, dir, n, b)
	}
	items, err := Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var sum Summary
	Run(Config{Games: games, Jobs: 3}, items, func(o Outcome) {
		sum.Add(o)
		got = append(got, filepath.Base(o.Item.Name)+"="+string(o.Status()))
	})
	want := "1-good.vin=valid 2-rule.vin=rejected 3-claim.vin=claims-differ 4-syntax.vin=rejected 5-panic.vin=rejected"
	if strings.Join(got, " ") != want {
		t.Errorf("outcomes\n got %s\nwant %s", strings.Join(got, " "), want)
	}
	if s := sum.String(); s != "1 valid, 3 rejected, 1 claims differ, of 5 records" {
		t.Errorf("summary = %q", s)
	}
}

// A batch hands each record's buffer over to Check, which reads it in
// place (Options.KeepData): every outcome must keep its own record's
// names and lines after the records read after it, as it would not if a
// buffer were reused for the next record.
func TestEveryOutcomeKeepsItsOwnRecordsText(t *testing.T) {
	dir := t.TempDir()
	const n = 40
	for i := range n {
		// The same length for all, so that one buffer could hold any.
		write(t, dir, fmt.Sprintf("r%02d.vin", i), fmt.Sprintf("game bordeaux\nplayers P%02d Q%02d\nP%02d: steal\n", i, i, i))
	}
	items, err := Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var outcomes []Outcome
	Run(Config{Games: games, Jobs: 1, Options: validate.Options{NoState: true}}, items, func(o Outcome) { outcomes = append(outcomes, o) })
	if len(outcomes) != n {
		t.Fatalf("%d outcomes, want %d", len(outcomes), n)
	}
	for i, o := range outcomes {
		rep := o.Report
		want := fmt.Sprintf("P%02d Q%02d / P%02d: steal", i, i, i)
		got := "no diagnostic"
		if len(rep.Diagnostics) == 1 {
			got = strings.Join(rep.Players, " ") + " / " + rep.Diagnostics[0].Source
		}
		if got != want {
			t.Errorf("record %d, after the batch: %q, want %q", i, got, want)
		}
	}
}

func TestOneTurnsAPanicIntoAnInternalError(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "p.vin", "game bordeaux\nplayers Ann Ben\nAnn: boom\n")
	o := One(Config{Games: games}, Item{Name: p})
	if o.Panic == "" || len(o.Report.Diagnostics) != 1 || o.Report.Diagnostics[0].Code != CodeInternal {
		t.Fatalf("panic outcome = %+v", o)
	}
}

func TestAsPlayedIsDisputed(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "d.vin", "game bordeaux\nplayers Ann Ben\nAnn: steal\nBen: pass\n")
	cfg := Config{Games: games, Options: validate.Options{AsPlayed: true}}
	o := One(cfg, Item{Name: p})
	if o.Status() != StatusDisputed || o.Report.Result == nil {
		t.Fatalf("status %s, result %v; want disputed with a result", o.Status(), o.Report.Result)
	}
	var s Summary
	s.Add(o)
	if s.String() != "0 valid, 0 rejected, 0 claims differ, 1 disputed, of 1 records" {
		t.Errorf("summary = %q", s.String())
	}
	// A disputed replay that then stopped (no result) is a rejection.
	p = write(t, dir, "s.vin", "game bordeaux\nplayers Ann Ben\nAnn: steal\nBen: halt\n")
	if o := One(cfg, Item{Name: p}); o.Status() != StatusRejected {
		t.Errorf("stopped after a dispute: status %s, want rejected", o.Status())
	}
}

func TestLimitsRefuseBigRecordsAndLongLines(t *testing.T) {
	dir := t.TempDir()
	big := write(t, dir, "big.vin", good+strings.Repeat("# padding\n", 100))
	long := write(t, dir, "long.vin", "game bordeaux\nplayers Ann Ben\nAnn: pass "+strings.Repeat("x", 200)+"\n")
	cfg := Config{Games: games, Limits: validate.Limits{MaxBytes: 500, MaxLineBytes: 100}}
	o := One(cfg, Item{Name: big})
	if d := o.Report.Diagnostics; len(d) != 1 || d[0].Code != validate.CodeLimit ||
		d[0].Message != "the record is larger than the limit of 500 bytes (--max-bytes)" {
		t.Errorf("big record: %+v", d)
	}
	// Standard input is refused the same way, after reading one byte past the limit.
	cfg.Stdin = strings.NewReader(strings.Repeat("#\n", 1000))
	o = One(cfg, Item{Name: "-"})
	if d := o.Report.Diagnostics; len(d) != 1 || d[0].Code != validate.CodeLimit || d[0].File != "<stdin>" {
		t.Errorf("big stdin: %+v", d)
	}
	o = One(cfg, Item{Name: long})
	if d := o.Report.Diagnostics; len(d) == 0 || d[0].Code != validate.CodeLimit || d[0].Line != 3 ||
		!strings.Contains(d[0].Message, "--max-line") {
		t.Errorf("long line: %+v", d)
	}
}

func TestUnreadableFileIsAnErrorNotARejection(t *testing.T) {
	o := One(Config{Games: games}, Item{Name: filepath.Join(t.TempDir(), "gone.vin")})
	if o.Err == nil || o.Status() != StatusUnreadable {
		t.Fatalf("outcome %+v", o)
	}
}

// TestRunHoldsAtMostJobsRecords runs 10,000 records and checks, with an
// instrumented work and emit, that the runner never holds more than Jobs
// finished-but-not-emitted reports, never replays more than Jobs at once,
// and keeps the order, even when early records are the slow ones.
func TestRunHoldsAtMostJobsRecords(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 2000
	}
	for _, jobs := range []int{1, 2, 4, 8} {
		var live, running, maxLive, maxRunning atomic.Int64
		bump := func(v *atomic.Int64, m *atomic.Int64) {
			x := v.Add(1)
			for {
				old := m.Load()
				if x <= old || m.CompareAndSwap(old, x) {
					return
				}
			}
		}
		r := rng.New(uint64(jobs))
		delays := make([]int, n)
		for i := range delays {
			delays[i] = r.Intn(3)
		}
		next := 0
		run(jobs, n, func(i int) Outcome {
			bump(&running, &maxRunning)
			bump(&live, &maxLive) // the record is read and alive from here
			if delays[i] == 0 && i%97 == 0 {
				time.Sleep(200 * time.Microsecond)
			}
			running.Add(-1)
			return Outcome{Item: Item{Name: fmt.Sprint(i)}}
		}, func(o Outcome) {
			if o.Item.Name != fmt.Sprint(next) {
				t.Fatalf("jobs %d: emitted %s, want %d", jobs, o.Item.Name, next)
			}
			next++
			live.Add(-1)
		})
		if next != n {
			t.Fatalf("jobs %d: emitted %d of %d", jobs, next, n)
		}
		if maxLive.Load() > int64(jobs)+1 || maxRunning.Load() > int64(jobs) {
			t.Errorf("jobs %d: held %d reports and ran %d at once; want at most %d and %d",
				jobs, maxLive.Load(), maxRunning.Load(), jobs+1, jobs)
		}
	}
}

// TestRunTenThousandRecordsFromAFolder runs the whole pipeline (read,
// parse, replay, score, claims) over a folder of 10,000 small records.
func TestRunTenThousandRecordsFromAFolder(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		body := good
		if i%1000 == 999 {
			body = strings.Replace(good, "Ben: pass", "Ben: steal", 1)
		}
		write(t, dir, fmt.Sprintf("g%05d.vin", i), body)
	}
	items, err := Expand([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var sum Summary
	prev := ""
	Run(Config{Games: games, Jobs: 4}, items, func(o Outcome) {
		mu.Lock()
		defer mu.Unlock()
		if o.Item.Name <= prev {
			t.Fatalf("%s emitted after %s", o.Item.Name, prev)
		}
		prev = o.Item.Name
		sum.Add(o)
	})
	if sum.Records != n || sum.Rejected != n/1000 || sum.Valid != n-n/1000 {
		t.Errorf("summary %s, want %d records with %d rejected", sum, n, n/1000)
	}
}

func TestReadAllReadsWhateverTheGuess(t *testing.T) {
	text := strings.Repeat("0123456789", 100)
	for _, guess := range []int{0, 1, 999, 1000, 1001, 5000} {
		b, err := readAll(strings.NewReader(text), guess)
		if err != nil || string(b) != text {
			t.Errorf("guess %d: %d bytes, %v", guess, len(b), err)
		}
	}
}

func TestReadNamedFileIsHeldToTheRecordLimit(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "t.tables", strings.Repeat("x", 100))
	if b, err := ReadNamedFile(p, validate.Limits{MaxBytes: 100}); err != nil || len(b) != 100 {
		t.Errorf("a file at the limit: %d bytes, %v", len(b), err)
	}
	_, err := ReadNamedFile(p, validate.Limits{MaxBytes: 99})
	if err == nil || err.Error() != "the file is larger than the limit of 99 bytes (--max-bytes)" {
		t.Errorf("a file over the limit: %v", err)
	}
	// Without a limit of the command's, the default, and no flag named.
	if _, err := ReadNamedFile(write(t, dir, "big.json", strings.Repeat("x", validate.DefaultLimits.MaxBytes+1)), validate.Limits{}); err == nil ||
		err.Error() != fmt.Sprintf("the file is larger than the limit of %d bytes", validate.DefaultLimits.MaxBytes) {
		t.Errorf("a file over the default limit: %v", err)
	}
}

func TestTheLargestLimitReadsTheWholeRecord(t *testing.T) {
	p := write(t, t.TempDir(), "g.vin", good)
	o := One(Config{Games: games, Limits: validate.Limits{MaxBytes: math.MaxInt64}}, Item{Name: p})
	if o.Err != nil || o.Status() != StatusValid {
		t.Errorf("status %s, %v: %+v", o.Status(), o.Err, o.Report.Diagnostics)
	}
}

// TestNamedFilesPolicy: --named-files none refuses every file a record
// names; a folder lets records name only the files inside it, however the
// path is written and wherever a link inside it points.
func TestNamedFilesPolicy(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "rules/house.tables", "x")
	write(t, dir, "secret.txt", "x")
	if err := os.Symlink(filepath.Join(dir, "secret.txt"), filepath.Join(dir, "rules", "link.tables")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	in, err := NamedFilesIn(filepath.Join(dir, "rules"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		policy, name string
		allowed      bool
	}{
		{"", "secret.txt", true},
		{NamedFilesAny, "secret.txt", true},
		{NamedFilesNone, "rules/house.tables", false},
		{in, "rules/house.tables", true},
		{in, "rules/../secret.txt", false},
		{in, "secret.txt", false},
		{in, "rules/link.tables", false}, // a link inside to a file outside
	} {
		err := namedFileAllowed(filepath.Join(dir, c.name), c.policy)
		if (err == nil) != c.allowed {
			t.Errorf("policy %q, %s: err = %v, want allowed %v", c.policy, c.name, err, c.allowed)
		}
	}
	if _, err := NamedFilesIn(filepath.Join(dir, "secret.txt")); err == nil || err.Error() != "not a folder" {
		t.Errorf("a file as the folder: %v", err)
	}
}
