package backend_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/orchestrate"
)

// available returns the back ends that run here, naming on the test log
// those that do not. Fewer than two leave nothing to compare, and t then
// skips, naming the missing ones, or fails if $ODTX_REQUIRE_BACKENDS is
// set, as CI sets it, so that a machine with gini alone cannot pass for one
// where the back ends agree.
func available(t *testing.T) map[string]backend.Open {
	t.Helper()
	open := map[string]backend.Open{}
	var missing []string
	for _, name := range backend.Names() {
		if name == "exec:PATH" {
			continue
		}
		o, err := backend.Lookup(name)
		if err != nil {
			t.Logf("without back end %s: %v", name, err)
			missing = append(missing, name)
			continue
		}
		open[name] = o
	}
	if len(open) < 2 {
		msg := "fewer than two back ends run here, so none to compare; missing: " + strings.Join(missing, ", ")
		if os.Getenv("ODTX_REQUIRE_BACKENDS") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	// A portfolio is one more back end to agree with the others.
	var members []string
	for _, name := range []string{"gini", "cadical-ipasir", "minisat-ipasir", "minisat"} {
		if open[name] != nil {
			members = append(members, name)
		}
	}
	if len(members) > 1 {
		p, err := backend.LookupPortfolio(members, nil)
		if err != nil {
			t.Fatal(err)
		}
		open["portfolio"] = p
	}
	return open
}

type optimum struct{ depth, nodes int }

// learnAll learns ds in both modes with the SAT engine on every back end and
// fails t unless they all agree with each other. (The Auto engine would
// have the DP engine answer alone.)
func learnAll(t *testing.T, ds *dataset.Dataset, backEnds map[string]backend.Open) {
	t.Helper()
	for _, mode := range []orchestrate.Mode{orchestrate.Depth, orchestrate.Size} {
		results := map[optimum][]string{}
		for name, open := range backEnds {
			res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: mode, Engine: orchestrate.SAT, NewSolver: open})
			if err != nil {
				t.Fatalf("%s %v: %v", name, mode, err)
			}
			if res.Engine != orchestrate.SAT || !res.Optimal {
				t.Fatalf("%s %v: engine %v, optimal %v; want a proof by the SAT engine", name, mode, res.Engine, res.Optimal)
			}
			testgen.CheckConsistent(t, ds, res.Root)
			got := optimum{depth: res.Root.Depth()}
			if mode == orchestrate.Size {
				got.nodes = res.Root.Nodes()
			}
			results[got] = append(results[got], name)
		}
		if len(results) > 1 {
			t.Fatalf("%s %v: back ends disagree: %v", ds.Name, mode, results)
		}
	}
}

func TestBackEndsAgreeOnRandomData(t *testing.T) {
	backEnds := available(t)
	r := rand.New(rand.NewPCG(3, 4))
	for range 25 {
		m, n := 2+r.IntN(4), 4+r.IntN(12)
		ds := testgen.Dataset(r, m, n, 3)
		learnAll(t, ds, backEnds)
	}
}

// TestBatch: the search adds several examples per call only where every
// member of the race starts afresh on each call.
func TestBatch(t *testing.T) {
	oneShotBatch := backend.Batch("exec:/opt/sat/solve")
	if oneShotBatch < 2 {
		t.Fatalf("Batch of a solver binary = %d, want more than one", oneShotBatch)
	}
	for _, tc := range []struct {
		names []string
		want  int
	}{
		{[]string{"gini"}, 1},
		{[]string{"cadical-ipasir"}, 1},
		{[]string{"minisat"}, oneShotBatch},
		{[]string{"exec:/opt/sat/solve"}, oneShotBatch},
		{[]string{"minisat", "cadical"}, oneShotBatch},
		{[]string{"minisat", "gini"}, 1},
	} {
		if got := backend.Batch(tc.names...); got != tc.want {
			t.Errorf("Batch(%q) = %d, want %d", tc.names, got, tc.want)
		}
	}
}

// inProcessNames are the back ends linked into odtx, the C ones only in
// builds with their tags.
var inProcessNames = []string{"gini", "cadical-ipasir", "minisat-ipasir"}

// TestAgainstBruteForce runs the SAT engine on each in-process back end
// against an exhaustive search over every tree of depth at most 3, on random
// datasets, some with a duplicate or complementary feature, as
// orchestrate's test of the same name does on gini (which cannot import
// this package).
func TestAgainstBruteForce(t *testing.T) {
	trials := 400
	if testing.Short() {
		trials = 100
	}
	for _, name := range inProcessNames {
		t.Run(name, func(t *testing.T) {
			open, err := backend.Lookup(name)
			if err != nil {
				if !strings.Contains(err.Error(), "built without") {
					t.Fatal(err)
				}
				t.Skip(err)
			}
			oracle := testgen.NewOracle(7, 5, 14, 3, 3)
			twins := rand.New(rand.NewPCG(5, 6))
			for trial := range trials {
				c := oracle.Draw(trial)
				// Past 16 features the SAT engine encodes them as needed:
				// copies and complements take the data there in half
				// the trials, and leave its optimum as it was.
				for trial%2 == 1 && len(c.DS.Features) <= 16 {
					testgen.AddTwin(twins, c.DS)
				}
				for _, mode := range []orchestrate.Mode{orchestrate.Depth, orchestrate.Size} {
					opt := orchestrate.Options{Mode: mode, Engine: orchestrate.SAT, NewSolver: open,
						Batch: 1 + trial%3, Probes: 1 + trial%4}
					res, err := orchestrate.Learn(context.Background(), c.DS, opt)
					if err != nil {
						t.Fatalf("trial %d %v: %v", trial, mode, err)
					}
					c.Check(t, mode.String(), res.Root, mode == orchestrate.Size)
				}
			}
			oracle.CheckTeeth(t)
		})
	}
}

func TestBackEndsAgreeOnSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: every back end on four datasets; run without -short")
	}
	dir := shareddata.Dir(t)
	backEnds := available(t)
	// Not monk3: its size search takes gini 48 s and picosat 34 s.
	for _, file := range []string{"mouse.csv", "monk1.csv", "iris.csv", "zoo.csv"} {
		t.Run(file, func(t *testing.T) {
			ds, _, err := dataset.Load(context.Background(), filepath.Join(dir, file), dataset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			learnAll(t, ds, backEnds)
		})
	}
}

// BenchmarkBackEnds learns in size mode with the SAT engine on each back
// end; compare the ratios to gini within one run.
func BenchmarkBackEnds(b *testing.B) {
	for _, file := range []string{"mouse.csv", "monk2.csv", "monk3.csv"} {
		ds, _, err := dataset.Load(context.Background(), shareddata.Path(b, file), dataset.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range append(inProcessNames, "minisat") {
			b.Run(file+"/"+name, func(b *testing.B) {
				open, err := backend.Lookup(name)
				if err != nil {
					b.Skip(err)
				}
				opt := orchestrate.Options{Mode: orchestrate.Size, Engine: orchestrate.SAT, NewSolver: open}
				for b.Loop() {
					if _, err := orchestrate.Learn(context.Background(), ds, opt); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkJobs learns car in depth mode with one and two depth probes at
// once, on CaDiCaL in process (gini takes minutes more).
func BenchmarkJobs(b *testing.B) {
	ds, _, err := dataset.Load(context.Background(), shareddata.Path(b, "car.csv"), dataset.Options{})
	if err != nil {
		b.Fatal(err)
	}
	open, err := backend.Lookup("cadical-ipasir")
	if err != nil {
		b.Skip(err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprint("jobs=", jobs), func(b *testing.B) {
			for b.Loop() {
				if _, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Depth, Engine: orchestrate.SAT, NewSolver: open, Probes: jobs}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPreferred: CaDiCaL on many rows and MiniSat on few, wherever this
// build has them, but gini for the depth search of wide data, and gini
// alone without them.
func TestPreferred(t *testing.T) {
	small, large := backend.Default, backend.Default
	if _, err := backend.Lookup("minisat-ipasir"); err == nil {
		small = "minisat-ipasir"
	}
	if _, err := backend.Lookup("cadical-ipasir"); err == nil {
		large = "cadical-ipasir"
	}
	for _, c := range []struct {
		features, rows int
		depthMode      bool
		want           string
	}{
		{11, 169, true, small}, {11, 169, false, small}, {1263, 178, true, backend.Default}, {1263, 178, false, small},
		{15, 1727, true, large}, {15, 1727, false, large}, {1263, 1727, true, backend.Default},
	} {
		if got := backend.Preferred(c.features, c.rows, c.depthMode); got != c.want {
			t.Errorf("Preferred(%d, %d, %v) = %s, want %s", c.features, c.rows, c.depthMode, got, c.want)
		}
	}
}
