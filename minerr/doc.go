// Package minerr finds decision trees that misclassify the fewest training
// records within a depth budget, exactly: the objective of MurTree, STreeD,
// DL8.5 and ConTree, beside the zero-error objective of the other engines.
//
// The search is dynamic programming over sets of items, after MurTree. An
// item is a distinct feature vector with one class and the number of
// records it stands for, so that duplicate and contradictory records cost
// nothing. For a set S, depth d and branch budget n, the optimum is the
// better of a leaf (every record but those of the most frequent class
// wrong) and, over every feature f and split of n-1 branches between the
// sides, the optima of the two sides of f at depth d-1. Scores are the
// pair (errors, branches), ordered by errors + cost·branches and then by
// branches, so that the fewest nodes decide among trees of least objective;
// with Options.AnySize, the search stops once it has proven the least errors.
//
// What makes it fast:
//
//   - Depth two is solved without recursion. Counting, per class, the
//     records of S for which both features of every pair hold takes one
//     pass over S; from those counts alone come the errors of every tree
//     of depth two, and so the best with one, two and three branches. Two
//     features cut S into four cells, which make four splits (each side
//     of either feature by the other), so one pass over the unordered
//     pairs weighs every second split.
//   - The counts come the cheaper of two ways. Increments per item and pair
//     of its features suit sparse rows, and are updated from the last set
//     counted when the two differ in fewer items than the set has.
//     Popcounts of the AND of two feature columns, laid out per set with a
//     group of positions per class and weight bit, suit dense ones. A node
//     of depth three lays out its own set once, and counts one side of each
//     feature, the true side by masking the columns with that feature's or
//     the smaller side laid out anew, and the other as the difference.
//     When its items are many and its features few, it counts every triple
//     of features once instead, and solves its children from the counts
//     alone, without listing their items, hashing or caching them.
//   - On wide data, where the counts of every pair would take hundreds of
//     megabytes, the pairs are counted in bands: those of a band of first
//     features against every second one, the band's splits weighed before
//     the next band is counted into the same memory. The memory then grows
//     with the features and the time with the pairs, with no cliff where
//     the counts stop fitting; the search does not fall back to recursing
//     to depth one on every feature's sides. The bands are counted the
//     cheaper of the two ways, from one layout of the set, and the few
//     pairs of the trees built are counted from the items.
//   - A subproblem is searched only for a tree better than a bound: the
//     best tree of its parent so far less what the sibling must cost at
//     least. When none is better, the bound proven is cached instead, and
//     passed up: the least of what the search proved of each tree it
//     tried, often more than it was asked to prove. A set that is not pure
//     costs at least the better of its leaf and one branch without errors.
//   - Without a cost, the search first prunes by errors alone, as the
//     peers do, and only then looks for fewer branches among trees with
//     the least errors, starting every set it meets again from what the
//     first phase proved of its errors and the best tree it found. When
//     the least errors are 0, the fewest branches are the zero-error
//     engine's question (package dp), which it answers faster.
//   - Among trees with the fewest errors the fewest branches are found
//     with bounds on the branches: a tree of at most two branches has depth
//     at most two, so a set needs more branches than the fewest with which
//     its optima of depth two (or, below a node of depth three, of one
//     branch, from that node's counts) reach the errors it may make. Each
//     node of depth three or more starts from its best tree of depth two.
//   - Results and bounds are cached by set, which a pair of 64-bit sums of
//     random values per item identifies, so that the same set reached by
//     different paths is solved once.
//   - Similar sets have similar optima: removing items of weight w lowers
//     the errors by at most w. The sides of one feature are compared with
//     both sides of every feature tried before at the node, by the set's
//     pair counts, which give how much any two sides differ without
//     listing either; many features are then skipped without listing their
//     sides. The side whose leaf makes more errors is searched first: its
//     tree, the more likely the worse, more often shows that the other side
//     need not be searched.
//   - A greedy tree, pruned optimally to the budget, gives the root its
//     first bound and the answer if time runs out at once. A better tree
//     known beside the search (objective.Options.UpperBound), read before
//     the search and, from depth three, before each feature of the root,
//     lowers it: the root's trees need only beat that one. The root's best tree is not cached as its optimum,
//     which the known tree may beat.
//
// With a minimum leaf size (objective.Options.MinLeaf), a feature is
// tried at a node only where both its sides hold that many records, the
// depth-two solver takes no split that leaves a cell fewer (it weighs the
// pairs of two classes by the general pass then), the greedy tree splits
// only so, and a set of r records gets at most r/MinLeaf-1 branching
// nodes. Bounds that a set costs no less than a subset of it fail, since
// the subset's leaves may be too small for the set's best tree: the
// similarity bound, which moves items between the sides of two features,
// is off, and the zero-error hand-off too, which knows no leaf size. The
// other bounds hold: the cache's are of the same set, a branch without
// errors is the least any split costs, and the fewest branches come from
// the depth-two optima, which honour the size.
//
// The search is anytime: when its context ends it returns the best tree
// found with the bound it has proven. That bound is weak until the root's
// features are done: those not yet searched contribute only what the
// cache proves of their sides.
package minerr
