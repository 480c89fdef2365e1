package tree

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// TestPredict: Predict, which keeps the decisions of its features by the
// codes of the values (dataset.Table.Code), gives what applying
// Feature.Holds to every record gives, errors included, on tables read,
// and on tables of some of their records, as cross-validation tests on,
// whose codes are those of the whole; a missing value goes where the node
// says, or else where its feature does.
func TestPredict(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pool := []string{"0", "1", "2", "10", "2.5", "-1", "", "nan", "x", "ab", "1e3", "NaN"}
	features := []dataset.Feature{
		{Column: "A", Op: dataset.LessEq, Threshold: 1},
		{Column: "A", Op: dataset.LessEq, Threshold: 2.5},
		{Column: "B", Op: dataset.LessEq, Threshold: 0},
		{Column: "A", Op: dataset.Equal, Value: "x"},
		{Column: "B", Op: dataset.Equal, Value: "10"},
		{Column: "B", Op: dataset.Equal, Value: "1"},
		{Column: "A", Op: dataset.LessEq, Threshold: 1, Missing: dataset.MissingTrue},
		{Column: "B", Op: dataset.LessEq, Threshold: 2, Missing: dataset.MissingFalse},
		{Column: "B", Op: dataset.Equal, Value: ""},
	}
	failed := 0
	for range 300 {
		var b strings.Builder
		b.WriteString("A,B,y\n")
		numeric := r.IntN(2) == 0 // mostly numbers, so that most tables predict
		for range 1 + r.IntN(30) {
			rec := make([]string, 3)
			for c := range 2 {
				if numeric {
					rec[c] = pool[r.IntN(8)]
				} else {
					rec[c] = pool[r.IntN(len(pool))]
				}
			}
			rec[2] = "c" + fmt.Sprint(r.IntN(2))
			b.WriteString(strings.Join(rec, ",") + "\n")
		}
		tbl, err := dataset.ReadTable(strings.NewReader(b.String()), "t.csv")
		if err != nil {
			t.Fatal(err)
		}
		if r.IntN(2) == 0 {
			some := []int{r.IntN(tbl.Len())}
			for i := range tbl.Len() {
				if r.IntN(3) == 0 && i > some[0] {
					some = append(some, i)
				}
			}
			tbl = tbl.Subset("s.csv", some)
		}
		tr := &Tree{Root: randomTree(r, 4, len(features)), Features: features, Label: "y", Classes: []string{"c0", "c1"}}
		var sides func(n *Node)
		sides = func(n *Node) {
			if !n.IsLeaf() {
				n.Missing = dataset.Missing(r.IntN(3))
				sides(n.False)
				sides(n.True)
			}
		}
		if r.IntN(2) == 0 {
			sides(tr.Root)
		}
		got, err := tr.Predict(tbl)
		want, wantErr := predictDirectly(tr, tbl)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("table %s %q, lines %v:\ngot  %q, %v\nwant %q, %v", tbl.Name, b.String(), tbl.Lines, got, err, want, wantErr)
		}
		if err != nil {
			failed++
		}
	}
	if failed == 0 || failed == 300 {
		t.Fatalf("%d of 300 tables fail to predict; the test lost its teeth", failed)
	}
}

// predictDirectly is Predict without keeping anything: a node's side of
// the missing values stands in for its feature's.
func predictDirectly(t *Tree, tbl *dataset.Table) ([]string, error) {
	var out []string
	for r := range tbl.Len() {
		n := t.Root
		for !n.IsLeaf() {
			f := t.Features[n.Feature]
			if n.Missing != 0 && f.Op == dataset.LessEq {
				f.Missing = n.Missing
			}
			c, _ := tbl.Column(f.Column)
			ok, err := f.Holds(tbl.Value(r, c))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", tbl.Name, tbl.Lines[r], err)
			}
			if ok {
				n = n.True
			} else {
				n = n.False
			}
		}
		out = append(out, t.Classes[n.Class])
	}
	return out, nil
}

// TestPredictMemory: what Predict keeps of its decisions grows with the
// tests it makes, not with the values of a column times the features the
// tree tests on it. A tree that runs out of time may be a greedy one of
// many nodes, each testing a column of as many values as records, and it
// is checked on every record before it is printed.
func TestPredictMemory(t *testing.T) {
	const rows, nodes = 8192, 512
	var b strings.Builder
	b.WriteString("x,y\n")
	for r := range rows {
		fmt.Fprintf(&b, "%d,c%d\n", r, r%2)
	}
	tbl, err := dataset.ReadTable(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	// A comb: node i sends x <= i to a leaf and the rest on to node i+1,
	// so that a record meets a test of its value at every node up to it.
	tr := &Tree{Root: Leaf(0), Label: "y", Classes: []string{"c0", "c1"}}
	for i := nodes - 1; i >= 0; i-- {
		tr.Features = append(tr.Features, dataset.Feature{Column: "x", Op: dataset.LessEq, Threshold: float64(i)})
		tr.Root = Split(nodes-1-i, tr.Root, Leaf(i%2))
	}
	// The least of a few runs: what else the process allocates meanwhile
	// (the runtime, other tests) is not Predict's.
	alloc := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := tr.Predict(tbl)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if got[rows-1] != "c0" || got[3] != "c1" {
			t.Fatalf("predictions %q ... %q", got[:4], got[rows-1])
		}
		alloc = min(alloc, after.TotalAlloc-before.TotalAlloc)
	}
	// Beyond the answer, a string and a leaf a record, and the tree's
	// decisions, a few bytes a record.
	if alloc > 32*rows+256*nodes {
		t.Errorf("Predict allocated %d bytes, %.1f a record, for %d records and %d nodes", alloc, float64(alloc)/rows, rows, nodes)
	}
}

func TestVerify(t *testing.T) {
	tbl, err := dataset.ReadTable(strings.NewReader("A,y\n1,no\n1,no\n\n7,yes\n2,no\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	tr := &Tree{
		Root:     Split(0, Leaf(1), Leaf(0)),
		Features: []dataset.Feature{{Column: "A", Op: dataset.LessEq, Threshold: 1}},
		Label:    "y",
		Classes:  []string{"no", "yes"},
	}
	if err := tr.Verify(tbl, nil); err == nil || err.Error() != `t.csv:6: tree predicts "yes", label is "no"` {
		t.Errorf("Verify: %v", err)
	}
	// The record on line 6, relabelled "yes", must be predicted so.
	if err := tr.Verify(tbl, []dataset.Relabel{{Line: 6, Label: "no", Class: 1}}); err != nil {
		t.Errorf("Verify with line 6 relabelled: %v", err)
	}
	tr.Features[0].Threshold = 2
	if err := tr.Verify(tbl, nil); err != nil {
		t.Errorf("Verify: %v", err)
	}
	if err := tr.Verify(tbl, []dataset.Relabel{{Line: 6, Label: "no", Class: 1}}); err == nil {
		t.Error("Verify with line 6 relabelled accepts a tree that predicts its own label")
	}
}

// TestCorrect: labels that are numbers match a class of the same value
// however either is written; others only the same string.
func TestCorrect(t *testing.T) {
	tbl, err := dataset.ReadTable(strings.NewReader(
		"A,y\n1,2.000\n2,1\n3,+1e0\n4,x\n5,2\n6,NaN\n7,1.0\n8,y\n9,01\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	tr := &Tree{Root: Leaf(0), Label: "y", Classes: []string{"0"}}
	predicted := []string{"2.0", "1.0", "1", "x", "3", "NaN", "1.01", "Y", "1"}
	right, err := tr.Correct(tbl, predicted)
	if err != nil || right != 6 {
		t.Errorf("Correct = %d, %v; want 6 (rows 1, 2, 3, 4, 6 and 9)", right, err)
	}
}

// TestVerifyNumericLabels: a tree whose classes are numbers is right on
// rows that write them otherwise.
func TestVerifyNumericLabels(t *testing.T) {
	tbl, err := dataset.ReadTable(strings.NewReader("A,y\n1,0.000\n2,1.000\n3,2\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	tr := &Tree{
		Root:     Split(0, Split(1, Leaf(2), Leaf(1)), Leaf(0)),
		Features: []dataset.Feature{{Column: "A", Op: dataset.LessEq, Threshold: 1}, {Column: "A", Op: dataset.LessEq, Threshold: 2}},
		Label:    "y",
		Classes:  []string{"0.0", "1.0", "2.0"},
	}
	if err := tr.Verify(tbl, nil); err != nil {
		t.Errorf("Verify: %v", err)
	}
}

// TestScore: Score counts the records a tree gets wrong, matching labels
// by value, and leaves at each leaf the records of each class that reach
// it, zeros at a leaf no record reaches; the text and JSON carry them.
func TestScore(t *testing.T) {
	tbl, err := dataset.ReadTable(strings.NewReader("a,y\n1,p\n1,q\n1,q\n2,p\n3,p\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	// a <= 1 ? q : (a <= 9 ? p : q); the last leaf is out of reach.
	tr := &Tree{
		Root: Split(0, Split(1, Leaf(1), Leaf(0)), Leaf(1)),
		Features: []dataset.Feature{
			{Column: "a", Op: dataset.LessEq, Threshold: 1},
			{Column: "a", Op: dataset.LessEq, Threshold: 9},
		},
		Label: "y", Classes: []string{"p", "q"},
	}
	if err := tr.Verify(tbl, nil); err == nil {
		t.Error("Verify accepted a tree that gets line 2 wrong")
	}
	wrong, _, err := tr.Score(tbl, nil, 0)
	if err != nil || wrong != 1 {
		t.Fatalf("Score = %d, %v; want 1 wrong", wrong, err)
	}
	for _, c := range []struct {
		leaf *Node
		want []int
	}{{tr.Root.True, []int{1, 2}}, {tr.Root.False.True, []int{2, 0}}, {tr.Root.False.False, []int{0, 0}}} {
		if !reflect.DeepEqual(c.leaf.Counts, c.want) {
			t.Errorf("leaf of class %s counts %v, want %v", tr.Classes[c.leaf.Class], c.leaf.Counts, c.want)
		}
	}
	var text strings.Builder
	if err := tr.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "y = q  # p: 1, q: 2\n") || !strings.Contains(text.String(), "y = q  # no rows\n") {
		t.Errorf("text tree lacks the counts:\n%s", text.String())
	}
	var doc strings.Builder
	if err := tr.WriteJSON(&doc, Meta{}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(strings.NewReader(doc.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Root.True.Counts, []int{1, 2}) {
		t.Errorf("counts read back %v, want [1 2]", back.Root.True.Counts)
	}
}
