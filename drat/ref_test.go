package drat

import (
	"slices"
	"strconv"
	"strings"
)

// refStep is a proof step for refCheck.
type refStep struct {
	del  bool
	lits []int
}

// refCheck is a slow, plain DRAT checker written straight from the
// definitions: clauses are slices, propagation scans them all until nothing
// changes, and the top-level assignment is recomputed at every step. It
// shares no code with Check, so that corrupted proofs are judged by something
// other than the checker under test. It keeps a deleted clause when it is
// unit under the top-level assignment, a superset of those Check keeps.
func refCheck(vars int, cnf [][]int, proof []refStep) bool {
	type clause struct {
		lits  []int
		alive bool
	}
	var db []clause
	add := func(lits []int) {
		var c []int
		for _, x := range lits {
			if !slices.Contains(c, x) {
				c = append(c, x)
			}
		}
		db = append(db, clause{c, true})
		for _, x := range c {
			vars = max(vars, x, -x)
		}
	}
	for _, c := range cnf {
		add(c)
	}
	for _, s := range proof {
		for _, x := range s.lits {
			vars = max(vars, x, -x)
		}
	}
	val := func(a []int8, x int) int8 {
		if x < 0 {
			return -a[-x]
		}
		return a[x]
	}
	set := func(a []int8, x int) {
		if x < 0 {
			a[-x] = -1
		} else {
			a[x] = 1
		}
	}
	// propagate extends a to the fixpoint of unit propagation and reports a
	// conflict.
	propagate := func(a []int8) bool {
		for changed := true; changed; {
			changed = false
			for _, c := range db {
				if !c.alive {
					continue
				}
				free, unit, sat := 0, 0, false
				for _, x := range c.lits {
					switch val(a, x) {
					case 1:
						sat = true
					case 0:
						free++
						unit = x
					}
				}
				switch {
				case sat:
				case free == 0:
					return true
				case free == 1:
					set(a, unit)
					changed = true
				}
			}
		}
		return false
	}
	// refutes reports whether assuming the negation of lits on top of a
	// leads to a conflict, leaving the assignment in a.
	refutes := func(a []int8, lits []int) bool {
		for _, x := range lits {
			switch val(a, x) {
			case 1:
				return true
			case 0:
				set(a, -x)
			}
		}
		return propagate(a)
	}
	if propagate(make([]int8, vars+1)) {
		return true // the formula needs no proof
	}
	for _, s := range proof {
		top := make([]int8, vars+1)
		conflict := propagate(top)
		if s.del {
			if conflict {
				continue
			}
			for i := len(db) - 1; i >= 0; i-- {
				c := db[i]
				if !c.alive || !sameSet(c.lits, s.lits) {
					continue
				}
				trues, falses := 0, 0
				for _, x := range c.lits {
					switch val(top, x) {
					case 1:
						trues++
					case -1:
						falses++
					}
				}
				if trues != 1 || falses != len(c.lits)-1 {
					db[i].alive = false
				}
				break
			}
			continue
		}
		if len(s.lits) == 0 {
			return conflict
		}
		if !conflict {
			a := slices.Clone(top)
			if !refutes(a, s.lits) {
				p := s.lits[0]
				for _, d := range db {
					if !d.alive || !slices.Contains(d.lits, -p) {
						continue
					}
					var rest []int
					for _, x := range d.lits {
						if x != -p {
							rest = append(rest, x)
						}
					}
					if !refutes(slices.Clone(a), rest) {
						return false
					}
				}
			}
		}
		add(s.lits)
	}
	return false
}

func sameSet(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// parseRefProof reads a text proof of one step a line.
func parseRefProof(lines []string) []refStep {
	var steps []refStep
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var s refStep
		if f[0] == "d" {
			s.del = true
			f = f[1:]
		}
		for _, w := range f[:len(f)-1] {
			x, err := strconv.Atoi(w)
			if err != nil {
				panic(err)
			}
			s.lits = append(s.lits, x)
		}
		steps = append(steps, s)
	}
	return steps
}
