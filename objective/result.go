package objective

import (
	"context"
	"fmt"

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
	cls := make([]int, max(len(ds.Classes), 1))
	for _, ex := range ds.Examples {
		if ex.Counts == nil {
			cls[ex.Class]++
		}
		for k, c := range ex.Counts {
			cls[k] += c
		}
	}
	lf := Leaf(cls)
	return &Result{Root: tree.Leaf(int(lf.Class)), Errors: lf.S.E, Objective: float64(lf.S.E)}
}

// Outcome returns the Result of a search whose best tree is root, of score
// best, with bound proven of every tree within the budgets, where order
// ranks the trees the search was asked for: optimal if no tree can beat
// root. A result that is not comes with ctx's error, or, if ctx has not
// ended, one that says the search named by engine stopped.
func Outcome(ctx context.Context, engine string, root *tree.Node, best, bound Score, order Order, st Stats) (*Result, error) {
	res := &Result{
		Root:      root,
		Errors:    best.E,
		Branches:  best.B,
		Objective: order.Value(best),
		Bound:     order.Value(bound),
		Optimal:   !order.Less(bound, best),
		Stats:     st,
	}
	if order.Cost == 0 {
		res.ErrorBound = bound.E
	}
	if res.Optimal {
		return res, nil
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, fmt.Errorf("%s: stopped", engine)
}
