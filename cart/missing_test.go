package cart

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/tree"
)

// TestGreedyMissing is TestGreedy on tables with missing values: at each
// node the best of every test of the dataset, that the missing values
// satisfy or that they fail.
func TestGreedyMissing(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 2))
	for trial := range 150 {
		numeric, categorical := 1+r.IntN(3), r.IntN(2)
		csv := testgen.WithMissing(r, string(randomTable(r, 1+r.IntN(120), numeric, categorical, 2+r.IntN(3), 2+r.IntN(30))), 0.3*r.Float64())
		checkTrial(t, r, trial, []byte(csv))
	}
}

// sklearnPaths grows, on the raw values of a table's numeric columns
// (vals[c][row], NaN where missing), the tree scikit-learn 1.3 grows with
// missing values, as its splitter's source and documentation define it,
// and returns the path of each row to its leaf. At each node, column by
// column, it tries each cut between two values of the node's rows with
// the missing values on the false side, then each with them on the true
// side (only where the node has some), then the cut of the rows with a
// value from those without; it keeps a split only if it is strictly
// better than every one before (Gini, exactly), and it splits a node that
// is impure and within depth while some split is possible.
func sklearnPaths(vals [][]float64, y []int, classes, depth int) []string {
	paths := make([]string, len(y))
	var grow func(rows []int, d int, path string)
	grow = func(rows []int, d int, path string) {
		for _, r := range rows {
			paths[r] = path
		}
		pure := true
		for _, r := range rows {
			pure = pure && y[r] == y[rows[0]]
		}
		if d == depth || pure {
			return
		}
		var best func(r int) bool
		var bestNum, bestDen int64 = 0, 0
		offer := func(holds func(r int) bool) {
			nT, nF := int64(0), int64(0)
			cT, cF := make([]int64, classes), make([]int64, classes)
			for _, r := range rows {
				if holds(r) {
					nT++
					cT[y[r]]++
				} else {
					nF++
					cF[y[r]]++
				}
			}
			if nT == 0 || nF == 0 {
				return
			}
			var sqT, sqF int64
			for k := range classes {
				sqT += cT[k] * cT[k]
				sqF += cF[k] * cF[k]
			}
			// sqT/nT + sqF/nF, as a fraction.
			num, den := sqT*nF+sqF*nT, nT*nF
			if best == nil || num*bestDen > bestNum*den {
				best, bestNum, bestDen = holds, num, den
			}
		}
		for c := range vals {
			var present []float64
			missing := 0
			for _, r := range rows {
				if math.IsNaN(vals[c][r]) {
					missing++
				} else {
					present = append(present, vals[c][r])
				}
			}
			slices.Sort(present)
			present = slices.Compact(present)
			sides := []bool{false}
			if missing > 0 {
				sides = append(sides, true)
			}
			for _, missingTrue := range sides {
				for _, v := range present[:max(len(present)-1, 0)] {
					offer(func(r int) bool {
						if math.IsNaN(vals[c][r]) {
							return missingTrue
						}
						return vals[c][r] <= v
					})
				}
			}
			if missing > 0 && len(present) > 0 {
				offer(func(r int) bool { return !math.IsNaN(vals[c][r]) })
			}
		}
		if best == nil {
			return
		}
		var no, yes []int
		for _, r := range rows {
			if best(r) {
				yes = append(yes, r)
			} else {
				no = append(no, r)
			}
		}
		grow(no, d+1, path+"0")
		grow(yes, d+1, path+"1")
	}
	all := make([]int, len(y))
	for i := range all {
		all[i] = i
	}
	grow(all, 0, "")
	return paths
}

// rawPaths returns the path of each record of tbl to its leaf of root, a
// tree over the features of ds, by the features' raw tests.
func rawPaths(t *testing.T, tbl *dataset.Table, ds *dataset.Dataset, root *tree.Node) []string {
	t.Helper()
	paths := make([]string, tbl.Len())
	for r := range paths {
		for n := root; !n.IsLeaf(); {
			f := ds.Features[n.Feature]
			c, err := tbl.Column(f.Column)
			if err != nil {
				t.Fatal(err)
			}
			ok, err := f.Holds(tbl.Value(r, c))
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				paths[r] += "1"
				n = n.True
			} else {
				paths[r] += "0"
				n = n.False
			}
		}
	}
	return paths
}

// TestSklearnMissing: on random numeric tables with up to 30 % of their
// values missing, Tree grows the tree of sklearnPaths, each record down
// the same path, the missing values' sides and the order of the splits
// that tie included; in many, missing values take the true side of some
// test.
func TestSklearnMissing(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 3))
	sides := 0
	for trial := range 300 {
		classes := 2 + r.IntN(2)
		csv := testgen.WithMissing(r, string(randomTable(r, 2+r.IntN(60), 1+r.IntN(3), 0, classes, 2+r.IntN(8))), 0.3*r.Float64())
		tbl, err := dataset.ReadTable(strings.NewReader(csv), "t.csv")
		if err != nil {
			t.Fatal(err)
		}
		ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Count})
		if err != nil {
			t.Fatal(err)
		}
		label := len(tbl.Header) - 1
		vals := make([][]float64, label)
		y := make([]int, tbl.Len())
		for row := range y {
			for c := range vals {
				v := math.NaN()
				if s := tbl.Value(row, c); !dataset.IsMissing(s) {
					v, _ = strconv.ParseFloat(s, 64)
				}
				vals[c] = append(vals[c], v)
			}
			y[row] = slices.Index(ds.Classes, tbl.Value(row, label))
		}
		depth := 1 + r.IntN(4)
		root, _, err := Tree(context.Background(), ds, depth, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, want := rawPaths(t, tbl, ds, root), sklearnPaths(vals, y, len(ds.Classes), depth)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d, depth %d: paths of the records\n%q, scikit-learn's\n%q, on\n%s", trial, depth, got, want, csv)
		}
		var yes func(n *tree.Node) bool
		yes = func(n *tree.Node) bool {
			return !n.IsLeaf() && (ds.Features[n.Feature].Missing == dataset.MissingTrue || yes(n.False) || yes(n.True))
		}
		if yes(root) {
			sides++
		}
	}
	if sides < 30 {
		t.Fatalf("%d trees send missing values to the true side of a test: the test lost its teeth", sides)
	}
}

// TestMissingThreeClasses is scikit-learn's own case: the missing values
// are all of one class of three, which a tree of depth 2 tells apart, and
// predicts for a missing value.
func TestMissingThreeClasses(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,y\n")
	for i, v := range []string{"", "", "", "", "0", "1", "2", "3", "8", "9", "11", "12"} {
		fmt.Fprintf(&b, "%s,%d\n", v, i/4)
	}
	tbl, err := dataset.ReadTable(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		t.Fatal(err)
	}
	root, errs, err := Tree(context.Background(), ds, 2, 0)
	if err != nil || errs != 0 {
		t.Fatalf("%d errors, %v", errs, err)
	}
	tr := &tree.Tree{Root: root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes}
	if err := tr.Verify(tbl, nil); err != nil {
		t.Fatal(err)
	}
	test, err := dataset.ReadTable(strings.NewReader("x,y\nnan,?\n3,?\n12,?\n"), "u.csv")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tr.Predict(test); err != nil || strings.Join(got, " ") != "0 1 2" {
		t.Errorf("predictions %q, %v; want 0 1 2", got, err)
	}
}
