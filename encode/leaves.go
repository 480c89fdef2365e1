package encode

import "fmt"

// LeafBound returns a literal that, assumed, allows at most max leaves to
// carry a class. A tree with L labelled leaves decodes to at most 2L-1 nodes,
// so this bounds the size of the tree (paper's formulas A-D).
//
// The first call writes the unary counter, sized for that max; later calls
// must ask for no more, which suits a search that lowers the bound. The
// counter starts from zero leaves as in formula D, with the constant
// variables H(0,j) folded into the clauses.
func (e *Encoder) LeafBound(max int) (int, error) {
	if max < 0 {
		return 0, fmt.Errorf("leaf bound %d is negative", max)
	}
	if e.count == nil {
		e.buildCounter(max + 1)
	}
	width := len(e.count[0])
	if max+1 > width {
		return 0, fmt.Errorf("leaf bound %d exceeds the counter's %d", max, width-1)
	}
	return -e.count[len(e.count)-1][max], nil
}

func (e *Encoder) buildCounter(width int) {
	n := e.leaves()
	e.leafUsed = make([]int, n)
	first := e.alloc(n, KindU, 0)
	for v := range n {
		u := first + v
		e.leafUsed[v] = u
		for a := range e.classes {
			e.add(-e.C(v, a), u) // A
		}
	}
	first = e.alloc(n*width, KindH, width)
	e.count = make([][]int, n)
	for i := range n {
		e.count[i] = make([]int, width)
		for j := range e.count[i] {
			e.count[i][j] = first + i*width + j
		}
		u := e.leafUsed[i]
		e.add(-u, e.count[i][0]) // C with j = 0
		if i == 0 {
			continue
		}
		prev := e.count[i-1]
		for j := range width {
			e.add(-prev[j], e.count[i][j]) // B
			if j+1 < width {
				e.add(-u, -prev[j], e.count[i][j+1]) // C
			}
		}
	}
}
