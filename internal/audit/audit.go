// Package audit runs many records through their engines: it expands files
// and folders, replays them in parallel, and hands the reports back in
// input order so that output is stable whatever the scheduling.
package audit

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/vintner/vintner/validate"
)

// Item is one record to check: a file name ("-" is standard input).
type Item struct {
	Name string
}

// Expand turns the command line's paths into records: files as given,
// every .vin below a folder (sorted), and "-" for standard input.
func Expand(paths []string) ([]Item, error) {
	var items []Item
	for _, p := range paths {
		if p == "-" {
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
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".vin") {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("cannot read folder %s: %w", p, unwrap(err))
		}
		sort.Strings(found)
		for _, f := range found {
			items = append(items, Item{Name: f})
		}
	}
	return items, nil
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
}

// Outcome is one record's report, or why it could not be read.
type Outcome struct {
	Item   Item
	Report *validate.Report
	Err    error // the file could not be read: the command could not run
}

// Run checks every item, calling emit in input order as soon as each
// report and all before it are ready. At most Jobs records are held in
// memory at once beyond those waiting for an earlier one to finish.
func Run(cfg Config, items []Item, emit func(Outcome)) {
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	results := make([]chan Outcome, len(items))
	for i := range results {
		results[i] = make(chan Outcome, 1)
	}
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	go func() {
		for i, it := range items {
			sem <- struct{}{}
			wg.Add(1)
			go func(i int, it Item) {
				defer wg.Done()
				results[i] <- One(cfg, it)
			}(i, it)
		}
	}()
	for i := range items {
		out := <-results[i]
		<-sem
		emit(out)
	}
	wg.Wait()
}

// One checks a single record.
func One(cfg Config, it Item) Outcome {
	var data []byte
	var err error
	name := it.Name
	if name == "-" {
		if cfg.Stdin == nil {
			return Outcome{Item: it, Err: fmt.Errorf("no standard input")}
		}
		data, err = readLimited(cfg.Stdin, cfg.Limits)
		name = "<stdin>"
	} else {
		var f *os.File
		f, err = os.Open(name)
		if err == nil {
			data, err = readLimited(f, cfg.Limits)
			f.Close()
		}
	}
	if err != nil {
		return Outcome{Item: it, Err: fmt.Errorf("cannot read %s: %w", it.Name, unwrap(err))}
	}
	opt := cfg.Options
	if opt.ReadFile == nil && it.Name != "-" {
		dir := filepath.Dir(it.Name)
		opt.ReadFile = func(n string) ([]byte, error) {
			if !filepath.IsAbs(n) {
				n = filepath.Join(dir, n)
			}
			return os.ReadFile(n)
		}
	}
	var rep *validate.Report
	if cfg.Tally != "" {
		rep = validate.CheckTally(cfg.Games, cfg.Tally, name, data, cfg.Limits, opt)
	} else {
		rep = validate.Check(cfg.Games, name, data, cfg.Limits, opt)
	}
	return Outcome{Item: it, Report: rep}
}

// readLimited reads at most one byte past the record limit, so that an
// endless input is refused without being held in memory.
func readLimited(r io.Reader, lim validate.Limits) ([]byte, error) {
	max := lim.MaxBytes
	if max == 0 {
		max = validate.DefaultLimits.MaxBytes
	}
	return io.ReadAll(io.LimitReader(r, int64(max)+1))
}

// Summary counts what a batch found.
type Summary struct {
	Records      int `json:"records"`
	Valid        int `json:"valid"`
	Rejected     int `json:"rejected"`
	ClaimsDiffer int `json:"claims_differ"`
	Unreadable   int `json:"unreadable"`
}

// Add counts one outcome.
func (s *Summary) Add(o Outcome) {
	s.Records++
	switch {
	case o.Err != nil:
		s.Unreadable++
	case o.Report.Valid():
		s.Valid++
	default:
		claimsOnly := true
		for _, d := range o.Report.Diagnostics {
			if d.Code != validate.CodeClaim && d.Severity != validate.Warning {
				claimsOnly = false
			}
		}
		if claimsOnly {
			s.ClaimsDiffer++
		} else {
			s.Rejected++
		}
	}
}

// String is the closing line: "N valid, M rejected, K claims differ, of T records".
func (s Summary) String() string {
	out := fmt.Sprintf("%d valid, %d rejected, %d claims differ, of %d records", s.Valid, s.Rejected, s.ClaimsDiffer, s.Records)
	if s.Unreadable > 0 {
		out += fmt.Sprintf(" (%d could not be read)", s.Unreadable)
	}
	return out
}
