"""The scikit-learn regressor around odtx learn --task regression."""

import json
import math
import numbers
import os
import warnings

import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from ._binary import OdtxError, last_line, run
from ._estimator import _FINITE, OptimalTreeClassifier, _categoricals, _checkable, _columns, _csv, _limits, _row_weights, _validate_data
from ._values import Column, code_of, tokens


class OptimalTreeRegressor(RegressorMixin, BaseEstimator):
    """A provably optimal regression tree, learned by the odtx binary.

    The tree of depth at most ``max_depth`` whose leaves, each predicting
    the mean of the training targets that reach it, give the least sum of
    squared errors (``odtx learn --task regression``). X is read as
    ``OptimalTreeClassifier`` reads it (numbers give ``<=`` tests, other
    columns ``==`` tests); y must be finite numbers, given to odtx as the
    shortest decimals of their float64s. Among trees of least error it has
    the fewest nodes. ``score`` is R², as scikit-learn's regressors give
    it. ``fit`` takes ``sample_weight``, as the classifier does: the tree
    then has the least weighted SSE, each leaf predicting the weighted
    mean of its rows.

    Parameters
    ----------
    max_depth : int, default=3
        The deepest the tree may be.
    max_leaf_nodes : int or None, default=None
        At most this many leaves, 2 or more, as scikit-learn's: odtx
        bounds the branching nodes, ``--max-branching-nodes`` N, and a
        tree of N branching nodes has N+1 leaves, so it is given
        ``max_leaf_nodes - 1``. Unlike scikit-learn's best-first growth,
        the tree is the optimum within both bounds. None: no bound but
        the depth's.
    min_samples_leaf : int or float, default=1
        Every leaf holds at least this many training rows, unless the tree
        is a single leaf (``odtx learn --min-leaf``), as scikit-learn's: an
        integer, 1 or more, or a fraction of the rows above 0 and below 1,
        ``ceil(min_samples_leaf * n_samples)`` rows. With ``sample_weight``
        it is a least weight of a leaf rather than a number of rows (odtx
        counts the weight of a leaf's rows; scikit-learn counts rows).
    complexity_cost : float or None, default=None
        Each branching node costs this times the SSE of the tree that is a
        single leaf, and the tree has the least SSE plus cost (``odtx learn
        --complexity-cost``, as STreeD's cost-complex-regression).
    time_limit : float or None, default=None
        Seconds to search, more than 0. When they run out the fit still
        gives the best tree found, with ``optimal_ = False``, and warns
        (``ConvergenceWarning``). None: no limit.
    split : {"threshold", "eq"}, default="threshold"
        Numeric columns as ``<=`` tests, or as ``==`` tests like the others.
    max_memory : int, str or None, default=None
        As OptimalTreeClassifier's: ``odtx --max-memory``.

    Attributes
    ----------
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when X was a DataFrame with string column names.
    n_outputs_ : int
        1: one target.
    tree_ : dict
        The tree as odtx's JSON in the data's own terms; each leaf's
        ``class`` is its mean, as a float, with its ``count`` and ``sse``.
    depth_, n_nodes_ : int
    optimal_ : bool
        Whether odtx proved the tree optimal.
    lower_bound_ : dict or None
        What was proven when the search stopped early.
    training_sse_ : float
        The tree's sum of squared errors on the training data.

    Nodes are numbered as ``OptimalTreeClassifier`` numbers them, for
    ``apply`` and ``decision_path``.
    """

    def __init__(
        self,
        *,
        max_depth=3,
        max_leaf_nodes=None,
        min_samples_leaf=1,
        complexity_cost=None,
        time_limit=None,
        split="threshold",
        max_memory=None,
    ):
        self.max_depth = max_depth
        self.max_leaf_nodes = max_leaf_nodes
        self.min_samples_leaf = min_samples_leaf
        self.complexity_cost = complexity_cost
        self.time_limit = time_limit
        self.split = split
        self.max_memory = max_memory

    def fit(self, X, y, sample_weight=None):
        """Learn the regression tree of least squared error of X and y,
        each row weighing its sample_weight (1 if None); returns self.

        Weights are finite numbers of 0 or more; a row of weight 0 is left
        out, as if absent. odtx makes the weights exact integers in the
        same ratios where their sum allows, else rounds them (see odtx's
        docs).
        """
        checked, y = _validate_data(self, _checkable(X), y, reset=True, dtype=None, y_numeric=True, **{_FINITE: "allow-nan"})
        y = np.asarray(y, dtype=np.float64)
        if y.ndim != 1:
            raise ValueError("y: want one target per row")
        self.n_outputs_ = 1
        args = self._args(len(y))
        names = list(getattr(self, "feature_names_in_", [f"x{j}" for j in range(checked.shape[1])]))
        data = _columns(X, checked)
        header = tokens("x", len(names)) + ["y"]
        weights = []
        if sample_weight is not None:
            sample_weight, weighed = _row_weights(sample_weight, checked)
            data, y = [v[weighed] for v in data], y[weighed]
            header.append("w")
            weights = [[repr(float(w)) for w in sample_weight[weighed]]]
            args[-1:-1] = ["--weight", "w"]
        ordered = [self.split == "threshold" and not c for c in _categoricals(X, len(names))]
        self._columns = [Column(n, v, o) for n, v, o in zip(names, data, ordered)]
        fields = [c.fields(v) for c, v in zip(self._columns, data)]
        fields.append([repr(float(v)) for v in y])
        code, out, err = run(args, _csv(header, fields + weights))
        try:
            self._coded = json.loads(out)
        except ValueError:
            raise OdtxError(last_line(err, f"odtx learn exited with code {code} and wrote no tree")) from None
        self.tree_ = self._decode(self._coded)
        self.depth_ = self.tree_["depth"]
        self.n_nodes_ = self.tree_["nodes"]
        self.optimal_ = bool(self.tree_["optimal"])
        self.lower_bound_ = self.tree_.get("lower_bound")
        self.training_sse_ = float(self.tree_["training_sse"])
        if code == 2:
            warnings.warn(last_line(err, "odtx: time limit reached"), ConvergenceWarning, stacklevel=2)
        return self

    def _decode(self, coded):
        """odtx's tree of the coded data in the data's own names and
        values, each leaf's mean a float."""

        def node(n):
            if "class" in n:
                return {**n, "class": float(n["class"])}
            column = self._columns[code_of(n["column"])]
            return {
                **n,
                "column": column.name,
                "value": column.decode(n["op"], n["value"]),
                "true": node(n["true"]),
                "false": node(n["false"]),
            }

        return {**coded, "label": "y", "classes": [float(c) for c in coded["classes"]], "root": node(coded["root"])}

    def _args(self, rows):
        """The command line of odtx learn for this estimator's parameters,
        on rows training rows."""
        if self.max_depth is None or int(self.max_depth) != self.max_depth or self.max_depth < 0:
            raise ValueError(f"max_depth is {self.max_depth!r}: want a depth, an integer of 0 or more")
        args = ["--parent", str(os.getpid())] + _limits(self.time_limit, self.max_memory)
        args += ["-q", "learn", "--task", "regression", "--max-depth", str(int(self.max_depth))]
        leaves = self.max_leaf_nodes
        if leaves is not None:
            if not _integer(leaves) or leaves < 2:
                raise ValueError(f"max_leaf_nodes is {leaves!r}: want an integer, 2 or more, or None")
            args += ["--max-branching-nodes", str(int(leaves) - 1)]
        if self.complexity_cost is not None:
            cost = float(self.complexity_cost)
            if not (math.isfinite(cost) and cost >= 0):
                raise ValueError(f"complexity_cost is {self.complexity_cost!r}: want a finite cost of 0 or more, or None")
            args += ["--complexity-cost", repr(cost)]
        leaf = self.min_samples_leaf
        if _integer(leaf) and leaf >= 1:
            least = int(leaf)
        elif not _integer(leaf) and isinstance(leaf, numbers.Real) and 0 < leaf < 1:
            least = math.ceil(float(leaf) * rows)  # as scikit-learn's
        else:
            raise ValueError(f"min_samples_leaf is {leaf!r}: want an integer, 1 or more, or a fraction of the rows above 0 and below 1")
        if least > 1:
            args += ["--min-leaf", str(least)]
        return args + ["--format", "json", "--split", str(self.split), "--label", "y", "-"]

    def get_depth(self):
        """The tree's depth: the most tests on a path from the root."""
        check_is_fitted(self)
        return self.depth_

    def get_n_leaves(self):
        """The tree's number of leaves."""
        check_is_fitted(self)
        return self.tree_["leaves"]

    def predict(self, X):
        """The mean of the leaf each row of X reaches."""
        nodes, leaf_of = self._reach(X)
        means = np.array([float(n["class"]) if "class" in n else 0.0 for n in nodes])
        return means[leaf_of]

    # Rows reach nodes as in the classifier, whose tree has the same form.
    apply = OptimalTreeClassifier.apply
    decision_path = OptimalTreeClassifier.decision_path
    _reach = OptimalTreeClassifier._reach
    _route = OptimalTreeClassifier._route
    _more_tags = OptimalTreeClassifier._more_tags
    if hasattr(OptimalTreeClassifier, "__sklearn_tags__"):
        __sklearn_tags__ = OptimalTreeClassifier.__sklearn_tags__


def _integer(v):
    """Whether v is an integer, a bool not counting as one."""
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))
