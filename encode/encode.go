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
// The encoder only writes clauses; it never knows which solver reads them.
package encode

import "github.com/odtx/odtx/solver"

// Encoder writes the formula for trees of one depth.
type Encoder struct {
	depth    int
	features int
	classes  int
	out      solver.ClauseAdder

	vars, clauses int
	examples      int
	xBase         []int // X variable of each example at depth 0
	clause        []int // scratch, reused for every clause
	path          []int // scratch: literals that are false on the current path

	auxEnd   int     // last variable of the at-most-one encodings
	leafUsed []int   // U variable of each leaf, once LeafBound built the counter
	count    [][]int // count[i][j-1]: at least j of the first i+1 leaves are used
}

// New returns an encoder for trees of the given depth over features binary
// features and classes classes, and writes to out the clauses that do not
// depend on examples: every node tests exactly one feature.
func New(out solver.ClauseAdder, depth, features, classes int) *Encoder {
	e := &Encoder{
		depth:    depth,
		features: features,
		classes:  classes,
		out:      out,
	}
	e.vars = e.innerNodes()*features + e.leaves()*classes
	tests := make([]int, features)
	for q := 1; q <= e.innerNodes(); q++ {
		for f := range tests {
			tests[f] = e.F(q, f)
		}
		e.atMostOne(tests)
		e.add(tests...) // at least one
	}
	e.auxEnd = e.vars
	return e
}

func (e *Encoder) innerNodes() int { return 1<<e.depth - 1 }
func (e *Encoder) leaves() int     { return 1 << e.depth }

// F is the variable "node q tests feature f". Nodes are numbered as in the
// paper: the root is 1 and node q has children 2q (false) and 2q+1 (true).
func (e *Encoder) F(q, f int) int { return (q-1)*e.features + f + 1 }

// C is the variable "leaf v has class a", leaves numbered 0 to 2^depth-1
// from the false side.
func (e *Encoder) C(v, a int) int { return e.innerNodes()*e.features + v*e.classes + a + 1 }

// X is the variable "example i goes to the true side at depth j". The bits
// X(i,0)...X(i,depth-1), high bit first, are the index of its leaf.
func (e *Encoder) X(i, j int) int { return e.xBase[i] + j }

// Vars is the number of variables used so far.
func (e *Encoder) Vars() int { return e.vars }

// Clauses is the number of clauses written so far.
func (e *Encoder) Clauses() int { return e.clauses }

// Examples is the number of examples added so far.
func (e *Encoder) Examples() int { return e.examples }

// Depth is the depth of the trees encoded.
func (e *Encoder) Depth() int { return e.depth }

func (e *Encoder) newVar() int {
	e.vars++
	return e.vars
}

func (e *Encoder) add(lits ...int) {
	e.clauses++
	e.out.AddClause(lits)
}

// addOnPath writes the clause "not on the current path, or lits".
func (e *Encoder) addOnPath(lits ...int) {
	e.clause = append(append(e.clause[:0], e.path...), lits...)
	e.add(e.clause...)
}

// atMostOne uses the pairwise encoding where it is the smaller one (up to
// five literals, as in the paper's Appendix) and Sinz's sequential counter
// otherwise, whose 3n-4 clauses keep nodes linear in the features.
func (e *Encoder) atMostOne(lits []int) {
	if len(lits) <= 5 {
		for i, a := range lits {
			for _, b := range lits[i+1:] {
				e.add(-a, -b)
			}
		}
		return
	}
	// s holds when one of lits[0..i] is true.
	s := e.newVar()
	e.add(-lits[0], s)
	for _, l := range lits[1 : len(lits)-1] {
		next := e.newVar()
		e.add(-l, next)
		e.add(-s, next)
		e.add(-l, -s)
		s = next
	}
	e.add(-lits[len(lits)-1], -s)
}
