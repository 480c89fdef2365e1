"""sample_weight, class_weight and min_weight_fraction_leaf: the tree of least weight of training
errors, checked against the same data with each row repeated its weight's
times, and against scikit-learn's tree on the same weights."""

import numpy as np
import pytest
from sklearn.model_selection import GridSearchCV
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.class_weight import compute_sample_weight

from odtx import OptimalTreeClassifier


def noisy(seed, n=60, features=4, classes=3):
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 4, size=(n, features)).astype(float)
    y = rng.integers(0, classes, size=n)
    return X, y


def weighted_errors(model, X, y, w):
    return float(np.sum(w[model.predict(X) != y]))


@pytest.mark.parametrize("seed", range(6))
def test_integer_weights_are_repeated_rows(seed):
    """A row of weight k weighs as k copies of it: the least weight of
    errors with weights is the least errors on the repeated rows, and the
    tree makes the weight it claims."""
    X, y = noisy(seed)
    w = np.random.default_rng(seed + 100).integers(1, 5, size=len(y))
    weighted = OptimalTreeClassifier(max_depth=2, any_size=True, n_jobs=1).fit(X, y, sample_weight=w)
    repeated = OptimalTreeClassifier(max_depth=2, any_size=True, n_jobs=1).fit(np.repeat(X, w, axis=0), np.repeat(y, w))
    assert weighted.training_loss_ == repeated.training_errors_
    assert weighted_errors(weighted, X, y, w) == weighted.training_loss_
    assert weighted.training_errors_ == int(np.sum(weighted.predict(X) != y))


@pytest.mark.parametrize("seed", range(4))
def test_real_weights(seed):
    """Real weights are what the fit minimizes: no tree of the depth that
    scikit-learn grows on them does better, and the weight claimed is the
    weight made."""
    X, y = noisy(seed, classes=2)
    w = np.random.default_rng(seed).choice([0.1, 0.25, 1.5, 2.0], size=len(y))
    model = OptimalTreeClassifier(max_depth=2, any_size=True).fit(X, y, sample_weight=w)
    assert weighted_errors(model, X, y, w) == pytest.approx(model.training_loss_, rel=1e-9)
    cart = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y, sample_weight=w)
    assert model.training_loss_ <= weighted_errors(cart, X, y, w) + 1e-9


def test_weights_change_the_tree():
    """One heavy row decides a leaf that the unweighted fit gives the
    others' class."""
    X = np.array([[0.0], [0.0], [0.0], [1.0]])
    y = np.array([0, 0, 1, 1])
    plain = OptimalTreeClassifier(max_depth=0).fit(X, y)
    heavy = OptimalTreeClassifier(max_depth=0).fit(X, y, sample_weight=[1, 1, 5, 1])
    assert plain.predict([[0.0]])[0] == 0 and heavy.predict([[0.0]])[0] == 1
    assert heavy.training_loss_ == 2 and heavy.training_errors_ == 2


def test_zero_weights_are_rows_left_out():
    X, y = noisy(3)
    w = np.ones(len(y))
    w[::3] = 0
    kept = w > 0
    a = OptimalTreeClassifier(max_depth=2, n_jobs=1).fit(X, y, sample_weight=w)
    b = OptimalTreeClassifier(max_depth=2, n_jobs=1).fit(X[kept], y[kept])
    np.testing.assert_array_equal(a.predict(X), b.predict(X))
    assert a.training_loss_ == b.training_errors_


def test_bad_weights_are_refused():
    X, y = noisy(1)
    for w in [-np.ones(len(y)), np.zeros(len(y)), np.full(len(y), np.nan)]:
        with pytest.raises(ValueError):
            OptimalTreeClassifier(max_depth=1).fit(X, y, sample_weight=w)
    with pytest.raises(ValueError):
        OptimalTreeClassifier(max_depth=1, class_weight="even").fit(X, y)
    with pytest.raises(ValueError):
        OptimalTreeClassifier(max_depth=1, min_weight_fraction_leaf=0.7).fit(X, y)


def test_grid_search_passes_sample_weight():
    X, y = noisy(5)
    w = np.random.default_rng(5).integers(1, 4, size=len(y))
    search = GridSearchCV(OptimalTreeClassifier(n_jobs=1), {"max_depth": [1, 2]}, cv=3)
    search.fit(X, y, sample_weight=w)
    assert search.best_params_["max_depth"] in (1, 2)


def test_proba_and_importances_weigh_rows():
    """predict_proba and feature_importances_ weigh the rows, as
    scikit-learn's do: on one tree, the same as a DecisionTreeClassifier's
    fitted to the same weights where it grows that tree."""
    X = np.array([[0.0, 0], [0, 1], [1, 0], [1, 1], [1, 1], [0, 0]])
    y = np.array([0, 1, 1, 1, 0, 0])
    w = np.array([1.0, 2, 0.5, 3, 1, 1])
    model = OptimalTreeClassifier(max_depth=1).fit(X, y, sample_weight=w)
    cart = DecisionTreeClassifier(max_depth=1).fit(X, y, sample_weight=w)
    assert model.tree_["root"]["column"] == "x" + str(cart.tree_.feature[0])
    np.testing.assert_allclose(model.predict_proba(X), cart.predict_proba(X), rtol=1e-12)
    np.testing.assert_allclose(model.feature_importances_, cart.feature_importances_, rtol=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_class_weights(seed):
    """Real weights times class weights, as scikit-learn multiplies them,
    are what the fit minimizes: no tree that scikit-learn grows on them
    does better, and the weight claimed is the weight made."""
    X, y = noisy(seed, classes=2)
    w = np.random.default_rng(seed).choice([0.1, 0.25, 1.5, 2.0], size=len(y))
    for class_weight in ["balanced", {0: 0.3, 1: 2.5}]:
        model = OptimalTreeClassifier(max_depth=2, any_size=True, class_weight=class_weight).fit(X, y, sample_weight=w)
        full = w * compute_sample_weight(class_weight, y)
        assert weighted_errors(model, X, y, full) == pytest.approx(model.training_loss_, rel=1e-9)
        cart = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y, sample_weight=full)
        assert model.training_loss_ <= weighted_errors(cart, X, y, full) + 1e-9


def test_min_weight_fraction_leaf():
    """Every leaf of a tree with a split weighs at least the fraction of
    the total weight asked, and the fit is no worse than scikit-learn's
    tree under the same constraint."""
    X, y = noisy(8, n=80)
    w = np.random.default_rng(8).choice([0.5, 1.0, 3.0], size=len(y))
    for fraction in [0.05, 0.2]:
        model = OptimalTreeClassifier(max_depth=3, any_size=True, min_weight_fraction_leaf=fraction).fit(X, y, sample_weight=w)
        leaves = model.apply(X)
        if model.get_n_leaves() > 1:
            for leaf in np.unique(leaves):
                assert w[leaves == leaf].sum() >= fraction * w.sum() - 1e-9
        cart = DecisionTreeClassifier(max_depth=3, min_weight_fraction_leaf=fraction, random_state=0).fit(X, y, sample_weight=w)
        assert model.training_loss_ <= weighted_errors(cart, X, y, w) + 1e-9
