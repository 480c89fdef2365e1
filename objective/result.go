package objective

import (
	"context"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// Result is what a Solver found.
type Result struct {
	// Root is the best tree found; with Optimal, an optimal one.
	Root     *tree.Node
	Errors   int // records that Root misclassifies
	Branches int // Root's branching nodes
	// Objective is Errors + CostPerBranch·records·Branches: Errors
	// without a cost.
	Objective float64
	// Bound is a proven lower bound on the objective of every tree within
	// the depth and branch budgets; it equals Objective when Optimal.
	Bound float64
	// ErrorBound is a proven lower bound on the errors of every tree within
	// the budgets, which Bound gives without a cost; with one, the search
	// proves bounds on the objective only, and ErrorBound is 0.
	ErrorBound int
	// Proven is the bound as a score: no tree within the budgets comes
	// before it in the order the search was asked for (errors, then
	// branches, unless Options.AnySize; with a cost, the objective). A
	// search that ends without proving Root optimal and without being
	// stopped has found no tree better than Options.UpperBound's: Proven
	// is that score, which proves that tree optimal.
	Proven Score
	// Optimal reports that Root is proven to minimize the objective and,
	// unless Options.AnySize, among the trees that do, the branching
	// nodes.
	Optimal bool
	Stats   Stats
}

// Stats count the work of a search, in the same units whichever engine
// ran it.
type Stats struct {
	Subproblems int // calls on a set of items, depth and budget
	CacheHits   int // subproblems answered or bounded by the cache
	Depth2      int // sets solved by a depth-two solver, without recursion
	Incremental int // of those, counts updated from another set's
	Pruned      int // tests at a node skipped because bounds showed they cannot win
	Items       int // distinct examples with a class
	Features    int // tests searched, after dropping redundant ones
}

// Majority returns the answer of a search stopped before it began: the
// leaf of the class with the most records of ds, its errors, and no bound.
func Majority(ds *dataset.Dataset) *Result {
	lf := Leaf(classWeights(ds))
	return &Result{Root: tree.Leaf(int(lf.Class)), Errors: lf.S.E, Objective: float64(lf.S.E)}
}

// Outcome returns the Result of a search whose best tree is root, of score
// best, with bound proven of every tree within the budgets, where order
// ranks the trees the search was asked for: optimal if no tree can beat
// root. A search that ctx stopped first comes with ctx's error.
func Outcome(ctx context.Context, root *tree.Node, best, bound Score, order Order, st Stats) (*Result, error) {
	res := &Result{
		Root:      root,
		Errors:    best.E,
		Branches:  best.B,
		Objective: order.Value(best),
		Bound:     order.Value(bound),
		Proven:    bound,
		Optimal:   !order.Less(bound, best),
		Stats:     st,
	}
	if order.Cost == 0 {
		res.ErrorBound = bound.E
	}
	if res.Optimal {
		return res, nil
	}
	return res, ctx.Err()
}

// classWeights returns the records of each class in ds: an example with
// Counts (dataset.Count) stands for its records of each class, any other
// for one record of its class.
func classWeights(ds *dataset.Dataset) []int {
	cls := make([]int, max(len(ds.Classes), 1))
	for _, ex := range ds.Examples {
		if ex.Counts == nil {
			cls[ex.Class]++
		}
		for k, c := range ex.Counts {
			cls[k] += c
		}
	}
	return cls
}

// Records returns the records the examples of ds stand for.
func Records(ds *dataset.Dataset) int {
	n := 0
	for _, w := range classWeights(ds) {
		n += w
	}
	return n
}
