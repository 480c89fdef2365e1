package orchestrate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/gini"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// Mode says what a tree must minimize.
type Mode int

// The modes.
const (
	Depth Mode = iota // the paper's DT_depth: the smallest depth
	Size              // DT_size: the smallest depth, then the fewest nodes
)

// String returns the mode's name, as ParseMode reads it.
func (m Mode) String() string {
	if m == Depth {
		return "depth"
	}
	return "size"
}

// ParseMode reads "depth" or "size".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "depth":
		return Depth, nil
	case "size":
		return Size, nil
	}
	return 0, fmt.Errorf("unknown mode %q (want depth or size)", s)
}

// Options configure a search.
type Options struct {
	Mode   Mode
	Engine Engine
	// NewSolver returns a fresh solver for the SAT engine, which uses one
	// per depth and calls it from several goroutines when Jobs > 1; nil
	// means gini, pure Go.
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
	// Jobs is how many depths the SAT engine probes at once, each on its
	// own goroutine and solver (0 means 1). It is odtx's one name for how
	// much runs at once: the --jobs flag, which sets it for learn, and
	// CrossValidate's jobs, the folds it runs at once.
	Jobs int
	// Stagger is how long the shallowest depth is probed alone before
	// deeper ones join it, up to Jobs (0: all at once). Most searches end
	// sooner, and a probe started beside them only shares their CPU.
	Stagger time.Duration
	// AllFeatures encodes every feature from the start, as the paper does,
	// rather than one of each group of features that split the examples
	// encoded so far alike. The SAT engine does so anyway on data of 16
	// features or fewer. For comparison: the answer is the same.
	AllFeatures bool
}

// Progress is the state of a search after a solver call, or a round of
// the DP engine.
type Progress struct {
	Engine    Engine // SAT or DP
	Depth     int    // depth of the call
	MaxLeaves int    // leaf bound of the call, 0 while searching the depth
	Examples  int    // examples encoded for that depth
	Calls     int    // solver calls (DP rounds) so far, all depths together
	Elapsed   time.Duration
}

// Result is the best tree a search found and how it found it.
type Result struct {
	Root   *tree.Node // over the dataset's features and classes
	Engine Engine     // the engine that found Root
	Solver string     // Options.Solver, once the SAT engine has run
	// Optimal is false when the search stopped before proving Root
	// optimal; the bounds then say how far the proof got.
	Optimal  bool
	MinDepth int // no consistent tree is shallower
	MinNodes int // in Size mode, no consistent tree of depth Root.Depth() has fewer nodes
	// ProvenBy names the engines that proved MinDepth and MinNodes.
	ProvenBy tree.Proof
	Used     []int // indices of the examples encoded for Root's depth, in the order added
	Stats    tree.Stats
}

// VerifiedTree returns r.Root over the features and classes of ds, once it
// has checked that the tree classifies every row of tbl, from which ds was
// binarized, as its label (or its relabelling) says. The search checked
// the tree on ds's examples; this check goes through the raw values, as
// prediction does, so that a slip in binarizing or decoding shows as an
// error rather than as a wrong tree.
func (r *Result) VerifiedTree(ds *dataset.Dataset, tbl *dataset.Table) (*tree.Tree, error) {
	t := &tree.Tree{Root: r.Root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes}
	if err := t.Verify(tbl, ds.Relabelled); err != nil {
		return nil, fmt.Errorf("internal error: learned tree fails a training row: %w", err)
	}
	return t, nil
}

// Learn returns a tree of the smallest depth that classifies every example
// of ds correctly and, in Size mode, the fewest nodes among those. When ctx
// ends first it returns, with ctx's error, the best consistent tree found
// so far (at worst a greedy one) and the bounds proven.
//
// opt.Engine chooses the method; Auto chooses by the dataset's shape.
func Learn(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if len(ds.Examples) == 0 {
		return nil, errors.New("no examples")
	}
	if opt.NewSolver == nil {
		opt.NewSolver = func() (solver.Solver, error) { return gini.New(), nil }
	}
	switch opt.Engine {
	case Auto:
		return learnAuto(ctx, ds, opt)
	case DP:
		return learnDP(ctx, ds, opt)
	}
	return learnSAT(ctx, ds, opt, 0)
}

// learnSAT is Learn on the SAT engine, given that no consistent tree is
// shallower than floor.
func learnSAT(ctx context.Context, ds *dataset.Dataset, opt Options, floor int) (*Result, error) {
	s := &search{ds: ds, opt: opt, start: time.Now(), pool: []int{0}, pooled: make([]bool, len(ds.Examples)), refuted: -1}
	s.pooled[0] = true
	classes := presentClasses(ds)
	greedy := Greedy(ds)
	// The greedy tree bounds the depths worth probing, and refutes a
	// solver's UNSAT at its depth or deeper; it can do so only if it is
	// consistent, which it is unless the data contradicts itself.
	if i := misclassified(ds, greedy, 0); i >= 0 {
		return nil, fmt.Errorf("no consistent tree: the data contradicts itself (line %d)", ds.Examples[i].Line)
	}
	// A tree of depth k has at most 2^k leaves, one class each.
	s.res = Result{Root: greedy, Engine: SAT, MinDepth: max(floor, bits.Len(uint(classes-1)))}

	p, err := s.minDepth(ctx)
	if err != nil {
		return s.result(p), err
	}
	defer p.close()
	if opt.Mode == Size {
		// Every class needs a leaf, and a tree of depth k has k+1 leaves
		// at least; once there, no call can do better.
		floor := max(p.enc.Depth()+1, classes)
		s.res.MinNodes = 2*floor - 1
		for s.res.Root.Leaves() > floor {
			smaller, err := p.solve(ctx, s.res.Root.Leaves()-1)
			if err != nil {
				return s.result(p), err
			}
			if smaller == nil {
				s.res.MinNodes = s.res.Root.Nodes()
				break
			}
			s.res.Root = smaller
		}
	}
	s.res.Optimal = true
	return s.result(p), nil
}

// presentClasses counts the classes that label some example.
func presentClasses(ds *dataset.Dataset) int {
	seen := make(map[int]bool)
	for _, ex := range ds.Examples {
		seen[ex.Class] = true
	}
	return len(seen)
}

// search is the state shared by the probes of one Learn.
type search struct {
	ds    *dataset.Dataset
	opt   Options
	start time.Time

	mu      sync.Mutex
	calls   int
	pool    []int  // every example some probe encoded, in the order added
	pooled  []bool // by example index
	res     Result // best tree so far and the bounds proven
	refuted int    // the deepest depth the solver answered UNSAT for, or -1
}

// offer records a consistent tree found by a probe, if it beats the best so
// far. The tree refutes any UNSAT the solver gave at its depth or deeper.
func (s *search) offer(root *tree.Node) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := root.Depth(); d <= s.refuted {
		return s.wrongUnsat(fmt.Sprintf("depth %d", s.refuted), fmt.Sprintf("depth %d", d))
	}
	if better(root, s.res.Root) {
		s.res.Root = root
	}
	return nil
}

// refute records the solver's answer that no consistent tree of depth k
// exists, unless the tree in hand proves it wrong.
func (s *search) refute(k int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.res.Root.Depth(); d <= k {
		return s.wrongUnsat(fmt.Sprintf("depth %d", k), fmt.Sprintf("depth %d", d))
	}
	s.refuted = max(s.refuted, k)
	s.res.MinDepth = max(s.res.MinDepth, k+1)
	return nil
}

// refuteLeaves checks the solver's answer that no consistent tree of depth
// k has at most maxLeaves leaves against the best tree in hand, as found
// and without the tests no example takes (which the search keeps).
func (s *search) refuteLeaves(k, maxLeaves int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range []*tree.Node{s.res.Root, tidy(s.ds, s.res.Root)} {
		if t.Depth() <= k && t.Leaves() <= maxLeaves {
			return s.wrongUnsat(fmt.Sprintf("depth %d with at most %d leaves", k, maxLeaves),
				fmt.Sprintf("depth %d with %d leaves", t.Depth(), t.Leaves()))
		}
	}
	return nil
}

// wrongUnsat is the error for an UNSAT answer on query, refuted by a
// consistent tree of the shape have. A solver that errs once cannot be
// trusted with the other UNSAT answers optimality rests on, so the search
// stops rather than working around it.
func (s *search) wrongUnsat(query, have string) error {
	name := "the solver"
	if s.opt.Solver != "" {
		name = "solver " + s.opt.Solver
	}
	return fmt.Errorf("%s answered UNSAT (no tree of %s), but a consistent tree of %s is in hand: the solver is wrong", name, query, have)
}

// depthInHand is the depth of the best tree so far: no probe deeper can
// find a better one.
func (s *search) depthInHand() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.res.Root.Depth()
}

// share adds example i, which a probe needed, to the pool, and returns the
// examples pooled since the probe last asked, from index from.
func (s *search) share(i int, from int) []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i >= 0 && !s.pooled[i] {
		s.pooled[i] = true
		s.pool = append(s.pool, i)
	}
	return s.pool[from:len(s.pool):len(s.pool)]
}

func (s *search) called(p *probe, maxLeaves int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.opt.Progress != nil {
		s.opt.Progress(Progress{Engine: SAT, Depth: p.enc.Depth(), MaxLeaves: maxLeaves, Examples: len(p.used), Calls: s.calls, Elapsed: time.Since(s.start)})
	}
}

// result returns the state of the search, with p the probe of the final
// depth, if any.
func (s *search) result(p *probe) *Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.res
	// Depth mode leaves the node count free, and the solver fills it with
	// tests no example needs; the search keeps them, as pruning the trees
	// it searches from slowed the size search (README.md), but the user
	// need not see them.
	r.Root = tidy(s.ds, r.Root)
	r.ProvenBy = proof(SAT, s.opt.Mode, r.MinNodes)
	r.Solver = s.opt.Solver
	r.Stats = tree.Stats{SolverCalls: s.calls, Seconds: time.Since(s.start).Seconds()}
	if p != nil {
		r.Used = p.used
		r.Stats.ExamplesUsed = len(p.used)
		r.Stats.Variables = p.enc.Vars()
		r.Stats.Clauses = p.enc.Clauses()
	} else {
		// Stopped before a depth was settled: every example some probe
		// encoded describes the work done.
		r.Used = slices.Clone(s.pool)
		r.Stats.ExamplesUsed = len(s.pool)
	}
	return &r
}

// tidy drops from root the tests that no example of ds takes and those
// whose outcome the tests above decide.
func tidy(ds *dataset.Dataset, root *tree.Node) *tree.Node {
	return tree.Simplify(tree.Prune(root, rows(ds)))
}

// misclassified returns the index of an example of ds that root gets wrong,
// scanning from example from round to the one before it, or -1.
func misclassified(ds *dataset.Dataset, root *tree.Node, from int) int {
	n := len(ds.Examples)
	for j := range n {
		i := (from + j) % n
		ex := ds.Examples[i]
		if root == nil || root.Classify(func(f int) bool { return ex.Values[f] }) != ex.Class {
			return i
		}
	}
	return -1
}

// rows returns the feature values of every example of ds.
func rows(ds *dataset.Dataset) [][]bool {
	rows := make([][]bool, len(ds.Examples))
	for i, ex := range ds.Examples {
		rows[i] = ex.Values
	}
	return rows
}

// proof names the engine that proved the bounds of a search in mode, the
// node bound only if there is one.
func proof(e Engine, mode Mode, minNodes int) tree.Proof {
	p := tree.Proof{Depth: e.String()}
	if mode == Size && minNodes > 0 {
		p.Nodes = e.String()
	}
	return p
}
