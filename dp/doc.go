// Package dp finds optimal decision trees by dynamic programming over sets
// of examples, the second exact engine beside the paper's SAT encoding.
//
// A set of examples S needs depth D(S) = 0 if one class labels it all, and
// otherwise 1 + min over features f of max(D(S0), D(S1)), where f splits S
// into S0 and S1; the fewest leaves L(S, d) within depth d follow the same
// recurrence with a sum. An example of Tied classes (dataset.Example) lets
// a leaf have any of them: a set then needs one leaf when one class is
// allowed by all its examples. Both are computed depth first with bounds, so that
// a feature is dropped as soon as one side cannot beat the best found, and
// every result, exact or a lower bound, is cached under the exact set of
// examples, since it depends on nothing else.
//
// Three things keep the search small:
//
//   - Within a set, only the features that split it are tried, one of each
//     group that splits it alike or as complements.
//   - Depth one and two are decided without recursion: a set is split by
//     one test when one feature puts each of its two classes on its own
//     side, and a tree of depth two is one such test under each side of a
//     root test.
//   - The paper's incremental loop, applied to DP: the search runs on a few
//     examples, the tree it finds is checked on all of them, and the ones
//     it gets wrong join the set. A depth or leaf count that no tree reaches
//     on a subset is out of reach on all the examples, so every bound a
//     round proves holds for the whole dataset, and a tree optimal for the
//     subset that classifies every example is optimal for all.
package dp
