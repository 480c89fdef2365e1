package encode

import "github.com/odtx/odtx/tree"

// Tree decodes the tree of a model, where value reports a variable's value.
// Leaves without a class are removed with their parent's test, which the
// other side replaces; nil means no leaf has a class. Every example added to the formula reaches
// the same class in the decoded tree as in the model, and so does every
// soft example one of whose Y variables holds.
func (e *Encoder) Tree(value func(v int) bool) *tree.Node {
	return e.decode(value, 1, 0)
}

func (e *Encoder) decode(value func(int) bool, q, lvl int) *tree.Node {
	if lvl == e.depth {
		v := q - e.leaves()
		for a := range e.classes {
			if value(e.C(v, a)) {
				return tree.Leaf(a)
			}
		}
		return nil
	}
	f := e.active[0]
	for _, g := range e.active {
		if value(e.F(q, g)) {
			f = g
			break
		}
	}
	onFalse := e.decode(value, 2*q, lvl+1)
	onTrue := e.decode(value, 2*q+1, lvl+1)
	switch {
	case onFalse == nil:
		return onTrue
	case onTrue == nil:
		return onFalse
	}
	return tree.Split(f, onFalse, onTrue)
}
