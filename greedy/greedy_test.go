package greedy

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
)

// randomData draws n distinct examples of f random features and c classes.
func randomData(r *rand.Rand, n, f, c int) *dataset.Dataset {
	ds := testgen.Boolean(f, c)
	seen := map[string]bool{}
	for len(ds.Examples) < n {
		values := make([]bool, f)
		key := make([]byte, f)
		for i := range values {
			values[i] = r.IntN(2) == 1
			key[i] = '0'
			if values[i] {
				key[i] = '1'
			}
		}
		if !seen[string(key)] {
			seen[string(key)] = true
			ds.Examples = append(ds.Examples, dataset.Example{Codes: testgen.Codes(values), Class: r.IntN(c), Line: len(ds.Examples) + 2})
		}
	}
	return ds
}

// endsAfter is a context that ends once it has been asked looks times
// whether it has: a stop that comes partway through growing a tree.
type endsAfter struct {
	context.Context
	looks int
}

func (c *endsAfter) Err() error {
	if c.looks--; c.looks < 0 {
		return context.Canceled
	}
	return nil
}

// TestTreeStopped: the tree is consistent whenever the context ends:
// never, before the start (the root then tests the first feature that
// tells apart the first example and the first of another class, with no
// feature scored), or partway.
func TestTreeStopped(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	for trial := range 200 {
		ds := randomData(r, 2+r.IntN(60), 1+r.IntN(12)+6, 2+r.IntN(3))
		for _, ctx := range []context.Context{context.Background(), ended, &endsAfter{context.Background(), r.IntN(8)}} {
			root := Tree(ctx, ds)
			for _, ex := range ds.Examples {
				if got := root.Classify(func(f int) bool { return ds.Holds(&ex, f) }); got != ex.Class {
					t.Fatalf("trial %d, %v: line %d of class %d classified %d", trial, ctx, ex.Line, ex.Class, got)
				}
			}
			if ctx == ended && !root.IsLeaf() && root.Feature != firstApart(ds) {
				t.Fatalf("trial %d: stopped before the start, the root tests feature %d, want %d", trial, root.Feature, firstApart(ds))
			}
		}
	}
}

// firstApart is the first feature on which the first example and the
// first of another class differ.
func firstApart(ds *dataset.Dataset) int {
	a := &ds.Examples[0]
	for _, b := range ds.Examples[1:] {
		if b.Class != a.Class {
			for f := range ds.Features {
				if ds.Holds(a, f) != ds.Holds(&b, f) {
					return f
				}
			}
		}
	}
	return -1
}
