package dp

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/tree"
)

// Options configure a Search.
type Options struct {
	// Progress, if set, is called after every round of the incremental
	// loop.
	Progress func(Progress)
	// CacheBytes bounds the memory of the search's cache of subproblems,
	// roughly: 0 asks for DefaultCacheBytes.
	CacheBytes int64
}

// DefaultCacheBytes is the memory a search's cache holds at most, about,
// where Options.CacheBytes is 0.
const DefaultCacheBytes = 256 << 20

// Progress is the state of a search after a round.
type Progress struct {
	Depth     int // depth of the round's search
	MaxLeaves int // leaf bound of the round, 0 while searching the depth
	Examples  int // examples the round searched on
	Rounds    int // rounds so far
	Elapsed   time.Duration
}

// Stats describe the work a Search has done.
type Stats struct {
	Rounds      int // searches over a subset of the examples
	Subproblems int // sets of examples whose results were cached
}

// Search finds optimal trees for one dataset. Its methods must be called
// from one goroutine at a time; what one call learns, later calls reuse.
type Search struct {
	x     *examples
	r     *recursion
	opt   Options
	start time.Time

	set    []int32 // the examples searched on, in increasing order
	inSet  []bool
	rounds int

	depthLB int // no consistent tree is shallower
	leafLB  int // no consistent tree of depth leafAt has fewer leaves
	leafAt  int
	present int // classes
}

// New prepares a search over the examples of ds. It starts on one example
// of each class and adds examples as trees misclassify them. An example
// with Tied classes is classified by a leaf of any of them. It fails only
// when ctx ends while it reads the examples.
func New(ctx context.Context, ds *dataset.Dataset, opt Options) (*Search, error) {
	limit := opt.CacheBytes
	if limit <= 0 {
		limit = DefaultCacheBytes
	}
	x, err := pack(ctx, ds)
	if err != nil {
		return nil, err
	}
	s := &Search{
		x:     x,
		r:     &recursion{x: x, cache: newCache(int(limit))},
		opt:   opt,
		start: time.Now(),
		inSet: make([]bool, x.n),
	}
	seen := make(map[int32]bool)
	present := 0
	for i, c := range x.class {
		if int(c) < x.classes && !seen[c] {
			seen[c] = true
			present++
			s.add(int32(i))
		}
	}
	if present == 0 {
		// Every example has Tied classes: a leaf of some class needs one.
		s.add(0)
		present = 1
	}
	s.present = present
	s.depthLB = classbound.Depth(present)
	s.leafLB = classbound.Leaves(present)
	return s, nil
}

// add puts examples into the set searched on, keeping it in order.
func (s *Search) add(examples ...int32) {
	for _, i := range examples {
		if !s.inSet[i] {
			s.inSet[i] = true
			s.set = append(s.set, i)
		}
	}
	slices.Sort(s.set)
}

// DepthBound returns the depth that no consistent tree is known to be
// shallower than.
func (s *Search) DepthBound() int { return s.depthLB }

// LeafBound returns the number of leaves that no consistent tree of depth
// d or less is known to be smaller than.
func (s *Search) LeafBound(d int) int {
	if d == s.leafAt {
		return s.leafLB
	}
	return 1
}

// Used returns the indices of the examples searched on, in increasing order.
func (s *Search) Used() []int {
	out := make([]int, len(s.set))
	for k, i := range s.set {
		out[k] = int(i)
	}
	return out
}

// Stats returns the work done so far.
func (s *Search) Stats() Stats {
	return Stats{Rounds: s.rounds, Subproblems: s.r.cache.entries}
}

// errContradiction is returned when examples that no feature tells apart
// have different classes.
var errContradiction = errors.New("the data contradicts itself: no consistent tree exists")

// MinDepth returns a tree of the least depth that classifies every example.
// When ctx ends first it returns ctx's error, with DepthBound what was
// proven.
func (s *Search) MinDepth(ctx context.Context) (*tree.Node, error) {
	defer s.r.watch(ctx)()
	for {
		if s.r.stopped = ctx.Err() != nil; s.r.stopped {
			return nil, ctx.Err()
		}
		d, t := s.r.depth(s.set, s.r.know(s.set, 0), s.depthLB+1, 0)
		s.round(s.depthLB, 0)
		if s.r.stop() {
			return nil, ctx.Err()
		}
		if t == nil {
			if d >= infinity {
				return nil, errContradiction
			}
			// No tree of depth depthLB on these examples, nor on all.
			s.depthLB = d
			continue
		}
		if !s.grow(t) {
			return t, nil
		}
	}
}

// MinLeaves returns a tree with the fewest leaves among those of depth d or
// less that classify every example, given upper, one of them. When ctx
// ends first it returns the best tree found, with ctx's error, and
// LeafBound(d) says what was proven.
func (s *Search) MinLeaves(ctx context.Context, d int, upper *tree.Node) (*tree.Node, error) {
	defer s.r.watch(ctx)()
	if s.leafAt != d {
		if d > s.leafAt {
			// Deeper trees may need fewer leaves: only the classes bound
			// them as before.
			s.leafLB = classbound.Leaves(s.present)
		}
		s.leafAt = d
		if d == s.depthLB {
			// Every consistent tree is at least this deep, and so has a
			// leaf more than its depth.
			s.leafLB = max(s.leafLB, d+1)
		}
	}
	best := upper
	for best.Leaves() > s.leafLB {
		if s.r.stopped = ctx.Err() != nil; s.r.stopped {
			return best, ctx.Err()
		}
		l, t := s.r.leaves(s.set, s.r.know(s.set, 0), d, best.Leaves(), 0)
		s.round(d, best.Leaves()-1)
		if s.r.stop() {
			return best, ctx.Err()
		}
		s.leafLB = max(s.leafLB, min(l, best.Leaves()))
		if t == nil {
			break
		}
		if !s.grow(t) {
			best = t
		}
	}
	return best, nil
}

// grow adds to the set examples t gets wrong and reports whether there
// were any. Each round costs a search from the root, so the set grows
// faster when examples are cheap: with few features, where a set's cost
// is about linear in its examples, it at least doubles, and once it
// would hold an eighth of them it takes them all. With many features,
// where each example brings new thresholds into every set it joins, one
// example for each leaf that errs keeps the sets small.
func (s *Search) grow(t *tree.Node) bool {
	narrow := s.x.nkept() <= narrowFeatures
	limit := t.Leaves()
	if narrow {
		limit = max(limit, len(s.set))
	}
	wrong := s.x.wrong(t, s.inSet, limit)
	if narrow && len(wrong) > 0 && len(s.set)+len(wrong) > s.x.n/8 {
		wrong = make([]int32, s.x.n)
		for i := range wrong {
			wrong[i] = int32(i)
		}
	}
	s.add(wrong...)
	return len(wrong) > 0
}

// narrowFeatures is the most features a dataset has for grow to count
// its examples as cheap.
const narrowFeatures = 64

func (s *Search) round(depth, maxLeaves int) {
	s.rounds++
	if s.opt.Progress != nil {
		s.opt.Progress(Progress{Depth: depth, MaxLeaves: maxLeaves, Examples: len(s.set), Rounds: s.rounds, Elapsed: time.Since(s.start)})
	}
}
