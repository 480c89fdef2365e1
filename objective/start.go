package objective

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/dataset"
)

// Start begins a Solver's search, the engine named: it validates opt and
// packs ds for the search by pack. If ctx ends while it packs, it returns
// with ctx's error the answer of a search stopped before it began, the
// majority leaf; with any other error, a nil Result.
func Start[X any](ctx context.Context, engine string, ds *dataset.Dataset, opt Options, pack func(context.Context, *dataset.Dataset) (X, error)) (x X, stopped *Result, err error) {
	if err := opt.Validate(); err != nil {
		return x, nil, fmt.Errorf("%s: %w", engine, err)
	}
	x, err = pack(ctx, ds)
	switch {
	case err != nil && ctx.Err() != nil:
		return x, Majority(ds), fmt.Errorf("%s: %w", engine, err)
	case err != nil:
		return x, nil, err
	}
	return x, nil, nil
}
