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
// that reach it. With Options.MinLeaf, only among the trees each of whose
// leaves holds at least that many records, unless the tree is a single
// leaf: a split is allowed where both sides hold MinLeaf records or more,
// and a subproblem below the root has a tree exactly when its records are
// MinLeaf or more, its leaf.
//
// A minimum leaf size breaks one bound the engines build on: that a set
// costs no less than any subset of it, since the trees best on the set
// may leave the subset's leaves too small. Its converse stays: a set costs
// no more than a subset plus the records it lacks, since the subset's
// best tree, applied to the set, only adds records to its leaves.
package objective
