package orchestrate

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/regress"
	"github.com/odtx/odtx/tree"
)

// Regression learns the regression tree of least SSE within opt on ds,
// binarized from tbl with dataset.Options.Regression, and checks it on the
// raw rows of tbl: the SSE recomputed exactly from the targets must be
// the one the search claims, within its tolerance, and with a leaf size
// each leaf must hold enough rows. It returns the tree,
// with each leaf's fit, its SSE so recomputed and what the search found.
// When ctx ends first, it returns the best tree found, checked alike, and
// ctx's error.
func Regression(ctx context.Context, ds *dataset.Dataset, tbl *dataset.Table, opt regress.Options) (*tree.Tree, float64, *regress.Result, error) {
	targets, err := regress.Targets(tbl, ds)
	if err != nil {
		return nil, 0, nil, err
	}
	res, stopped := regress.Solve(ctx, ds, targets, opt)
	if res == nil {
		return nil, 0, nil, stopped
	}
	t := &tree.Tree{Root: res.Root, Features: ds.Features, Label: ds.Label, Split: ds.Split}
	exact, err := t.FitLeaves(tbl, ds.Weights, ds.WeightScale)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("internal error: the regression tree fails on the training rows: %w", err)
	}
	sse, _ := exact.Float64()
	if err := res.Check(sse); err != nil {
		return nil, 0, nil, fmt.Errorf("internal error: %w", err)
	}
	if err := leafSizes(t.Root, t.Root, opt.MinLeaf, ds.WeightScale); err != nil {
		return nil, 0, nil, fmt.Errorf("internal error: the regression tree has %w", err)
	}
	return t, sse, res, stopped
}

// leafSizes returns an error unless every leaf under n, of the tree
// root, holds least rows, as FitLeaves counted them, or root is a leaf;
// where they are weighed, least weight, compared as the search does in
// the integers of dataset.Dataset.Weights, scale of them a unit: Weight
// times scale rounds to its integer, below 2^31, exactly.
func leafSizes(root, n *tree.Node, least, scale float64) error {
	switch {
	case root.IsLeaf():
		return nil
	case !n.IsLeaf():
		return errors.Join(leafSizes(root, n.True, least, scale), leafSizes(root, n.False, least, scale))
	case n.Fit.Weight != nil:
		if math.Round(*n.Fit.Weight*scale) < math.Ceil(least*scale) {
			return fmt.Errorf("a leaf of weight %v, less than the %v asked for", *n.Fit.Weight, least)
		}
	case float64(n.Fit.Count) < least:
		return fmt.Errorf("a leaf of %d training rows, fewer than the %v asked for", n.Fit.Count, least)
	}
	return nil
}
