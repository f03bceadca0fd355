// Package audit runs many records through their engines: it expands files
// and folders, replays them in parallel, and hands the reports back in
// input order so that output is stable whatever the scheduling.
//
// Memory stays flat however many records there are: only the names are
// listed up front; a record's bytes and report live from the moment a
// worker reads it until emit has returned, and at most Jobs of them are
// alive at once.
package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/vintner/vintner/validate"
)

// CodeInternal marks a record whose engine panicked: a bug in vintner, not
// in the record. The rest of the batch goes on.
const CodeInternal = "internal"

// Item is one record to check: a file name ("-" is standard input).
type Item struct {
	Name string
	// Unreadable is why an entry found in a folder cannot be read (a
	// subfolder without permission, a pipe): reported as that entry's
	// outcome, and the other records are checked.
	Unreadable error
}

// Display is the name diagnostics and output use: "<stdin>" for "-".
func (it Item) Display() string {
	if it.Name == "-" {
		return "<stdin>"
	}
	return it.Name
}

// Expand turns the command line's paths into records: files as given,
// every .vin below a folder (sorted, so output order does not depend on
// the file system), and "-" for standard input. A path that cannot be
// read, or a folder with no .vin below it, is an error: the command cannot
// run as asked. A file named twice (given twice, or given and found in a
// folder given too) is one record, checked where it first appears: a
// season's summary counts each game once.
func Expand(paths []string) ([]Item, error) {
	var items []Item
	stdin := false
	for _, p := range paths {
		if p == "" {
			return nil, errors.New("an empty path names no record")
		}
		if p == "-" {
			if stdin {
				return nil, errors.New("- is given twice: standard input holds one record")
			}
			stdin = true
			items = append(items, Item{Name: "-"})
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", p, unwrap(err))
		}
		if !st.IsDir() {
			items = append(items, Item{Name: p})
			continue
		}
		var found []Item
		// WalkDir names the entries by Join, which drops dx/.. lexically
		// while the folder listed is the system's (dx a link to sub/x:
		// sub): the names would be other files, or none.
		root := systemPath(p)
		if lst, err := os.Lstat(root); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
			// A link to a folder named on the command line is followed
			// (WalkDir does not): the records are named below it.
			root += string(filepath.Separator)
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if path == root {
					return err // the folder named: the command is wrong
				}
				// A subfolder that cannot be read is reported in its
				// place; the records beside it are checked.
				found = append(found, Item{Name: path, Unreadable: fmt.Errorf("cannot read folder %s: %w", path, unwrap(err))})
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".vin") {
				return nil
			}
			it := Item{Name: path}
			switch t := d.Type(); {
			case t&fs.ModeSymlink != 0:
				// Followed to a file; a link to a folder is not walked
				// (no loops), and is no record; a link to a pipe or a
				// device is no file either.
				if st, err := os.Stat(path); err == nil && st.IsDir() {
					return nil
				} else if err == nil && !st.Mode().IsRegular() {
					it.Unreadable = fmt.Errorf("cannot read %s: not a regular file", path)
				}
			case !t.IsRegular():
				// A pipe or a device would block or never end.
				it.Unreadable = fmt.Errorf("cannot read %s: not a regular file", path)
			}
			found = append(found, it)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("cannot read folder %s: %w", p, unwrap(err))
		}
		if len(found) == 0 {
			// Named on the command line, so meant to hold records: a
			// folder that holds none is a mistake in the command (a wrong
			// path, an unmounted share), not a quiet success.
			return nil, fmt.Errorf("no .vin records found in %s", p)
		}
		sort.Slice(found, func(i, j int) bool { return found[i].Name < found[j].Name })
		items = append(items, found...)
	}
	return withoutRepeats(items), nil
}

// hasDotDot says whether a path has a ".." element.
func hasDotDot(path string) bool {
	for _, e := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == filepath.Separator }) {
		if e == ".." {
			return true
		}
	}
	return false
}

// systemPath is path with its ".." elements read as the system reads
// them: a link before a ".." is followed first, so dx/../a.vin, dx a link
// to sub/x, is sub/a.vin, where filepath.Clean (and Join) would make it
// a.vin. The part up to the last ".." is resolved; the rest, links and
// all, is kept as written. A path without "..", or whose part up to it
// cannot be resolved (it does not exist), is returned as it is.
func systemPath(path string) string {
	isSep := func(c byte) bool { return c == '/' || c == filepath.Separator }
	end := -1 // the end of the last ".." element
	for i := 0; i+1 < len(path); i++ {
		if path[i] == '.' && path[i+1] == '.' && (i == 0 || isSep(path[i-1])) && (i+2 == len(path) || isSep(path[i+2])) {
			end = i + 2
		}
	}
	if end < 0 {
		return path
	}
	dir, err := filepath.EvalSymlinks(path[:end])
	if err != nil {
		return path
	}
	return filepath.Join(dir, path[end:])
}

// withoutRepeats keeps the first of the items that name the same file,
// however the path was written (a.vin, ./a.vin, the folder's walk, an
// absolute path). Links are not followed: two names of one file are two
// records the user named.
func withoutRepeats(items []Item) []Item {
	seen := make(map[string]bool, len(items))
	kept := items[:0]
	cwd, err := os.Getwd() // once: filepath.Abs asks the system for every path
	if err != nil {
		cwd = ""
	}
	for _, it := range items {
		// The system follows a link before its "..", which Clean does
		// not: dx/../a.vin, dx a link to sub/x, is sub/a.vin, not a.vin.
		key := it.Name
		if key != "-" {
			key = systemPath(key)
		}
		switch {
		case key == "-":
		case filepath.IsAbs(key):
			key = filepath.Clean(key)
		default:
			key = filepath.Join(cwd, key)
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, it)
	}
	return kept
}

func unwrap(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// Config says how to check each record.
type Config struct {
	Games   []validate.Game
	Limits  validate.Limits
	Options validate.Options
	Stdin   io.Reader
	Jobs    int // parallel replays; 0 means one per core
	// Tally, when set, scores each input as a scorepad tally of this game.
	Tally string
	// Tallies reads a scorepad tally found among the records (a file of
	// `tally` lines, validate.IsTally) as a tally of the game its `game`
	// line names, so that a folder of a season's records and tallies is
	// scored in one run. Only a file refused as a record is looked at.
	Tallies bool
	// NamedFiles says which files a record may name (`rules FILE`,
	// `layout=FILE`): every file ("" or NamedFilesAny), none
	// (NamedFilesNone), or those inside a folder (its path, absolute with
	// its links resolved: NamedFilesIn). For records from strangers, whose
	// named files would otherwise be read, and quoted in the messages,
	// wherever they point (/etc/passwd).
	NamedFiles string
}

// The values of Config.NamedFiles that are no folder.
const (
	NamedFilesAny  = "any"
	NamedFilesNone = "none"
)

// NamedFilesIn is the Config.NamedFiles that lets records name only the
// files inside dir: dir made absolute, its links resolved, so that a
// named file's resolved path is compared with it.
func NamedFilesIn(dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", errors.New("not a folder")
	}
	return filepath.Abs(real)
}

// namedFileAllowed refuses a file the record names that the run's
// NamedFiles does not let it read.
func namedFileAllowed(name, policy string) error {
	switch policy {
	case "", NamedFilesAny:
		return nil
	case NamedFilesNone:
		return errors.New("this run reads no file a record names (--named-files none)")
	}
	real, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	if abs, err := filepath.Abs(real); err == nil {
		real = abs
	}
	if rel, err := filepath.Rel(policy, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("it lies outside the folder --named-files lets records name files in (%s)", policy)
	}
	return nil
}

// jobs is the number of records replayed at once.
func (c Config) jobs() int {
	if c.Jobs > 0 {
		return c.Jobs
	}
	return runtime.GOMAXPROCS(0)
}

// limits fills in the defaults of unset limits.
func (c Config) limits() validate.Limits {
	lim := c.Limits
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = validate.DefaultLimits.MaxBytes
	}
	if lim.MaxLineBytes <= 0 {
		lim.MaxLineBytes = validate.DefaultLimits.MaxLineBytes
	}
	if lim.MaxLines <= 0 {
		lim.MaxLines = validate.DefaultLimits.MaxLines
	}
	return lim
}

// Outcome is one record's report, or why it could not be read.
type Outcome struct {
	Item   Item
	Report *validate.Report
	Err    error // the file could not be read: the command could not run
	// Panic holds the panic value and stack when the engine panicked; the
	// report then carries one CodeInternal error.
	Panic string
	// Named are the paths of the files the record named and the replay
	// read (`rules FILE`, `layout=FILE`): a command writing a file must
	// not write over one of them.
	Named []string
	// Lines is how many lines the record file has, counted only when
	// Options.AtLine asks for a line (replay --at): a line past the end
	// is the command's mistake, not the record's.
	Lines int
	// Tally says the file was read as a scorepad tally (Config.Tally, or
	// one found among the records: Config.Tallies).
	Tally bool
}

// Status names what became of a record, as the JSON output spells it.
type Status string

const (
	StatusValid        Status = "valid"         // replayed clean, every claim matched
	StatusRejected     Status = "rejected"      // a syntax, rules, check or limit error
	StatusClaimsDiffer Status = "claims-differ" // replayed clean, but a claim differs
	StatusDisputed     Status = "disputed"      // --as-played applied an illegal action and scored the game
	StatusUnreadable   Status = "unreadable"    // the file could not be read
)

// Status classifies an outcome.
func (o Outcome) Status() Status {
	switch {
	case o.Err != nil:
		return StatusUnreadable
	case o.Report.Valid():
		return StatusValid
	case o.Report.Diagnostics.Rejects():
		// An error that was not applied as played: the replay stopped
		// there, or a line came after the claims.
		return StatusRejected
	case o.Report.Disputed && o.Report.Result != nil:
		return StatusDisputed
	}
	return StatusClaimsDiffer
}

// Run checks every item, calling emit in input order as soon as each
// report and all before it are ready. Emit is called from Run's own
// goroutine, one call at a time.
func Run(cfg Config, items []Item, emit func(Outcome)) {
	run(cfg.jobs(), len(items), func(i int) Outcome { return One(cfg, items[i]) }, emit)
}

// run is the scheduler behind Run: work(i) runs on up to jobs goroutines,
// and emit sees the outcomes in the order of i. The queue of pending
// results holds jobs-1 entries and the emitting loop one more, so at most
// jobs records are being replayed or waiting to be emitted at any moment:
// a slow record delays the output, never lets memory grow.
func run(jobs, n int, work func(i int) Outcome, emit func(Outcome)) {
	// No more workers than records: --jobs 1000000 over one record
	// starts one.
	jobs = max(1, min(jobs, n))
	type task struct {
		i    int
		done chan<- Outcome
	}
	pending := make(chan chan Outcome, jobs-1)
	tasks := make(chan task)
	// Long-lived workers rather than a goroutine per record: a worker's
	// stack, grown once by the engines, serves every record after.
	for range jobs {
		go func() {
			for t := range tasks {
				t.done <- work(t.i)
			}
		}()
	}
	go func() {
		for i := 0; i < n; i++ {
			done := make(chan Outcome, 1)
			pending <- done
			tasks <- task{i, done}
		}
		close(pending)
		close(tasks)
	}()
	for done := range pending {
		emit(<-done)
	}
}

// One checks a single record. It never panics: an engine panic becomes a
// CodeInternal error on that record.
func One(cfg Config, it Item) (out Outcome) {
	out.Item = it
	if it.Unreadable != nil {
		out.Err = it.Unreadable
		return out
	}
	lim := cfg.limits()
	data, tooBig, err := read(cfg, it, lim)
	if err != nil {
		out.Err = fmt.Errorf("cannot read %s: %w", it.Display(), unwrap(err))
		return out
	}
	name := it.Display()
	if tooBig {
		out.Report = &validate.Report{Game: cfg.Tally, Diagnostics: validate.Diagnostics{{
			File: name, Severity: validate.Error, Code: validate.CodeLimit, Game: cfg.Tally,
			Message: fmt.Sprintf("the record is larger than the limit of %d bytes (--max-bytes)", lim.MaxBytes),
		}}}
		return out
	}
	if cfg.Options.AtLine > 0 {
		out.Lines = bytes.Count(data, []byte("\n"))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			out.Lines++ // the last line, without its line end
		}
	}
	opt := cfg.Options
	// data is this record's own buffer, which nothing writes again: Check
	// reads it in place rather than copying it, and the report may point
	// into it.
	opt.KeepData = true
	if opt.ReadFile == nil && it.Name != "-" {
		read := recordFileReader(it.Name, lim, cfg.NamedFiles)
		opt.ReadFile = func(n string) ([]byte, error) {
			out.Named = append(out.Named, besideRecord(it.Name, n))
			return read(n)
		}
		opt.FilePath = func(n string) string { return besideRecord(it.Name, n) }
	}
	defer func() {
		if p := recover(); p != nil {
			out.Panic = fmt.Sprintf("%v\n%s", p, debug.Stack())
			out.Report = &validate.Report{Game: cfg.Tally, Diagnostics: validate.Diagnostics{{
				File: name, Severity: validate.Error, Code: CodeInternal, Game: cfg.Tally,
				Message: fmt.Sprintf("internal error: the engine failed on this record (%v); please report it with the record", p),
			}}}
		}
	}()
	if cfg.Tally != "" {
		out.Report, out.Tally = validate.CheckTally(cfg.Games, cfg.Tally, name, data, lim, opt), true
	} else {
		out.Report = validate.Check(cfg.Games, name, data, lim, opt)
		if cfg.Tallies && !out.Report.Valid() && validate.IsTally(data) {
			out.Report, out.Tally = tallyAmongRecords(&cfg, out.Report, name, data, lim, opt)
		}
	}
	return out
}

// tallyAmongRecords scores a tally that a batch found among the records,
// as the game its game line names; without one, the record's error stands,
// with a hint (the tally's game cannot be guessed).
func tallyAmongRecords(cfg *Config, rep *validate.Report, name string, data []byte, lim validate.Limits, opt validate.Options) (*validate.Report, bool) {
	if rep.Game == "" {
		// Only a tally without a game line is told to write one: "game
		// chess" is told the games, a game line past a limit the limit.
		if len(rep.Diagnostics) > 0 && rep.Diagnostics[0].Hint == "" && !validate.TallyNamesAGame(data) {
			rep.Diagnostics[0].Hint = "a scorepad tally scored among records starts with a `game` line that names its game (or: vintner score --game GAME --tally FILE)"
		}
		return rep, false
	}
	return validate.CheckTally(cfg.Games, rep.Game, name, data, lim, opt), true
}

// recordFileReader reads the files the record at path names (`rules`,
// `layout=`), relative to its folder.
func recordFileReader(path string, lim validate.Limits, policy string) func(string) ([]byte, error) {
	return func(n string) ([]byte, error) {
		n = besideRecord(path, n)
		if err := namedFileAllowed(n, policy); err != nil {
			return nil, unwrap(err)
		}
		// A pipe or a device named by a record would block or never
		// end: only a regular file is read.
		if st, err := os.Stat(n); err == nil && !st.Mode().IsRegular() {
			return nil, errors.New("not a regular file")
		}
		b, err := ReadNamedFile(n, lim)
		return b, unwrap(err) // the engine's message names the file as the record wrote it
	}
}

// besideRecord is the path of a file the record at path names: a relative
// name is in the record's folder; `/` and `\` separate folders on every
// system (validate.FileName).
func besideRecord(path, name string) string {
	name = validate.FileName(name)
	if filepath.IsAbs(name) {
		return name
	}
	// As the system reads it: rules ../house.tables in cur/r.vin, cur a
	// link to season/sub, is season/house.tables, where Join would
	// make it house.tables beside the command (another file, or none).
	dir := path[:strings.LastIndexAny(path, "/"+string(filepath.Separator))+1]
	if p := dir + name; hasDotDot(p) {
		return systemPath(p)
	}
	return filepath.Join(filepath.Dir(path), name)
}

// readCap is how much read takes: one byte more than the limit, to tell a
// record over it (a limit of the largest int64 reads to the end).
func readCap(lim validate.Limits) int64 {
	return int64(min(lim.MaxBytes, math.MaxInt64-1)) + 1
}

// ReadNamedFile reads a file that a record names (`rules FILE`, a
// Bordeaux `layout=FILE`) or that --tables gives: held to the record's
// size limit, so that no file vintner is told to read can exhaust memory.
// A file over it is an error naming the limit (and the flag that sets it,
// for a command that has --max-bytes).
func ReadNamedFile(name string, lim validate.Limits) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, lim)
}

// ReadNamedInput is ReadNamedFile for a command-line argument, where "-"
// is standard input.
func ReadNamedInput(name string, stdin io.Reader, lim validate.Limits) ([]byte, error) {
	if name != "-" {
		return ReadNamedFile(name, lim)
	}
	if stdin == nil {
		return nil, errors.New("no standard input")
	}
	return readLimited(stdin, lim)
}

// readLimited reads r up to lim.MaxBytes; over it is an error naming the
// limit, and --max-bytes when the command set it (no limit given: the
// default, for a command without the flag).
func readLimited(r io.Reader, lim validate.Limits) ([]byte, error) {
	flag := " (--max-bytes)"
	if lim.MaxBytes <= 0 {
		lim.MaxBytes, flag = validate.DefaultLimits.MaxBytes, ""
	}
	b, err := io.ReadAll(io.LimitReader(r, readCap(lim)))
	if err != nil {
		return nil, err
	}
	if len(b) > lim.MaxBytes {
		return nil, fmt.Errorf("the file is larger than the limit of %d bytes%s", lim.MaxBytes, flag)
	}
	return b, nil
}

// read reads a record, never more than one byte past the record limit, so
// that an endless or huge input is refused without being held in memory.
func read(cfg Config, it Item, lim validate.Limits) (data []byte, tooBig bool, err error) {
	var r io.Reader
	size := 512 // a first guess when the size is unknown (standard input, a pipe)
	if it.Name == "-" {
		if cfg.Stdin == nil {
			return nil, false, fmt.Errorf("no standard input")
		}
		r = cfg.Stdin
	} else {
		f, err := os.Open(it.Name)
		if err != nil {
			return nil, false, err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if st.Size() > int64(lim.MaxBytes) {
				return nil, true, nil
			}
			size = int(st.Size())
		}
		r = f
	}
	data, err = readAll(io.LimitReader(r, readCap(lim)), size)
	if err != nil {
		return nil, false, err
	}
	if len(data) > lim.MaxBytes {
		return nil, true, nil
	}
	return data, false, nil
}

// readAll is io.ReadAll with a first buffer of the expected size plus one
// byte (to see the end of file without growing): a file is read with one
// allocation instead of io.ReadAll's doubling from 512 bytes. The buffer
// is the record's own for good (Check keeps it: Options.KeepData), so it
// is never reused for the next record.
func readAll(r io.Reader, size int) ([]byte, error) {
	b := make([]byte, 0, size+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// Summary counts what a batch found. Every record is counted once:
// Records = Valid + Rejected + ClaimsDiffer + Disputed + Unreadable.
type Summary struct {
	Records      int `json:"records"`
	Valid        int `json:"valid"`
	Rejected     int `json:"rejected"`
	ClaimsDiffer int `json:"claims_differ"`
	Disputed     int `json:"disputed"`
	Unreadable   int `json:"unreadable"`
}

// Add counts one outcome.
func (s *Summary) Add(o Outcome) {
	s.Records++
	switch o.Status() {
	case StatusUnreadable:
		s.Unreadable++
	case StatusValid:
		s.Valid++
	case StatusDisputed:
		s.Disputed++
	case StatusClaimsDiffer:
		s.ClaimsDiffer++
	default:
		s.Rejected++
	}
}

// OK reports whether every record was valid.
func (s Summary) OK() bool { return s.Valid == s.Records }

// String is the closing line: "N valid, M rejected, K claims differ, of T records".
func (s Summary) String() string {
	out := fmt.Sprintf("%d valid, %d rejected, %d claims differ, ", s.Valid, s.Rejected, s.ClaimsDiffer)
	if s.Disputed > 0 {
		out += fmt.Sprintf("%d disputed, ", s.Disputed)
	}
	out += fmt.Sprintf("of %d records", s.Records)
	if s.Unreadable > 0 {
		out += fmt.Sprintf(" (%d could not be read)", s.Unreadable)
	}
	return out
}
