// Package orchestrate runs the searches that turn a dataset into a provably
// optimal decision tree: the paper's incremental loop (solve on the examples
// so far, check the tree against all of them, add one it gets wrong), over
// increasing depths (DT_depth) and then decreasing leaf bounds (DT_size).
package orchestrate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/encode"
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
	Mode Mode
	// NewSolver returns a fresh solver; the search uses one per depth.
	NewSolver func() (solver.Solver, error)
	// Progress, if set, is called after every solver call.
	Progress func(Progress)
	// Batch is how many misclassified examples to add after each call
	// (0 means 1). More per call means fewer calls but larger formulas:
	// worth it where a call costs a process start.
	Batch int
}

// Progress is the state of a search after a solver call.
type Progress struct {
	Depth     int // depth being tried
	MaxLeaves int // leaf bound being tried, 0 while searching the depth
	Examples  int // examples encoded
	Calls     int // solver calls so far
	Elapsed   time.Duration
}

// Result is an optimal tree and how it was found.
type Result struct {
	Root  *tree.Node // over the dataset's features and classes
	Used  []int      // indices of the examples encoded, in the order added
	Stats tree.Stats
}

// Learn returns a tree of the smallest depth that classifies every example
// of ds correctly and, in Size mode, the fewest nodes among those.
func Learn(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if len(ds.Examples) == 0 {
		return nil, errors.New("no examples")
	}
	s := &search{ds: ds, opt: opt, start: time.Now(), encoded: make([]bool, len(ds.Examples))}
	s.use(0)

	classes := presentClasses(ds)
	// A tree of depth k has at most 2^k leaves, one class each.
	k := bits.Len(uint(classes - 1))
	var (
		in   *instance
		best *tree.Node
		err  error
	)
	for ; best == nil; k++ {
		if k > len(ds.Features) {
			// Consistent data never needs to test a feature twice on a path.
			return nil, fmt.Errorf("no tree up to depth %d: the data contradicts itself", len(ds.Features))
		}
		if in != nil {
			in.close()
		}
		if in, err = s.newInstance(k); err != nil {
			return nil, err
		}
		if best, err = s.solve(ctx, in, 0); err != nil {
			in.close()
			return nil, err
		}
	}
	defer in.close()

	if opt.Mode == Size {
		// Every class needs a leaf, and a tree of depth k has k+1 leaves
		// at least; once there, no call can do better.
		floor := max(in.enc.Depth()+1, classes)
		for best.Leaves() > floor {
			smaller, err := s.solve(ctx, in, best.Leaves()-1)
			if err != nil {
				return nil, err
			}
			if smaller == nil {
				break
			}
			best = smaller
		}
	}
	return &Result{Root: best, Used: s.used, Stats: s.stats(in)}, nil
}

// presentClasses counts the classes that label some example.
func presentClasses(ds *dataset.Dataset) int {
	seen := make(map[int]bool)
	for _, ex := range ds.Examples {
		seen[ex.Class] = true
	}
	return len(seen)
}

// search is the state shared by the calls of one Learn.
type search struct {
	ds      *dataset.Dataset
	opt     Options
	start   time.Time
	used    []int  // indices of the examples encoded, in order
	encoded []bool // by example index
	calls   int
	next    int // where the scan for a misclassified example resumes
}

// instance is one solver with the formula for one depth.
type instance struct {
	sat solver.Solver
	enc *encode.Encoder
}

func (in *instance) close() { in.sat.Close() }

// newInstance starts a solver for depth k with every example found so far,
// as counterexamples at one depth are likely ones at the next.
func (s *search) newInstance(k int) (*instance, error) {
	sat, err := s.opt.NewSolver()
	if err != nil {
		return nil, err
	}
	enc := encode.New(sat, k, len(s.ds.Features), len(s.ds.Classes))
	for _, i := range s.used {
		ex := s.ds.Examples[i]
		enc.AddExample(ex.Values, ex.Class)
	}
	return &instance{sat: sat, enc: enc}, nil
}

func (s *search) use(i int) {
	s.used = append(s.used, i)
	s.encoded[i] = true
}

// solve is the paper's Algorithm 3: it returns a tree consistent with every
// example, with at most maxLeaves leaves unless that is 0, or nil when none
// exists.
func (s *search) solve(ctx context.Context, in *instance, maxLeaves int) (*tree.Node, error) {
	var assumptions []int
	if maxLeaves > 0 {
		bound, err := in.enc.LeafBound(maxLeaves)
		if err != nil {
			return nil, err
		}
		assumptions = []int{bound}
	}
	for {
		res, err := in.sat.Solve(ctx, assumptions)
		s.calls++
		s.progress(in, maxLeaves)
		if err != nil {
			return nil, err
		}
		switch res {
		case solver.Unsat:
			return nil, nil
		case solver.Unknown:
			return nil, errors.New("the solver gave no answer")
		}
		root := in.enc.Tree(in.sat.Value)
		for added := 0; added < max(s.opt.Batch, 1); added++ {
			i := s.misclassified(root)
			if i < 0 && added == 0 {
				return root, nil
			}
			if i < 0 || s.encoded[i] {
				if added == 0 {
					return nil, fmt.Errorf("internal error: the model misclassifies line %d, which the formula encodes", s.ds.Examples[i].Line)
				}
				break // the scan came round to this call's first additions
			}
			s.use(i)
			ex := s.ds.Examples[i]
			in.enc.AddExample(ex.Values, ex.Class)
		}
	}
}

// misclassified returns the index of an example that root gets wrong, or -1.
// The scan resumes where the last one stopped, so the examples added are
// spread over the data rather than bunched at its start.
func (s *search) misclassified(root *tree.Node) int {
	n := len(s.ds.Examples)
	for j := range n {
		i := (s.next + j) % n
		ex := s.ds.Examples[i]
		if root == nil || root.Classify(func(f int) bool { return ex.Values[f] }) != ex.Class {
			s.next = (i + 1) % n
			return i
		}
	}
	return -1
}

func (s *search) progress(in *instance, maxLeaves int) {
	if s.opt.Progress != nil {
		s.opt.Progress(Progress{Depth: in.enc.Depth(), MaxLeaves: maxLeaves, Examples: len(s.used), Calls: s.calls, Elapsed: time.Since(s.start)})
	}
}

func (s *search) stats(in *instance) tree.Stats {
	return tree.Stats{
		ExamplesUsed: len(s.used),
		SolverCalls:  s.calls,
		Variables:    in.enc.Vars(),
		Clauses:      in.enc.Clauses(),
		Seconds:      time.Since(s.start).Seconds(),
	}
}
