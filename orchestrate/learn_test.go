package orchestrate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

func newGini() (solver.Solver, error) { return ginisat.New(), nil }

// sharedOptima are the reference optima of ../shared/REFERENCE.md.
var sharedOptima = []struct {
	file         string
	depth, nodes int
	slow         bool // the SAT engine is skipped with -short
	satTooSlow   bool // the SAT engine takes minutes: DP alone
}{
	{"mouse.csv", 4, 15, false, false},
	{"lung_cancer_examples.csv", 3, 7, false, false},
	{"iris.csv", 4, 15, false, false},
	{"zoo.csv", 4, 21, false, false},
	{"monk1.csv", 5, 15, false, false},
	{"monk3.csv", 6, 39, true, false},
	{"monk2.csv", 6, 67, true, false},
	{"wine.csv", 3, 15, true, false},
	{"car.csv", 8, 143, true, true},
	{"tic-tac-toe.csv", 7, 89, true, true},
	// No tool had proven the node count before odtx's DP engine.
	{"balance-scale.csv", 10, 309, true, true},
}

// TestSharedDatasets: every engine finds each shared dataset's optimum,
// proven (REFERENCE.md beside the data).
func TestSharedDatasets(t *testing.T) {
	dir := shareddata.Dir(t)
	for _, want := range sharedOptima {
		for _, c := range []struct {
			engine Engine
			mode   Mode
		}{{SAT, Depth}, {SAT, Size}, {DP, Depth}, {DP, Size}, {Auto, Size}} {
			t.Run(fmt.Sprintf("%s/%v/%v", want.file, c.engine, c.mode), func(t *testing.T) {
				mode := c.mode
				if c.engine == SAT && want.satTooSlow {
					t.Skip("the SAT engine takes minutes")
				}
				if c.engine == SAT && want.slow && testing.Short() {
					t.Skip("slow; run without -short")
				}
				ds, _, err := dataset.Load(context.Background(), filepath.Join(dir, want.file), dataset.Options{})
				if err != nil {
					t.Fatal(err)
				}
				res, err := Learn(context.Background(), ds, Options{Mode: mode, Engine: c.engine, NewSolver: newGini, Probes: 1 + int(mode)})
				if err != nil {
					t.Fatal(err)
				}
				if c.engine != Auto && res.Engine != c.engine {
					t.Errorf("engine %v, want %v", res.Engine, c.engine)
				}
				if !res.Optimal || res.MinDepth != res.Root.Depth() {
					t.Errorf("optimal %v, depth %d, proven lower bound %d", res.Optimal, res.Root.Depth(), res.MinDepth)
				}
				testgen.CheckConsistent(t, ds, res.Root)
				if got := res.Root.Depth(); got != want.depth {
					t.Errorf("depth %d, want %d", got, want.depth)
				}
				if got := res.Root.Nodes(); mode == Size && got != want.nodes {
					t.Errorf("%d nodes, want %d", got, want.nodes)
				}
			})
		}
	}
}

func BenchmarkLearn(b *testing.B) {
	for _, file := range []string{"mouse.csv", "monk2.csv", "wine.csv"} {
		for _, mode := range []Mode{Depth, Size} {
			b.Run(fmt.Sprintf("%s/%v", file, mode), func(b *testing.B) {
				ds, _, err := dataset.Load(context.Background(), shareddata.Path(b, file), dataset.Options{})
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if _, err := Learn(context.Background(), ds, Options{Mode: mode, Engine: SAT, NewSolver: newGini}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestTimeout: a search stopped early still returns a consistent tree, not
// marked optimal, with the bounds it proved, and no goroutine left behind.
func TestTimeout(t *testing.T) {
	ds, _, err := dataset.Load(context.Background(), shareddata.Path(t, "monk2.csv"), dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The search is stopped in the middle: its 20th solver call hangs until
	// the context ends, which it does once that call has begun.
	stuck := make(chan struct{})
	var (
		mu    sync.Mutex
		calls int
	)
	newSolver := func() (solver.Solver, error) {
		return &hangFrom{Solver: ginisat.New(), from: 20, mu: &mu, calls: &calls, stuck: stuck}, nil
	}
	go func() { <-stuck; cancel() }()
	res, err := Learn(ctx, ds, Options{Mode: Size, Engine: SAT, NewSolver: newSolver, Probes: 3})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the context's end", err)
	}
	if res == nil || res.Optimal {
		t.Fatalf("result %+v, want a tree not proven optimal", res)
	}
	testgen.CheckConsistent(t, ds, res.Root)
	if res.MinDepth > res.Root.Depth() || res.MinDepth > 6 {
		t.Errorf("lower bound %d against a tree of depth %d (optimum 6)", res.MinDepth, res.Root.Depth())
	}
	for deadline := time.Now().Add(2 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines before Learn, %d after", before, runtime.NumGoroutine())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// hangFrom is gini until the shared count of calls reaches from; that call
// and every later one close stuck (once) and wait for their context to end.
type hangFrom struct {
	solver.Solver
	from  int
	mu    *sync.Mutex
	calls *int
	stuck chan struct{}
}

func (h *hangFrom) Solve(ctx context.Context, assumptions []int) (solver.Result, error) {
	h.mu.Lock()
	*h.calls++
	n := *h.calls
	h.mu.Unlock()
	if n < h.from {
		return h.Solver.Solve(ctx, assumptions)
	}
	if n == h.from {
		close(h.stuck)
	}
	<-ctx.Done()
	return solver.Unknown, ctx.Err()
}

// TestEveryThresholdKept: a threshold whose two neighbouring values hold one
// class only (the boundary-point rule for single splits) may still be needed.
// Here depth 2 needs x1 <= 3, though the rows with x1 = 3 and x1 = 4 are
// all class A; without that test the optimum is depth 3.
func TestEveryThresholdKept(t *testing.T) {
	tbl, err := dataset.ReadTable(strings.NewReader("x0,x1,y\n1,4,A\n1,2,B\n2,6,A\n4,3,A\n2,2,A\n3,6,B\n"), "boundary.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Learn(context.Background(), ds, Options{Mode: Size, NewSolver: newGini})
	if err != nil {
		t.Fatal(err)
	}
	if d, n := res.Root.Depth(), res.Root.Nodes(); d != 2 || n != 7 {
		t.Fatalf("depth %d, %d nodes; want 2 and 7", d, n)
	}
	var rows [][]bool
	var labels []int
	for _, ex := range ds.Examples {
		var row []bool
		for f, v := range ds.Row(&ex) {
			if ds.Features[f].String() != "x1 <= 3" {
				row = append(row, v)
			}
		}
		rows, labels = append(rows, row), append(labels, ex.Class)
	}
	if len(rows[0]) != len(ds.Features)-1 {
		t.Fatalf("no feature x1 <= 3 among %v", ds.Features)
	}
	if depth, _, ok := bruteforce.Optimal(rows, labels, 3); !ok || depth != 3 {
		t.Fatalf("without x1 <= 3: depth %d (ok %v), want 3", depth, ok)
	}
}

// TestEnginesAgree: on random datasets too deep for the brute-force
// oracle, the SAT and DP engines find the same least depth and node count.
func TestEnginesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	trials := 40
	if testing.Short() {
		trials = 10
	}
	for trial := range trials {
		ds := testgen.Dataset(r, 6+r.IntN(4), 15+r.IntN(40), 2+r.IntN(2))
		if trial%2 == 0 {
			testgen.AddTwin(r, ds)
		}
		var got [2]*Result
		for i, e := range []Engine{SAT, DP} {
			res, err := Learn(context.Background(), ds, Options{Mode: Size, Engine: e, NewSolver: newGini})
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, e, err)
			}
			testgen.CheckConsistent(t, ds, res.Root)
			got[i] = res
		}
		if s, d := got[0].Root, got[1].Root; s.Depth() != d.Depth() || s.Nodes() != d.Nodes() {
			t.Fatalf("trial %d (%d features, %d rows): SAT depth %d, %d nodes; DP depth %d, %d nodes",
				trial, len(ds.Features), len(ds.Examples), s.Depth(), s.Nodes(), d.Depth(), d.Nodes())
		}
	}
}

// TestConflictsMajority: on random data with identical rows of different
// labels, relabelling each group by its majority and learning on that
// makes exactly as many training errors as the best tree of that depth can
// (the brute-force oracle, counting errors), on every engine.
func TestConflictsMajority(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	trials := 120
	if testing.Short() {
		trials = 30
	}
	relabelled := 0
	for trial := range trials {
		csv := testgen.Conflicting(r, 1+r.IntN(4), 2+r.IntN(16), 2+trial%2)
		tbl, ds := testgen.Load(t, csv, "conflicts.csv", dataset.Options{Conflicts: dataset.Majority})
		relabelled += len(ds.Relabelled)
		// Every record, as the oracle sees it: its tests and its own label.
		rows, labels := testgen.RawRecords(t, tbl, ds)
		for _, e := range []Engine{SAT, DP} {
			res, err := Learn(context.Background(), ds, Options{Mode: Depth, Engine: e, NewSolver: newGini})
			if err != nil {
				t.Fatalf("trial %d %v: %v", trial, e, err)
			}
			if _, err := res.VerifiedTree(ds, tbl); err != nil {
				t.Fatalf("trial %d %v: %v", trial, e, err)
			}
			if want := bruteforce.MinErrors(rows, labels, res.Root.Depth()); len(ds.Relabelled) != want {
				t.Fatalf("trial %d %v: %d rows relabelled, but the best tree of depth %d makes %d errors\n%s",
					trial, e, len(ds.Relabelled), res.Root.Depth(), want, csv)
			}
		}
	}
	if relabelled < trials {
		t.Fatalf("only %d rows relabelled in %d trials; the test lost its teeth", relabelled, trials)
	}
}

// TestVerifiedTree checks that a tree that fails a raw row is an error that
// names the row: one leaf of class 0 for the Appendix's data, whose line 6
// is of class 1.
func TestVerifiedTree(t *testing.T) {
	ds, tbl, err := dataset.Load(context.Background(), "../testdata/appendix.csv", dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := &Result{Root: tree.Leaf(0)}
	_, err = res.VerifiedTree(ds, tbl)
	if err == nil || !strings.Contains(err.Error(), "appendix.csv:6:") {
		t.Fatalf("got %v, want an error naming line 6", err)
	}
}
