"""OptimalTreeRegressor's options: sample_weight, min_samples_leaf,
max_leaf_nodes and complexity_cost, each against what it means and
against scikit-learn's tree where both search the same trees."""

import math

import numpy as np
import pytest
from sklearn.datasets import load_diabetes
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.tree import DecisionTreeRegressor

from odtx import OptimalTreeRegressor


def random_table(seed, rows=60, columns=3):
    """A table of few values a column, targets of two decimals with
    noise, and integer weights of 1 to 3."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 8, size=(rows, columns)).astype(float)
    y = np.round(3 * X[:, 0] - 2 * (X[:, 1] > 4) + rng.normal(0, 2, rows), 2)
    w = rng.integers(1, 4, size=rows).astype(float)
    return X, y, w


def diabetes(seed):
    """load_diabetes with integer weights of 1 to 3."""
    X, y = load_diabetes(return_X_y=True)
    return X, y, np.random.default_rng(seed).integers(1, 4, size=len(y)).astype(float)


def weighted_sse(model, X, y, w):
    return float(np.sum(w * (model.predict(X) - y) ** 2))


def test_integer_weights_repeat_rows():
    """A row of integer weight k is k copies of it, 0 none: the same
    tree and SSE."""
    X, y, w = random_table(1)
    w[::7] = 0
    weighed = OptimalTreeRegressor(max_depth=2).fit(X, y, sample_weight=w)
    copies = np.repeat(np.arange(len(y)), w.astype(int))
    repeated = OptimalTreeRegressor(max_depth=2).fit(X[copies], y[copies])
    assert weighed.training_sse_ == pytest.approx(repeated.training_sse_, rel=1e-12)
    assert weighed.training_sse_ == pytest.approx(weighted_sse(weighed, X, y, w), rel=1e-9)
    np.testing.assert_allclose(weighed.predict(X), repeated.predict(X), rtol=1e-12)


@pytest.mark.parametrize(
    "table, depth, leaf",
    [
        (lambda: random_table(2), 3, 1),
        (lambda: random_table(3), 3, 4),
        (lambda: random_table(4, rows=120, columns=4), 2, 10),
        (lambda: diabetes(5), 2, 1),
        (lambda: diabetes(5), 3, 1),
        (lambda: diabetes(6), 2, 15),
    ],
)
def test_weighted_no_worse_than_cart(table, depth, leaf):
    """The weighted SSE of the optimal tree is never above that of
    scikit-learn's tree of the same depth and leaf size fitted with the
    same weights: weights of 1 or more give each of its leaves of leaf
    rows at least that weight, so its tree is among those searched."""
    X, y, w = table()
    model = OptimalTreeRegressor(max_depth=depth, min_samples_leaf=leaf).fit(X, y, sample_weight=w)
    cart = DecisionTreeRegressor(max_depth=depth, min_samples_leaf=leaf, random_state=0).fit(X, y, sample_weight=w)
    sse = weighted_sse(model, X, y, w)
    assert model.optimal_ and model.get_depth() <= depth
    assert sse == pytest.approx(model.training_sse_, rel=1e-9)
    assert sse <= weighted_sse(cart, X, y, w) * (1 + 1e-9)


@pytest.mark.parametrize("leaf", [7, 0.15])
def test_min_samples_leaf(leaf):
    """Every leaf holds min_samples_leaf training rows, or that fraction
    of them rounded up, as scikit-learn reads it; without it the tree
    has a smaller leaf."""
    X, y, _ = random_table(7)
    least = leaf if isinstance(leaf, int) else math.ceil(leaf * len(y))
    model = OptimalTreeRegressor(max_depth=3, min_samples_leaf=leaf).fit(X, y)
    sizes = np.bincount(model.apply(X))
    assert model.get_depth() > 0
    assert sizes[sizes > 0].min() >= least
    free = np.bincount(OptimalTreeRegressor(max_depth=3).fit(X, y).apply(X))
    assert free[free > 0].min() < least


@pytest.mark.parametrize("leaves", [2, 3, 5])
def test_max_leaf_nodes(leaves):
    """max_leaf_nodes bounds the leaves, as scikit-learn's does; the
    optimum within it is no worse than scikit-learn's best-first tree
    of as many leaves and depth, and better than any tree of fewer."""
    X, y, _ = random_table(8)
    model = OptimalTreeRegressor(max_depth=3, max_leaf_nodes=leaves).fit(X, y)
    cart = DecisionTreeRegressor(max_depth=3, max_leaf_nodes=leaves).fit(X, y)
    assert model.get_n_leaves() <= leaves
    assert model.tree_["budget"]["max_branching_nodes"] == leaves - 1
    assert model.training_sse_ <= float(np.sum((cart.predict(X) - y) ** 2)) * (1 + 1e-9)
    if leaves > 2:
        fewer = OptimalTreeRegressor(max_depth=3, max_leaf_nodes=leaves - 1).fit(X, y)
        assert model.training_sse_ < fewer.training_sse_


def test_complexity_cost():
    """complexity_cost charges each branching node that times the SSE of
    the single leaf: at 1 no split pays, and a small cost gives the tree
    of least SSE plus cost, no more than that of the cost-free optimum."""
    X, y, _ = random_table(9)
    root = float(np.sum((y - y.mean()) ** 2))
    assert OptimalTreeRegressor(max_depth=2, complexity_cost=1.0).fit(X, y).get_depth() == 0
    cost = 0.02
    model = OptimalTreeRegressor(max_depth=3, complexity_cost=cost).fit(X, y)
    free = OptimalTreeRegressor(max_depth=3).fit(X, y)

    def objective(m):
        return m.training_sse_ + cost * root * (m.get_n_leaves() - 1)

    assert model.get_depth() > 0
    assert model.tree_["budget"]["complexity_cost"] == cost
    assert objective(model) <= objective(free) * (1 + 1e-9)
    assert model.get_n_leaves() < free.get_n_leaves()


def test_grid_search_sample_weight():
    """GridSearchCV passes sample_weight on to each fit, fold by fold,
    and to the refit: the tree it keeps minimized the weighted SSE."""
    X, y, w = random_table(10, rows=90)
    grid = {"max_depth": [1, 2], "min_samples_leaf": [1, 0.1], "max_leaf_nodes": [None, 3]}
    search = GridSearchCV(OptimalTreeRegressor(), grid, cv=KFold(3, shuffle=True, random_state=0))
    search.fit(X, y, sample_weight=w)
    best = search.best_estimator_
    assert best.training_sse_ == pytest.approx(weighted_sse(best, X, y, w), rel=1e-9)
    unweighed = OptimalTreeRegressor(**search.best_params_).fit(X, y)
    assert best.training_sse_ != pytest.approx(unweighed.training_sse_, rel=1e-6)


@pytest.mark.parametrize(
    "params, match",
    [
        ({"max_leaf_nodes": 1}, "max_leaf_nodes"),
        ({"max_leaf_nodes": 2.0}, "max_leaf_nodes"),
        ({"min_samples_leaf": 0}, "min_samples_leaf"),
        ({"min_samples_leaf": 1.0}, "min_samples_leaf"),
        ({"min_samples_leaf": True}, "min_samples_leaf"),
        ({"complexity_cost": -1.0}, "complexity_cost"),
    ],
)
def test_bad_options(params, match):
    """An option out of its range is an error before odtx runs."""
    with pytest.raises(ValueError, match=match):
        OptimalTreeRegressor(**params).fit([[0], [1]], [0.0, 1.0])


def test_bad_weights():
    """Weights are finite, 0 or more, not all 0."""
    for w in ([1.0, -1.0], [1.0, np.inf], [0.0, 0.0]):
        with pytest.raises(ValueError, match="sample_weight"):
            OptimalTreeRegressor().fit([[0], [1]], [0.0, 1.0], sample_weight=w)


def test_max_memory():
    """odtx --max-memory from the regressor: the same least SSE, and a
    size odtx refuses is its error."""
    X, y = load_diabetes(return_X_y=True)
    X, y = X[:150, :4], y[:150]
    free = OptimalTreeRegressor(max_depth=2).fit(X, y)
    held = OptimalTreeRegressor(max_depth=2, max_memory="128m").fit(X, y)
    assert held.optimal_ and math.isclose(held.training_sse_, free.training_sse_, rel_tol=1e-12)
    with pytest.raises(ValueError, match="max-memory: want at least 64MiB"):
        OptimalTreeRegressor(max_depth=2, max_memory="1k").fit(X, y)
