package ordered

// stump follows, for one set of items, the sweep that finds the tree of
// depth one that misclassifies the fewest of its records.
type stump struct {
	cls   []int // class weights of the set
	total int   // its weight
	leaf  int   // errors of its leaf
	// The column being swept: class weights and weight of the items seen,
	// the position of the last, the weight still to pass before the next
	// cut can beat best, and whether none can.
	cnt  []int
	seen int
	last int32
	skip int
	done bool
	// The best split found: its errors, column, position, and the classes
	// and errors of its true and false leaves; col is -1 until one beats
	// the leaf.
	best         int
	col          int
	at           int32
	tc, fc       int32
	terrs, ferrs int
}

// start prepares st for a sweep of a set with class weights cls.
func (st *stump) start(cls []int) {
	st.cls = cls
	st.total, st.leaf = 0, 0
	most := 0
	for _, w := range cls {
		st.total += w
		most = max(most, w)
	}
	st.leaf = st.total - most
	st.best, st.col = st.leaf, -1
	if len(st.cnt) != len(cls) {
		st.cnt = make([]int, len(cls))
	}
}

// column prepares st for the sweep of a column.
func (st *stump) column() {
	clear(st.cnt)
	st.seen, st.last, st.skip = 0, -1, 0
	st.done = st.best == 0
}

// cut weighs the split of the set between the items seen in column b, up
// to position st.last, and the rest.
func (st *stump) cut(b int) {
	lmost, rmost, lc, rc := -1, -1, 0, 0
	for k, c := range st.cnt {
		if c > lmost {
			lmost, lc = c, k
		}
		if r := st.cls[k] - c; r > rmost {
			rmost, rc = r, k
		}
	}
	e := st.total - lmost - rmost
	if e < st.best {
		st.best, st.col, st.at = e, b, st.last
		st.tc, st.fc = int32(lc), int32(rc)
		st.terrs, st.ferrs = st.seen-lmost, st.total-st.seen-rmost
		st.skip = 0
	} else {
		// Moving one record across the cut changes the errors by at most
		// one: no cut nearer than e-best records can do better.
		st.skip = e - st.best
	}
	st.done = st.best == 0 || st.total-st.seen <= st.skip
}

// sweep finds the best tree of depth one for each side of v's items, as
// side marks them, in one pass over every column: st[0] for the items
// marked 0, st[1] for those marked 1. The stumps must be started.
func sweep(v *view, side []uint8, st *[2]stump) {
	for b, o := range v.order {
		st[0].column()
		st[1].column()
		for _, e := range o {
			sd := &st[side[e.item]]
			if sd.done {
				continue
			}
			if e.pos != sd.last {
				if sd.skip < 0 {
					sd.cut(b)
					if sd.done {
						if st[0].done && st[1].done {
							break
						}
						continue
					}
				}
				sd.last = e.pos
			}
			sd.cnt[e.class] += int(e.w)
			sd.seen += int(e.w)
			sd.skip -= int(e.w)
		}
	}
}
