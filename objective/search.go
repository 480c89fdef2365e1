package objective

import (
	"context"
	"math/rand/v2"
	"sync/atomic"

	"github.com/odtx/odtx/tree"
)

// Sol is a solution of a search: a tree over the searcher's tests, with
// its score.
type Sol struct {
	S       Score
	Feature int32 // the test at the root, -1 at a leaf
	Class   int32 // at a leaf
	F, T    *Sol  // the subtrees where the test fails and holds
}

// Leaf returns the leaf for items with class weights cls: the class of
// most weight, the first on a tie.
func Leaf(cls []int) *Sol {
	total, most, class := 0, -1, 0
	for k, w := range cls {
		total += w
		if w > most {
			most, class = w, k
		}
	}
	return &Sol{S: Score{E: total - most}, Feature: -1, Class: int32(class)}
}

// Join returns the tree that tests f, with onFalse and onTrue below it.
func Join(f int, onFalse, onTrue *Sol) *Sol {
	return &Sol{S: onFalse.S.Add(onTrue.S).Add(Branch), Feature: int32(f), F: onFalse, T: onTrue}
}

// Tree returns t over the dataset's features, which feature gives for
// each of the searcher's tests.
func (t *Sol) Tree(feature func(int) int) *tree.Node {
	if t.Feature < 0 {
		return tree.Leaf(int(t.Class))
	}
	return tree.Split(feature(int(t.Feature)), t.F.Tree(feature), t.T.Tree(feature))
}

// IfLess returns t if it comes before ub in o, and nil otherwise.
func (o Order) IfLess(t *Sol, ub Score) *Sol {
	if t != nil && o.Less(t.S, ub) {
		return t
	}
	return nil
}

// Hashes returns two random values per item, n of them, whose sums over a
// set of items identify it in a Cache; the same n gives the same values.
func Hashes(n int) (h1, h2 []uint64) {
	h1, h2 = make([]uint64, n), make([]uint64, n)
	r := rand.New(rand.NewPCG(0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9))
	for i := range n {
		h1[i], h2[i] = r.Uint64(), r.Uint64()
	}
	return h1, h2
}

// Watch sets stop once ctx ends, until the function it returns is called.
// It also wraps *progress, if not nil, to set stop right after it
// reports, if ctx has ended by then: a Progress function that ends the
// context then stops the search before it goes on, not when the context's
// goroutine runs.
func Watch(ctx context.Context, stop *atomic.Bool, progress *func(Progress)) (release func()) {
	if report := *progress; report != nil {
		*progress = func(p Progress) {
			report(p)
			if ctx.Err() != nil {
				stop.Store(true)
			}
		}
	}
	after := context.AfterFunc(ctx, func() { stop.Store(true) })
	if ctx.Err() != nil {
		stop.Store(true)
	}
	return func() { after() }
}
