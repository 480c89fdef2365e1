package orchestrate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// weighedTable is a random table of binary features x0, x1, ... with
// contradictory rows, a label of up to classes letters and a weight
// column w in quarters, some of them 0, and the class weights to give.
type weighedTable struct {
	csv     string
	quarter []int // each record's weight, in quarters
	classes map[string]int
	spec    string // the class weights as --class-weight writes them
}

func drawWeighed(r *rand.Rand, features, rows, classes int) weighedTable {
	t := weighedTable{classes: map[string]int{}}
	var csv strings.Builder
	for f := range features {
		fmt.Fprintf(&csv, "x%d,", f)
	}
	csv.WriteString("w,y\n")
	for range rows {
		for range features {
			fmt.Fprintf(&csv, "%d,", r.IntN(2))
		}
		q := []int{0, 1, 2, 4, 4, 4, 5, 8, 12, 30}[r.IntN(10)]
		t.quarter = append(t.quarter, q)
		fmt.Fprintf(&csv, "%g,%c\n", float64(q)/4, 'a'+r.IntN(classes))
	}
	t.csv = csv.String()
	if r.IntN(2) == 0 {
		var spec []string
		for c := range classes {
			k := 1 + r.IntN(3)
			t.classes[string(rune('a'+c))] = k
			spec = append(spec, fmt.Sprintf("%c=%d", 'a'+c, k))
		}
		t.spec = strings.Join(spec, ",")
	}
	return t
}

// TestWeightsOracle: with a weight column and class weights, the errors
// engines find the tree of least weight of errors that a brute-force
// oracle finds over the raw records, each weighing its own weight (in
// quarters, so that the oracle counts in integers of its own) times its
// class's; and the weight a tree is said to make is the weight of the
// rows it misclassifies, checked on the raw rows. The weights matter: on
// some tables the weighted optimum is not the unweighted one's tree, so
// an engine that dropped them would fail here.
func TestWeightsOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	trials := objtest.Runs(300, 80)
	differ := 0
	for trial := range trials {
		wt := drawWeighed(r, 1+r.IntN(4), 3+r.IntN(14), 2+trial%3)
		opt := dataset.Options{Conflicts: dataset.Count, Weight: "w"}
		if wt.spec != "" {
			cw, err := dataset.ParseClassWeight(wt.spec)
			if err != nil {
				t.Fatal(err)
			}
			opt.ClassWeight = cw
		}
		tbl, err := dataset.ReadTable(strings.NewReader(wt.csv), "weights.csv")
		if err != nil {
			t.Fatal(err)
		}
		ds, err := tbl.Binarize(opt)
		if err != nil {
			if strings.Contains(err.Error(), "every record weighs 0") {
				continue
			}
			t.Fatalf("%v\n%s", err, wt.csv)
		}
		records, labels := testgen.RawRecords(t, tbl, ds)
		counts := make([][]int, len(records)) // in quarters times the class weight
		unit := make([][]int, len(records))
		for i, c := range labels {
			counts[i] = make([]int, len(ds.Classes))
			unit[i] = make([]int, len(ds.Classes))
			k := 1
			if wt.spec != "" {
				k = wt.classes[ds.Classes[c]]
			}
			counts[i][c] = wt.quarter[i] * k
			unit[i][c] = 1
		}
		depth := r.IntN(3)
		budget := objective.MaxBranches(depth)
		want, _ := bruteforce.FewestErrors(records, counts, depth, budget, 0, 0)
		for _, e := range []Engine{MinErr, Ordered} {
			b := Budget{MaxDepth: depth, AnySize: true}
			res, err := Learn(context.Background(), ds, Options{Mode: Errors, Engine: e, Budget: b})
			if err != nil {
				t.Fatalf("trial %d, %v: %v", trial, e, err)
			}
			// The weights as given, in quarters: the oracle's units.
			got := float64(res.Errors) / ds.WeightScale * 4
			if !res.Optimal || got != float64(want) {
				t.Fatalf("trial %d, %v, depth %d: weight %v quarters (optimal %v), oracle %d\n%s%s", trial, e, depth, got, res.Optimal, want, wt.spec, wt.csv)
			}
			if _, err := res.VerifiedTree(ds, tbl); err != nil {
				t.Fatalf("trial %d, %v: %v", trial, e, err)
			}
			if e == MinErr {
				// The unweighted optimum's tree, weighed.
				plain := tableOf(t, wt.csv)
				pres, err := Learn(context.Background(), plain, Options{Mode: Errors, Engine: e, Budget: b})
				if err != nil {
					t.Fatal(err)
				}
				if weightOf(pres, plain, ds, records, counts) != want {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Errorf("in %d trials the unweighted optimum was always a weighted one: the test cannot tell weights from none", trials)
	}
}

// tableOf binarizes csv without weights, its weight column a feature
// dropped: the columns but w.
func tableOf(t *testing.T, csv string) *dataset.Dataset {
	t.Helper()
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(csv), "\n") {
		f := strings.Split(line, ",")
		f = append(f[:len(f)-2:len(f)-2], f[len(f)-1])
		b.WriteString(strings.Join(f, ",") + "\n")
	}
	_, ds := testgen.Load(t, b.String(), "plain.csv", dataset.Options{Conflicts: dataset.Count})
	return ds
}

// weightOf returns the weight, in counts, of the records that res's tree
// over plain's features misclassifies, each record's features given by
// records over ds's (the same columns, binarized alike).
func weightOf(res *Result, plain, ds *dataset.Dataset, records [][]bool, counts [][]int) int {
	w := 0
	for i, rec := range records {
		k := res.Root.Classify(func(f int) bool {
			for g, ft := range ds.Features {
				if ft.Column == plain.Features[f].Column && ft.Threshold == plain.Features[f].Threshold && ft.Op == plain.Features[f].Op {
					return rec[g]
				}
			}
			panic("no feature")
		})
		for c, n := range counts[i] {
			if c != k {
				w += n
			}
		}
	}
	return w
}

// TestUnitWeights: a weight column of ones changes nothing: each engine
// gives the tree it gives without it, node for node. The search beside
// the engine is off: which of two trees of one score it offers first
// depends on the machine's load.
func TestUnitWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 2))
	for trial := range objtest.Runs(100, 30) {
		csv := testgen.Conflicting(r, 1+r.IntN(4), 4+r.IntN(20), 2+trial%3)
		lines := strings.Split(strings.TrimSpace(csv), "\n")
		for i, line := range lines {
			cut := strings.LastIndexByte(line, ',')
			w := ",1"
			if i == 0 {
				w = ",w"
			}
			lines[i] = line[:cut] + w + line[cut:]
		}
		ones := strings.Join(lines, "\n") + "\n"
		_, plain := testgen.Load(t, csv, "plain.csv", dataset.Options{Conflicts: dataset.Count})
		_, unit := testgen.Load(t, ones, "unit.csv", dataset.Options{Conflicts: dataset.Count, Weight: "w"})
		for _, e := range []Engine{MinErr, Ordered} {
			b := Budget{MaxDepth: 1 + r.IntN(3)}
			off := objective.Techniques{LDS: true}
			a, err := Learn(context.Background(), plain, Options{Mode: Errors, Engine: e, Budget: b, Off: off})
			if err != nil {
				t.Fatal(err)
			}
			w, err := Learn(context.Background(), unit, Options{Mode: Errors, Engine: e, Budget: b, Off: off})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a.Root, w.Root) || a.Errors != w.Errors {
				t.Fatalf("trial %d, %v: unit weights give another tree (%d errors, %d without)\n%s", trial, e, w.Errors, a.Errors, csv)
			}
		}
	}
}
