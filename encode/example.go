package encode

// AddExample adds an example of the given class, with values[f] its value of
// feature f: formulas (3)-(5) of the paper's Appendix ((3), (3 bis) and (4)
// of its text), as its Algorithms 1 and 2 write them but with the sign of F
// in the true-side clauses as in its Appendix. Formula (6) follows from
// each leaf having one class at most (see addClasses).
// The encoder keeps values, for features activated later.
//
// An example of several classes, identical records whose labels tie, is
// classified by a leaf of any of them: it gets a variable Y per class, as
// a soft example does, and the clause that one of them holds.
func (e *Encoder) AddExample(values []bool, classes ...int) {
	i := e.examples
	e.examples++
	e.xBase = append(e.xBase, e.alloc(e.depth, KindX, i))
	e.values = append(e.values, values)
	labels := make([]label, len(classes))
	for k, c := range classes {
		labels[k].class = c
	}
	if len(classes) > 1 {
		y := e.alloc(len(classes), KindY, i)
		e.clause = e.clause[:0]
		for k := range labels {
			labels[k].guard = y + k
			e.clause = append(e.clause, y+k)
		}
		e.add(e.clause...)
	}
	e.labels = append(e.labels, labels)
	e.route(i, e.active)
	if e.reach != 0 {
		e.reachClauses(i)
	}
	e.path = e.path[:0]
	e.classConstraints(i, 0, 0)
}

// label is a class an example's leaf may have. The leaf has it if guard is
// 0, for an example that must be classified; else guard is the example's Y
// variable of the class, and the leaf has the class if the Y variable holds.
type label struct{ class, guard int }

// addGuarded writes, for each label of example i, the clause "not on the
// current path, or the label's guard is false, or lit(class)".
func (e *Encoder) addGuarded(i int, lit func(class int) int) {
	for _, l := range e.labels[i] {
		if l.guard == 0 {
			e.addOnPath(lit(l.class))
		} else {
			e.addOnPath(-l.guard, lit(l.class))
		}
	}
}

// route writes, for example i and features fs, that an example reaching
// node q goes to the false side if it fails q's feature and to the true
// side if it satisfies it.
func (e *Encoder) route(i int, fs []int) {
	values := e.values[i]
	for lvl := range e.depth {
		x := e.X(i, lvl)
		for q := 1 << lvl; q < 2<<lvl; q++ {
			e.pathTo(i, q, lvl)
			for _, f := range fs {
				if values[f] {
					e.addOnPath(x, -e.F(q, f))
				} else {
					e.addOnPath(-x, -e.F(q, f))
				}
			}
		}
	}
}

// pathTo sets e.path to the literals that are false when example i reaches
// node q at depth lvl: the bits of q below its leading one are the sides.
func (e *Encoder) pathTo(i, q, lvl int) {
	e.path = e.path[:0]
	for j := range lvl {
		x := e.X(i, j)
		if q>>(lvl-1-j)&1 == 1 {
			x = -x
		}
		e.path = append(e.path, x)
	}
}

// classConstraints: the leaf example i reaches has the example's class, or
// the class of each of its labels whose guard holds.
func (e *Encoder) classConstraints(i, v, lvl int) {
	if lvl == e.depth {
		e.addGuarded(i, func(a int) int { return e.C(v, a) })
		return
	}
	x := e.X(i, lvl)
	e.path = append(e.path, x)
	e.classConstraints(i, 2*v, lvl+1)
	e.path[lvl] = -x
	e.classConstraints(i, 2*v+1, lvl+1)
	e.path = e.path[:lvl]
}
