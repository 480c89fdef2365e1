package cart

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// endsAfter is a context that ends once it has been asked looks times
// whether it has: a stop that comes partway through growing a tree.
type endsAfter struct {
	context.Context
	looks atomic.Int64
}

func (c *endsAfter) Err() error {
	if c.looks.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestStopped: a tree stopped by its context is CART's tree of the levels
// it grew, with that tree's errors, and the context's error.
func TestStopped(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	ds := binarize(t, randomTable(r, 300, 3, 2, 3, 50), "random")
	const depth = 5
	var full [depth + 1]string
	var fullErrs [depth + 1]int
	for d := range depth + 1 {
		root, errs, err := Tree(context.Background(), ds, d, 0)
		if err != nil {
			t.Fatal(err)
		}
		full[d], fullErrs[d] = leafSets(ds, ours(ds, root)), errs
	}
	stopped := 0
	for looks := range 60 {
		ctx := &endsAfter{Context: context.Background()}
		ctx.looks.Store(int64(looks))
		root, errs, err := Tree(ctx, ds, depth, 0)
		if err == nil {
			continue
		}
		stopped++
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("after %d looks: error %v", looks, err)
		}
		sets := leafSets(ds, ours(ds, root))
		grown := -1
		for d := range depth + 1 {
			if sets == full[d] && errs == fullErrs[d] {
				grown = d
			}
		}
		if grown < 0 {
			t.Errorf("after %d looks: a tree of %d errors, none of CART's trees of depth up to %d", looks, errs, depth)
		}
	}
	if stopped == 0 {
		t.Error("no context ended the growth")
	}
}
