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
	KindH   Kind = "H"   // at least Count of the leaves under node Node have a class
	KindR   Kind = "R"   // an example of class Class reaches inner node Node
	KindY   Kind = "Y"   // the leaf of example Example, soft or of several classes, has class Class
	KindE   Kind = "E"   // at least Count errors among the soft examples under node Node of the error counter
	KindAux Kind = "aux" // auxiliary variable of an at-most-one or at-least-one encoding
)

// Var describes one variable; only the fields of its Kind are set.
type Var struct {
	Kind               Kind
	Node, Feature      int
	Leaf, Class, Count int
	Example, Level     int // Example counts from 0 in the order added
}

// segment is a run of variables allocated together: one feature's F
// variables, one example's X, one example's Y (soft, or of several
// classes), all C, all U, one node's H of the leaf counter or E of the
// error counter, all R, or auxiliary variables.
type segment struct {
	first int
	kind  Kind
	index int // the feature of F, the example of X or Y, the node of H or E
}

// alloc returns the first of n new variables of a kind.
func (e *Encoder) alloc(n int, kind Kind, index int) int {
	first := e.vars + 1
	e.vars += n
	if k := len(e.segs); k == 0 || kind != KindAux || e.segs[k-1].kind != KindAux {
		e.segs = append(e.segs, segment{first: first, kind: kind, index: index})
	}
	return first
}

// Describe tells what variable v stands for.
func (e *Encoder) Describe(v int) Var {
	s := e.segs[sort.Search(len(e.segs), func(i int) bool { return e.segs[i].first > v })-1]
	off := v - s.first
	switch s.kind {
	case KindF:
		return Var{Kind: KindF, Node: off + 1, Feature: s.index}
	case KindC:
		return Var{Kind: KindC, Leaf: off / e.classes, Class: off % e.classes}
	case KindX:
		return Var{Kind: KindX, Example: s.index, Level: off}
	case KindU:
		return Var{Kind: KindU, Leaf: off}
	case KindH:
		return Var{Kind: KindH, Node: s.index, Count: off + 1}
	case KindR:
		return Var{Kind: KindR, Node: off/e.classes + 1, Class: off % e.classes}
	case KindY:
		return Var{Kind: KindY, Example: s.index, Class: e.labels[s.index][off].class}
	case KindE:
		return Var{Kind: KindE, Node: s.index, Count: off + 1}
	}
	return Var{Kind: KindAux}
}
