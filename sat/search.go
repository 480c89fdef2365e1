package sat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/greedy"
	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// Options configure a Search.
type Options struct {
	// NewSolver returns a fresh solver: the search uses one per depth, and
	// calls it from several goroutines when Probes > 1. It is required.
	NewSolver func() (solver.Solver, error)
	// Solver names NewSolver's back end in the error that blames it for an
	// answer a tree in hand refutes ("" for "the solver").
	Solver string
	// Progress, if set, is called after every solver call, from one
	// goroutine at a time.
	Progress func(Progress)
	// Batch is how many misclassified examples to add after each call
	// (0 means 1). More per call means fewer calls but larger formulas:
	// worth it where a call costs a process start.
	Batch int
	// Probes is how many depths are probed at once, each on its own
	// goroutine and solver (0 means 1).
	Probes int
	// Stagger is how long the shallowest depth is probed alone before
	// deeper ones join it, up to Probes (0: at once). Most searches end
	// sooner, and a probe started beside them only shares their CPU.
	Stagger time.Duration
	// Floor is a depth no consistent tree is known to be shallower than,
	// proven elsewhere: the search starts there.
	Floor int
	// DepthOnly says that MinLeaves will not be called: MinDepth then
	// stops as soon as the tree in hand meets the proven bound, with no
	// depth's formula settled.
	DepthOnly bool
}

// Progress is the state of a search after a solver call. Its figures
// never go back while the depth is searched, however many depths are
// probed at once, nor while the leaves are.
type Progress struct {
	// Depth is, while the depth is searched, the shallowest depth not
	// ruled out, where the search is whatever deeper probes run beside
	// it; then the depth whose leaves are counted.
	Depth     int
	MaxLeaves int // leaf bound of the call, 0 while searching the depth
	// Examples counts the examples encoded: by some probe while the depth
	// is searched, then for the depth whose leaves are counted.
	Examples int
	Calls    int // solver calls so far, all depths together
	Elapsed  time.Duration
}

// Stats describe the work a Search has done.
type Stats struct {
	Calls int // solver calls, all depths together
	// Variables and Clauses are the size of the formula of the settled
	// depth, 0 before one is settled.
	Variables, Clauses int
}

// Search finds optimal trees for one dataset. Its methods must be called
// from one goroutine at a time; the probes of MinDepth run on their own.
type Search struct {
	ds     *dataset.Dataset
	opt    Options
	start  time.Time
	final  *probe // the settled depth's, kept open for MinLeaves
	closed bool   // final's solver is closed
	// leafBound is no consistent tree of the settled depth has fewer
	// leaves, once MinLeaves has run.
	leafBound int

	mu      sync.Mutex
	calls   int
	pool    []int      // every example some probe encoded, in the order added
	pooled  []bool     // by example index
	best    *tree.Node // best tree so far, as the solver gave it
	depthLB int        // no consistent tree is shallower
	refuted int        // the deepest depth the solver answered UNSAT for, or -1
	// refutedBy names the portfolio member that gave that answer, if any.
	refutedBy string
	// greedy and known are the tree and the depth bound the search starts
	// from. The greedy tree, which no solver call found, is taken as
	// optimal only at a bound known without the solver, so that a solver
	// that wrongly answers UNSAT is still caught at the greedy tree's depth.
	greedy *tree.Node
	known  int
}

// New prepares a search over the examples of ds, starting from the greedy
// tree, which grows at its best until ctx ends (see greedy.Tree). It fails
// if ds contradicts itself, as no consistent tree exists. The Search holds
// solvers until Close.
func New(ctx context.Context, ds *dataset.Dataset, opt Options) (*Search, error) {
	if len(ds.Examples) == 0 {
		return nil, errors.New("no examples")
	}
	s := &Search{ds: ds, opt: opt, start: time.Now(), pool: []int{0}, pooled: make([]bool, len(ds.Examples)), refuted: -1}
	s.pooled[0] = true
	// The greedy tree bounds the depths worth probing, and refutes a
	// solver's UNSAT at its depth or deeper; it can do so only if it is
	// consistent, which it is unless the data contradicts itself.
	s.best = greedy.Tree(ctx, ds)
	if i := misclassified(ds, s.best, 0); i >= 0 {
		return nil, fmt.Errorf("no consistent tree: the data contradicts itself (line %d)", ds.Examples[i].Line)
	}
	s.depthLB = max(opt.Floor, classbound.Depth(ds.ClassesPresent()))
	s.greedy, s.known = s.best, s.depthLB
	return s, nil
}

// Close releases the solver of the settled depth; the bounds, examples
// used and stats stay.
func (s *Search) Close() {
	if s.final != nil && !s.closed {
		s.final.close()
		s.closed = true
	}
}

// MinDepth returns a tree of the least depth that classifies every example.
// When ctx ends first it returns, with ctx's error, the best tree found so
// far, and DepthBound says what was proven.
func (s *Search) MinDepth(ctx context.Context) (*tree.Node, error) {
	p, err := s.minDepth(ctx)
	s.final = p
	return s.Best(), err
}

// MinLeaves returns, once MinDepth has returned a tree, a tree with the
// fewest leaves among those of its depth that classify every example. When
// ctx ends first it returns the best tree found, with ctx's error, and
// LeafBound says what was proven.
func (s *Search) MinLeaves(ctx context.Context) (*tree.Node, error) {
	p := s.final
	if p == nil || s.closed {
		return nil, errors.New("MinLeaves wants an open Search whose MinDepth settled a depth")
	}
	// A tree of depth k has k+1 leaves at least; once there, no call can
	// do better.
	s.leafBound = max(p.enc.Depth()+1, classbound.Leaves(s.ds.ClassesPresent()))
	for s.best.Leaves() > s.leafBound {
		smaller, err := p.solve(ctx, s.best.Leaves()-1)
		if err != nil {
			return s.Best(), err
		}
		if smaller == nil {
			s.leafBound = s.best.Leaves()
			break
		}
		s.best = smaller
	}
	return s.Best(), nil
}

// Best returns the best tree found so far, without the tests no example
// takes: the solver fills the nodes a depth search leaves free with such
// tests, and the search keeps them, as pruning the trees it searches from
// slowed the size search, but a user need not see them.
func (s *Search) Best() *tree.Node {
	s.mu.Lock()
	defer s.mu.Unlock()
	return tidy(s.ds, s.best)
}

// DepthBound returns the depth that no consistent tree is known to be
// shallower than.
func (s *Search) DepthBound() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.depthLB
}

// LeafBound returns the number of leaves that no consistent tree of depth
// d or less is known to be smaller than: 0 unless MinLeaves has run on
// depth d.
func (s *Search) LeafBound(d int) int {
	if s.final == nil || s.final.enc.Depth() != d {
		return 0
	}
	return s.leafBound
}

// Used returns the indices of the examples encoded for the settled depth,
// in the order added; before a depth is settled, every example some probe
// encoded.
func (s *Search) Used() []int {
	if s.final != nil {
		return s.final.used
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.pool)
}

// Stats returns the work done so far.
func (s *Search) Stats() Stats {
	s.mu.Lock()
	st := Stats{Calls: s.calls}
	s.mu.Unlock()
	if s.final != nil {
		st.Variables, st.Clauses = s.final.enc.Vars(), s.final.enc.Clauses()
	}
	return st
}

// offer records a consistent tree found by a probe, if it beats the best so
// far. The tree refutes any UNSAT the solver gave at its depth or deeper.
func (s *Search) offer(root *tree.Node) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := root.Depth(); d <= s.refuted {
		return s.wrongUnsat(fmt.Sprintf("depth %d", s.refuted), fmt.Sprintf("depth %d", d), s.refutedBy)
	}
	if root.Beats(s.best) {
		s.best = root
	}
	return nil
}

// refute records the solver's answer that no consistent tree of depth k
// exists, unless the tree in hand proves it wrong; by names the portfolio
// member that answered, if any.
func (s *Search) refute(k int, by string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.best.Depth(); d <= k {
		return s.wrongUnsat(fmt.Sprintf("depth %d", k), fmt.Sprintf("depth %d", d), by)
	}
	if k > s.refuted {
		s.refuted, s.refutedBy = k, by
	}
	s.depthLB = max(s.depthLB, k+1)
	return nil
}

// refuteLeaves checks the solver's answer that no consistent tree of depth
// k has at most maxLeaves leaves against the best tree in hand, as found
// and without the tests no example takes (which the search keeps); by
// names the portfolio member that answered, if any.
func (s *Search) refuteLeaves(k, maxLeaves int, by string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range []*tree.Node{s.best, tidy(s.ds, s.best)} {
		if t.Depth() <= k && t.Leaves() <= maxLeaves {
			return s.wrongUnsat(fmt.Sprintf("depth %d with at most %d leaves", k, maxLeaves),
				fmt.Sprintf("depth %d with %d leaves", t.Depth(), t.Leaves()), by)
		}
	}
	return nil
}

// wrongUnsat is the error for an UNSAT answer on query, refuted by a
// consistent tree of the shape have, naming the solver that answered:
// member by of the portfolio if by is not "". A solver that errs once
// cannot be trusted with the other UNSAT answers optimality rests on, so
// the search stops rather than working around it.
func (s *Search) wrongUnsat(query, have, by string) error {
	name := "the solver"
	switch {
	case by != "" && s.opt.Solver != "":
		name = "solver " + by + " of the " + s.opt.Solver
	case by != "":
		name = "solver " + by
	case s.opt.Solver != "":
		name = "solver " + s.opt.Solver
	}
	return fmt.Errorf("%s answered UNSAT (no tree of %s), but a consistent tree of %s is in hand: the solver is wrong", name, query, have)
}

// optimumInHand reports whether the tree in hand is as shallow as the
// proven bound.
func (s *Search) optimumInHand() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.best.Depth()
	return d <= s.depthLB && (s.best != s.greedy || d <= s.known)
}

// depthInHand is the depth of the best tree so far: no probe deeper can
// find a better one.
func (s *Search) depthInHand() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.best.Depth()
}

// share adds example i, which a probe needed, to the pool, and returns the
// examples pooled since the probe last asked, from index from.
func (s *Search) share(i int, from int) []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i >= 0 && !s.pooled[i] {
		s.pooled[i] = true
		s.pool = append(s.pool, i)
	}
	return s.pool[from:len(s.pool):len(s.pool)]
}

func (s *Search) called(p *probe, maxLeaves int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.opt.Progress == nil {
		return
	}
	at := Progress{Depth: p.enc.Depth(), MaxLeaves: maxLeaves, Examples: len(p.used), Calls: s.calls, Elapsed: time.Since(s.start)}
	if maxLeaves == 0 {
		// The probes' calls interleave, deeper ones with fewer examples.
		at.Depth, at.Examples = s.depthLB, len(s.pool)
	}
	s.opt.Progress(at)
}

// tidy drops from root the tests that no example of ds takes and those
// whose outcome the tests above decide.
func tidy(ds *dataset.Dataset, root *tree.Node) *tree.Node {
	return tree.Simplify(tree.Prune(root, rows(ds)))
}

// misclassified returns the index of an example of ds that root gets wrong,
// giving it a class it does not allow, scanning from example from round to
// the one before it, or -1.
func misclassified(ds *dataset.Dataset, root *tree.Node, from int) int {
	n := len(ds.Examples)
	for j := range n {
		i := (from + j) % n
		ex := &ds.Examples[i]
		if root == nil || !ex.Allows(root.Classify(func(f int) bool { return ds.Holds(ex, f) })) {
			return i
		}
	}
	return -1
}

// rows returns the feature values of every example of ds.
func rows(ds *dataset.Dataset) [][]bool {
	rows := make([][]bool, len(ds.Examples))
	for i := range ds.Examples {
		rows[i] = ds.Row(&ds.Examples[i])
	}
	return rows
}
