package encode

// pairwiseMax is the number of literals up to which an at-most-one
// constraint is written pairwise, as in the paper's Appendix; beyond it a
// sequential counter (Sinz) keeps it linear.
const pairwiseMax = 5

// atMostOne is an at-most-one constraint that literals can join one at a
// time, as features join the tests of a node.
type atMostOne struct {
	lits []int
	reg  int // counter register: one of lits holds; 0 while pairwise
}

// addAtMostOne adds literal x to constraint a.
func (e *Encoder) addAtMostOne(a *atMostOne, x int) {
	defer func() { a.lits = append(a.lits, x) }()
	if a.reg == 0 && len(a.lits) < pairwiseMax {
		for _, y := range a.lits {
			e.add(-x, -y)
		}
		return
	}
	if a.reg == 0 {
		a.reg = e.alloc(1, KindAux, 0)
		for _, y := range a.lits {
			e.add(-y, a.reg)
		}
	}
	next := e.alloc(1, KindAux, 0)
	e.add(-x, -a.reg)
	e.add(-x, next)
	e.add(-a.reg, next)
	a.reg = next
}
