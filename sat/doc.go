// Package sat finds optimal decision trees by the method of Avellaneda's
// paper: a SAT formula says that a tree of depth k (and at most n leaves)
// classifies a set of examples, and an incremental loop grows the set from
// the examples the solver's trees get wrong, until a tree classifies them
// all or the formula is unsatisfiable. An example of Tied classes
// (dataset.Example) is classified by a leaf of any of them, and so encoded.
//
// The call flow of a Search:
//
//	MinDepth → depthSearch.run: up to Options.Probes depths at once
//	├── probeDepth, one goroutine a depth: a probe (its own solver)
//	│   running the incremental loop, probe.solve (solve on the examples
//	│   so far, check the tree on all of them, add one it gets wrong),
//	│   its answer sent back to run
//	└── take, on run's goroutine: a tree at depth k cancels every deeper
//	    probe; an UNSAT at k raises the lower bound to k+1
//	MinLeaves: decreasing leaf bounds on the settled depth's probe (the
//	paper's DT_size)
//
// The search starts from the greedy tree (package greedy), which bounds the
// depths worth probing and refutes a wrong UNSAT, so that a search stopped
// by its context still has a consistent tree with the bounds it proved.
package sat
