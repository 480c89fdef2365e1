package sat

import (
	"context"
	"errors"
	"fmt"

	"github.com/odtx/odtx/encode"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// probe is one solver with the formula for one depth, and the examples it
// encodes.
type probe struct {
	s       *Search
	solver  solver.Solver
	enc     *encode.Encoder
	used    []int          // indices of the examples encoded, in order
	groups  *featureGroups // nil when every feature is encoded
	encoded []bool         // by example index
	next    int            // where the scan for a misclassified example resumes
	pulled  int            // how much of the search's pool this probe has seen
	unsatBy string         // the portfolio member that answered UNSAT, if any
}

// eagerFeatures is the number of features up to which every feature is
// encoded from the start, as the paper does: with so few, the groups of
// features that split the first examples alike soon break up, and
// activating them one by one costs more calls than the smaller formula
// saves.
const eagerFeatures = 16

// newProbe starts a solver for depth k. It encodes the examples that other
// depths needed, as counterexamples at one depth are likely ones at the
// next, and goes on taking those found by probes running beside it.
func (s *Search) newProbe(k int) (*probe, error) {
	solver, err := s.opt.NewSolver()
	if err != nil {
		return nil, err
	}
	p := &probe{
		s:       s,
		solver:  solver,
		encoded: make([]bool, len(s.ds.Examples)),
	}
	if len(s.ds.Features) <= eagerFeatures {
		p.enc = encode.New(solver, k, len(s.ds.Features), len(s.ds.Classes))
	} else {
		p.enc = encode.NewLazy(solver, k, len(s.ds.Features), len(s.ds.Classes))
		p.groups = &featureGroups{}
	}
	p.pull(-1)
	return p, nil
}

// pull shares example i (if not -1) with the other probes and encodes the
// examples they found since the last pull.
func (p *probe) pull(i int) {
	news := p.s.share(i, p.pulled)
	p.pulled += len(news)
	for _, j := range news {
		if !p.encoded[j] {
			p.use(j)
		}
	}
}

func (p *probe) close() { p.solver.Close() }

func (p *probe) use(i int) {
	p.used = append(p.used, i)
	p.encoded[i] = true
	ex := &p.s.ds.Examples[i]
	row := p.s.ds.Row(ex)
	p.enc.AddExample(row, ex.Allowed()...)
	if p.groups != nil {
		p.enc.Activate(p.groups.add(row)...)
	}
}

// solve is the paper's Algorithm 3: it returns a tree consistent with every
// example, with at most maxLeaves leaves unless that is 0, or nil when none
// exists. Every tree it finds is offered to the search as the best so far.
func (p *probe) solve(ctx context.Context, maxLeaves int) (*tree.Node, error) {
	var bound int
	if maxLeaves > 0 {
		var err error
		if bound, err = p.enc.AtMostLeaves(maxLeaves); err != nil {
			return nil, err
		}
	}
	for {
		assumptions := p.enc.Assumptions(nil)
		if bound != 0 {
			assumptions = append(assumptions, bound)
		} else if g := p.enc.NoRepeats(); g != 0 {
			// Fewer trees to search, and the proofs of depths shorter.
			assumptions = append(assumptions, g)
		}
		res, err := p.solver.Solve(ctx, assumptions)
		p.s.called(p, maxLeaves)
		if err != nil {
			return nil, err
		}
		switch {
		case res == solver.Unsat && maxLeaves > 0:
			return nil, p.s.refuteLeaves(p.enc.Depth(), maxLeaves, solver.AnsweredBy(p.solver))
		case res == solver.Unsat:
			p.unsatBy = solver.AnsweredBy(p.solver)
			return nil, nil // minDepth weighs it against the trees found beside
		case res == solver.Unknown:
			return nil, errors.New("the solver gave no answer")
		}
		root := p.enc.Tree(p.solver.Value)
		if root != nil && maxLeaves > 0 && root.Leaves() > maxLeaves {
			return nil, fmt.Errorf("the solver's model has %d leaves, over the bound of %d", root.Leaves(), maxLeaves)
		}
		i := p.misclassified(root)
		if i < 0 {
			// A model may repeat a test on a path (it is how a leaf sits
			// above depth k); the simplified tree classifies alike.
			root = tree.Simplify(root)
			if err := p.s.offer(root); err != nil {
				return nil, err
			}
			return root, nil
		}
		if p.encoded[i] {
			return nil, fmt.Errorf("the solver's model misclassifies line %d, which the formula encodes", p.s.ds.Examples[i].Line)
		}
		p.pull(i)
		for range max(p.s.opt.Batch, 1) - 1 {
			if i = p.misclassified(root); i < 0 || p.encoded[i] {
				break // none left, or the scan came round to this call's
			}
			p.pull(i)
		}
	}
}

// misclassified returns the index of an example that root gets wrong, or -1.
// The scan resumes where the last one stopped, so the examples added are
// spread over the data rather than bunched at its start.
func (p *probe) misclassified(root *tree.Node) int {
	i := misclassified(p.s.ds, root, p.next)
	if i >= 0 {
		p.next = (i + 1) % len(p.s.ds.Examples)
	}
	return i
}
