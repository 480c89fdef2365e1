// Package cart grows the greedy classification tree of CART as
// scikit-learn's DecisionTreeClassifier(max_depth=D, min_samples_leaf=L)
// grows it with its other defaults (Gini impurity, the best splitter,
// min_samples_split=2): a node is split while it holds records of more
// than one class, the depth budget allows and some test tells its records
// apart leaving L records or more on each side, by the test of the largest
// decrease in weighted Gini impurity among those, even a decrease of
// zero. It is found in no time beside an exact search, and is
// the tree every user already has, which an exact search must not do worse
// than.
//
// The tests are the dataset's: a numeric column's cut between two adjacent
// values of a node's records is the test col <= v of the lower value, the
// same split of the records as scikit-learn's threshold halfway between
// them; a categorical column's tests are col == v, one per value, as
// scikit-learn's on a one-hot encoding.
//
// Where several tests are equally good, the first column's is taken (in the
// order of Dataset.Columns), and of a column, the cut of the least value.
// scikit-learn takes the first in a column order it draws at random
// (random_state), and of a column the least value too. Two ways to differ
// that come from scikit-learn, not from CART: it reads numbers as float32,
// which makes some distinct numbers one, and it does not cut between values
// less than 1e-7 apart; odtx keeps every distinct number of the dataset.
//
// Missing values are scikit-learn's since its version 1.3: at a node that
// some records with a missing value in a column reach, the column's cuts
// are tried with them on the false side, then with them on the true side,
// then the cut of the other records from them; at a node that none
// reaches, the cuts alone, and where a missing value goes there is set
// when the tree is checked, to the branch of more records
// (tree.Node.Missing), as scikit-learn sets it.
//
// Records are counted, not distinct examples: an example with Counts
// (dataset.Count) stands for its records of each class, as in the min-error
// engines, and any other for one record.
package cart

import (
	"context"
	"fmt"
	"runtime"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/items"
	"github.com/odtx/odtx/tree"
)

// Tree returns CART's tree of ds of at most the given depth, each of
// whose splits leaves minLeaf records or more on each side (0 and 1 ask
// for nothing), and the records of ds it gets wrong. A leaf takes the class of most of its
// records, on a tie the one first in ds.Classes, as scikit-learn's argmax
// over its sorted classes does, and holds in Counts its records of each
// class.
//
// The tree grows a level at a time, each level a pass over every column.
// If ctx ends before the last, Tree returns the tree of the levels grown,
// CART's tree of that depth, with its errors and ctx's error.
func Tree(ctx context.Context, ds *dataset.Dataset, depth, minLeaf int) (*tree.Node, int, error) {
	if depth < 0 {
		return nil, 0, fmt.Errorf("cart: depth %d, want 0 or more", depth)
	}
	g, root, err := newGrower(ds, minLeaf)
	if err != nil {
		return nil, 0, err
	}
	open := []*node{root}
	for d := 0; d < depth && len(open) > 0 && err == nil; d++ {
		var next []*node
		if next, err = g.level(ctx, open, d == depth-1); err == nil {
			open = next
		}
	}
	errs := 0
	for _, nd := range append(g.leaves, open...) {
		errs += nd.leaf()
	}
	return root.out, errs, err
}

// newGrower returns a grower of ds's tree, whose splits leave minLeaf
// records or more on each side, its columns sorted, and the root, of every
// record.
func newGrower(ds *dataset.Dataset, minLeaf int) (*grower, *node, error) {
	it, err := items.Of(ds)
	if err != nil {
		return nil, nil, fmt.Errorf("cart: %w", err)
	}
	g := &grower{ds: ds, classes: len(ds.Classes), minLeaf: uint64(max(minLeaf, 1))}
	for _, w := range it.Weight {
		if w != 1 {
			g.weights = it.Weight
			break
		}
	}
	g.workers = make([]worker, max(1, min(runtime.GOMAXPROCS(0), len(ds.Columns))))
	for i := range g.workers {
		g.workers[i].left = make([]uint64, g.classes)
		g.workers[i].right = make([]uint64, g.classes)
		g.workers[i].group = make([]uint64, g.classes)
	}
	g.cols = g.columns(ds, it)
	g.side = make([]bool, len(it.Example))
	root := &node{hi: len(it.Example), out: &tree.Node{}, counts: make([]uint64, g.classes)}
	for i, k := range it.Class {
		root.counts[k] += g.weight(int32(i))
	}
	root.total()
	return g, root, nil
}

// grower grows one tree.
type grower struct {
	ds      *dataset.Dataset
	classes int
	minLeaf uint64  // records on each side of a split, at least 1
	weights []int32 // records of each item; nil where each is one
	cols    []column
	colOf   []int  // by index in Dataset.Columns: in cols, or -1
	side    []bool // by item: whether the test of its node holds for it
	workers []worker
	leaves  []*node // the nodes made leaves so far
}

// worker is the memory one goroutine keeps from one column to the next.
type worker struct {
	left, right, group []uint64 // records of each class
	scratch            []entry
	count              []int
}

// node is a node of the tree being grown: its items are those in
// [lo, hi) of every column's entries.
type node struct {
	lo, hi int
	counts []uint64 // records of each class
	n, sq  uint64   // records, and the sum of the squares of counts
	out    *tree.Node
}

// total fills in n and sq from counts.
func (nd *node) total() {
	nd.n, nd.sq = 0, 0
	for _, c := range nd.counts {
		nd.n += c
		nd.sq += c * c
	}
}

// pure reports whether nd's records are all of one class.
func (nd *node) pure() bool { return nd.sq == nd.n*nd.n }

// leaf makes nd's output a leaf of its majority class and returns the
// records it gets wrong.
func (nd *node) leaf() int {
	best := 0
	nd.out.Counts = make([]int, len(nd.counts))
	for k, c := range nd.counts {
		nd.out.Counts[k] = int(c)
		if c > nd.counts[best] {
			best = k
		}
	}
	nd.out.Class = best
	if len(nd.counts) == 0 {
		return 0
	}
	return int(nd.n - nd.counts[best])
}

func (g *grower) weight(item int32) uint64 {
	if g.weights == nil {
		return 1
	}
	return uint64(g.weights[item])
}

// sweeps returns the best split of each impure node of open by each
// column's tests, by node then column, or ctx's error if it ends first.
func (g *grower) sweeps(ctx context.Context, open []*node) ([]split, error) {
	nc := len(g.cols)
	best := make([]split, len(open)*nc)
	g.parallel(nc, func(w *worker, c int) {
		for i, nd := range open {
			best[i*nc+c] = none
			if !nd.pure() && ctx.Err() == nil {
				best[i*nc+c] = g.sweep(w, &g.cols[c], nd)
			}
		}
	})
	return best, ctx.Err()
}

// level splits each node of open that is impure and has a test that
// tells its records apart, and returns their children; the other nodes
// become leaves. The children of the last level are not split, and need
// their items in no order. If ctx ends, it splits none and returns ctx's
// error.
func (g *grower) level(ctx context.Context, open []*node, last bool) ([]*node, error) {
	nc := len(g.cols)
	best, err := g.sweeps(ctx, open)
	if err != nil {
		return nil, err
	}
	var next, cut []*node
	for i, nd := range open {
		s := none
		for _, b := range best[i*nc : (i+1)*nc] {
			if b.beats(s) {
				s = b
			}
		}
		if s.feature < 0 {
			g.leaves = append(g.leaves, nd) // pure, or alike in every test
			continue
		}
		no, yes := g.divide(nd, s.feature)
		next = append(next, no, yes)
		cut = append(cut, nd)
	}
	if last {
		return next, nil
	}
	g.parallel(nc, func(w *worker, c int) {
		for _, nd := range cut {
			w.partition(g.cols[c].ent[nd.lo:nd.hi], g.side)
		}
	})
	return next, nil
}
