"""The scikit-learn estimator around odtx learn."""

import csv
import io
import json
import os
import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from ._binary import run

try:  # scikit-learn >= 1.6
    from sklearn.utils.validation import validate_data as _validate_data

    _FINITE = "ensure_all_finite"
except ImportError:

    def _validate_data(estimator, X, y="no_validation", **kwargs):
        return estimator._validate_data(X, y, **kwargs)

    _FINITE = "force_all_finite"


class OptimalTreeClassifier(ClassifierMixin, BaseEstimator):
    """A provably optimal decision tree, learned by the odtx binary.

    With an integer ``max_depth`` (3 by default) it is the tree of depth at
    most ``max_depth`` with the fewest training errors, then the fewest
    nodes (``odtx learn --max-depth``), ``max_nodes`` bounding its
    branching nodes and ``complexity_cost`` charging each one that many
    errors. With ``max_depth=None`` the tree classifies every training row
    correctly and is the shallowest that does, and in ``mode="size"`` the
    one with the fewest nodes among those: what ``odtx learn`` finds
    without ``--max-depth``.

    The default is a depth bound, as in STreeD's, ConTree's and pystreed's
    estimators, rather than the command line's tree without errors:
    a scikit-learn classifier is expected to fit whatever labelled data it
    is given quickly, noisy labels and scikit-learn's own random data
    included, where the tree without errors grows with the noise and the
    time to prove it optimal grows faster.

    Numeric columns give ``col <= v`` tests; other columns (strings,
    objects, pandas categoricals, booleans) give ``col == v`` tests, unless
    every value of one is a number, which odtx reads as numbers too;
    ``split="eq"`` makes every test an ``==`` test. Feature names are those
    of a pandas DataFrame's columns, else ``x0``, ``x1``, ...

    Parameters
    ----------
    max_depth : int or None, default=3
        An integer: fewest training errors at depth at most this. None: no
        training errors, least depth.
    max_nodes : int or None, default=None
        At most this many branching nodes (with ``max_depth``).
    complexity_cost : float or None, default=None
        With ``max_depth``, each branching node costs this times the number
        of rows in training errors (as ConTree and STreeD define it).
    any_size : bool, default=False
        With ``max_depth`` and no ``complexity_cost``, a tree of the fewest
        training errors of whatever size, as STreeD's and ConTree's
        estimators give (``odtx learn --any-size``): faster, as the fewest
        nodes among those trees are not searched.
    mode : {"size", "depth", "errors"} or None, default=None
        "size": least depth, then fewest nodes; "depth": least depth only;
        "errors": what ``max_depth`` asks for. None: "size" without
        ``max_depth``, "errors" with it, as ``odtx learn`` chooses.
    engine : {"auto", "sat", "dp"}, default="auto"
        odtx's exact method (``odtx --engine``).
    time_limit : float or None, default=None
        Seconds to search. When they run out the fit still gives the best
        tree found, with ``optimal_ = False``, and warns
        (``ConvergenceWarning``). None: no limit.
    conflicts : {"majority", "error"}, default="majority"
        Rows with equal features and different labels, for the zero-error
        objective: "majority" gives each such group its most frequent label
        and the tree errs on the others, the fewest errors any tree makes;
        "error" refuses them, as ``odtx learn`` does by default. The default
        differs from the CLI's because a scikit-learn classifier is expected
        to fit whatever labelled data it is given (noisy labels, data in
        cross-validation or a grid search), as a DecisionTreeClassifier
        does. With ``max_depth`` the objective counts errors anyway, and
        this is not passed on.
    split : {"threshold", "eq"}, default="threshold"
        Numeric columns as ``<=`` tests, or as ``==`` tests like the others.
    n_jobs : int or None, default=None
        Depths odtx probes at once (``odtx --jobs``); None: one per CPU;
        negative: that many fewer than one per CPU, plus one, as in
        scikit-learn. One job makes the choice among optimal trees
        deterministic.

    Attributes
    ----------
    classes_ : ndarray
        The class labels, sorted.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when X was a DataFrame with string column names.
    tree_ : dict
        The tree as odtx's JSON (``odtx learn --format json``).
    depth_, n_nodes_ : int
        The tree's depth and its node count, leaves included.
    optimal_ : bool
        Whether odtx proved the tree optimal.
    lower_bound_ : dict or None
        What was proven when the search stopped early (``optimal_`` False);
        None when the tree is optimal, being its own bound.
    training_errors_ : int
        The rows of the training data the tree gets wrong.
    engine_ : str
        The engine that ran.
    """

    def __init__(
        self,
        *,
        max_depth=3,
        max_nodes=None,
        complexity_cost=None,
        any_size=False,
        mode=None,
        engine="auto",
        time_limit=None,
        conflicts="majority",
        split="threshold",
        n_jobs=None,
    ):
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.complexity_cost = complexity_cost
        self.any_size = any_size
        self.mode = mode
        self.engine = engine
        self.time_limit = time_limit
        self.conflicts = conflicts
        self.split = split
        self.n_jobs = n_jobs

    def fit(self, X, y):
        """Learn the optimal tree of X and y; returns self."""
        name = getattr(y, "name", None)
        checked, y = _validate_data(self, X, y, reset=True, dtype=None, **{_FINITE: True})
        check_classification_targets(y)
        columns = _columns(X, checked)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        texts = [str(c) for c in self.classes_]
        if len(set(texts)) < len(texts) or "" in texts:
            texts = [str(i) for i in range(len(texts))]  # the classes' own names would not tell them apart
        self._class_of = {t: i for i, t in enumerate(texts)}
        self._names = list(getattr(self, "feature_names_in_", [f"x{j}" for j in range(len(columns))]))
        label = name if isinstance(name, str) and name else "y"
        while label in self._names:
            label += "_"
        data = _csv(self._names + [label], [c.texts for c in columns] + [np.asarray(texts)[y_index]])
        code, out, err = run(self._args(label), data)
        self.tree_ = json.loads(out)
        self.depth_ = self.tree_["depth"]
        self.n_nodes_ = self.tree_["nodes"]
        self.optimal_ = bool(self.tree_["optimal"])
        self.lower_bound_ = self.tree_.get("lower_bound")
        self.training_errors_ = int(self.tree_.get("training_errors", 0))
        self.engine_ = self.tree_.get("engine", "")
        if code == 2:
            lines = err.strip().splitlines()
            warnings.warn(lines[-1] if lines else "odtx: time limit reached", ConvergenceWarning, stacklevel=2)
        return self

    def _args(self, label):
        """The command line of odtx learn for this estimator's parameters."""
        args = ["--engine", str(self.engine)]
        if self.time_limit is not None:
            # In whole nanoseconds: Go's durations take no exponent.
            args += ["--timeout", f"{round(float(self.time_limit) * 1e9)}ns"]
        if self.n_jobs is not None:
            jobs = self.n_jobs if self.n_jobs > 0 else (os.cpu_count() or 1) + 1 + self.n_jobs
            args += ["--jobs", str(max(jobs, 1))]
        args += ["-q", "learn", "--format", "json", "--split", str(self.split), "--label", label]
        if self.mode is not None:
            args += ["--mode", str(self.mode)]
        if self.max_depth is None:
            args += ["--conflicts", str(self.conflicts)]
        else:
            args += ["--max-depth", str(self.max_depth)]
        if self.max_nodes is not None:
            args += ["--max-nodes", str(self.max_nodes)]
        if self.complexity_cost is not None:
            args += ["--complexity-cost", repr(float(self.complexity_cost))]
        if self.any_size:
            args += ["--any-size"]
        return args + ["-"]

    def predict(self, X):
        """The class of the leaf each row of X reaches."""
        leaf_of, leaves = self._reach(X)
        classes = np.array([self._class_of[leaf["class"]] for leaf in leaves], dtype=np.intp)
        return self.classes_[classes[leaf_of]]

    def predict_proba(self, X):
        """Each class's share of the training rows in the leaf each row of X
        reaches (all to the leaf's class where odtx counted none)."""
        leaf_of, leaves = self._reach(X)
        order = [self._class_of[c] for c in self.tree_["classes"]]
        proba = np.zeros((len(leaves), len(self.classes_)))
        for i, leaf in enumerate(leaves):
            counts = leaf.get("counts") or []
            if sum(counts) > 0:
                proba[i, order[: len(counts)]] = np.asarray(counts, dtype=float) / sum(counts)
            else:
                proba[i, self._class_of[leaf["class"]]] = 1.0
        return proba[leaf_of]

    def _reach(self, X):
        """The leaves rows of X reach: for each row the index of its leaf in
        the list returned, the leaves reached."""
        check_is_fitted(self)
        checked = _validate_data(self, X, reset=False, dtype=None, **{_FINITE: True})
        columns = dict(zip(self._names, _columns(X, checked)))
        leaf_of = np.zeros(checked.shape[0], dtype=np.intp)
        leaves = []
        pending = [(self.tree_["root"], np.arange(checked.shape[0]))]
        while pending:
            node, rows = pending.pop()
            if "class" in node:
                leaf_of[rows] = len(leaves)
                leaves.append(node)
                continue
            column = columns[node["column"]]
            if node["op"] == "<=":
                holds = column.numbers()[rows] <= node["value"]
            else:
                holds = column.texts[rows] == node["value"]
            pending += [(node["false"], rows[~holds]), (node["true"], rows[holds])]
        return leaf_of, leaves

    def _more_tags(self):
        return {"X_types": ["2darray", "string"]}

    if hasattr(BaseEstimator, "__sklearn_tags__"):  # scikit-learn >= 1.6

        def __sklearn_tags__(self):
            tags = super().__sklearn_tags__()
            tags.input_tags.string = True
            return tags


class _Column:
    """A column of X as odtx reads it: texts, the CSV fields written for it,
    and the numbers those texts are, for <= tests."""

    def __init__(self, values):
        values = np.asarray(values)
        self._numbers = None
        if values.dtype.kind in "iuf":
            # float32 values are written as the float64 they widen to, so
            # that odtx's thresholds and the numbers here are equal.
            self._numbers = values.astype(np.float64)
            self.texts = self._numbers.astype(str) if values.dtype.kind == "f" else values.astype(str)
        else:
            self.texts = np.array([str(v) for v in values.ravel()], dtype=str)

    def numbers(self):
        """The column's values as numbers, parsed from their texts as odtx
        parses them where they were not numbers already."""
        if self._numbers is None:
            try:
                self._numbers = self.texts.astype(np.float64)
            except ValueError as e:
                raise ValueError(f"a <= test on a column that is not all numbers: {e}") from None
        return self._numbers


def _columns(X, checked):
    """The columns of X, taken from a DataFrame one by one so that each
    keeps its dtype, else from checked, X as a validated array."""
    if hasattr(X, "iloc") and hasattr(X, "dtypes"):
        return [_Column(X.iloc[:, j].to_numpy(dtype=object if X.dtypes.iloc[j].kind not in "iuf" else None)) for j in range(X.shape[1])]
    return [_Column(checked[:, j]) for j in range(checked.shape[1])]


def _csv(header, columns):
    """The CSV text of columns, under header, as UTF-8 bytes."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(zip(*columns))
    return out.getvalue().encode("utf-8")
