"""The scikit-learn estimator around odtx learn."""

import json
import numbers
import os
import warnings

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import _check_sample_weight, check_is_fitted

from ._binary import OdtxError, last_line, run
from ._importance import gini_importances
from ._values import Column, code_of, tokens

try:  # scikit-learn >= 1.6
    from sklearn.utils.validation import validate_data as _validate_data

    _FINITE = "ensure_all_finite"
except ImportError:

    def _validate_data(estimator, X, y="no_validation", **kwargs):
        return estimator._validate_data(X, y, **kwargs)

    _FINITE = "force_all_finite"


def _row_weights(sample_weight, checked):
    """sample_weight as float64s, one a row of checked, and which rows
    weigh more than 0: odtx is given those alone, as a row of weight 0
    changes no fit. Weights must be finite and 0 or more, some of them
    more."""
    sample_weight = _check_sample_weight(sample_weight, checked, dtype=np.float64)
    if not np.isfinite(sample_weight).all() or (sample_weight < 0).any():
        raise ValueError("sample_weight: want finite weights of 0 or more")
    weighed = sample_weight > 0
    if not weighed.any():
        raise ValueError("sample_weight: every row weighs 0")
    return sample_weight, weighed


class OptimalTreeClassifier(ClassifierMixin, BaseEstimator):
    """A provably optimal decision tree, learned by the odtx binary.

    With an integer ``max_depth`` (3 by default) it is the tree of depth at
    most ``max_depth`` with the fewest training errors, then the fewest
    nodes (``odtx learn --max-depth``), ``max_branching_nodes`` bounding its
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

    A column whose values are all numbers (a numeric dtype, or objects
    each an int or a float, not a bool) gives ``col <= v`` tests on their
    float64s; any other column (strings, pandas categoricals, booleans,
    mixed objects) gives ``col == v`` tests; ``split="eq"`` makes every
    test an ``==`` test. Values are Python's, never text: odtx is given
    codes for them (see the package's README), so that what the fit counts
    and what ``predict`` does are the same. In an ``==`` column two values
    are one exactly when they have one key: numbers of any type by their
    float64 (``1``, ``1.0`` and ``numpy.int64(1)`` are one value), a bool
    as itself (``True`` is not ``1``), a string character for character
    (``" a"`` is not ``"a"``, ``"2"`` not ``"2.0"``, ``"1"`` not ``1``),
    and any other value (a date) as Python's ``==`` within its type. A
    value that ``predict`` meets and the fit did not satisfies no ``==``
    test.

    Missing values (NaN, ``None``, pandas' ``NA``) are learned with, as
    scikit-learn's trees (1.3 and later) learn with them: in a column of
    numbers each ``<=`` test also says which side they take (``"missing"``
    in ``tree_``, true for the true branch), and the search chooses it as
    part of the optimum; where no training row with a missing value
    reaches a test, as on a column that had none, they go to the branch
    more training rows took, the false one on a tie. In any other column a
    missing value is one value of its own, however written.
    Feature names are those of a pandas DataFrame's columns, whatever
    their characters, else ``x0``, ``x1``, ...; classes are those of y,
    whatever their values.

    Parameters
    ----------
    max_depth : int or None, default=3
        An integer: fewest training errors at depth at most this. None: no
        training errors, least depth.
    max_branching_nodes : int or None, default=None
        At most this many branching nodes (with ``max_depth``).
    complexity_cost : float or None, default=None
        With ``max_depth``, each branching node costs this times the number
        of rows in training errors (as ConTree and STreeD define it).
    any_size : bool, default=False
        With ``max_depth`` and no ``complexity_cost``, a tree of the fewest
        training errors of whatever size, as STreeD's and ConTree's
        estimators give (``odtx learn --any-size``): faster, as the fewest
        nodes among those trees are not searched.
    min_samples_leaf : int, default=1
        With ``max_depth``, every leaf holds at least this many training
        rows, unless the tree is a single leaf (``odtx learn --min-leaf``):
        scikit-learn's parameter as an integer, 1 or more. A float, which
        scikit-learn reads as a fraction of the rows, is refused, as is
        more than 1 without ``max_depth``: the tree without training errors
        knows no leaf size. With ``sample_weight`` or ``class_weight`` it
        is a least weight of a leaf rather than a number of rows (odtx
        counts the weight of a leaf's rows; scikit-learn counts rows here).
    min_weight_fraction_leaf : float, default=0.0
        With ``max_depth``, every leaf weighs at least this fraction of the
        total weight (of ``sample_weight`` times ``class_weight``; of the
        rows without them), as scikit-learn's; from 0 to 0.5.
    mode : {"size", "depth", "errors"} or None, default=None
        "size": least depth, then fewest nodes; "depth": least depth only;
        "errors": what ``max_depth`` asks for. None: "size" without
        ``max_depth``, "errors" with it, as ``odtx learn`` chooses.
    engine : {"auto", "sat", "dp", "minerr", "ordered"}, default="auto"
        odtx's exact method (``odtx --engine``): "sat" and "dp" learn trees
        without errors only, "minerr" and "ordered" any mode.
    time_limit : float or None, default=None
        Seconds to search, more than 0. When they run out the fit still
        gives the best tree found, with ``optimal_ = False``, and warns
        (``ConvergenceWarning``). None: no limit. However long the
        search, odtx ends when this Python process does.
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
    class_weight : dict, "balanced" or None, default=None
        Weighs each row by its class too, as scikit-learn's trees do: a
        dict maps classes to weights (a class not in it weighs 1),
        "balanced" weighs class c by ``n_samples / (n_classes * n_c)``,
        counting rows. With ``max_depth`` the tree then has the least
        weight of training errors (``odtx learn --class-weight``).
    n_jobs : int or None, default=None
        Depths odtx probes at once (``odtx --jobs``); None: one per CPU;
        negative: that many fewer than one per CPU, plus one, as in
        scikit-learn. One job makes the choice among optimal trees
        deterministic.
    max_memory : int, str or None, default=None
        Keep odtx near this much memory (``odtx --max-memory``): bytes, or
        a size such as "512m", "2g" or "1.5GiB" (1024-fold units), at least
        64 MiB. The search's caches then take half of it, and drop what
        they have not used lately when they fill, which costs time, never
        the answer. None: odtx's defaults.

    Attributes
    ----------
    classes_ : ndarray
        The class labels, sorted.
    n_classes_ : int
        The number of classes.
    n_outputs_ : int
        1: one label column.
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when X was a DataFrame with string column names.
    tree_ : dict
        The tree as odtx's JSON (``odtx learn --format json``) in the
        data's own terms: feature names, values (thresholds as floats,
        ``==`` values as the column's own values) and classes.
    depth_, n_nodes_ : int
        The tree's depth and its node count, leaves included.
    optimal_ : bool
        Whether odtx proved the tree optimal.
    lower_bound_ : dict or None
        What was proven when the search stopped early (``optimal_`` False);
        None when the tree is optimal, being its own bound.
    training_errors_ : int
        The rows of the training data the tree gets wrong.
    training_loss_ : float
        Their weight, by ``sample_weight`` and ``class_weight``: what the
        fit minimized with ``max_depth``; the same as ``training_errors_``
        without weights.
    engine_ : str
        The engine that ran.
    feature_importances_ : ndarray of shape (n_features_in_,)
        The Gini importance of each feature, as scikit-learn's trees
        define it, from the leaves' training counts.

    The nodes are numbered as scikit-learn numbers its tree's: in preorder,
    the root 0, each test's true branch (``<=`` or ``==`` holding,
    scikit-learn's left) before its false one. ``apply`` gives the number
    of the leaf each row reaches, and the columns of ``decision_path`` are
    these numbers.
    """

    def __init__(
        self,
        *,
        max_depth=3,
        max_branching_nodes=None,
        complexity_cost=None,
        any_size=False,
        min_samples_leaf=1,
        min_weight_fraction_leaf=0.0,
        mode=None,
        engine="auto",
        time_limit=None,
        conflicts="majority",
        split="threshold",
        class_weight=None,
        n_jobs=None,
        max_memory=None,
    ):
        self.max_depth = max_depth
        self.max_branching_nodes = max_branching_nodes
        self.complexity_cost = complexity_cost
        self.any_size = any_size
        self.min_samples_leaf = min_samples_leaf
        self.min_weight_fraction_leaf = min_weight_fraction_leaf
        self.mode = mode
        self.engine = engine
        self.time_limit = time_limit
        self.conflicts = conflicts
        self.split = split
        self.class_weight = class_weight
        self.n_jobs = n_jobs
        self.max_memory = max_memory

    def fit(self, X, y, sample_weight=None):
        """Learn the optimal tree of X and y, each row weighing its
        sample_weight (1 if None) times its class's (class_weight);
        returns self.

        Weights are finite numbers of 0 or more; a row of weight 0 is left
        out, as if absent. odtx makes the weights exact integers in the
        same ratios where their sum allows, else rounds them to about nine
        significant digits of their sum (see odtx's docs).
        """
        name = getattr(y, "name", None)
        checked, y = _validate_data(self, _checkable(X), y, reset=True, dtype=None, **{_FINITE: "allow-nan"})
        check_classification_targets(y)
        self.classes_, y_index = np.unique(y, return_inverse=True)
        self.n_classes_, self.n_outputs_ = len(self.classes_), 1
        names = list(getattr(self, "feature_names_in_", [f"x{j}" for j in range(checked.shape[1])]))
        data = _columns(X, checked)
        ordered = [self.split == "threshold" and not c for c in _categoricals(X, len(names))]
        header = tokens("x", len(names)) + ["y"]
        weighed = None
        if sample_weight is not None:
            sample_weight, weighed = _row_weights(sample_weight, checked)
            data = [v[weighed] for v in data]
            y_index = y_index[weighed]
            header.append("w")
        self._columns = [Column(n, v, o) for n, v, o in zip(names, data, ordered)]
        fields = [c.fields(v) for c, v in zip(self._columns, data)]
        fields.append(np.asarray(tokens("c", len(self.classes_)))[y_index])
        if weighed is not None:
            fields.append([repr(float(w)) for w in sample_weight[weighed]])
        classes = self._class_weight()
        own = np.ones(len(y_index)) if sample_weight is None else sample_weight[weighed]
        total = float(np.sum(own * self._row_class_weights(y_index) if classes else own))
        args = self._args(total)
        if weighed is not None:
            args[-1:-1] = ["--weight", "w"]
        if classes:
            args[-1:-1] = ["--class-weight", classes]
        code, out, err = run(args, _csv(header, fields))
        try:
            self._coded = json.loads(out)
        except ValueError:
            raise OdtxError(last_line(err, f"odtx learn exited with code {code} and wrote no tree")) from None
        self.tree_ = self._decode(self._coded, name if isinstance(name, str) and name else "y")
        self.depth_ = self.tree_["depth"]
        self.n_nodes_ = self.tree_["nodes"]
        self.optimal_ = bool(self.tree_["optimal"])
        self.lower_bound_ = self.tree_.get("lower_bound")
        self.training_errors_ = int(self.tree_.get("training_errors", 0))
        self.training_loss_ = float(self.tree_.get("training_loss", self.training_errors_))
        self.engine_ = self.tree_.get("engine", "")
        if code == 2:
            warnings.warn(last_line(err, "odtx: time limit reached"), ConvergenceWarning, stacklevel=2)
        return self

    def _decode(self, coded, label):
        """odtx's tree of the coded data, coded, in the data's own names,
        values and classes."""

        def node(n):
            if "class" in n:
                return {**n, "class": self._class(n["class"])}
            column = self._columns[code_of(n["column"])]
            return {
                **n,
                "column": column.name,
                "value": column.decode(n["op"], n["value"]),
                "true": node(n["true"]),
                "false": node(n["false"]),
            }

        return {**coded, "label": label, "classes": [self._class(c) for c in coded["classes"]], "root": node(coded["root"])}

    def _class_weight(self):
        """class_weight as odtx's --class-weight reads it, in class codes;
        "" if it weighs no class."""
        if self.class_weight is None:
            return ""
        if isinstance(self.class_weight, str):
            if self.class_weight != "balanced":
                raise ValueError(f"class_weight is {self.class_weight!r}: want a dict, 'balanced' or None")
            return "balanced"
        pairs = []
        for i, c in enumerate(self.classes_):
            key = c.item() if isinstance(c, np.generic) else c
            if key in self.class_weight:
                w = float(self.class_weight[key])
                if not np.isfinite(w) or w < 0:
                    raise ValueError(f"class_weight of {key!r} is {w!r}: want a finite weight of 0 or more")
                pairs.append(f"c{i}={w!r}")
        return ",".join(pairs)

    def _row_class_weights(self, y_index):
        """The class weight of each row, y_index its class's index, as
        odtx reads class_weight: "balanced" by the rows of each class."""
        if isinstance(self.class_weight, str):
            counts = np.bincount(y_index, minlength=len(self.classes_))
            per = np.where(counts > 0, len(y_index) / (np.count_nonzero(counts) * np.maximum(counts, 1)), 0.0)
        else:
            per = np.array([float(self.class_weight.get(c.item() if isinstance(c, np.generic) else c, 1.0)) for c in self.classes_])
        return per[y_index]

    def _class(self, token):
        c = self.classes_[code_of(token)]
        return c.item() if isinstance(c, np.generic) else c

    def _args(self, total):
        """The command line of odtx learn for this estimator's parameters,
        the rows weighing total in all."""
        # Stop with this process, however it ends: a search with no time
        # limit would run on, adopted, after a kill.
        args = ["--parent", str(os.getpid()), "--engine", str(self.engine)] + _limits(self.time_limit, self.max_memory)
        if self.n_jobs is not None:
            jobs = self.n_jobs if self.n_jobs > 0 else (os.cpu_count() or 1) + 1 + self.n_jobs
            args += ["--jobs", str(max(jobs, 1))]
        args += ["-q", "learn", "--format", "json", "--split", str(self.split), "--label", "y"]
        if self.mode is not None:
            args += ["--mode", str(self.mode)]
        if self.max_depth is None:
            args += ["--conflicts", str(self.conflicts)]
        else:
            args += ["--max-depth", str(self.max_depth)]
        if self.max_branching_nodes is not None:
            args += ["--max-branching-nodes", str(self.max_branching_nodes)]
        if self.complexity_cost is not None:
            args += ["--complexity-cost", repr(float(self.complexity_cost))]
        if self.any_size:
            args += ["--any-size"]
        leaf = self.min_samples_leaf
        if isinstance(leaf, (bool, np.bool_)) or not isinstance(leaf, numbers.Integral) or leaf < 1:
            raise ValueError(f"min_samples_leaf is {leaf!r}: want an integer, 1 or more (a fraction of the rows is not taken)")
        fraction = float(self.min_weight_fraction_leaf)
        if not 0 <= fraction <= 0.5:
            raise ValueError(f"min_weight_fraction_leaf is {fraction!r}: want a fraction from 0 to 0.5")
        least = max(float(leaf), fraction * total)
        if least > 1 or fraction > 0:
            if self.max_depth is None:
                raise ValueError("min_samples_leaf and min_weight_fraction_leaf need max_depth, as the tree without training errors knows no leaf size")
            args += ["--min-leaf", repr(least)]
        return args + ["-"]

    def get_depth(self):
        """The tree's depth: the most tests on a path from the root."""
        check_is_fitted(self)
        return self.depth_

    def get_n_leaves(self):
        """The tree's number of leaves."""
        check_is_fitted(self)
        return self.tree_["leaves"]

    @property
    def feature_importances_(self):
        """Each feature's Gini importance (see _importance), adding up to
        1, or zeros for a tree whose splits decrease no impurity."""
        check_is_fitted(self)
        return gini_importances(self._coded["root"], self.n_features_in_)

    def apply(self, X):
        """The number of the leaf each row of X reaches, in the numbering
        of decision_path's columns (see the class's notes)."""
        return self._reach(X)[1]

    def decision_path(self, X):
        """A sparse matrix of the nodes each row of X passes, leaf
        included: entry (i, j) is 1 when row i reaches node j, numbered as
        apply numbers them, as scikit-learn's decision_path."""
        nodes, reached = self._route(X)
        rows = np.concatenate(reached)
        columns = np.repeat(np.arange(len(nodes)), [len(r) for r in reached])
        shape = (len(reached[0]), len(nodes))
        return csr_matrix((np.ones(len(rows), dtype=np.intp), (rows, columns)), shape=shape)

    def predict(self, X):
        """The class of the leaf each row of X reaches."""
        nodes, leaf_of = self._reach(X)
        classes = np.array([code_of(n["class"]) if "class" in n else 0 for n in nodes], dtype=np.intp)
        return self.classes_[classes[leaf_of]]

    def predict_proba(self, X):
        """Each class's share of the training rows in the leaf each row of X
        reaches (all to the leaf's class where odtx counted none)."""
        nodes, leaf_of = self._reach(X)
        order = [code_of(c) for c in self._coded["classes"]]
        proba = np.zeros((len(nodes), len(self.classes_)))
        for i, leaf in enumerate(nodes):
            if "class" not in leaf:
                continue
            counts = leaf.get("weights") or leaf.get("counts") or []
            if sum(counts) > 0:
                proba[i, order[: len(counts)]] = np.asarray(counts, dtype=float) / sum(counts)
            else:
                proba[i, code_of(leaf["class"])] = 1.0
        return proba[leaf_of]

    def _reach(self, X):
        """The nodes of odtx's coded tree, numbered, and for each row of X
        the number of the leaf it reaches."""
        nodes, reached = self._route(X)
        leaf_of = np.zeros(len(reached[0]), dtype=np.intp)
        for i, (node, rows) in enumerate(zip(nodes, reached)):
            if "class" in node:
                leaf_of[rows] = i
        return nodes, leaf_of

    def _route(self, X):
        """The nodes of odtx's coded tree in the order of their numbers
        (see the class's notes), and for each the indices of the rows of X
        that reach it. Each test reads its column as the fit wrote it (see
        _values)."""
        check_is_fitted(self)
        checked = _validate_data(self, _checkable(X), reset=False, dtype=None, **{_FINITE: "allow-nan"})
        data = _columns(X, checked)
        read = {}  # by column and op: its numbers or codes, computed once

        def column(j, op):
            if (j, op) not in read:
                c = self._columns[j]
                read[j, op] = c.numbers(data[j]) if op == "<=" else c.codes(data[j])
            return read[j, op]

        nodes, reached = [], []
        # A stack, the false branch pushed first: nodes leave it in preorder.
        pending = [(self._coded["root"], np.arange(checked.shape[0]))]
        while pending:
            node, rows = pending.pop()
            nodes.append(node)
            reached.append(rows)
            if "class" in node:
                continue
            values = column(code_of(node["column"]), node["op"])[rows]
            if node["op"] == "<=":
                holds = values <= node["value"]
                missing = np.isnan(values)
                if missing.any():
                    if "missing" not in node:
                        name = self._columns[code_of(node["column"])].name
                        raise ValueError(f"column {name!r}: a missing value, and the tree says nothing of where missing values go")
                    holds[missing] = node["missing"]
            else:
                holds = values == code_of(node["value"])
            pending += [(node["false"], rows[~holds]), (node["true"], rows[holds])]
        return nodes, reached

    def _more_tags(self):
        return {"X_types": ["2darray", "string"], "allow_nan": True}

    if hasattr(BaseEstimator, "__sklearn_tags__"):  # scikit-learn >= 1.6

        def __sklearn_tags__(self):
            tags = super().__sklearn_tags__()
            tags.input_tags.string = True
            tags.input_tags.allow_nan = True
            return tags


def _checkable(X):
    """X for scikit-learn's check of it, keeping its values what they are.

    A DataFrame with a column of an extension dtype (a Categorical, say)
    beside a bool one fails that check's conversion; it is checked as
    objects instead, the missing values of such columns (pandas.NA, NaN)
    made NaN, which the check lets pass. Its columns are read from X itself
    (_columns). Lists become an array of objects: numpy would make the
    numbers among strings strings too.
    """
    if not hasattr(X, "dtypes"):
        return X if hasattr(X, "dtype") else np.asarray(X, dtype=object)
    extension = np.array([not isinstance(d, np.dtype) for d in X.dtypes])
    if not extension.any():
        return X
    values = X.to_numpy(dtype=object)
    values[X.isna().to_numpy() & extension] = np.nan
    return type(X)(values, columns=X.columns)


def _categoricals(X, n):
    """For each of the n columns of X, whether it is a pandas Categorical,
    which gives == tests whatever its values."""
    if not hasattr(X, "dtypes"):
        return [False] * n
    return [getattr(d, "name", None) == "category" for d in X.dtypes]


def _columns(X, checked):
    """The columns of X, taken from a DataFrame one by one so that each
    keeps its dtype, else from checked, X as a validated array."""
    if hasattr(X, "iloc") and hasattr(X, "dtypes"):
        return [X.iloc[:, j].to_numpy(dtype=None if X.dtypes.iloc[j].kind in "iuf" else object) for j in range(X.shape[1])]
    return [checked[:, j] for j in range(checked.shape[1])]


def _csv(header, columns):
    """The CSV text of columns, under header, as bytes: tokens and
    numbers, which need no quoting."""
    rows = [",".join(header)] + [",".join(row) for row in zip(*columns)]
    return ("\n".join(rows) + "\n").encode("ascii")


def _limits(time_limit, max_memory):
    """The global flags of odtx for an estimator's time_limit and
    max_memory."""
    args = []
    if time_limit is not None:
        if not time_limit > 0:
            raise ValueError(f"time_limit is {time_limit!r}: want seconds, more than 0, or None")
        # In whole nanoseconds, at least one: Go's durations take no
        # exponent, and 0 would mean no limit.
        args += ["--timeout", f"{max(round(float(time_limit) * 1e9), 1)}ns"]
    if max_memory is not None:
        if isinstance(max_memory, bool) or not isinstance(max_memory, (numbers.Integral, str)):
            raise ValueError(f"max_memory is {max_memory!r}: want bytes, a size such as '2g', or None")
        args += ["--max-memory", str(max_memory)]
    return args
