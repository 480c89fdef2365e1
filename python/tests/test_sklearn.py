"""The estimator is a scikit-learn estimator: its own checks, and the
tools that clone, parallelise and compose estimators."""

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.datasets import load_iris
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import check_estimator

from conftest import inner_nodes
from odtx import OptimalTreeClassifier


def test_check_estimator():
    """scikit-learn's check_estimator passes on the default parameters,
    with no check skipped: noisy and duplicated rows included, which the
    default, the fewest errors within depth 3, fits as any data."""
    check_estimator(OptimalTreeClassifier())


def test_grid_search():
    """GridSearchCV clones the estimator with each candidate's parameters
    and refits the best."""
    X, y = load_iris(return_X_y=True)
    grid = {"mode": ["depth", "size"], "engine": ["sat", "dp"]}
    search = GridSearchCV(OptimalTreeClassifier(max_depth=None, n_jobs=1), grid, cv=KFold(3, shuffle=True, random_state=0))
    search.fit(X, y)
    assert len(search.cv_results_["params"]) == 4
    assert search.best_score_ > 0.8
    best = search.best_estimator_
    assert best.get_params()["mode"] == search.best_params_["mode"]
    assert best.optimal_ and best.score(X, y) == 1 - best.training_errors_ / len(y)


def test_cross_val_score_in_parallel():
    """joblib runs the folds in two processes, each its own odtx, with the
    scores of one process."""
    X, y = load_iris(return_X_y=True)
    folds = KFold(5, shuffle=True, random_state=1)
    one = cross_val_score(OptimalTreeClassifier(n_jobs=1), X, y, cv=folds, n_jobs=1)
    two = cross_val_score(OptimalTreeClassifier(n_jobs=1), X, y, cv=folds, n_jobs=2)
    assert len(two) == 5 and two.mean() > 0.8
    np.testing.assert_array_equal(one, two)


def test_pipeline_with_column_transformer():
    """A ColumnTransformer's scaled numbers and passed-through strings reach
    the tree under their names: <= tests on the numbers, == tests on the
    strings."""
    rng = np.random.default_rng(3)
    df = pd.DataFrame({"size": rng.uniform(0, 10, 60), "colour": rng.choice(["red", "green", "blue"], 60)})
    y = np.where((df["colour"] == "red") ^ (df["size"] > 5), "yes", "no")
    prep = ColumnTransformer([("num", StandardScaler(), ["size"]), ("cat", "passthrough", ["colour"])])
    prep.set_output(transform="pandas")
    model = Pipeline([("prep", prep), ("tree", OptimalTreeClassifier())]).fit(df, y)
    assert model.score(df, y) == 1.0
    tree = model.named_steps["tree"]
    assert list(tree.feature_names_in_) == ["num__size", "cat__colour"]
    tests = {(n["column"], n["op"]) for n in inner_nodes(tree.tree_["root"])}
    assert ("num__size", "<=") in tests and ("cat__colour", "==") in tests
    assert list(model.predict(df.iloc[:5])) == list(y[:5])


def test_grid_search_min_samples_leaf():
    """GridSearchCV tunes min_samples_leaf as it does scikit-learn's trees:
    each candidate's trees hold that many rows in every leaf."""
    X, y = load_iris(return_X_y=True)
    grid = {"max_depth": [2, 3], "min_samples_leaf": [1, 5, 20]}
    search = GridSearchCV(OptimalTreeClassifier(n_jobs=1), grid, cv=KFold(3, shuffle=True, random_state=0))
    search.fit(X, y)
    assert len(search.cv_results_["params"]) == 6 and search.best_score_ > 0.8
    best = search.best_estimator_
    assert best.get_params()["min_samples_leaf"] == search.best_params_["min_samples_leaf"]
    reached = np.bincount(best.apply(X))
    assert reached[reached > 0].min() >= best.min_samples_leaf
