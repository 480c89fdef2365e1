package encode

// NoRepeats returns a literal that, assumed, forbids a node to test a
// feature one of its ancestors tests, or 0 while that would lose trees.
//
// Such a test sends every example one way, so in depth mode the node can
// test any feature off its path instead, with the live subtree copied to
// both sides; repeating that top-down removes every repeat as long as
// there are depth features to choose from. It costs leaves, so a node
// bound must not assume it.
func (e *Encoder) NoRepeats() int {
	if len(e.active) < e.depth {
		return 0
	}
	if e.repeatGuard == 0 {
		e.repeatGuard = e.alloc(1, KindAux, 0)
	}
	for _, f := range e.active[e.repeatsDone:] {
		for q := 2; q <= e.innerNodes(); q++ {
			for a := q / 2; a >= 1; a /= 2 {
				e.add(-e.repeatGuard, -e.F(a, f), -e.F(q, f))
			}
		}
	}
	e.repeatsDone = len(e.active)
	return e.repeatGuard
}
