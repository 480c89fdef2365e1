package cart

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/tree"
)

// record is one record of a dataset: an example once per record it stands
// for, with the record's class.
type record struct{ ex, class int }

func records(ds *dataset.Dataset) []record {
	var out []record
	for i, ex := range ds.Examples {
		if ex.Counts == nil {
			out = append(out, record{i, ex.Class})
			continue
		}
		for k, c := range ex.Counts {
			for range c {
				out = append(out, record{i, k})
			}
		}
	}
	return out
}

// greedy is a tree under check, whatever grew it: a test on records at an
// internal node, sending those it holds for to yes.
type greedy struct {
	test    func(r record) bool // nil at a leaf
	no, yes *greedy
}

// ours returns n as a greedy tree over ds's tests.
func ours(ds *dataset.Dataset, n *tree.Node) *greedy {
	if n.IsLeaf() {
		return &greedy{}
	}
	f := n.Feature
	return &greedy{
		test: func(r record) bool { return ds.Holds(&ds.Examples[r.ex], f) },
		no:   ours(ds, n.False),
		yes:  ours(ds, n.True),
	}
}

// decrease returns, exactly and by the definition, the decrease in Gini
// impurity, weighted by records, from the records recs to the two sides
// the test puts them on, or nil if a side holds fewer than minLeaf records
// (or none).
func decrease(recs []record, classes, minLeaf int, test func(r record) bool) *big.Rat {
	var all, yes []int = make([]int, classes), make([]int, classes)
	nYes := 0
	for _, r := range recs {
		all[r.class]++
		if test(r) {
			yes[r.class]++
			nYes++
		}
	}
	if nYes < max(minLeaf, 1) || len(recs)-nYes < max(minLeaf, 1) {
		return nil
	}
	no := make([]int, classes)
	for k := range no {
		no[k] = all[k] - yes[k]
	}
	// n·gini(counts) = n − Σc²/n = (n² − Σc²)/n: the decrease is
	// a/n − b/nYes − c/nNo, over n·nYes·nNo.
	weighted := func(counts []int) (num, n int64) {
		for _, c := range counts {
			n += int64(c)
			num -= int64(c * c)
		}
		return num + n*n, n
	}
	a, n := weighted(all)
	b, nb := weighted(yes)
	c, nc := weighted(no)
	return big.NewRat(a*nb*nc-b*n*nc-c*n*nb, n*nb*nc)
}

// side returns the sides the test puts recs on, as a string with the first
// record's side always 0, so that a partition and its mirror are one.
func side(recs []record, test func(r record) bool) string {
	b := make([]byte, len(recs))
	first := test(recs[0])
	for i, r := range recs {
		b[i] = '0'
		if test(r) != first {
			b[i] = '1'
		}
	}
	return string(b)
}

// checkGreedy fails t unless g is a tree CART may grow on ds within
// depth, with leaves of minLeaf records or more: every node is split while
// it is impure, within depth and some test of ds tells its records apart
// leaving minLeaf on each side, by such a test of the largest decrease in
// impurity. It returns whether every split of g was the only best one, up
// to tests that split the node's records alike: then g is the one tree
// CART grows.
func checkGreedy(t *testing.T, ds *dataset.Dataset, g *greedy, depth, minLeaf int) bool {
	t.Helper()
	unique := true
	var walk func(g *greedy, recs []record, d int, path string)
	walk = func(g *greedy, recs []record, d int, path string) {
		impure := false
		for _, r := range recs {
			impure = impure || r.class != recs[0].class
		}
		var best *big.Rat
		parts := map[string]bool{}
		for f := range ds.Features {
			test := func(r record) bool { return ds.Holds(&ds.Examples[r.ex], f) }
			dec := decrease(recs, len(ds.Classes), minLeaf, test)
			switch {
			case dec == nil:
				continue
			case best == nil || dec.Cmp(best) > 0:
				best = dec
				clear(parts)
			case dec.Cmp(best) < 0:
				continue
			}
			parts[side(recs, test)] = true
		}
		if g.test == nil {
			if d < depth && impure && best != nil {
				t.Errorf("node %q at depth %d: a leaf of %d records, impure, that a test of decrease %v splits", path, d, len(recs), best)
			}
			return
		}
		if d >= depth || !impure {
			t.Errorf("node %q at depth %d of %d: split, impure %v", path, d, depth, impure)
			return
		}
		dec := decrease(recs, len(ds.Classes), minLeaf, g.test)
		if dec == nil || dec.Cmp(best) != 0 {
			t.Errorf("node %q at depth %d: its test decreases impurity by %v, the best by %v", path, d, dec, best)
			return
		}
		unique = unique && len(parts) == 1
		var no, yes []record
		for _, r := range recs {
			if g.test(r) {
				yes = append(yes, r)
			} else {
				no = append(no, r)
			}
		}
		walk(g.no, no, d+1, path+"0")
		walk(g.yes, yes, d+1, path+"1")
	}
	walk(g, records(ds), 0, "")
	return unique
}

// leafSets returns the records of ds that reach each leaf of g, in a form
// that two trees splitting the records alike share.
func leafSets(ds *dataset.Dataset, g *greedy) string {
	recs := records(ds)
	leaf := make([]string, len(recs))
	var walk func(g *greedy, idx []int, path string)
	walk = func(g *greedy, idx []int, path string) {
		if g.test == nil {
			for _, i := range idx {
				leaf[i] = path
			}
			return
		}
		var no, yes []int
		for _, i := range idx {
			if g.test(recs[i]) {
				yes = append(yes, i)
			} else {
				no = append(no, i)
			}
		}
		walk(g.no, no, path+"0")
		walk(g.yes, yes, path+"1")
	}
	all := make([]int, len(recs))
	for i := range all {
		all[i] = i
	}
	walk(g, all, "")
	// Name each leaf by its first record, which does not depend on the
	// order of the sides.
	name := map[string]int{}
	var b strings.Builder
	for i, l := range leaf {
		if _, ok := name[l]; !ok {
			name[l] = i
		}
		fmt.Fprintf(&b, "%d ", name[l])
	}
	return b.String()
}

// errorsOf counts the records of ds that g's leaves, each taking its
// majority, get wrong.
func errorsOf(ds *dataset.Dataset, g *greedy) int {
	counts := map[string][]int{}
	recs := records(ds)
	sets := strings.Fields(leafSets(ds, g))
	for i, r := range recs {
		if counts[sets[i]] == nil {
			counts[sets[i]] = make([]int, len(ds.Classes))
		}
		counts[sets[i]][r.class]++
	}
	wrong := 0
	for _, c := range counts {
		most, n := 0, 0
		for _, x := range c {
			most, n = max(most, x), n+x
		}
		wrong += n - most
	}
	return wrong
}

// randomTable returns a random CSV table of rows records: numeric columns
// of values drawn from a few or from many, categorical ones, and classes
// that depend on the first columns more than by chance.
func randomTable(r *rand.Rand, rows, numeric, categorical, classes, spread int) []byte {
	var b bytes.Buffer
	for c := range numeric {
		fmt.Fprintf(&b, "x%d,", c)
	}
	for c := range categorical {
		fmt.Fprintf(&b, "c%d,", c)
	}
	b.WriteString("y\n")
	for range rows {
		sum := 0
		for range numeric {
			v := r.IntN(spread)
			sum += v
			fmt.Fprintf(&b, "%d,", v)
		}
		for range categorical {
			v := r.IntN(4)
			sum += v
			fmt.Fprintf(&b, "%c,", 'a'+v)
		}
		y := sum % classes
		if r.IntN(4) == 0 {
			y = r.IntN(classes)
		}
		fmt.Fprintf(&b, "%d\n", y)
	}
	return b.Bytes()
}

// binarize reads csv as odtx does, keeping every record.
func binarize(t *testing.T, csv []byte, name string) *dataset.Dataset {
	t.Helper()
	_, ds := testgen.Load(t, string(csv), name, dataset.Options{Conflicts: dataset.Count})
	return ds
}

// TestGreedy: on random tables of numeric and categorical columns, with
// records repeated, some with tests dropped and some with a minimum leaf
// size, Tree grows a tree CART may grow, by the definition checked node by
// node, and counts its errors right.
func TestGreedy(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	uniques := 0
	for trial := range 150 {
		numeric, categorical := r.IntN(4), r.IntN(3)
		if numeric+categorical == 0 {
			numeric = 1
		}
		csv := randomTable(r, 1+r.IntN(120), numeric, categorical, 2+r.IntN(3), 2+r.IntN(30))
		if checkTrial(t, r, trial, csv) {
			uniques++
		}
	}
	t.Logf("%d trees of 150 the only ones CART may grow", uniques)
}

// checkTrial checks, as TestGreedy says, the tree Tree grows on csv, one
// time in three with some tests dropped, within a random depth, and
// returns whether it is the only one CART may grow.
func checkTrial(t *testing.T, r *rand.Rand, trial int, csv []byte) bool {
	t.Helper()
	ds := binarize(t, csv, fmt.Sprint("random", trial))
	if trial%3 == 0 {
		// Some tests dropped, as from a coarser set of cuts: a cut
		// between two codes is then a test of a code beyond them, or
		// none.
		ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(2) == 0 })
	}
	depth, minLeaf := r.IntN(6), 0
	if trial%2 == 1 {
		minLeaf = 1 + r.IntN(20)
	}
	root, errs, err := Tree(context.Background(), ds, depth, minLeaf)
	if err != nil {
		t.Fatal(err)
	}
	g := ours(ds, root)
	unique := checkGreedy(t, ds, g, depth, minLeaf)
	checkLeaves(t, ds, root)
	if want := errorsOf(ds, g); errs != want {
		t.Errorf("trial %d: %d errors, the tree makes %d", trial, errs, want)
	}
	if t.Failed() {
		t.Fatalf("trial %d, depth %d, leaves of %d, on\n%s", trial, depth, minLeaf, csv)
	}
	return unique
}

// checkLeaves fails t unless every leaf of root holds in Counts the records
// of ds that reach it and takes the first class of most of them.
func checkLeaves(t *testing.T, ds *dataset.Dataset, root *tree.Node) {
	t.Helper()
	counts := map[*tree.Node][]int{}
	for _, r := range records(ds) {
		leaf := root.Reach(func(f int) bool { return ds.Holds(&ds.Examples[r.ex], f) })
		if counts[leaf] == nil {
			counts[leaf] = make([]int, len(ds.Classes))
		}
		counts[leaf][r.class]++
	}
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		if !n.IsLeaf() {
			walk(n.False)
			walk(n.True)
			return
		}
		want := counts[n]
		if want == nil {
			want = make([]int, len(ds.Classes))
		}
		if !slices.Equal(n.Counts, want) {
			t.Errorf("leaf counts %v, want %v", n.Counts, want)
		}
		if len(want) > 0 && slices.Index(want, slices.Max(want)) != n.Class {
			t.Errorf("leaf of counts %v takes class %d", want, n.Class)
		}
	}
	walk(root)
}
