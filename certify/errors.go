package certify

import (
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/encode"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/solver"
)

// errorClaim returns the encoder of claim c on errors, its examples added
// to f soft: each example's records, its Counts or else one of its Class,
// are errors but those of its leaf's class, and a unit clause allows fewer
// than c.Errors in all. A tree of 2 nodes or fewer is a leaf, encoded at
// depth 0: deeper, the root tests a feature, and a lone leaf with a class
// would leave the examples on the other side without one, every record of
// theirs counted as an error.
//
// Errors on some records are no more than on all, so a claim proven on a
// subset of the rows holds for every row, as one on classifying does.
func errorClaim(f *solver.Formula, ds *dataset.Dataset, c Claim) (*encode.Encoder, error) {
	depth := c.Depth
	if c.MaxNodes > 0 && c.MaxNodes < 3 {
		depth = 0
	}
	enc := encode.New(f, depth, len(ds.Features), len(ds.Classes))
	one := make([]int, len(ds.Classes))
	for _, i := range c.Examples {
		ex := ds.Examples[i]
		counts := ex.Counts
		if counts == nil {
			clear(one)
			one[ex.Class] = 1
			counts = one
		}
		enc.AddSoftExample(ds.Row(&ex), counts)
	}
	bound, err := enc.ErrorBound(c.Errors - 1)
	if err != nil {
		return nil, fmt.Errorf("certify: %w", err)
	}
	f.AddClause([]int{bound})
	return enc, nil
}

// errorBound names the error bound of a claim in the formula's first
// comment, "" for a claim that every example is classified.
func errorBound(errors int) string {
	if errors == 0 {
		return ""
	}
	return ", fewer than " + plural.Count(errors, "error")
}
