package backend

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/orchestrate"
)

// available returns the back ends that run here, naming on the test log
// those that do not.
func available(t *testing.T) map[string]Open {
	t.Helper()
	open := map[string]Open{}
	for _, name := range Names() {
		if name == "exec:PATH" {
			continue
		}
		o, err := Lookup(name)
		if err != nil {
			t.Logf("skipping back end %s: %v", name, err)
			continue
		}
		open[name] = o
	}
	// A portfolio is one more back end to agree with the others.
	var members []string
	for _, name := range []string{"gini", "cadical-ipasir", "minisat"} {
		if open[name] != nil {
			members = append(members, name)
		}
	}
	if len(members) > 1 {
		p, err := LookupPortfolio(members, nil)
		if err != nil {
			t.Fatal(err)
		}
		open["portfolio"] = p
	}
	return open
}

type optimum struct{ depth, nodes int }

// learnAll learns ds in both modes on every back end and fails t unless
// they all agree with each other.
func learnAll(t *testing.T, ds *dataset.Dataset, backEnds map[string]Open) {
	t.Helper()
	for _, mode := range []orchestrate.Mode{orchestrate.Depth, orchestrate.Size} {
		results := map[optimum][]string{}
		for name, open := range backEnds {
			res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: mode, NewSolver: open})
			if err != nil {
				t.Fatalf("%s %v: %v", name, mode, err)
			}
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

func TestBackEndsAgreeOnSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: every back end on four datasets; run without -short")
	}
	dir := shareddata.Dir(t)
	backEnds := available(t)
	for _, file := range []string{"mouse.csv", "monk1.csv", "monk3.csv", "iris.csv"} {
		t.Run(file, func(t *testing.T) {
			ds, _, err := dataset.Load(filepath.Join(dir, file), dataset.Options{})
			if err != nil {
				t.Fatal(err)
			}
			learnAll(t, ds, backEnds)
		})
	}
}

// BenchmarkBackEnds learns in size mode on each back end; compare the
// ratios to gini within one run.
func BenchmarkBackEnds(b *testing.B) {
	for _, file := range []string{"mouse.csv", "monk2.csv", "wine.csv"} {
		ds, _, err := dataset.Load(shareddata.Path(b, file), dataset.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range []string{"gini", "cadical-ipasir", "minisat"} {
			b.Run(file+"/"+name, func(b *testing.B) {
				open, err := Lookup(name)
				if err != nil {
					b.Skip(err)
				}
				for b.Loop() {
					if _, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Size, NewSolver: open}); err != nil {
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
	ds, _, err := dataset.Load(shareddata.Path(b, "car.csv"), dataset.Options{})
	if err != nil {
		b.Fatal(err)
	}
	open, err := Lookup("cadical-ipasir")
	if err != nil {
		b.Skip(err)
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprint("jobs=", jobs), func(b *testing.B) {
			for b.Loop() {
				if _, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Depth, NewSolver: open, Jobs: jobs}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
