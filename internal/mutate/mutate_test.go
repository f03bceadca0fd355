package mutate

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/vintner/vintner/internal/rng"
	"github.com/vintner/vintner/validate"
	"github.com/vintner/vintner/validate/games"
)

var (
	reportPath = flag.String("mutate.report", "", "write the mutation table into this markdown file (between the mutation-table markers)")
	perKind    = flag.Int("mutate.n", 0, "mutants per kind of change and game (default: 50, or 1000 with -mutate.report)")
)

// playerCounts are tried for each game; a count the game does not allow
// is skipped.
var playerCounts = []int{1, 2, 3, 4, 5}

// generated returns up to count legal records of a game from its
// generator, skipping the player counts the game does not allow.
func generated(g validate.Game, count int) [][]byte {
	var out [][]byte
	for seed := uint64(1); len(out) < count && seed < uint64(4*count); seed++ {
		p := playerCounts[int(seed)%len(playerCounts)]
		b, err := g.Random(p, seed, nil)
		if err != nil {
			continue
		}
		out = append(out, b)
	}
	return out
}

func TestMakeChangesOneThing(t *testing.T) {
	rec := []byte("game bordeaux\nplayers Ann Ben\nyear 1\nAnn: plant merlot 3\nBen: plant syrah 4\ncheck Ann money=5\nclaim Ann 12\nclaim Ben 7\n")
	r := rng.New(1)
	orig := strings.Split(string(rec), "\n")
	for _, k := range Kinds {
		for i := 0; i < 20; i++ {
			m, ok := Make(rec, k, r)
			if !ok {
				t.Fatalf("%s: no mutant of a record that has everything", k)
			}
			got := strings.Split(string(m.Data), "\n")
			switch k {
			case Delete:
				if len(got) != len(orig)-1 {
					t.Errorf("delete: %d lines from %d", len(got), len(orig))
				}
			case Duplicate:
				if len(got) != len(orig)+1 || got[m.Line-1] != got[m.Line] {
					t.Errorf("duplicate: line %d not doubled: %q", m.Line, m.Data)
				}
			default:
				changed := 0
				for j := range got {
					if got[j] != orig[j] {
						changed++
					}
				}
				if want := map[bool]int{true: 2, false: 1}[k == Swap]; changed != want {
					t.Errorf("%s changed %d lines, want %d: %s", k, changed, want, m.Desc)
				}
				if k != Swap && strings.Join(got[:2], "\n") != strings.Join(orig[:2], "\n") {
					t.Errorf("%s changed the header: %s", k, m.Desc)
				}
			}
		}
	}
	// A word is only ever replaced by a word the record uses.
	for i := 0; i < 20; i++ {
		m, _ := Make(rec, Word, r)
		if !strings.Contains(m.Desc, "merlot") || !strings.Contains(m.Desc, "syrah") {
			t.Errorf("word mutant %s", m.Desc)
		}
	}
}

// TestMutants runs a few hundred mutants per game: every one rejected,
// or accepted with its claims confirmed, deterministic, never a panic.
func TestMutants(t *testing.T) {
	n := *perKind
	if n == 0 {
		n = 50
		if testing.Short() {
			n = 15
		}
	}
	for _, g := range games.All() {
		t.Run(g.Name(), func(t *testing.T) {
			recs := generated(g, 8)
			if len(recs) == 0 {
				t.Fatalf("%s generated no game", g.Name())
			}
			for i, rec := range recs {
				if rep := validate.Check(games.All(), "gen.vin", rec, validate.Limits{}, validate.Options{}); !rep.Valid() {
					t.Fatalf("generated record %d is not valid: %v", i, rep.Diagnostics)
				}
			}
			tallies := Run(games.All(), recs, n, 7)
			for _, k := range Kinds {
				tl := tallies[k]
				for _, v := range tl.Problems {
					t.Errorf("%s mutant (%s): %s", k, v.Mutant.Desc, v.Problem)
				}
				t.Logf("%-9s %4d mutants, %5.1f%% rejected", k, tl.Mutants, pct(tl.Rejected, tl.Mutants))
			}
			// A number changed in a check line must be caught at that
			// line: the state before it is the original's.
			checkChanged := 0
			rc := rng.New(5)
			for tries := 0; checkChanged < 20 && tries < 2000; tries++ {
				m, ok := Make(recs[tries%len(recs)], Number, rc)
				if !ok || !strings.Contains(m.Desc, ": \"check ") {
					continue
				}
				checkChanged++
				if v := Check(games.All(), m); !v.Rejected || v.Code != validate.CodeCheck || v.Line != m.Line {
					t.Errorf("check changed (%s) not rejected at its line: rejected=%v code=%q line %d", m.Desc, v.Rejected, v.Code, v.Line)
				}
			}
			// A claim changed by a number must always be caught: claims
			// are the recount.
			claimChanged := 0
			r := rng.New(3)
			for tries := 0; claimChanged < 20 && tries < 2000; tries++ {
				m, ok := Make(recs[tries%len(recs)], Number, r)
				if !ok || !strings.Contains(m.Desc, "claim ") {
					continue
				}
				claimChanged++
				if v := Check(games.All(), m); !v.Rejected || v.Code != validate.CodeClaim || v.Line != m.Line {
					t.Errorf("claim changed (%s) not rejected as a claim error at its line: rejected=%v code=%q line %d", m.Desc, v.Rejected, v.Code, v.Line)
				}
			}
			if claimChanged == 0 || checkChanged == 0 {
				t.Errorf("%d claim and %d check mutants: the generated records lack claims or checks", claimChanged, checkChanged)
			}
		})
	}
}

// TestMutationReport writes the table of docs/robustness.md:
//
//	go test ./internal/mutate -run TestMutationReport -mutate.report ../../docs/robustness.md
func TestMutationReport(t *testing.T) {
	if *reportPath == "" {
		t.Skip("use -mutate.report FILE to write the mutation table")
	}
	n := *perKind
	if n == 0 {
		n = 1000
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Generated by `go test ./internal/mutate -run TestMutationReport -mutate.report ../../docs/robustness.md -mutate.n %d`: %d mutants per kind of change and game, from 20 generated records of each game (seed 7).\n\n", n, n)
	b.WriteString("| game | change | mutants | rejected | accepted | first error of the rejected | problems |\n|---|---|---:|---:|---:|---|---:|\n")
	for _, g := range games.All() {
		problems := 0
		recs := generated(g, 20)
		if len(recs) == 0 {
			fmt.Fprintf(&b, "| %s | — | engine not landed | | | | |\n", g.Name())
			continue
		}
		tallies := Run(games.All(), recs, n, 7)
		all := &Tally{Codes: map[string]int{}}
		for _, k := range Kinds {
			tl := tallies[k]
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f%% | %d | %s | %d |\n", g.Name(), k, tl.Mutants,
				pct(tl.Rejected, tl.Mutants), tl.Mutants-tl.Rejected, codes(tl.Codes), len(tl.Problems))
			all.Mutants += tl.Mutants
			all.Rejected += tl.Rejected
			for c, x := range tl.Codes {
				all.Codes[c] += x
			}
			problems += len(tl.Problems)
			for _, v := range tl.Problems {
				t.Errorf("%s %s mutant (%s): %s", g.Name(), k, v.Mutant.Desc, v.Problem)
			}
			for _, v := range tl.Accepted {
				t.Logf("accepted %s %s mutant: %s", g.Name(), k, v.Mutant.Desc)
			}
		}
		fmt.Fprintf(&b, "| **%s** | **all** | %d | **%.1f%%** | %d | %s | %d |\n", g.Name(), all.Mutants,
			pct(all.Rejected, all.Mutants), all.Mutants-all.Rejected, codes(all.Codes), problems)
	}
	const begin, end = "<!-- mutation-table -->", "<!-- /mutation-table -->"
	doc, err := os.ReadFile(*reportPath)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("%s has no %s … %s markers", *reportPath, begin, end)
	}
	s = s[:i+len(begin)] + "\n" + b.String() + s[j:]
	if err := os.WriteFile(*reportPath, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// codes renders first-error codes by frequency: "rule 61%, claim 20%, …".
func codes(m map[string]int) string {
	type kv struct {
		k string
		v int
	}
	var l []kv
	total := 0
	for k, v := range m {
		l = append(l, kv{k, v})
		total += v
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v || l[i].v == l[j].v && l[i].k < l[j].k })
	var parts []string
	for _, x := range l {
		parts = append(parts, fmt.Sprintf("%s %.0f%%", x.k, pct(x.v, total)))
	}
	return strings.Join(parts, ", ")
}

// FuzzCheck runs the whole pipeline (reader, then the engine the record
// names) on arbitrary bytes, seeded with generated games of every engine
// that can generate one. It must never panic, and an accepted record
// passes the same checks as an accepted mutant.
func FuzzCheck(f *testing.F) {
	f.Add([]byte("game bordeaux\nplayers Ann Ben\nAnn: pass\n"))
	f.Add([]byte("game grand-cru\nplayers Ann Ben\nAnn: pass\n"))
	f.Add([]byte("game age-of-champagne\nplayers Ann Ben\nAnn: pass\n"))
	for _, g := range games.All() {
		for _, rec := range generated(g, 3) {
			f.Add(rec)
		}
	}
	all := games.All()
	f.Fuzz(func(t *testing.T, data []byte) {
		v := Check(all, Mutant{Kind: "fuzz", Data: data})
		if v.Problem != "" {
			t.Fatal(v.Problem)
		}
	})
}
