"""OptimalTreeRegressor: the tree of least squared error, a scikit-learn
regressor."""

import numpy as np
import pytest
from sklearn.datasets import load_diabetes, make_regression
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.preprocessing import StandardScaler, scale
from sklearn.tree import DecisionTreeRegressor
from sklearn.utils.estimator_checks import check_estimator

from odtx import OptimalTreeRegressor


def test_check_estimator():
    """scikit-learn's check_estimator passes at the default depth 3, whose
    proof on its data of ten continuous columns (check_regressors_train)
    needs the engine's depth-two search without recursion."""
    check_estimator(OptimalTreeRegressor())


def test_check_data_proven():
    """The data of check_regressors_train, ten continuous columns and
    targets of 17 digits, are proven at the default depth well within a
    generous limit. Before the engine's depth-two search without recursion
    they were not proven in minutes, and check_estimator hung on them."""
    X, y = make_regression(n_samples=200, n_features=10, n_informative=1, bias=5.0, noise=20, random_state=42)
    model = OptimalTreeRegressor(time_limit=30).fit(StandardScaler().fit_transform(X), scale(y))
    assert model.optimal_


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_no_worse_than_cart(depth):
    """An optimal tree's training SSE is at most CART's at the same depth,
    and it is the SSE of its own predictions; score is R²."""
    X, y = load_diabetes(return_X_y=True)
    model = OptimalTreeRegressor(max_depth=depth).fit(X, y)
    cart = DecisionTreeRegressor(max_depth=depth).fit(X, y)
    sse = float(((model.predict(X) - y) ** 2).sum())
    assert model.optimal_ and model.get_depth() <= depth
    assert sse == pytest.approx(model.training_sse_, rel=1e-9)
    assert sse <= float(((cart.predict(X) - y) ** 2).sum()) * (1 + 1e-9)
    assert model.score(X, y) == pytest.approx(1 - sse / float(((y - y.mean()) ** 2).sum()))


def test_duplicates_and_strings():
    """Rows that no test tells apart predict their mean; a column of
    strings gives == tests."""
    X = np.array([["a", 1], ["a", 1], ["b", 1], ["c", 2]], dtype=object)
    y = np.array([1.0, 3.0, 10.0, 20.0])
    model = OptimalTreeRegressor(max_depth=2).fit(X, y)
    assert model.predict(X).tolist() == [2.0, 2.0, 10.0, 20.0]
    assert model.training_sse_ == 2.0


def test_grid_search():
    """GridSearchCV picks a depth by R² and refits it."""
    X, y = load_diabetes(return_X_y=True)
    search = GridSearchCV(OptimalTreeRegressor(), {"max_depth": [0, 1, 2]}, cv=KFold(3, shuffle=True, random_state=0))
    search.fit(X, y)
    assert search.best_params_["max_depth"] > 0
    assert search.best_estimator_.get_depth() == search.best_params_["max_depth"]


def test_bad_depth():
    """A depth that is not one is an error before odtx runs."""
    with pytest.raises(ValueError, match="max_depth"):
        OptimalTreeRegressor(max_depth=None).fit([[0], [1]], [0.0, 1.0])


def test_missing_values():
    """NaN in X is a missing value, whose side each test learns: the fit
    is no worse than scikit-learn's tree on mean-imputed data, and
    predict sends a missing value where the tree says."""
    from sklearn.tree import DecisionTreeRegressor

    rng = np.random.default_rng(11)
    X = rng.uniform(0, 10, size=(80, 3))
    y = np.where(X[:, 0] > 5, 10.0, 0.0) + rng.normal(0, 1, 80).round(2)
    X[rng.random(X.shape) < 0.2] = np.nan
    model = OptimalTreeRegressor(max_depth=2).fit(X, y)
    filled = np.where(np.isnan(X), np.nanmean(X, axis=0), X)
    cart = DecisionTreeRegressor(max_depth=2).fit(filled, y)
    sse = float(np.sum((model.predict(X) - y) ** 2))
    assert sse <= float(np.sum((cart.predict(filled) - y) ** 2)) + 1e-6
    assert np.isfinite(model.predict(np.full((1, 3), np.nan))).all()
