package cart

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
)

// fitScript fits scikit-learn's DecisionTreeClassifier at each depth asked,
// with the leaf size asked, to each problem it reads, and writes the trees
// and their training errors.
const fitScript = `
import json, sys
from sklearn.tree import DecisionTreeClassifier
out = []
for p in json.load(sys.stdin):
    trees = []
    for d in p["depths"]:
        m = DecisionTreeClassifier(max_depth=d, min_samples_leaf=p["min_leaf"], random_state=0).fit(p["X"], p["y"])
        t = m.tree_
        trees.append({"left": t.children_left.tolist(), "right": t.children_right.tolist(),
                      "feature": t.feature.tolist(), "threshold": t.threshold.tolist(),
                      "errors": int((m.predict(p["X"]) != p["y"]).sum())})
    out.append(trees)
json.dump(out, sys.stdout)
`

// problem is a dataset as scikit-learn sees it: a row per record, a
// column's code where its tests are cuts (the same splits as its values)
// and a 0-1 column per test of a categorical column, as a one-hot encoding
// gives; and the trees asked of it.
type problem struct {
	X       [][]float64 `json:"X"`
	Y       []int       `json:"y"`
	Depths  []int       `json:"depths"`
	MinLeaf int         `json:"min_leaf"` // min_samples_leaf, 1 or more
	x       func(ex, j int) float64
}

func newProblem(ds *dataset.Dataset, depths []int, minLeaf int) *problem {
	var cols []func(ex *dataset.Example) float64
	seen := map[int32]bool{}
	for f, ft := range ds.Features {
		switch {
		case ft.Op == dataset.Equal:
			cols = append(cols, func(ex *dataset.Example) float64 {
				if ds.Holds(ex, f) {
					return 1
				}
				return 0
			})
		case !seen[ft.Col]:
			seen[ft.Col] = true
			cols = append(cols, func(ex *dataset.Example) float64 { return float64(ex.Codes[ft.Col]) })
		}
	}
	p := &problem{Depths: depths, MinLeaf: minLeaf, x: func(ex, j int) float64 { return cols[j](&ds.Examples[ex]) }}
	for _, r := range records(ds) {
		row := make([]float64, len(cols))
		for j := range cols {
			row[j] = p.x(r.ex, j)
		}
		p.X = append(p.X, row)
		p.Y = append(p.Y, r.class)
	}
	return p
}

// fitted is a tree scikit-learn grew, as its tree_ holds it.
type fitted struct {
	Left, Right []int
	Feature     []int
	Threshold   []float64
	Errors      int
}

// greedy returns f as a tree over p's records: a record goes to the left
// child, taken for yes, where its value is at most the threshold.
func (f *fitted) greedy(p *problem) *greedy {
	var node func(i int) *greedy
	node = func(i int) *greedy {
		if f.Left[i] < 0 {
			return &greedy{}
		}
		j, thr := f.Feature[i], f.Threshold[i]
		return &greedy{
			test: func(r record) bool { return p.x(r.ex, j) <= thr },
			yes:  node(f.Left[i]),
			no:   node(f.Right[i]),
		}
	}
	return node(0)
}

// fit runs fitScript on the problems, or skips t where Python or
// scikit-learn is missing, unless $ODTX_REQUIRE_SKLEARN is set.
func fit(t *testing.T, problems []*problem) [][]fitted {
	t.Helper()
	in, err := json.Marshal(problems)
	if err != nil {
		t.Fatal(err)
	}
	const python = "/usr/bin/python3"
	cmd := exec.Command(python, "-c", fitScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	missing := errors.As(err, &exit) && strings.Contains(stderr.String(), "No module named 'sklearn'")
	if err != nil && (missing || !errors.As(err, &exit)) {
		if os.Getenv("ODTX_REQUIRE_SKLEARN") != "" {
			t.Fatalf("%s with scikit-learn is required ($ODTX_REQUIRE_SKLEARN): %v %s", python, err, stderr.Bytes())
		}
		t.Skipf("no %s with scikit-learn: %v %s", python, err, stderr.Bytes())
	}
	if err != nil {
		t.Fatalf("fitting with scikit-learn: %v\n%s", err, stderr.Bytes())
	}
	var trees [][]fitted
	if err := json.Unmarshal(out, &trees); err != nil {
		t.Fatal(err)
	}
	return trees
}

// compare checks Tree against scikit-learn on each dataset at each depth,
// with leaves of minLeaf[i] records or more on dataset i, and returns how
// many of the comparisons had one tree for CART to grow.
// scikit-learn's tree must be one CART may grow (which checks the
// reference against it); Tree's too; and where at no node of
// scikit-learn's tree another split ties with its choice, the two trees
// must split the records alike and make the same errors.
func compare(t *testing.T, sets []*dataset.Dataset, minLeaf, depths []int) int {
	t.Helper()
	problems := make([]*problem, len(sets))
	for i, ds := range sets {
		problems[i] = newProblem(ds, depths, minLeaf[i])
	}
	trees := fit(t, problems)
	unique := 0
	for i, ds := range sets {
		for k, d := range depths {
			name := fmt.Sprintf("%s at depth %d, leaves of %d", ds.Name, d, minLeaf[i])
			sk := &trees[i][k]
			skl := sk.greedy(problems[i])
			if got := errorsOf(ds, skl); got != sk.Errors {
				t.Fatalf("%s: scikit-learn's tree makes %d errors here, %d there", name, got, sk.Errors)
			}
			root, errs, err := Tree(context.Background(), ds, d, minLeaf[i])
			if err != nil {
				t.Fatal(err)
			}
			ok := checkGreedy(t, ds, skl, d, minLeaf[i])
			checkGreedy(t, ds, ours(ds, root), d, minLeaf[i])
			if !ok {
				t.Logf("%s: ties; %d errors, scikit-learn's %d", name, errs, sk.Errors)
				continue
			}
			unique++
			if leafSets(ds, ours(ds, root)) != leafSets(ds, skl) || errs != sk.Errors {
				t.Errorf("%s: a tree of %d errors, scikit-learn's of %d splits the records otherwise, where no split ties", name, errs, sk.Errors)
			}
		}
	}
	return unique
}

// TestSklearn compares Tree with scikit-learn on random tables of numeric
// and categorical columns, with records repeated, and on shared datasets;
// then on others with leaves of 2 to 30 records, min_samples_leaf, which
// the shared datasets take at 5 and 20.
func TestSklearn(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var sets []*dataset.Dataset
	var leaves []int
	for i := range 80 {
		numeric, categorical := r.IntN(5), r.IntN(3)
		if numeric+categorical == 0 {
			categorical = 1
		}
		csv := randomTable(r, 20+r.IntN(300), numeric, categorical, 2+r.IntN(3), 2+r.IntN(1000))
		sets = append(sets, binarize(t, csv, fmt.Sprint("random", i)))
		leaves = append(leaves, 1)
		if i >= 40 {
			leaves[i] = 2 + r.IntN(29)
		}
	}
	var dir string
	t.Run("data", func(t *testing.T) { dir = shareddata.Dir(t) })
	if dir != "" {
		for _, name := range []string{"iris.csv", "wine.csv", "IndiansDiabetes.csv"} {
			ds, _, err := dataset.Load(context.Background(), filepath.Join(dir, name), dataset.Options{Conflicts: dataset.Count})
			if err != nil {
				t.Fatal(err)
			}
			for _, minLeaf := range []int{1, 5, 20} {
				sets = append(sets, ds)
				leaves = append(leaves, minLeaf)
			}
		}
	}
	if n := compare(t, sets, leaves, []int{1, 2, 3, 4, 5}); n < 5*len(sets)/2 {
		t.Errorf("only %d of %d comparisons without ties", n, 5*len(sets))
	}
}
