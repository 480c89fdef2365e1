package regress

import (
	"context"
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// Options configure Solve.
type Options struct {
	// MaxDepth bounds the depth of the tree; 0 asks for a single leaf.
	MaxDepth int
	// MaxBranches bounds its branching nodes, as STreeD and MurTree count
	// them (a tree of N has N+1 leaves); 0 asks for no bound but the
	// depth's.
	MaxBranches int
	// MinLeaf is the fewest records each leaf of a tree with a branching
	// node holds, as orchestrate.Budget.MinLeaf: a split is allowed only
	// where both its sides hold that many, and a tree that is a single
	// leaf is allowed whatever its records. 0 and 1 ask for nothing.
	// Where the records are weighed, it is the least weight of a leaf, in
	// the weights' units as given, rounded up to those of ds.Weights.
	MinLeaf float64
	// Cost is the complexity cost of STreeD's cost-complex-regression:
	// each branching node costs Cost times the SSE of the tree that is a
	// single leaf, and the search minimizes the SSE plus that cost.
	Cost float64
	// AnySize asks for a tree of least SSE (or cost) of any size; without
	// it, the fewest branching nodes among those trees (see the package
	// doc for what least means there).
	AnySize bool
	// CacheBytes bounds the memory of the search's cache of subproblems,
	// about, as objective.Options.CacheBytes.
	CacheBytes int64
}

// Result is what Solve found.
type Result struct {
	// Root is the best tree found, over the dataset's features; its
	// leaves carry nothing: each predicts the mean of the records that
	// reach it.
	Root *tree.Node
	// SSE is Root's sum of squared errors, each leaf's from its exact
	// sums, and Objective that plus the cost of its branching nodes.
	SSE, Objective float64
	Branches       int
	// Bound is a proven lower bound on the objective (the SSE without a
	// Cost) of every tree within the options, less Tolerance; it equals
	// Objective when Optimal.
	Bound float64
	// Tolerance is how far Root's SSE may lie above the least, for
	// rounding (see the package doc): with Optimal, no tree of the depth
	// has an SSE below Root's by more.
	Tolerance float64
	// Exact reports that the targets were summed exactly, as the decimals
	// they print as; else they were rounded to 2^31 steps across their
	// range, which Tolerance covers.
	Exact   bool
	Optimal bool
	Stats   Stats
}

// Check returns an error unless sse, Root's SSE on the training rows
// computed anew (as tree.Tree.FitLeaves does), is the one the search
// claims, within its tolerance.
func (r *Result) Check(sse float64) error {
	if math.Abs(sse-r.SSE) > r.Tolerance+math.Ldexp(sse, -50) {
		return fmt.Errorf("the regression tree has SSE %v on the training rows, not the %v the search claims (tolerance %v)", sse, r.SSE, r.Tolerance)
	}
	return nil
}

// Stats count the work of a search.
type Stats struct {
	Subproblems int // calls on a set of items and a depth
	CacheHits   int // subproblems the cache answered or bounded
	Pruned      int // cuts that bounds spared
	Items       int // distinct examples, of some weight
}

// Solve finds the tree of depth at most opt.MaxDepth over the features of
// ds of least SSE on the targets, targets[e] those of the records of the
// example ds.Examples[e] in the table's order, as Targets lists them.
// Where ds weighs its records (dataset.Dataset.Weights), the SSE is
// weighed, Σ w·(y - ȳ)² with ȳ the weighted mean of a leaf, in the
// weights' units as given, and so are Result's SSE, Bound and Tolerance. When ctx ends first, it returns the best tree
// found, with a bound below the least SSE, and ctx's error.
func Solve(ctx context.Context, ds *dataset.Dataset, targets [][]float64, opt Options) (*Result, error) {
	if opt.MaxDepth < 0 || opt.MaxBranches < 0 || !(opt.MinLeaf >= 0 && opt.MinLeaf <= math.MaxInt32) {
		return nil, fmt.Errorf("regress: depth %d, branching nodes %d and leaf size %v: want none negative, the leaf size at most %d", opt.MaxDepth, opt.MaxBranches, opt.MinLeaf, math.MaxInt32)
	}
	if err := objective.Searchable(opt.MaxDepth, opt.MaxBranches); err != nil {
		return nil, fmt.Errorf("regress: %w", err)
	}
	if !(opt.Cost >= 0 && opt.Cost <= math.MaxFloat64) {
		return nil, fmt.Errorf("regress: complexity cost %v: want a finite cost of 0 or more", opt.Cost)
	}
	if opt.CacheBytes < 0 {
		return nil, fmt.Errorf("regress: cache of %d bytes: want 0 (the default) or more", opt.CacheBytes)
	}
	x, err := pack(ds, targets)
	if err != nil {
		return nil, err
	}
	res := run(ctx, x, opt)
	if res.Optimal {
		return res, nil
	}
	return res, fmt.Errorf("regress: %w", ctx.Err())
}

// run searches x until ctx ends.
func run(ctx context.Context, x *data, opt Options) *Result {
	return newSearch(x, x.root(), opt).run(ctx)
}

// run searches from s.root until ctx ends.
func (s *search) run(ctx context.Context) *Result {
	x, root, opt := s.x, s.root, s.opt
	rootSSE := root.tot.sse()
	after := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer after()
	if ctx.Err() != nil {
		s.stop.Store(true)
	}
	best := s.greedy(root, opt.MaxDepth, s.budget)
	if t := s.within(root, opt.MaxDepth, s.budget, best.cost); t != nil {
		best = t
	}
	all := make([]int32, len(x.stat))
	for i := range all {
		all[i] = int32(i)
	}
	sse := x.sse(best, all)
	obj := sse + (s.pen-s.eta)*float64(best.branches)
	bound := obj
	if s.stop.Load() {
		// The root's bound counts eta a branching node, which a tree of
		// the least objective may have up to the most there are; and no
		// tree of depth d has more than 2^d leaves, nor one of b
		// branching nodes more than b+1.
		groups := 1 << min(opt.MaxDepth, 30)
		if s.budget < groups {
			groups = s.budget + 1
		}
		bound = max(s.rootBound-s.eta*float64(s.budget), x.clusterBound(groups, clusterWork))
	}
	unit2 := x.sc.Unit * x.sc.Unit / x.scale // the SSE's unit, weighed
	return &Result{
		Root:      x.tree(best),
		SSE:       sse * unit2,
		Objective: obj * unit2,
		Branches:  best.branches,
		Bound:     bound * unit2,
		Tolerance: tolerance(x, rootSSE, s.margin, opt) * unit2,
		Exact:     x.sc.Exact,
		Optimal:   !s.stop.Load(),
		Stats:     s.stats,
	}
}

// clusterWork bounds the steps of the bound that a stopped search returns
// (see clusterBound), which it computes after it stops: a fraction of a
// second.
const clusterWork = 4e7

// newSearch prepares a search of x within opt, root being the set of
// all its items.
func newSearch(x *data, root *set, opt Options) *search {
	d := opt.MaxDepth
	s := &search{
		x:      x,
		opt:    opt,
		margin: marginOf(root.tot.sse(), root.tot.n, d),
		least:  max(int64(math.Ceil(opt.MinLeaf*x.scale)), 1),
		cache:  objective.NewMemo[known](opt.CacheBytes),
		side:   make([]uint8, len(x.stat)),
		frames: make([]frame, d+1),
		root:   root,
		budget: objective.RootBudget(d, opt.MaxBranches, len(x.stat)),
	}
	s.mono = s.least == 1
	if !opt.AnySize {
		s.eta = 2 * math.Ldexp(s.margin, 2*min(d+1, 40))
	}
	s.pen = opt.Cost*root.tot.sse() + s.eta
	s.stats.Items = len(x.stat)
	return s
}

// tolerance returns, in the integer targets' units, how far the SSE of
// the tree found may lie above the least: the margin of each of the
// tree's nodes and the rounding of each bound it was compared with, at
// most 4^(d+1) margins; and where the targets were rounded to steps of
// one unit, what rounding by half a unit each of n records does to the
// SSE of a tree whose SSE is at most root: it moves the square root of
// any tree's SSE by at most √n/2, which the best tree and the one found
// may each move, and the SSE of the root's leaf with them, which each of
// the tree's branching nodes costs Cost times.
func tolerance(x *data, root, margin float64, opt Options) float64 {
	d := opt.MaxDepth
	tol := math.Ldexp(margin, 2*min(d+1, 40))
	if !opt.AnySize {
		// The fewest nodes: eta for each node a tree of the least SSE
		// may have, at most 2^d-1 or the budget, two of the above each.
		tol *= 1 + 2*float64(opt.most())
	}
	if !x.sc.Exact {
		n := 0.0
		for _, st := range x.stat {
			n += float64(st.n)
		}
		r := math.Sqrt(n) // twice √n/2
		tol += (2*r*math.Sqrt(root) + r*r) * (1 + opt.Cost*float64(opt.most()))
	}
	return tol
}
