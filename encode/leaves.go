package encode

import "fmt"

// AtMostLeaves returns a literal that, assumed, allows at most max leaves to
// carry a class. A tree with L labelled leaves decodes to at most 2L-1 nodes,
// so this bounds the size of the tree.
//
// A leaf with a class is used (the paper's formula A), but the used leaves
// are counted up the tree rather than along the leaves as in the paper's
// sequential counter (formulas B-D): each node counts the used leaves below
// it, a totalizer, so that the solver reasons about subtrees. The counts also learn from the
// examples before any leaf is chosen (see buildReach).
//
// The first call writes the counter, sized for that max; later calls must
// ask for no more, which suits a search that lowers the bound.
func (e *Encoder) AtMostLeaves(max int) (int, error) {
	if max < 0 {
		return 0, fmt.Errorf("leaf bound %d is negative", max)
	}
	if e.count == nil {
		e.buildCounter(max + 1)
		e.buildReach()
	}
	root := e.count[1]
	if max+1 > len(root) {
		return 0, fmt.Errorf("leaf bound %d exceeds the counter's %d", max, len(root)-1)
	}
	return -root[max], nil
}

// buildCounter writes count[q][j], "at least j+1 of the leaves under node q
// have a class", for j below width (all of them at the root, so that every
// bound up to width-1 has its literal). Leaf v is node 2^depth+v, its count
// its U variable. Only the direction that a bound needs is written: used
// leaves below force a count up.
func (e *Encoder) buildCounter(width int) {
	n := e.leaves()
	e.count = make([][]int, 2*n)
	first := e.alloc(n, KindU, 0)
	for v := range n {
		u := first + v
		for a := range e.classes {
			e.add(-e.C(v, a), u) // A
		}
		e.count[n+v] = []int{u}
	}
	if n == 1 {
		// Depth 0: the root is the leaf; bounds above one leaf hold.
		e.count[1] = append(e.count[1], e.countVars(1, width-1)...)
		return
	}
	for q := n - 1; q >= 1; q-- {
		below, other := e.count[2*q], e.count[2*q+1]
		size := min(width, len(below)+len(other))
		if q == 1 {
			size = width
		}
		e.count[q] = e.countVars(q, size)
		e.addSum(below, other, e.count[q])
	}
}

// addSum writes the totalizer's clauses for a node whose inputs are the
// unary counts below and other (x[j] holds if the count is at least j+1):
// at least a of one and b of the other make sum at least a+b, its last
// literal standing for every count from len(sum) on.
func (e *Encoder) addSum(below, other, sum []int) {
	for a := 0; a <= len(below); a++ {
		for b := 0; b <= len(other); b++ {
			if a+b == 0 {
				continue
			}
			e.clause = e.clause[:0]
			if a > 0 {
				e.clause = append(e.clause, -below[a-1])
			}
			if b > 0 {
				e.clause = append(e.clause, -other[b-1])
			}
			e.add(append(e.clause, sum[min(a+b, len(sum))-1])...)
		}
	}
}

// countVars allocates n count variables of node q.
func (e *Encoder) countVars(q, n int) []int {
	if n <= 0 {
		return nil
	}
	first := e.alloc(n, KindH, q)
	vars := make([]int, n)
	for j := range vars {
		vars[j] = first + j
	}
	return vars
}

// buildReach writes R(q,a), "an example of class a reaches inner node q",
// for every example, and that a node an example reaches counts one used
// leaf below it and a node examples of two classes reach counts two. These
// clauses follow from the others (each example's leaf has its class), but
// without them the counter learns of a routing only once the leaves below
// have their classes; with them a routing that needs too many leaves fails
// near the root, and the proofs that no smaller tree exists take fewer
// conflicts.
func (e *Encoder) buildReach() {
	inner := e.innerNodes()
	e.reach = e.alloc(inner*e.classes, KindR, 0)
	for q := 1; q <= inner; q++ {
		c := e.count[q]
		for a := range e.classes {
			e.add(-e.R(q, a), c[0])
			for b := a + 1; b < e.classes && len(c) > 1; b++ {
				e.add(-e.R(q, a), -e.R(q, b), c[1])
			}
		}
	}
	for i := range e.examples {
		e.reachClauses(i)
	}
}

// R is the variable "an example of class a reaches inner node q", once the
// counter is built.
func (e *Encoder) R(q, a int) int { return e.reach + (q-1)*e.classes + a }

// reachClauses writes that example i sets R at every inner node it
// reaches, for its class, or for each class its leaf has by a Y variable.
func (e *Encoder) reachClauses(i int) {
	for lvl := range e.depth {
		for q := 1 << lvl; q < 2<<lvl; q++ {
			e.pathTo(i, q, lvl)
			e.addGuarded(i, func(a int) int { return e.R(q, a) })
		}
	}
}
