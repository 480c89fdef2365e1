package encode

// AddExample adds an example of the given class, with values[f] its value of
// feature f: formulas (3)-(6) of the paper, as its Algorithms 1 and 2 write
// them but with the sign of F in the true-side clauses as in its Appendix.
func (e *Encoder) AddExample(values []bool, class int) {
	i := e.examples
	e.examples++
	e.xBase = append(e.xBase, e.vars+1)
	e.vars += e.depth
	e.path = e.path[:0]
	e.routeConstraints(values, i, 1, 0)
	e.path = e.path[:0]
	e.classConstraints(class, i, 0, 0)
}

// routeConstraints: an example that reaches node q at depth lvl and goes to
// the false side must fail q's feature, and to the true side must satisfy it.
func (e *Encoder) routeConstraints(values []bool, i, q, lvl int) {
	if lvl == e.depth {
		return
	}
	x := e.X(i, lvl)
	for f, value := range values {
		if value {
			e.addOnPath(x, -e.F(q, f))
		}
	}
	e.path = append(e.path, x)
	e.routeConstraints(values, i, 2*q, lvl+1)
	e.path = e.path[:lvl]
	for f, value := range values {
		if !value {
			e.addOnPath(-x, -e.F(q, f))
		}
	}
	e.path = append(e.path, -x)
	e.routeConstraints(values, i, 2*q+1, lvl+1)
	e.path = e.path[:lvl]
}

// classConstraints: the leaf an example reaches has the example's class and
// no other.
func (e *Encoder) classConstraints(class, i, v, lvl int) {
	if lvl == e.depth {
		for a := range e.classes {
			if a == class {
				e.addOnPath(e.C(v, a))
			} else {
				e.addOnPath(-e.C(v, a))
			}
		}
		return
	}
	x := e.X(i, lvl)
	e.path = append(e.path, x)
	e.classConstraints(class, i, 2*v, lvl+1)
	e.path[lvl] = -x
	e.classConstraints(class, i, 2*v+1, lvl+1)
	e.path = e.path[:lvl]
}
