// Package ordered finds decision trees that misclassify the fewest training
// records within a depth budget, exactly, as package minerr does, for data
// whose features are thresholds on numeric columns: the setting of ConTree
// (Brița, van der Linden, Demirović, "Optimal Classification Trees for
// Continuous Feature Data Using Dynamic Programming with Branch-and-Bound").
//
// A numeric column binarized with one test col <= t per distinct value t
// gives thousands of features, which a search over binary features tries
// one by one. Those tests are ordered: each holds on the records the one
// before it holds on, and more. This package searches the column instead.
//
// The search is dynamic programming over sets of items (distinct examples
// with a class and the number of records they stand for). For a set S,
// depth d and branch budget n, the optimum is the better of a leaf and,
// over every column, every cut of it and every split of n-1 branches, the
// optima of the two sides at depth d-1. Scores are the pair (errors,
// branches), ordered by errors + cost·branches and then by branches, so
// that the fewest nodes decide among trees of least objective; with
// Options.AnySize, by errors alone.
//
// What makes it fast:
//
//   - A set is kept sorted by every column, so that the best tree of depth
//     one comes from one sweep per column, class weights added item by
//     item and cuts weighed as the sweep passes them. Moving one record
//     across a cut changes its errors by at most one, so a cut that falls
//     short of its column's best by k lets the sweep pass k records
//     unweighed; and a cut inside a run of positions whose items are all
//     of one class never beats both ends of the run.
//   - Depth two is solved without recursion: for a cut of the root's
//     column, one sweep per column, each item routed to the side it falls
//     on, finds the best trees of depth one of both sides.
//   - Interval pruning. As a column's cut moves right its true side grows
//     and its false side shrinks; a set costs no less than any subset, and
//     no more than a subset plus the records it lacks. So two evaluated
//     cuts bound every cut between them, and a cut is evaluated only if
//     that bound beats the best tree so far. The cut nearest the middle of
//     an open interval is evaluated first, which splits it in two.
//   - The same bounds hold column by column: what the evaluated cuts
//     around a cut of depth two learnt of the best tree of each side whose
//     root tests column b bounds that of the cut, and the sweep passes over
//     the columns that cannot beat the best found.
//   - A cut's two sides are solved for trees better than the best so far
//     plus a slack, the records to the farther end of its interval: a
//     side that fails then proves the whole interval. The larger side,
//     solved first, gets a quarter of it. At depth two, with the full
//     budget and no cost per branch, each side's sweep is capped alike, at
//     what the best so far leaves it beside the other side's bound plus
//     the slack (and one error more where, without AnySize, as many errors
//     with fewer branches win): it passes over the columns and the cuts
//     that cannot go below that.
//   - The search of one side of a cut starts from what the search
//     of the same side of the nearest evaluated cut, a subset of it,
//     learnt of every cut it evaluated, bounds a superset keeps.
//   - A subproblem is searched only for a tree better than a bound: the
//     best tree of its parent so far less what the sibling must cost at
//     least. When none is better, the bound proven is cached instead; sets
//     are cached by a pair of 64-bit sums of random values per item.
//   - Best first. From depth three, a search splits the interval of cuts
//     of least bound next, whatever its column: its best tree comes
//     sooner, and rules out more cuts of the other columns.
//   - Bands. From depth three, before a cut of an interval is evaluated,
//     the interval's records are cut into bands along the column and each
//     band solved at the depth below: errors add up over a partition, so
//     a cut's side costs no less than the cut further in and the bands
//     between (see bands).
//   - The best tree of depth one of a set, and the tree that splits it as
//     that one does and solves both sides, bound its search from the start.
//     At the root, the smaller side is solved first, and each tree the
//     larger side's search finds, joined to the smaller's, is reported
//     where it beats the tree held, long before that search ends.
//
// Package minerr searches the same objective over any binary features.
// This one wins where the features are thresholds on a few numeric columns
// of many distinct values; minerr, where they are many binary ones, such
// as one-hot categories, whose depth-two trees it counts in one pass.
//
// With a minimum leaf size (objective.Options.MinLeaf), only the cuts
// that leave each side that many records are searched (a range of each
// column's cuts) and swept; a set of r records gets at most r/MinLeaf-1
// branching nodes. A set may then cost less than a subset of it, whose
// leaves the set's best tree may leave too small, so no bound reads a
// subset's cost as a superset's. Between two evaluated cuts, a cut's true
// side is bounded by the right cut's true side, which holds it, less the
// records between them, and its false side by the left cut's false side
// likewise, but no longer by the left cut's true side nor the right cut's
// false side, its subsets: so in interval pruning, the column bounds of
// depth two and best-first search. Seeds, which bound a superset by a
// subset's records, are off, and so are bands, whose trees may leave a
// band's leaves too small. A run of one class may hold the first or the
// last cut allowed: the sweep weighs both wherever they fall, and goes
// item by item rather than by runs.
//
// The search is anytime: when its context ends it returns the best tree
// found with the bound it has proven. At the root, that bound is the least
// bound of the intervals of cuts not ruled out; where the columns are
// searched one by one, the least of what the evaluated cuts prove of the
// open intervals of the column in hand and what the cache proves of the
// cuts of the columns after it.
package ordered
