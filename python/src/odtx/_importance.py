"""The Gini importance of a tree's features, as scikit-learn defines it."""

import numpy as np

from ._values import code_of


def gini_importances(root, n_features):
    """Each feature's share of the impurity decrease of the splits on it,
    in odtx's coded tree under root, from its leaves' training counts, or
    their weights where the rows were weighed, as scikit-learn weighs them.

    A split t of N_t of the N training rows, N_t_L going to its true
    branch (scikit-learn's left) and N_t_R to its false one, decreases the
    impurity by N_t/N (gini(t) - N_t_L/N_t gini(L) - N_t_R/N_t gini(R)); a
    feature's decreases are summed and the sums normalised to add up to 1,
    which also cancels the 1/N. A tree whose splits decrease nothing, one
    without a split included, gives zeros, as scikit-learn's does.
    """
    importances = np.zeros(n_features)

    def counts(node):
        """The training counts by class of the rows reaching node, adding
        the decreases of the splits below it."""
        if "class" in node:
            return np.asarray(node.get("weights", node["counts"]), dtype=float)
        true, false = counts(node["true"]), counts(node["false"])
        both = true + false
        importances[code_of(node["column"])] += _weighted_gini(both) - _weighted_gini(true) - _weighted_gini(false)
        return both

    counts(root)
    total = importances.sum()
    return importances / total if total > 0 else importances


def _weighted_gini(counts):
    """N times the Gini impurity of N rows of these class counts: N (1 -
    sum of the squared shares), 0 for no rows."""
    n = counts.sum()
    return n - (counts @ counts) / n if n > 0 else 0.0
