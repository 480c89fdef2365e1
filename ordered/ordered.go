package ordered

import (
	"context"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// Solve is an objective.Solver: it finds the tree of the objective
// (package objective) that opt asks for, searching the cuts of each
// column by intervals. Of the result's Stats, Depth2 counts the depth-two
// searches, Pruned the cuts that bounds spared, and Features the
// threshold tests in columns.
//
// When ctx ends first, Solve returns the best tree found, at least the
// majority leaf, with the bound proven, and ctx's error.
func Solve(ctx context.Context, ds *dataset.Dataset, opt objective.Options) (*objective.Result, error) {
	x, stopped, err := objective.Start(ctx, "ordered", ds, opt, pack)
	if err != nil {
		return stopped, err
	}
	s := newSearch(x, opt)
	defer objective.Watch(ctx, &s.stop, &s.progress)()
	best, bound := s.run()
	return objective.Outcome(ctx, s.tree(best), best.S, bound, s.order, s.stats)
}

// newSearch prepares a search of x.
func newSearch(x *data, opt objective.Options) *search {
	// With AnySize, the search ranks trees by errors alone, throughout.
	s := &search{
		x:        x,
		order:    objective.Order{Cost: opt.CostPerBranch * float64(x.records), ErrorsOnly: opt.AnySize},
		top:      opt.MaxDepth,
		budget:   objective.RootBudget(opt.MaxDepth, opt.MaxBranches, x.records),
		cache:    objective.NewCache(opt.CacheBytes),
		marks:    make([]uint8, x.n),
		none:     make([]int, x.classes),
		frames:   make([]frame, opt.MaxDepth+1),
		learnt:   make([][]record, opt.MaxDepth+1),
		columns:  make([][]frame, opt.MaxDepth+1),
		progress: opt.Progress,
		upper:    opt.UpperBound,
		off:      opt.Off,
		minLeaf:  opt.LeastLeaf(),
		outer:    objective.None,
	}
	if opt.MinLeaf > 1 {
		// Seeds bound a side by what a subset of it proved, which a
		// minimum leaf size breaks (see monotone). A run weighed whole is
		// cut only at its ends, and the first and last cuts that leave
		// each side enough records may fall inside one: the sweep goes
		// item by item, which weighs them (see stump.items).
		s.off.Seeds, s.off.Runs = true, true
	}
	s.stats.Items = x.n
	for _, col := range x.cols {
		s.stats.Features += len(col.feature)
	}
	return s
}

// run searches from the root and returns the best tree found and a proven
// lower bound on the score of every tree within the budgets.
func (s *search) run() (*sol, score) {
	v := s.x.root()
	best := leaf(v.cls)
	s.report(best)
	if len(s.x.cols) == 0 || s.stop.Load() {
		if len(s.x.cols) == 0 || best.S.E == 0 || s.top == 0 {
			return best, best.S
		}
		return best, score{}
	}
	s.root = v
	// The search looks for a tree strictly better than the leaf, and than
	// the best known beside it: finding none proves that one optimal.
	if found := s.solve(v, s.top, s.budget, s.tighten(best.S), score{}); found != nil {
		best = found
	}
	switch {
	case !s.stop.Load():
		return best, s.order.Min(best.S, s.outer)
	case s.bounded:
		return best, s.order.Min(s.order.Min(best.S, s.outer), s.rootLB)
	}
	return best, score{}
}

// report passes an improvement at the root to the Progress function.
func (s *search) report(best *sol) {
	s.held = best.S
	s.tell()
}

// found reports best, a tree of v better than those found before it, if
// v is the root, or, joined to the other side's tree, if v is the side of
// the root's greedy cut being searched; in either case only if it beats
// the tree held, which the root finds again when that side's search ends.
func (s *search) found(v *view, best *sol) {
	t := best
	switch v {
	case s.root:
	case s.watch.v:
		t = s.watch.whole(best)
	default:
		return
	}
	if s.order.Less(t.S, s.held) {
		s.report(t)
	}
}

// reportBound passes a bound proven at the root to the Progress function.
func (s *search) reportBound(lb score) {
	s.proven = lb
	s.tell()
}

// tell passes the best tree's score and the bound proven at the root to
// the Progress function.
func (s *search) tell() {
	if s.progress == nil {
		return
	}
	p := objective.Progress{Errors: s.held.E, Branches: s.held.B, Bound: s.order.Value(s.proven)}
	if s.order.Cost == 0 {
		p.ErrorBound = s.proven.E
	}
	s.progress(p)
}

// tree turns a solution into a tree over the dataset's features, which
// the search's tests are.
func (s *search) tree(t *sol) *tree.Node {
	return t.Tree(func(f int) int { return f })
}
