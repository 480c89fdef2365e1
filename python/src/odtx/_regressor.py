"""The scikit-learn regressor around odtx learn --task regression."""

import json
import os
import warnings

import numpy as np
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.validation import check_is_fitted

from ._binary import OdtxError, last_line, run
from ._estimator import _FINITE, OptimalTreeClassifier, _categoricals, _checkable, _columns, _csv, _validate_data
from ._values import Column, code_of, tokens


class OptimalTreeRegressor(RegressorMixin, BaseEstimator):
    """A provably optimal regression tree, learned by the odtx binary.

    The tree of depth at most ``max_depth`` whose leaves, each predicting
    the mean of the training targets that reach it, give the least sum of
    squared errors (``odtx learn --task regression``). X is read as
    ``OptimalTreeClassifier`` reads it (numbers give ``<=`` tests, other
    columns ``==`` tests); y must be finite numbers, given to odtx as the
    shortest decimals of their float64s. Among trees of least error the
    nodes are not minimized. ``score`` is R², as scikit-learn's regressors
    give it.

    Parameters
    ----------
    max_depth : int, default=3
        The deepest the tree may be.
    time_limit : float or None, default=None
        Seconds to search, more than 0. When they run out the fit still
        gives the best tree found, with ``optimal_ = False``, and warns
        (``ConvergenceWarning``). None: no limit.
    split : {"threshold", "eq"}, default="threshold"
        Numeric columns as ``<=`` tests, or as ``==`` tests like the others.

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

    def __init__(self, *, max_depth=3, time_limit=None, split="threshold"):
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.split = split

    def fit(self, X, y):
        """Learn the regression tree of least squared error of X and y;
        returns self."""
        checked, y = _validate_data(self, _checkable(X), y, reset=True, dtype=None, y_numeric=True, **{_FINITE: "allow-nan"})
        y = np.asarray(y, dtype=np.float64)
        if y.ndim != 1:
            raise ValueError("y: want one target per row")
        self.n_outputs_ = 1
        names = list(getattr(self, "feature_names_in_", [f"x{j}" for j in range(checked.shape[1])]))
        data = _columns(X, checked)
        ordered = [self.split == "threshold" and not c for c in _categoricals(X, len(names))]
        self._columns = [Column(n, v, o) for n, v, o in zip(names, data, ordered)]
        fields = [c.fields(v) for c, v in zip(self._columns, data)]
        fields.append([repr(float(v)) for v in y])
        code, out, err = run(self._args(), _csv(tokens("x", len(names)) + ["y"], fields))
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

    def _args(self):
        """The command line of odtx learn for this estimator's parameters."""
        if self.max_depth is None or int(self.max_depth) != self.max_depth or self.max_depth < 0:
            raise ValueError(f"max_depth is {self.max_depth!r}: want a depth, an integer of 0 or more")
        args = ["--parent", str(os.getpid())]
        if self.time_limit is not None:
            if not self.time_limit > 0:
                raise ValueError(f"time_limit is {self.time_limit!r}: want seconds, more than 0, or None")
            args += ["--timeout", f"{max(round(float(self.time_limit) * 1e9), 1)}ns"]
        args += ["-q", "learn", "--task", "regression", "--max-depth", str(int(self.max_depth))]
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
