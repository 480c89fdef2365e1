// Package objective is the contract of the engines of the fewest training
// errors, packages minerr and ordered: the Options a search takes, the
// Result it answers with, its Stats and Progress, the Score of a tree and
// the Order scores are ranked in, and the pieces of a search both engines
// build on (Sol, Key, Cache, Watch, Outcome). An engine of this objective
// is a Solver; package orchestrate picks one by the data's shape and is
// the only package that knows both.
//
// The objective: the fewest records misclassified by a tree of depth at
// most Options.MaxDepth and at most Options.MaxBranches branching nodes,
// or with a cost per branch the least errors + cost·records·branches;
// then, unless Options.AnySize, the fewest branching nodes among the trees
// that reach it.
package objective
