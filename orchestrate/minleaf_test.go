package orchestrate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// TestMinLeaf: the errors mode with a minimum leaf size, CART's tree held
// from the start and the search beside the engine running at once, proves
// the oracle's optimum, the errors and then the branches, with a tree each
// of whose leaves holds that many records, on random numeric and binary
// tables, a third of them classified without error by some tree, where
// without a leaf size the fewest branches would be dp's to find.
func TestMinLeaf(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for run := range objtest.Runs(150, 40) {
		var ds *dataset.Dataset
		switch run % 3 {
		case 0:
			ds = numericTable(t, r)
		case 1:
			ds = testgen.Noisy(r, 3+r.IntN(4), 8+r.IntN(30), 2+r.IntN(2))
		default:
			ds = testgen.Dataset(r, 3+r.IntN(4), 8+r.IntN(30), 2)
		}
		b := Budget{MaxDepth: 1 + r.IntN(4), MinLeaf: float64(2 + r.IntN(5))}
		res, err := Learn(context.Background(), ds, Options{Mode: Errors, Budget: b})
		if err != nil || !res.Optimal {
			t.Fatalf("run %d (%+v): optimal %v, %v", run, b, res != nil && res.Optimal, err)
		}
		branches := res.Root.Leaves() - 1
		if err := objtest.CheckTree(ds, b.options(), &objective.Result{Root: res.Root, Errors: res.Errors, Branches: branches}); err != nil {
			t.Fatalf("run %d (%+v): %v", run, b, err)
		}
		rows, counts := testgen.Records(ds)
		e, n := bruteforce.FewestErrors(rows, counts, b.MaxDepth, objective.MaxBranches(b.MaxDepth), 0, int(b.MinLeaf))
		if res.Errors != e || branches != n || res.MinErrors != e {
			t.Fatalf("run %d (%+v): %d errors (bound %d), %d branches; the oracle %d and %d", run, b, res.Errors, res.MinErrors, branches, e, n)
		}
	}
}
