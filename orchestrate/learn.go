package orchestrate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// Mode says what a tree must minimize.
type Mode int

// The modes.
const (
	Depth Mode = iota // the paper's DT_depth: the smallest depth
	Size              // DT_size: the smallest depth, then the fewest nodes
	// Errors asks for the fewest misclassified training records among the
	// trees within Options.Budget, then the fewest nodes: the objective of
	// the DP tools, for data no small tree classifies.
	Errors
)

var modeNames = [...]string{Depth: "depth", Size: "size", Errors: "errors"}

// String returns the mode's name, as ParseMode reads it.
func (m Mode) String() string {
	if m < 0 || int(m) >= len(modeNames) {
		return fmt.Sprintf("Mode(%d)", int(m))
	}
	return modeNames[m]
}

// ParseMode reads "depth", "size" or "errors".
func ParseMode(s string) (Mode, error) {
	for m, name := range modeNames {
		if s == name {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (want depth, size or errors)", s)
}

// Budget bounds the trees of the Errors mode.
type Budget struct {
	MaxDepth int // at most this deep; 0 is a single leaf
	// MaxBranches bounds the branching nodes, as STreeD and MurTree count
	// them (a tree of b branching nodes has 2b+1 nodes); 0 leaves only
	// the depth's bound.
	MaxBranches int
	// Cost is the complexity cost of ConTree and STreeD: each branching
	// node costs Cost times the number of records, in errors, and the
	// search minimizes errors plus that cost.
	Cost float64
	// AnySize, without a Cost, asks for a tree of the fewest errors of any
	// size, as STreeD, MurTree and ConTree give by default, rather than
	// the one with the fewest nodes among them (objective.Options.AnySize).
	AnySize bool
	// MinLeaf is the fewest rows (records) a leaf holds, unless the tree
	// is a single leaf, as scikit-learn's min_samples_leaf
	// (objective.Options.MinLeaf); 0 and 1 ask for nothing. Where the
	// records are weighed (dataset.Dataset.Weights), it is the least
	// weight of a leaf, in the weights' units as given.
	MinLeaf float64
}

// leastLeaf returns b.MinLeaf in the records the engines count for ds: in
// the units of its Weights, if it has them, rounded up.
func (b Budget) leastLeaf(ds *dataset.Dataset) int {
	if ds.Weights != nil {
		return int(math.Ceil(b.MinLeaf * ds.WeightScale))
	}
	return int(math.Ceil(b.MinLeaf))
}

// Validate reports a budget that no search can take, as the engines of
// the Errors mode check it (objective.Options.Validate).
func (b Budget) Validate() error {
	return b.options().Validate()
}

// options returns the engines' options for b.
func (b Budget) options() objective.Options {
	return objective.Options{MaxDepth: b.MaxDepth, MaxBranches: b.MaxBranches, CostPerBranch: b.Cost, AnySize: b.AnySize, MinLeaf: int(math.Ceil(b.MinLeaf))}
}

// Options configure a search.
type Options struct {
	Mode   Mode
	Engine Engine
	// Budget bounds the trees in the Errors mode; the other modes ignore it.
	Budget Budget
	// NewSolver returns a fresh solver for the SAT engine, which uses one
	// per depth and calls it from several goroutines when Probes > 1; nil
	// means the back end Configure picks for the data, with its Solver and
	// Batch.
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
	// Probes is how many depths the SAT engine probes at once, each on
	// its own goroutine and solver (0 means 1).
	Probes int
	// Stagger is how long the shallowest depth is probed alone before
	// deeper ones join it, up to Probes (0: at once). Most searches end
	// sooner, and a probe started beside them only shares their CPU.
	Stagger time.Duration
	// Off switches techniques of the engines of the Errors mode off, for
	// an ablation (objective.Techniques).
	Off objective.Techniques
	// CacheBytes bounds the memory of the caches of subproblems of a
	// search, all together, about: the part of its memory that grows as it
	// goes. 0 leaves each engine its default (objective.DefaultCacheBytes,
	// dp.DefaultCacheBytes).
	CacheBytes int64
}

// Progress is the state of a search after a solver call, or a round of
// the DP engine.
type Progress struct {
	Engine Engine // the engine that reports
	// Depth is, while the depth is searched, the shallowest depth no
	// engine has ruled out, where the search is whatever deeper probes run
	// beside it; then the depth whose leaves are counted. It never goes
	// back while the depth is searched. In the Errors mode it is the
	// depth bound.
	Depth     int
	MaxLeaves int // leaf bound of the call, 0 while searching the depth
	Examples  int // examples encoded (see sat.Progress)
	Calls     int // solver calls (DP rounds) so far, all depths together
	// In the Errors mode: the training errors of the best tree so far, and
	// the proven lower bound on them.
	Errors, MinErrors int
	Elapsed           time.Duration
}

// Result is the best tree a search found and how it found it.
type Result struct {
	Mode   Mode       // what Root minimizes
	Root   *tree.Node // over the dataset's features and classes
	Engine Engine     // the engine that found Root
	Solver string     // Options.Solver, once the SAT engine has run
	// Optimal is false when the search stopped before proving Root
	// optimal; the bounds then say how far the proof got.
	Optimal  bool
	MinDepth int // no consistent tree is shallower
	MinNodes int // in Size mode, no consistent tree of depth Root.Depth() has fewer nodes
	// In the Errors mode: the training records Root misclassifies, and
	// the fewest any tree within the budget can (a proven lower bound,
	// equal to Errors when Optimal). With a Budget.Cost the search proves
	// bounds on the cost instead: Objective is Root's, errors plus the
	// cost of its branching nodes, MinObjective the bound. Where records
	// are weighed (dataset.Dataset.Weights), errors are their weight in
	// the units of Weights.
	Errors, MinErrors       int
	Objective, MinObjective float64
	// WrongRows, in the Errors mode, counts the training rows Root
	// misclassifies, whatever their weight, once VerifiedTree has counted
	// them.
	WrongRows int
	// ProvenBy names the engines that proved MinDepth and MinNodes, or
	// MinErrors.
	ProvenBy tree.Proof
	Used     []int // indices of the examples encoded for Root's depth, in the order added
	Stats    tree.Stats
}

// VerifiedTree returns r.Root over the features and classes of ds, once it
// has checked that the tree classifies every row of tbl, from which ds was
// binarized, as its label (or its relabelling) says, or in the Errors
// mode, that it misclassifies exactly r.Errors of them. The search checked
// the tree on ds's examples; this check goes through the raw values, as
// prediction does, so that a slip in binarizing or decoding shows as an
// error rather than as a wrong tree. It leaves at each leaf the class
// counts of the rows that reach it, and in ds, where identical rows tie on
// their labels, the label the tree gave them (dataset.Dataset.Settle).
func (r *Result) VerifiedTree(ds *dataset.Dataset, tbl *dataset.Table) (*tree.Tree, error) {
	t := &tree.Tree{Root: r.Root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes, Split: ds.Split}
	if r.Mode == Errors {
		wrong, loss, err := t.Score(tbl, ds.Weights, ds.WeightScale)
		switch {
		case err != nil:
			return nil, fmt.Errorf("internal error: learned tree fails on the training rows: %w", err)
		case ds.Weights == nil && loss != r.Errors:
			return nil, fmt.Errorf("internal error: the search counted %d training errors, but the tree misclassifies %d rows", r.Errors, loss)
		case loss != r.Errors:
			return nil, fmt.Errorf("internal error: the search counted a weight of %d in training errors, but the rows the tree misclassifies weigh %d", r.Errors, loss)
		}
		r.WrongRows = wrong
		return t, nil
	}
	if err := ds.Settle(func(ex *dataset.Example) int { return r.Root.Classify(func(f int) bool { return ds.Holds(ex, f) }) }); err != nil {
		return nil, fmt.Errorf("internal error: learned tree fails a training row: %w", err)
	}
	if err := t.Verify(tbl, ds.Relabelled); err != nil {
		return nil, fmt.Errorf("internal error: learned tree fails a training row: %w", err)
	}
	return t, nil
}

// Learn returns a tree of the smallest depth that classifies every example
// of ds correctly and, in Size mode, the fewest nodes among those; in the
// Errors mode, the tree within opt.Budget that misclassifies the fewest
// records, then has the fewest nodes. When ctx ends first it returns, with
// ctx's error, the best tree found so far (at worst a greedy one) and the
// bounds proven.
//
// opt.Engine chooses the method; Auto runs DP alone for a head start,
// then races SAT beside it, or on numeric data Ordered (learnAuto).
func Learn(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if len(ds.Examples) == 0 {
		return nil, errors.New("no examples")
	}
	if opt.CacheBytes < 0 {
		return nil, fmt.Errorf("caches of %d bytes: want 0 (the engines' defaults) or more", opt.CacheBytes)
	}
	if opt.NewSolver == nil {
		// The back end the command line would pick for this data.
		auto, err := Configure(opt.Engine, nil, opt.Mode, func() (*dataset.Dataset, error) { return ds, nil }, nil)
		if err != nil {
			return nil, err
		}
		opt.NewSolver, opt.Solver, opt.Batch = auto.NewSolver, cmp.Or(opt.Solver, auto.Solver), cmp.Or(opt.Batch, auto.Batch)
	}
	res, err := learn(ctx, ds, opt)
	if res != nil {
		res.Mode = opt.Mode
	}
	return res, err
}

func learn(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if opt.Mode == Errors {
		return learnErrors(ctx, ds, opt)
	}
	if opt.Engine.searchesErrors() {
		return learnLadder(ctx, ds, opt, opt.Engine, greedyOnce(ctx, ds))
	}
	switch opt.Engine {
	case Auto:
		return learnAuto(ctx, ds, opt)
	case DP:
		return learnDP(ctx, ds, opt, greedyOnce(ctx, ds))
	}
	return learnSAT(ctx, ds, opt, 0)
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
