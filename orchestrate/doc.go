// Package orchestrate is odtx's one entry point to its exact engines:
// Learn turns a dataset into a provably optimal decision tree on the engine
// Options.Engine names, and cmd/odtx, package cv and the benchmarks share
// it.
//
// Each engine is a package of its own with the same shape: construct a
// search over a dataset, search the least depth, then the fewest leaves at
// that depth, and read the bounds proven, the examples used and the work
// done, with a progress callback on the way. Package sat is the paper's
// method, package dp dynamic programming. This package adapts each to one
// Result and composes them:
//
//	Learn(ctx, ds, Options{Engine: ...})
//	├── SAT (learnSAT): sat.Search, MinDepth then MinLeaves
//	├── DP (learnDP): dp.Search, MinDepth then MinLeaves
//	├── MinErr, Ordered (learnLadder): the fewest errors' engines, asked
//	│   depth by depth for a tree beating one error
//	└── Auto (learnAuto): DP alone for headStart, then SAT beside it from
//	    the depth DP has ruled out, or on numeric data Ordered's ladder
//	    beside DP after ladderHeadStart; the first proof stops the other,
//	    and a search stopped by its context returns the better tree of the
//	    two with the stronger of their bounds (merge)
//
// A search stopped by its context still returns a consistent tree (at worst
// the greedy one, package greedy) with the bounds it proved.
//
// Adding an engine: a package beside sat and dp with that shape, an Engine
// constant naming it, and an adapter here like learnDP that fills a Result.
// Adding an objective: a Mode, which each adapter maps to its engine's
// searches. docs/extending.md says more.
package orchestrate
