// Package regress finds regression trees of least squared error within a
// depth budget, exactly: each leaf predicts the mean of the training
// targets that reach it, and the tree minimizes the sum of the squared
// differences (SSE), as STreeD's regression task and ConTree's cut sweeps
// for classification do it.
//
// The search is dynamic programming over sets of items, an item being a
// distinct example with the count, sum and sum of squares of its records'
// targets: records that no test tells apart are one item, whatever their
// targets. For a set S and depth d the optimum is the better of the leaf
// and, over every column (package columns) and cut of it, the optima of
// the two sides at depth d-1. What makes it fast, as package ordered does
// for classification:
//
//   - Depth one is a sweep per column over S sorted by it, with running
//     sums of the records and targets: a cut's SSE follows from them
//     alone, the targets taken about an integer near S's mean (see
//     stump).
//   - Depth two is solved without recursion: for a cut of the root's
//     column, one sweep per column, each item routed to the side of the
//     cut it falls on, finds the best trees of depth one of both sides.
//   - A set's best tree costs no less than a subset's: a subset's SSE
//     about its own means is no more than about the set's. So the cuts of
//     a column, whose true side grows as the cut moves right, are bounded
//     between two evaluated cuts by the true side of the left one and the
//     false side of the right one; the cut nearest the middle of an
//     interval is evaluated first (interval pruning, as in ConTree).
//   - The same holds column by column at depth two: what the evaluated
//     cuts around a cut learnt of the best tree of depth one of each side
//     whose test is on column b bounds that of the cut, and the sweep
//     passes over the columns that cannot beat what the cut needs.
//   - The search of a side of a cut starts from what the search of the
//     same side of the nearest evaluated cut, a subset of it, learnt of
//     every cut it evaluated: bounds that a superset keeps (seeds).
//   - A side of a cut is searched only for a tree better than the best
//     tree of its set so far less what the other side costs at least at
//     the far end of the cut's interval: a side that finds none closes
//     the cuts between as well. What a search proves is cached by the
//     set's hash and depth.
//   - No tree of a set gets below the SSE of its items' own records, a
//     bound that records sharing a feature vector make positive.
//   - The search starts from the greedy tree of the depth, which it need
//     only beat, and in each set evaluates first the cut of its best tree
//     of depth one.
//
// # A complexity cost
//
// With Options.Cost A, each branching node costs A times the SSE of the
// root's leaf, as STreeD's cost-complex-regression charges it, and the
// search minimizes SSE plus cost: every tree's cost, every bound and
// every target carries the cost of the nodes they count. A subset's tree
// has no more branching nodes than the set's restricted to it, so a set
// still costs no less than a subset, and every bound holds.
//
// # A budget of branching nodes
//
// With Options.MaxBranches N, the trees have at most N branching nodes,
// as STreeD and MurTree count them, and a set is searched within a budget
// n: a split leaves n-1 to its sides, the true side lo to hi of them and
// the false side the rest, as package ordered splits a budget, every split
// tried. A budget binds a set only below the most branching nodes its
// depth allows, or its leaf size (objective.LeafBudget); a set whose
// budget binds nothing is searched as without a budget, by the same code,
// so that a search without one, or with one of 2^d-1, goes as it did
// before budgets (see within). The bounds hold within a budget: a set
// costs no less than a subset within the same budget, the subset's items
// under the set's best tree making a tree of no more branching nodes; so
// the cuts of a column are searched by intervals as above, an evaluated
// cut proving bounds on its sides for each split of the budget, and a
// side costs no less within a budget than within a larger one. The cache
// keys a set by its budget too. A stopped search's bound of groups counts
// N+1 groups, the most leaves of such a tree.
//
// # A leaf size
//
// With Options.MinLeaf N, a split is allowed only where both its sides
// hold N records or more (a tree that is a single leaf is allowed
// whatever its records). Then a set may cost less than a subset of it:
// the set's best tree may leave the subset's leaves too small. Every
// bound that reads a subset's cost as a set's then fails, and is off or
// restricted:
//
//   - the sweeps of depth one, and so the depth-two solver and the greedy
//     tree, weigh only the cuts that leave N records on each side, and a
//     set of fewer than 2N records is a leaf;
//   - the cuts of a column searched at depth two and more are those same
//     cuts, a range of them;
//   - interval pruning, the bounds by column at depth two, seeds and the
//     sides searched for the interval rather than the cut are off: every
//     interval is bounded by the ends of the column, which bound nothing
//     (see search.interval), so no bound passes from a cut to another;
//   - the root still goes best first, but its intervals bound nothing, so
//     a stopped search proves only the bound of 2^d groups below, which,
//     as the SSE of the items' own records and the cache (of the same set
//     at the same depth), holds for every tree, whatever its leaves.
//
// # Exactness
//
// The targets are summed as integers, exactly: where every target, as it
// prints (strconv's shortest form, which is the number as a CSV writes it
// with up to 15 digits), is a decimal of k places whose spread in units
// of 10^-k fits 2^32, a target y is the integer (y - offset)·10^k, with
// an integer offset; otherwise the targets are rounded to 2^31 steps
// across their range. Weighed records (dataset.Dataset.Weights) count as
// their integer weights, which package dataset makes exact where they sum
// to less than 2^31, and else rounds (the optimum is then that of the
// rounded weights); records of weight 0 are left out. With a weight of at
// most 2^31 in all (Solve refuses more), the weight n, the weighted sum s
// and the weighted sum of squares q of a set fit 64, 64 and 128 bits:
// |s| < 2^31·2^31, q < 2^31·2^62 and n·q < 2^124. A leaf's weighted
// SSE is (n·q - s²)/n with its numerator exact: the float64 it becomes
// errs by about a unit in the 52nd bit. A sweep weighs a stump from the
// exact sums of its sides about an integer c within half a unit of the
// set's mean, as Σ(v-c)² - a²/r - b²/(n-r): it errs by a few units in the
// last place of Σ(v-c)², which is the set's SSE plus at most n/4. A
// tree's SSE, a sum of 2^d leaves, then errs by less than m = 2^(d-50)
// times the SSE of the single leaf plus a quarter of the records. The
// search adds and compares such sums; a split must beat a leaf by m to
// replace it, which keeps splits that gain only rounding out; bounds are
// subtracted from such sums. Result.Tolerance bounds, generously, what
// all of this may cost: the SSE of the tree found is at most the least
// SSE plus 4^(d+1)·m. Result.SSE is the tree's, recomputed from each
// leaf's exact sums. Where the targets were rounded to steps of u, each
// moves by at most u/2, which moves the square root of any tree's SSE by
// at most √n·u/2; Tolerance then adds what that allows, 2√n·u·√(SSE of
// the leaf) + n·u². The oracle tests check the claim against a brute
// force in exact rational arithmetic.
//
// The search is anytime: when its context ends it returns the best tree
// found, at least the greedy one, with the better of two bounds. The root
// searches the interval of cuts of least bound next, whatever its column,
// so that the least bound of the intervals left, below every tree not yet
// ruled out, rises as the search goes. And no tree of at most 2^d leaves,
// whatever its tests, beats the least SSE of 2^d groups of items, groups
// of consecutive items in the order of their means, which dynamic
// programming finds (or, where that would take long, the SSE of the
// items' own records).
//
// # The fewest nodes
//
// Without Options.AnySize the search returns, among the trees of least
// SSE (or cost), one of the fewest branching nodes. Computed SSEs that
// differ only by rounding cannot be told apart, and exact sums of 2^d
// fractions (n·q - s²)/n would cost big rationals in every comparison;
// so "least" is taken with the engine's tolerance: each branching node
// costs eta more, twice what the search may lose to rounding on a tree
// (τ = 4^(d+1)·m above), with the cost of Options.Cost. The tree T
// found then has an objective F = SSE + eta·branches within τ of the
// least F; for T* a tree of the least SSE with the fewest nodes among
// those, F(T) ≤ F(T*) + τ gives branches(T)·eta ≤ branches(T*)·eta + τ,
// so T has no more branching nodes than T*, and its SSE is above T*'s by
// at most τ + eta·(2^d - 1), or eta times the budget of branching nodes,
// which Tolerance then counts. Where the targets were rounded, the fewest nodes
// are those of the rounded targets. The oracle tests check both claims
// against the brute force's fewest nodes among the exact optima.
package regress
