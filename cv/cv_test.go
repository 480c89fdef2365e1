package cv

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/solver"
)

func newGini() (solver.Solver, error) { return ginisat.New(), nil }

// newTable returns the table of the records under header, read from a
// CSV file of them.
func newTable(name string, header []string, records [][]string) *dataset.Table {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	w.WriteAll(records)
	t, err := dataset.ReadTable(&b, name)
	if err != nil {
		panic(err) // the test's own records
	}
	return t
}

// randomTable draws rows of a numeric column x, a categorical column c and
// the label y = (x <= 4) xor (c == red), which takes a tree of depth 2.
func randomTable(r *rand.Rand, rows int) *dataset.Table {
	colors := []string{"red", "green", "blue"}
	var records [][]string
	for range rows {
		x, c := r.IntN(10), colors[r.IntN(len(colors))]
		y := 0
		if (x <= 4) != (c == "red") {
			y = 1
		}
		records = append(records, []string{strconv.Itoa(x), c, strconv.Itoa(y)})
	}
	return newTable("random.csv", []string{"x", "c", "y"}, records)
}

func TestKFold(t *testing.T) {
	const n = 23
	tbl := randomTable(rand.New(rand.NewPCG(1, 2)), n)
	for _, k := range []int{2, 3, 5, 10, n} {
		t.Run(fmt.Sprint(k, " folds"), func(t *testing.T) {
			folds, err := KFold(tbl, k, 7)
			if err != nil {
				t.Fatal(err)
			}
			if len(folds) != k {
				t.Fatalf("%d folds, want %d", len(folds), k)
			}
			tested := make(map[int]int) // line to the number of test folds it is in
			for i, f := range folds {
				if size := f.Test.Len(); size != n/k && size != (n+k-1)/k {
					t.Errorf("fold %d tests on %d rows, want %d or %d", i, size, n/k, (n+k-1)/k)
				}
				if f.Train.Len()+f.Test.Len() != n {
					t.Errorf("fold %d: %d training and %d test rows, want %d in all", i, f.Train.Len(), f.Test.Len(), n)
				}
				for _, line := range f.Test.Lines {
					tested[line]++
					if slices.Contains(f.Train.Lines, line) {
						t.Errorf("fold %d: line %d is in both the training and the test rows", i, line)
					}
				}
				for _, s := range []*dataset.Table{f.Train, f.Test} {
					checkSubset(t, s, tbl)
				}
			}
			for _, line := range tbl.Lines {
				if tested[line] != 1 {
					t.Errorf("line %d is in %d test folds, want 1", line, tested[line])
				}
			}
		})
	}
}

// checkSubset fails t unless every row of s is the row of parent on the
// same line, in file order, with parent's header.
func checkSubset(t *testing.T, s, parent *dataset.Table) {
	t.Helper()
	if !slices.Equal(s.Header, parent.Header) {
		t.Errorf("%s: header %q, want %q", s.Name, s.Header, parent.Header)
	}
	if !slices.IsSorted(s.Lines) {
		t.Errorf("%s: lines %v not in file order", s.Name, s.Lines)
	}
	for i, line := range s.Lines {
		if r := slices.Index(parent.Lines, line); r < 0 || !slices.Equal(s.Record(i), parent.Record(r)) {
			t.Errorf("%s: line %d holds %q, not a row of %s", s.Name, line, s.Record(i), parent.Name)
		}
	}
}

func TestKFoldSeed(t *testing.T) {
	tbl := randomTable(rand.New(rand.NewPCG(1, 2)), 50)
	fold := func(seed uint64) []Fold {
		folds, err := KFold(tbl, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		return folds
	}
	if a, b := fold(1), fold(1); !reflect.DeepEqual(a, b) {
		t.Error("the same seed gave different folds")
	}
	if a, b := fold(1), fold(2); reflect.DeepEqual(a[0].Test.Lines, b[0].Test.Lines) {
		t.Errorf("seeds 1 and 2 gave the same first fold, lines %v", a[0].Test.Lines)
	}
}

func TestKFoldErrors(t *testing.T) {
	tbl := randomTable(rand.New(rand.NewPCG(1, 2)), 4)
	for k, folds := range map[int]string{-1: "-1 folds", 0: "0 folds", 1: "1 fold", 5: "5 folds"} {
		_, err := KFold(tbl, k, 1)
		want := "random.csv: cannot make " + folds + " of 4 rows: need at least 2 folds and a row for each"
		if err == nil || err.Error() != want {
			t.Errorf("%d folds: error %v, want %q", k, err, want)
		}
	}
}

func TestCrossValidate(t *testing.T) {
	train := randomTable(rand.New(rand.NewPCG(1, 2)), 40)
	// Rows the training rows hold give the class the tree was trained on.
	var some []int
	for r := 10; r < 30; r++ {
		some = append(some, r)
	}
	copies := train.Subset("copies.csv", some)
	// The tree of y = x <= 4 tests x <= 4, so it classifies values it has
	// not seen, a category it has not seen among them, by that test.
	threshold := newTable("threshold.csv", []string{"x", "c", "y"}, [][]string{
		{"0", "red", "a"}, {"1", "blue", "a"}, {"4", "red", "a"}, {"5", "blue", "b"}, {"9", "red", "b"},
	})
	unseen := newTable("unseen.csv", threshold.Header, [][]string{
		{"-3", "red", "a"}, {"4.5", "purple", "b"}, {"1e3", "red", "b"}, {"3.999", "blue", "a"},
	})
	folds := []Fold{{Train: train, Test: copies}, {Train: threshold, Test: unseen}}
	got, err := CrossValidate(context.Background(), folds, dataset.Options{}, orchestrate.Options{Mode: orchestrate.Size, NewSolver: newGini}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []FoldResult{{Fold: 0, Depth: 2, Nodes: 7, Accuracy: 1, TrainAccuracy: 1}, {Fold: 1, Depth: 1, Nodes: 3, Accuracy: 1, TrainAccuracy: 1}}
	if !reflect.DeepEqual(withoutSeconds(got), want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestCrossValidateErrors(t *testing.T) {
	good := randomTable(rand.New(rand.NewPCG(1, 2)), 20)
	contradictory := newTable("bad train", []string{"x", "y"}, [][]string{{"1", "0"}, {"1", "1"}})
	opt := orchestrate.Options{Mode: orchestrate.Depth, NewSolver: newGini}
	tests := []struct {
		name  string
		folds []Fold
		want  string
	}{
		{"contradictory training rows", []Fold{{good, good}, {contradictory, good}},
			`bad train: lines 2 and 3 have the same features but labels "0" and "1"; no consistent tree exists`},
		{"no label column in the test rows", []Fold{{good, newTable("nolabel", []string{"x", "c"}, [][]string{{"1", "red"}})}},
			`nolabel: no column "y" (columns: x, c)`},
		{"no test rows", []Fold{{good, good.Subset("empty", nil)}},
			`empty: no rows to test on`},
		{"text where the training rows had numbers", []Fold{{good, newTable("text", good.Header, [][]string{{"?", "red", "0"}})}},
			`text:2: column "x": "?" is not a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CrossValidate(context.Background(), tt.folds, dataset.Options{}, opt, 1)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}

	t.Run("canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := CrossValidate(ctx, []Fold{{good, good}}, dataset.Options{}, opt, 1)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v, want context.Canceled", err)
		}
	})
}

// TestCrossValidateMouse is the paper's 10-fold cross-validation of mouse,
// where it reports 85.6% mean test accuracy in depth mode.
func TestCrossValidateMouse(t *testing.T) {
	tbl, err := dataset.ReadTableFile(shareddata.Path(t, "mouse.csv"))
	if err != nil {
		t.Fatal(err)
	}
	folds, err := KFold(tbl, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	run := func(jobs int, opt orchestrate.Options) []FoldResult {
		res, err := CrossValidate(context.Background(), folds, dataset.Options{}, opt, jobs)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	serial := run(1, orchestrate.Options{Mode: orchestrate.Depth, NewSolver: newGini})
	// Progress is called from every fold; -race checks that the calls do
	// not overlap.
	calls := 0
	parallel := run(2, orchestrate.Options{Mode: orchestrate.Depth, NewSolver: newGini, Progress: func(orchestrate.Progress) { calls++ }})
	if !reflect.DeepEqual(withoutSeconds(serial), withoutSeconds(parallel)) {
		t.Errorf("jobs=1 and jobs=2 differ:\n%+v\n%+v", serial, parallel)
	}
	if calls == 0 {
		t.Error("Progress never called")
	}

	var accuracy float64
	for i, r := range serial {
		if r.Fold != i || r.Depth > 5 {
			t.Errorf("result %d is %+v, want fold %d of depth at most 5", i, r, i)
		}
		accuracy += r.Accuracy / float64(len(serial))
	}
	t.Logf("mean test accuracy %.1f%%", 100*accuracy)
	if accuracy < 0.75 || accuracy > 0.95 {
		t.Errorf("mean test accuracy %.1f%%, want 75%% to 95%% (the paper has 85.6%%)", 100*accuracy)
	}
}

// withoutSeconds returns results with the one field that varies from run to
// run zeroed.
func withoutSeconds(results []FoldResult) []FoldResult {
	out := slices.Clone(results)
	for i := range out {
		out[i].Seconds = 0
	}
	return out
}
