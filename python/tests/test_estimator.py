"""What a fit gives: trees of the data's names, predictions and
probabilities from the training rows, what was proven, and odtx's errors
and time limits as Python's."""


import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import make_blobs
from sklearn.exceptions import ConvergenceWarning

from odtx import OdtxError, OptimalTreeClassifier, export_graphviz, export_svg, export_text


def xor_frame():
    """A DataFrame whose label is the xor of a number and a category."""
    df = pd.DataFrame({"x": [1.5, 1.5, 2.5, 2.5] * 3, "colour": ["red", "blue", "red", "blue"] * 3})
    y = pd.Series(["a", "b", "b", "a"] * 3, name="label")
    return df, y


def test_dataframe_names_and_tests():
    """Column names and the label's name are kept; strings give == tests,
    numbers <= tests; the fit proves its tree optimal."""
    df, y = xor_frame()
    model = OptimalTreeClassifier(max_depth=None).fit(df, y)
    assert list(model.feature_names_in_) == ["x", "colour"] and model.n_features_in_ == 2
    assert list(model.classes_) == ["a", "b"]
    assert (model.depth_, model.n_nodes_, model.optimal_, model.lower_bound_) == (2, 7, True, None)
    assert model.training_errors_ == 0 and model.engine_ in ("sat", "dp")
    assert model.tree_["label"] == "label"
    text = export_text(model)
    assert "colour == red" in text or "colour == blue" in text
    assert "x <= " in text and "class: a (a: 3)" in text
    assert list(model.predict(df)) == list(y)
    # Lists and numpy arrays of objects fit alike, under made-up names.
    as_list = OptimalTreeClassifier(max_depth=None).fit(df.values.tolist(), list(y))
    assert (as_list.depth_, as_list.n_nodes_) == (2, 7)
    assert "x0 <= " in export_text(as_list) and not hasattr(as_list, "feature_names_in_")


def test_predict_proba_from_leaf_counts():
    """With contradictory rows (conflicts='majority', the default) a leaf's
    probabilities are the shares of its training rows, and the fit counts
    the rows it must get wrong."""
    X = np.array([[0], [0], [0], [1], [1]])
    y = np.array([7, 7, 9, 9, 9])
    model = OptimalTreeClassifier(max_depth=None).fit(X, y)
    assert model.training_errors_ == 1
    np.testing.assert_allclose(model.predict_proba([[0], [1]]), [[2 / 3, 1 / 3], [0, 1]])
    np.testing.assert_array_equal(model.predict([[0], [1]]), [7, 9])


def test_odtx_errors_are_python_errors():
    """odtx's one-line error becomes the message of an OdtxError (a
    ValueError)."""
    X, y = [[0], [0], [1]], ["a", "b", "a"]
    with pytest.raises(OdtxError, match=r"^odtx: .*have the same features but labels"):
        OptimalTreeClassifier(max_depth=None, conflicts="error").fit(X, y)
    with pytest.raises(ValueError, match=r'^odtx: unknown mode "widest" \(want depth, size or errors\)'):
        OptimalTreeClassifier(max_depth=None, mode="widest").fit(X, y)
    with pytest.raises(OdtxError, match=r'^odtx: unknown engine "magic"'):
        OptimalTreeClassifier(engine="magic").fit(X, y)


def test_time_limit_gives_best_tree_found():
    """A search that runs out of time still gives a fitted model, not proven
    optimal, with what was proven, and warns."""
    X, y = make_blobs(n_samples=300, random_state=0)
    with pytest.warns(ConvergenceWarning, match="time limit"):
        model = OptimalTreeClassifier(max_depth=None, time_limit=0.05).fit(X, y)
    assert model.optimal_ is False
    assert set(model.lower_bound_) >= {"depth", "nodes"} and model.lower_bound_["depth"] <= model.depth_
    assert model.score(X, y) == 1.0  # the best consistent tree found, checked on every row


@pytest.mark.parametrize("max_depth", [None, 3])
def test_tiny_time_limit_gives_a_tree(max_depth):
    """A time limit too short for any search still gives a fitted model:
    the first tree odtx has, not proven optimal, with a warning. Before,
    odtx wrote nothing and the fit raised JSONDecodeError; and a limit
    under half a nanosecond was rounded to 0, no limit."""
    X, y = make_blobs(n_samples=300, random_state=0)
    for limit in (1e-9, 1e-12):
        with pytest.warns(ConvergenceWarning, match="time limit"):
            model = OptimalTreeClassifier(max_depth=max_depth, time_limit=limit).fit(X, y)
        assert model.optimal_ is False
        assert (model.predict(X) != y).sum() == model.training_errors_
    with pytest.raises(ValueError, match="time_limit is 0: want seconds, more than 0, or None"):
        OptimalTreeClassifier(time_limit=0).fit(X, y)


@pytest.mark.parametrize("max_memory", [64 << 20, "256m", "1.5GiB"])
def test_max_memory(max_memory):
    """A memory limit reaches odtx and costs time, never the answer: the
    fewest errors are those found without it. A size odtx refuses is its
    one-line error, and a value that is no size is refused before."""
    X, y = make_blobs(n_samples=300, random_state=0)
    free = OptimalTreeClassifier(max_depth=3, n_jobs=1).fit(X, y)
    held = OptimalTreeClassifier(max_depth=3, n_jobs=1, max_memory=max_memory).fit(X, y)
    assert held.optimal_ and held.training_errors_ == free.training_errors_
    with pytest.raises(OdtxError, match="max-memory: want at least 64MiB"):
        OptimalTreeClassifier(max_memory="1m").fit(X, y)
    with pytest.raises(ValueError, match="max_memory is 1.5: want bytes"):
        OptimalTreeClassifier(max_memory=1.5).fit(X, y)


def test_no_tree_is_an_odtx_error(tmp_path, monkeypatch):
    """An odtx that exits without writing a tree makes the fit raise
    OdtxError with odtx's last line, not a JSONDecodeError."""
    fake = tmp_path / "odtx"
    fake.write_text("#!/bin/sh\ncat >/dev/null\necho 'odtx: time limit 1ns reached' >&2\nexit 2\n")
    fake.chmod(0o755)
    monkeypatch.setenv("ODTX_BIN", str(fake))
    with pytest.raises(OdtxError, match="^odtx: time limit 1ns reached$"):
        OptimalTreeClassifier().fit([[0], [1]], ["a", "b"])


def test_exports():
    """export_graphviz writes odtx's DOT, export_svg odtx draw's picture,
    both with every leaf's counts."""
    df, y = xor_frame()
    model = OptimalTreeClassifier(max_depth=None).fit(df, y)
    dot = export_graphviz(model)
    assert dot.startswith("digraph tree {") and dot.count("shape=ellipse") == 4
    assert dot.count('[label="true"]') == 3 and 'label="label = a\\na: 3"' in dot
    svg = export_svg(model)
    assert svg.startswith("<svg ") and svg.count(">a: 3</text>") == 2 and svg.count(">b: 3</text>") == 2


def test_default_is_fewest_errors_within_depth_3():
    """The default is the field's: the fewest training errors within depth
    3, which any data has, contradictory rows included."""
    X, y = make_blobs(n_samples=200, centers=4, random_state=2)
    model = OptimalTreeClassifier().fit(X, y)
    assert model.get_params()["max_depth"] == 3 and model.tree_["mode"] == "errors"
    assert model.depth_ <= 3 and model.optimal_
    assert (model.predict(X) != y).sum() == model.training_errors_


def test_max_depth_fewest_errors():
    """max_depth asks for the fewest training errors at that depth or less:
    xor at depth 1 errs on half the rows, at depth 2 on none; max_branching_nodes
    bounds the branching nodes and complexity_cost charges for them;
    any_size leaves the nodes unminimized."""
    df, y = xor_frame()
    shallow = OptimalTreeClassifier(max_depth=1).fit(df, y)
    assert shallow.depth_ <= 1 and shallow.training_errors_ == 6 and shallow.optimal_
    assert (shallow.predict(df) != y).sum() == 6
    deep = OptimalTreeClassifier(max_depth=2).fit(df, y)
    assert (deep.depth_, deep.training_errors_) == (2, 0)
    one_node = OptimalTreeClassifier(max_depth=2, max_branching_nodes=1).fit(df, y)
    assert one_node.n_nodes_ <= 3 and one_node.training_errors_ == 6
    # Each node costs 0.3 x 12 rows, more than the 6 errors it saves.
    costly = OptimalTreeClassifier(max_depth=2, complexity_cost=0.3).fit(df, y)
    assert costly.n_nodes_ == 1 and costly.training_errors_ == 6
    # any_size: as few errors, the budget says so, no fewer nodes.
    fewest = OptimalTreeClassifier(max_depth=3).fit(df, y)
    any_size = OptimalTreeClassifier(max_depth=3, any_size=True).fit(df, y)
    assert any_size.training_errors_ == fewest.training_errors_ and any_size.optimal_
    assert any_size.tree_["budget"]["any_size"] and any_size.n_nodes_ >= fewest.n_nodes_
    assert (any_size.predict(df) != y).sum() == any_size.training_errors_
    # Contradictory rows need no conflicts flag with max_depth.
    noisy = OptimalTreeClassifier(max_depth=1, conflicts="error").fit([[0], [0], [1]], ["a", "b", "a"])
    assert noisy.training_errors_ == 1


@pytest.mark.parametrize("leaf", [5, 20])
def test_min_samples_leaf(leaf):
    """min_samples_leaf asks that every leaf hold that many training rows,
    by the rows each leaf's counts and apply give; the tree makes no more
    errors than scikit-learn's greedy one of the same depth and leaf size,
    which is one of the trees searched, and no fewer than without it. A
    float, or a leaf size without max_depth, is refused."""
    from sklearn.tree import DecisionTreeClassifier

    X, y = make_blobs(n_samples=150, centers=3, cluster_std=3.0, random_state=4)
    free = OptimalTreeClassifier(max_depth=3).fit(X, y)
    model = OptimalTreeClassifier(max_depth=3, min_samples_leaf=leaf).fit(X, y)
    assert model.optimal_ and model.get_n_leaves() > 1
    reached = np.bincount(model.apply(X))
    assert reached[reached > 0].min() >= leaf and len(np.unique(model.apply(X))) == model.get_n_leaves()
    greedy = DecisionTreeClassifier(max_depth=3, min_samples_leaf=leaf, random_state=0).fit(X, y)
    assert free.training_errors_ <= model.training_errors_ <= (greedy.predict(X) != y).sum()
    assert (model.predict(X) != y).sum() == model.training_errors_
    whole = OptimalTreeClassifier(max_depth=3, min_samples_leaf=76).fit(X, y)
    assert whole.get_n_leaves() == 1
    with pytest.raises(ValueError, match=r"min_samples_leaf is 0\.1: want an integer"):
        OptimalTreeClassifier(min_samples_leaf=0.1).fit(X, y)
    with pytest.raises(ValueError, match=r"min_samples_leaf and min_weight_fraction_leaf need max_depth"):
        OptimalTreeClassifier(max_depth=None, min_samples_leaf=5).fit(X, y)
