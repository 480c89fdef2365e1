package orchestrate

import (
	"context"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/sat"
	"github.com/odtx/odtx/tree"
)

// learnSAT is Learn on the SAT engine, given that no consistent tree is
// shallower than floor.
func learnSAT(ctx context.Context, ds *dataset.Dataset, opt Options, floor int) (*Result, error) {
	start := time.Now()
	sopt := sat.Options{NewSolver: opt.NewSolver, Solver: opt.Solver, Batch: opt.Batch, Probes: opt.Probes,
		Stagger: opt.Stagger, Floor: floor, DepthOnly: opt.Mode == Depth}
	if opt.Progress != nil {
		sopt.Progress = func(p sat.Progress) {
			opt.Progress(Progress{Engine: SAT, Depth: p.Depth, MaxLeaves: p.MaxLeaves, Examples: p.Examples, Calls: p.Calls, Elapsed: p.Elapsed})
		}
	}
	s, err := sat.New(ctx, ds, sopt)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	root, err := s.MinDepth(ctx)
	if err == nil && opt.Mode == Size {
		root, err = s.MinLeaves(ctx)
	}
	res := &Result{Root: root, Engine: SAT, Solver: opt.Solver, Optimal: err == nil, MinDepth: s.DepthBound()}
	if l := s.LeafBound(root.Depth()); opt.Mode == Size && l > 0 {
		res.MinNodes = 2*l - 1
	}
	res.ProvenBy = proof(SAT, opt.Mode, res.MinNodes)
	res.Used = s.Used()
	st := s.Stats()
	res.Stats = tree.Stats{ExamplesUsed: len(res.Used), SolverCalls: st.Calls, Variables: st.Variables, Clauses: st.Clauses, Seconds: time.Since(start).Seconds()}
	return res, err
}
