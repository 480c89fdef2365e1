package encode

import "sort"

// Kind is what a variable of the encoding stands for.
type Kind string

// The kinds of variables, named as in the paper.
const (
	KindF   Kind = "F"   // node Node tests feature Feature
	KindC   Kind = "C"   // leaf Leaf has class Class
	KindX   Kind = "X"   // example Example goes to the true side at depth Level
	KindU   Kind = "U"   // leaf Leaf has a class
	KindH   Kind = "H"   // at least Count of leaves 0..Leaf have a class
	KindAux Kind = "aux" // auxiliary variable of an at-most-one encoding
)

// Var describes one variable; only the fields of its Kind are set.
type Var struct {
	Kind               Kind
	Node, Feature      int
	Leaf, Class, Count int
	Example, Level     int // Example counts from 0 in the order added
}

// Describe tells what variable v stands for.
func (e *Encoder) Describe(v int) Var {
	fEnd := e.innerNodes() * e.features
	cEnd := fEnd + e.leaves()*e.classes
	switch {
	case v <= fEnd:
		return Var{Kind: KindF, Node: (v-1)/e.features + 1, Feature: (v - 1) % e.features}
	case v <= cEnd:
		return Var{Kind: KindC, Leaf: (v - fEnd - 1) / e.classes, Class: (v - fEnd - 1) % e.classes}
	case v <= e.auxEnd:
		return Var{Kind: KindAux}
	case e.leafUsed != nil && v >= e.leafUsed[0] && v <= e.counterEnd():
		return e.describeCounter(v)
	}
	i := sort.SearchInts(e.xBase, v+1) - 1
	return Var{Kind: KindX, Example: i, Level: v - e.xBase[i]}
}

func (e *Encoder) counterEnd() int {
	last := e.count[len(e.count)-1]
	return last[len(last)-1]
}

// describeCounter relies on buildCounter's order: all U, then H leaf by leaf.
func (e *Encoder) describeCounter(v int) Var {
	n := len(e.leafUsed)
	if v < e.leafUsed[0]+n {
		return Var{Kind: KindU, Leaf: v - e.leafUsed[0]}
	}
	width := len(e.count[0])
	off := v - e.count[0][0]
	return Var{Kind: KindH, Leaf: off / width, Count: off%width + 1}
}
