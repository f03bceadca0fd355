package bench

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	// The floor first: the linker lays packages out in the order it meets
	// them, so imported before the project's others, the floor's code
	// comes before theirs and keeps its address when they change
	// (internal/floor).
	"github.com/vintner/vintner/internal/floor"

	"github.com/vintner/vintner/internal/audit"
	"github.com/vintner/vintner/internal/cputime"
	"github.com/vintner/vintner/layouts"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

// cpuTime is the process's CPU time (internal/cputime).
var cpuTime = cputime.Process

// players is the table size of each benchmarked game: a typical evening.
var players = map[string]int{"bordeaux": 4, "grand-cru": 4, "age-of-champagne": 3}

// corpus is a set of generated records of one game, so that a benchmark
// does not measure one lucky game.
type corpus struct {
	recs    [][]byte
	bytes   int
	actions int
}

var (
	corpora   = map[string]*corpus{}
	corporaMu sync.Mutex
)

// gameCorpus returns 16 generated records of a game, or skips when its
// engine has not landed.
func gameCorpus(b *testing.B, g validate.Game) *corpus {
	corporaMu.Lock()
	defer corporaMu.Unlock()
	if c, ok := corpora[g.Name()]; ok {
		return c
	}
	c := &corpus{}
	for seed := uint64(1); seed <= 16; seed++ {
		rec, err := g.Random(players[g.Name()], seed, nil)
		if err != nil {
			b.Skipf("%s: %v", g.Name(), err)
		}
		rep := validate.Check(games.All(), "b.vin", rec, validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			b.Fatalf("%s seed %d: generated record rejected: %v", g.Name(), seed, rep.Diagnostics)
		}
		c.recs = append(c.recs, rec)
		c.bytes += len(rec)
		c.actions += rep.Actions
	}
	corpora[g.Name()] = c
	return c
}

// perSecond reports a count per second of wall time as a custom metric.
func perSecond(b *testing.B, count int, unit string) {
	b.ReportMetric(float64(count)*float64(b.N)/b.Elapsed().Seconds(), unit)
}

// perCPUSecond reports a count per second of CPU time since start.
func perCPUSecond(b *testing.B, start time.Duration, count int, unit string) {
	if d := cpuTime() - start; d > 0 {
		b.ReportMetric(float64(count)*float64(b.N)/d.Seconds(), unit)
	}
}

// BenchmarkTokenize is the floor: split the same bytes into lines and
// fields, doing nothing else. Replay + validation + scoring is measured
// against it.
func BenchmarkTokenize(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name(), func(b *testing.B) {
			c := gameCorpus(b, g)
			b.SetBytes(int64(c.bytes))
			b.ReportAllocs()
			n := 0
			var fields [][]byte // reused: the floor allocates nothing
			cpu := cpuTime()
			for b.Loop() {
				for _, rec := range c.recs {
					n += floor.Record(rec, &fields)
				}
			}
			perCPUSecond(b, cpu, c.bytes, "cpu-bytes/s")
			perCPUSecond(b, cpu, c.actions, "cpu-actions/s")
			if n == 0 {
				b.Fatal("no fields")
			}
		})
	}
}

// BenchmarkParse reads records with the shared reader, reusing its memory
// from record to record as a batch does (validate.Reader).
func BenchmarkParse(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name(), func(b *testing.B) {
			c := gameCorpus(b, g)
			b.SetBytes(int64(c.bytes))
			b.ReportAllocs()
			var r validate.Reader
			cpu := cpuTime()
			for b.Loop() {
				for _, rec := range c.recs {
					r.Read("b.vin", rec, validate.Limits{})
				}
			}
			perCPUSecond(b, cpu, c.bytes, "cpu-bytes/s")
		})
	}
}

// batchOptions are the options `vintner validate` replays a folder with:
// no state kept, so the reader's memory is reused from record to record,
// and each record's bytes handed over to Check, which reads them in place
// (the batch reads each record into a buffer of its own; the corpora are
// never written either).
var batchOptions = validate.Options{NoState: true, KeepData: true}

// BenchmarkReplay is the whole pipeline of one record: read, replay with
// every rule checked, score, compare claims (validate.Check).
func BenchmarkReplay(b *testing.B) {
	all := games.All()
	for _, g := range all {
		b.Run(g.Name(), func(b *testing.B) {
			c := gameCorpus(b, g)
			b.SetBytes(int64(c.bytes))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				for _, rec := range c.recs {
					validate.Check(all, "b.vin", rec, validate.Limits{}, batchOptions)
				}
			}
			perSecond(b, c.actions, "actions/s")
			perCPUSecond(b, cpu, c.actions, "cpu-actions/s")
			perCPUSecond(b, cpu, c.bytes, "cpu-bytes/s")
			perSecond(b, len(c.recs), "records/s")
		})
	}
}

// BenchmarkReplayFresh replays 1,024 different records of each game in
// turn, one per iteration, as a batch of real records does: caches keyed
// by record content (the Bordeaux layouts memo holds 512 codes) miss, as
// they do in a season's folder, where BenchmarkReplay's 16 records hit.
func BenchmarkReplayFresh(b *testing.B) {
	all := games.All()
	for _, g := range all {
		b.Run(g.Name(), func(b *testing.B) {
			fresh := freshRun(b, g)
			for b.Loop() {
				validate.Check(all, "b.vin", fresh.next(), validate.Limits{}, batchOptions)
			}
			fresh.report()
			b.ReportMetric(float64(fresh.actions)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}

// BenchmarkTokenizeFresh is the floor of BenchmarkReplayFresh: the same
// 1,024 records, one per iteration, split into lines and fields and
// nothing else. The ratio of the two is the pipeline's distance from it.
func BenchmarkTokenizeFresh(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name(), func(b *testing.B) {
			fresh := freshRun(b, g)
			var fields [][]byte
			count := 0
			for b.Loop() {
				count += floor.Record(fresh.next(), &fields)
			}
			fresh.report()
			if count == 0 {
				b.Fatal("no fields")
			}
		})
	}
}

// freshLoop hands out the records of a fresh corpus one per iteration
// and counts what was handed out, for the CPU-time rates.
type freshLoop struct {
	b                       *testing.B
	recs                    [][]byte
	counts                  []int
	workerCounts            []int // Bordeaux only: see workerActions
	cpu                     time.Duration
	i, actions, bytesServed int
	workers                 int
}

func freshRun(b *testing.B, g validate.Game) *freshLoop {
	recs, actions := freshCorpus(b, g, 1024)
	f := &freshLoop{b: b, recs: recs, counts: actions}
	if g.Name() == "bordeaux" {
		for _, rec := range recs {
			f.workerCounts = append(f.workerCounts, workerActions(b, rec))
		}
	}
	b.ReportAllocs()
	f.cpu = cpuTime()
	return f
}

// workerActions counts a Bordeaux record's actions as the rulebook counts
// them: each worker sent to Make Wine or Gain Resources is one action (a
// pass is "can't take an action"; '13's choice of region and resource is
// none). A player's line holds one or two of them, so the record's action
// lines, which Report.Actions counts, undercount them.
func workerActions(b *testing.B, rec []byte) int {
	r, diags := validate.Parse("b.vin", rec, validate.Limits{})
	if diags.HasErrors() {
		b.Fatalf("corpus record rejected: %v", diags)
	}
	n := 0
	for _, l := range r.Lines {
		if l.Kind != validate.KindAction {
			continue
		}
		entry := l.Tokens
		for len(entry) > 0 {
			k := 0
			for k < len(entry) && entry[k].Text != "," {
				k++
			}
			if k >= 2 && entry[0].Text != "choose" && entry[1].Text != "-" {
				n++
			}
			entry = entry[min(k+1, len(entry)):]
		}
	}
	return n
}

// next returns the next record and counts it.
func (f *freshLoop) next() []byte {
	k := f.i % len(f.recs)
	f.i++
	f.actions += f.counts[k]
	if f.workerCounts != nil {
		f.workers += f.workerCounts[k]
	}
	f.bytesServed += len(f.recs[k])
	return f.recs[k]
}

// report writes the rates per CPU second.
func (f *freshLoop) report() {
	if d := (cpuTime() - f.cpu).Seconds(); d > 0 {
		f.b.ReportMetric(float64(f.actions)/d, "cpu-actions/s")
		if f.workerCounts != nil {
			f.b.ReportMetric(float64(f.workers)/d, "cpu-worker-actions/s")
		}
		f.b.ReportMetric(float64(f.bytesServed)/d, "cpu-bytes/s")
		f.b.ReportMetric(float64(f.i)/d, "cpu-records/s")
	}
}

var (
	freshCorpora   = map[string]freshSet{}
	freshCorporaMu sync.Mutex
)

type freshSet struct {
	recs    [][]byte
	actions []int
}

// freshCorpus generates n records of a game (players 2–4 in turn) and
// counts their actions, once per process (a benchmark function runs more
// than once; generating again would fill its profile).
func freshCorpus(b *testing.B, g validate.Game, n int) ([][]byte, []int) {
	freshCorporaMu.Lock()
	defer freshCorporaMu.Unlock()
	key := fmt.Sprintf("%s/%d", g.Name(), n)
	if c, ok := freshCorpora[key]; ok {
		return c.recs, c.actions
	}
	var recs [][]byte
	var actions []int
	for i := 0; i < n; i++ {
		rec, err := g.Random(2+i%3, uint64(1000+i), nil)
		if err != nil {
			b.Skipf("%s: %v", g.Name(), err)
		}
		rep := validate.Check(games.All(), "b.vin", rec, validate.Limits{}, validate.Options{})
		if !rep.Valid() {
			b.Fatalf("%s record %d rejected: %v", g.Name(), i, rep.Diagnostics)
		}
		recs = append(recs, rec)
		actions = append(actions, rep.Actions)
	}
	freshCorpora[key] = freshSet{recs, actions}
	return recs, actions
}

// BenchmarkScore ranks a final result with the rulebook's tie-breaks.
func BenchmarkScore(b *testing.B) {
	all := games.All()
	for _, g := range all {
		b.Run(g.Name(), func(b *testing.B) {
			c := gameCorpus(b, g)
			rep := validate.Check(all, "b.vin", c.recs[0], validate.Limits{}, validate.Options{})
			if rep.Result == nil {
				b.Skip("no result")
			}
			r := *rep.Result
			b.ReportAllocs()
			for b.Loop() {
				r.Players = append(r.Players[:0:0], rep.Result.Players...)
				r.Rank()
			}
		})
	}
}

// BenchmarkLayout deals a 4-player set of Bordeaux sheets from a seed.
func BenchmarkLayout(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		code, err := layouts.NewSetCode(seed, 4)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := layouts.Set(code); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	folderOnce  sync.Once
	folder      string
	folderBytes int64
	folderErr   error
	keepFolder  bool
)

// batchFolder writes 10,000 generated records (the three games in turn,
// 1–4 players) to a temporary folder, once per process.
func batchFolder(b *testing.B, n int) string {
	folderOnce.Do(func() {
		// VINTNER_BENCH_FOLDER keeps the folder, to time the command on it:
		//	VINTNER_BENCH_FOLDER=/tmp/batch10k go test ./internal/bench -run '^$' -bench Batch
		//	vintner validate /tmp/batch10k
		if keep := os.Getenv("VINTNER_BENCH_FOLDER"); keep != "" {
			folder, folderErr = keep, os.MkdirAll(keep, 0o755)
			keepFolder = true
		} else {
			folder, folderErr = os.MkdirTemp("", "vintner-bench-")
		}
		if folderErr != nil {
			return
		}
		all := games.All()
		for i := 0; i < n && folderErr == nil; i++ {
			g := all[i%len(all)]
			p := 2 + i/len(all)%3
			rec, err := g.Random(p, uint64(i/len(all)+1), nil)
			if err != nil {
				folderErr = fmt.Errorf("%s: %w", g.Name(), err)
				return
			}
			folderBytes += int64(len(rec))
			folderErr = os.WriteFile(filepath.Join(folder, fmt.Sprintf("%05d-%s.vin", i, g.Name())), rec, 0o644)
		}
	})
	if folderErr != nil {
		b.Skip(folderErr)
	}
	return folder
}

// BenchmarkBatch validates a folder of 10,000 records of all three games
// on every core, as `vintner validate FOLDER` does.
func BenchmarkBatch(b *testing.B) {
	const n = 10000
	dir := batchFolder(b, n)
	items, err := audit.Expand([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	cfg := audit.Config{Games: games.All(), Options: batchOptions} // as `vintner validate` runs
	b.SetBytes(folderBytes)
	b.ReportAllocs()
	var peak uint64
	stop := sampleHeap(&peak)
	cpu := cpuTime()
	for b.Loop() {
		var sum audit.Summary
		audit.Run(cfg, items, func(o audit.Outcome) { sum.Add(o) })
		if sum.Valid != n {
			b.Fatalf("%s", sum)
		}
	}
	stop()
	perSecond(b, n, "records/s")
	perCPUSecond(b, cpu, n, "cpu-records/s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "cores")
}

// sampleHeap records the largest heap in use every 10 ms until stop
// (ReadMemStats stops the world briefly: sampling more often would slow
// the batch it measures).
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > *peak {
					*peak = ms.HeapInuse
				}
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

func TestMain(m *testing.M) {
	// Measure with the collector setting `vintner` runs with (see
	// cmd/vintner/main.go); GOGC=100 in the environment measures Go's default.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// and without sampling allocations, as vintner runs (unless a heap
	// profile is asked for)
	flag.Parse()
	if flag.Lookup("test.memprofile").Value.String() == "" {
		runtime.MemProfileRate = 0
	}
	code := m.Run()
	if folder != "" && !keepFolder {
		os.RemoveAll(folder)
	}
	os.Exit(code)
}

// TestFloorLaidOutFirst: the floor's code comes before the project's
// other packages in the binary (bench_test.go imports it first), so that
// changes to them do not move it and its speed (internal/floor).
func TestFloorLaidOutFirst(t *testing.T) {
	floorPC := reflect.ValueOf(floor.Record).Pointer()
	for name, pc := range map[string]uintptr{
		"validate.Check": reflect.ValueOf(validate.Check).Pointer(),
		"layouts.Set":    reflect.ValueOf(layouts.Set).Pointer(),
		"audit.Run":      reflect.ValueOf(audit.Run).Pointer(),
	} {
		if floorPC > pc {
			t.Errorf("floor.Record (%#x) is laid out after %s (%#x): import internal/floor first", floorPC, name, pc)
		}
	}
}
