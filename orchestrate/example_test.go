package orchestrate_test

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
)

// The paper's Appendix example: the tree of least depth, then fewest nodes,
// that classifies every row, proven optimal, and checked on the raw rows.
func ExampleLearn() {
	ds, tbl, err := dataset.Load(context.Background(), "../testdata/appendix.csv", dataset.Options{})
	if err != nil {
		panic(err)
	}
	res, err := orchestrate.Learn(context.Background(), ds, orchestrate.Options{Mode: orchestrate.Size})
	if err != nil {
		panic(err)
	}
	if _, err := res.VerifiedTree(ds, tbl); err != nil {
		panic(err)
	}
	fmt.Printf("depth %d, %d nodes, optimal %v, proven by %s\n", res.Root.Depth(), res.Root.Nodes(), res.Optimal, res.ProvenBy.Depth)
	// Output: depth 2, 7 nodes, optimal true, proven by dp
}
