// Package orchestrate runs the searches that turn a dataset into a provably
// optimal decision tree, on one of two exact engines behind one call,
// Learn, which cmd/odtx, cross-validation and the benchmarks share.
//
// The call flow:
//
//	Learn(ctx, ds, Options{Engine: ...})
//	├── SAT (learnSAT): the paper's method
//	│   ├── minDepth → depthSearch.run: up to Options.Jobs depths at once
//	│   │   ├── probeDepth, one goroutine a depth: a probe (its own solver)
//	│   │   │   running the incremental loop, probe.solve (solve on the
//	│   │   │   examples so far, check the tree on all of them, add one it
//	│   │   │   gets wrong), its answer sent back to run
//	│   │   └── take, on run's goroutine: a tree at depth k cancels every
//	│   │       deeper probe; an UNSAT at k raises the lower bound to k+1
//	│   └── then, in Size mode, decreasing leaf bounds on the settled
//	│       depth's probe (DT_size)
//	├── DP (learnDP): package dp's Search, MinDepth then MinLeaves
//	└── Auto (learnAuto): DP alone for HeadStart, then SAT beside it from
//	    the depth DP has ruled out; the first proof stops the other
//
// Every engine starts from, or falls back on, the greedy tree (Greedy), so
// that a search stopped by its context still returns a consistent tree with
// the bounds it proved. CrossValidate runs Learn on the folds of KFold.
package orchestrate
