// Package encode writes Avellaneda's SAT encoding of decision trees
// ("Learning Optimal Decision Trees from Large Datasets"): a perfect tree of
// depth k whose nodes choose features (variables F), whose leaves choose
// classes (C), and where each example picks its leaf through the bits of the
// leaf's index (X). Examples are added one at a time, so the formula grows
// only with the examples the search needs.
//
// Trees that are not perfect are perfect trees with leaves left without a
// class: decoding removes such a leaf and its parent's test. A leaf above
// depth k needs no extra variable either: its examples agree on the features
// tested above it, so testing one of those again sends them all one way.
// (The root is the exception, and a one-leaf tree has depth 0.)
//
// Features can be added as the examples come too (NewLazy): features that
// split the examples so far alike are interchangeable on them, so a search
// may encode one of each kind and add others when an example tells them
// apart.
//
// Examples can also be soft (AddSoftExample), for the fewest errors rather
// than none: each holds its classification under a variable Y per class,
// "its leaf has this class", and a totalizer over the Y variables weighted
// by the example's records of each class bounds the records misclassified
// (ErrorBound). An example may also allow several classes, where identical
// records tie on their labels (AddExample): its leaf must have one of
// them, under its Y variables, one of which must hold.
//
// The encoder only writes clauses; it never knows which solver reads them.
package encode

import "github.com/odtx/odtx/solver"

// Encoder writes the formula for trees of one depth.
type Encoder struct {
	depth   int
	classes int
	out     solver.ClauseAdder

	vars, clauses int
	segs          []segment // what each variable stands for, see Describe
	cBase         int       // first C variable

	examples int
	xBase    []int     // X variable of each example at depth 0
	values   [][]bool  // feature values of each example, for features added later
	labels   [][]label // the classes each example's leaf may have, see label
	clause   []int     // scratch, reused for every clause
	path     []int     // scratch: literals that are false on the way to a node

	active   []int       // features the nodes can test, in the order added
	fBase    []int       // by feature: its F variable at the root, 0 if not active
	tests    []atMostOne // by node: the features it may test
	covered  int         // active features the at-least-one clauses name
	open     []int       // by node (lazy): the literal that defers its at-least-one clause
	deferred int         // (lazy) holds when some node's at-least-one clause is deferred

	repeatGuard int // see NoRepeats
	repeatsDone int // active features NoRepeats covers

	count [][]int // by node: count[q][j] holds if j+1 leaves under q are used; a leaf's is its U
	reach int     // first R variable, 0 until the counter is built

	penalties []penalty // by Y variable of the soft examples, see AddSoftExample
	errors    []int     // the error counter's root, nil until ErrorBound builds it
}

// New returns an encoder for trees of the given depth over features binary
// features and classes classes, and writes to out the clauses that do not
// depend on examples: every node tests exactly one feature, and every leaf
// has one class at most.
func New(out solver.ClauseAdder, depth, features, classes int) *Encoder {
	e := newEncoder(out, depth, features, classes)
	all := make([]int, features)
	for f := range all {
		all[f] = f
	}
	e.Activate(all...)
	e.addClasses()
	for q := 1; q <= e.innerNodes(); q++ {
		e.clause = e.clause[:0]
		for _, f := range e.active {
			e.clause = append(e.clause, e.F(q, f))
		}
		e.add(e.clause...) // at least one
	}
	e.covered = len(e.active)
	return e
}

func newEncoder(out solver.ClauseAdder, depth, features, classes int) *Encoder {
	return &Encoder{
		depth:   depth,
		classes: classes,
		out:     out,
		fBase:   make([]int, features),
		tests:   make([]atMostOne, 1<<depth-1),
	}
}

// addClasses allocates the C variables, and writes that a leaf has one
// class at most: with it, the paper's formula (4 bis), its Appendix's (6),
// that an example's leaf has no class but the example's, follows from
// formula (4), so the formula needs it once per leaf rather than once per
// example and leaf.
func (e *Encoder) addClasses() {
	e.cBase = e.alloc(e.leaves()*e.classes, KindC, 0)
	for v := range e.leaves() {
		var classes atMostOne
		for a := range e.classes {
			e.addAtMostOne(&classes, e.C(v, a))
		}
	}
}

func (e *Encoder) innerNodes() int { return 1<<e.depth - 1 }
func (e *Encoder) leaves() int     { return 1 << e.depth }

// F is the variable "node q tests feature f", for an active feature f.
// Nodes are numbered as in the paper: the root is 1 and node q has children
// 2q (false) and 2q+1 (true).
func (e *Encoder) F(q, f int) int { return e.fBase[f] + q - 1 }

// C is the variable "leaf v has class a", leaves numbered 0 to 2^depth-1
// from the false side.
func (e *Encoder) C(v, a int) int { return e.cBase + v*e.classes + a }

// X is the variable "example i goes to the true side at depth j". The bits
// X(i,0)...X(i,depth-1), high bit first, are the index of its leaf.
func (e *Encoder) X(i, j int) int { return e.xBase[i] + j }

// Vars is the number of variables used so far.
func (e *Encoder) Vars() int { return e.vars }

// Clauses is the number of clauses written so far.
func (e *Encoder) Clauses() int { return e.clauses }

// Depth is the depth of the trees encoded.
func (e *Encoder) Depth() int { return e.depth }

func (e *Encoder) add(lits ...int) {
	e.clauses++
	e.out.AddClause(lits)
}

// addOnPath writes the clause "not on the current path, or lits".
func (e *Encoder) addOnPath(lits ...int) {
	e.clause = append(append(e.clause[:0], e.path...), lits...)
	e.add(e.clause...)
}
