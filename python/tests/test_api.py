"""The estimator's tree as scikit-learn's trees show theirs: apply,
decision_path, feature_importances_, get_depth, get_n_leaves, n_classes_
and n_outputs_, each compared with DecisionTreeClassifier's on the same
tree."""

import numpy as np
import pandas as pd
import pytest
from scipy.sparse import csr_matrix
from sklearn.tree import DecisionTreeClassifier

from conftest import inner_nodes
from odtx import OptimalTreeClassifier


def assert_same_paths(model, sk, X):
    """model and sk, holding the same tree, number its nodes alike and say
    the same of the rows of X and of its features."""
    np.testing.assert_array_equal(model.apply(X), sk.apply(X))
    path = model.decision_path(X)
    assert isinstance(path, csr_matrix) and path.shape == (len(X), sk.tree_.node_count)
    np.testing.assert_array_equal(path.toarray(), sk.decision_path(X).toarray())
    np.testing.assert_allclose(model.feature_importances_, sk.feature_importances_, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(model.predict_proba(X), sk.predict_proba(X), rtol=1e-12)


def assert_same_tree(model, sk, X):
    """model and sk, each fitted, hold the same tree: its size and paths
    and what it is fitted to agree."""
    assert (model.n_classes_, model.n_outputs_) == (sk.n_classes_, sk.n_outputs_)
    assert (model.get_depth(), model.get_n_leaves()) == (sk.get_depth(), sk.get_n_leaves())
    assert_same_paths(model, sk, X)


def test_fitted_tree_equals_scikit_learns():
    """On data whose optimal depth-2 tree is the one scikit-learn's greedy
    fit finds (x0 at the root, x1 under its true branch, x2 under its
    false one, x3 noise), the two trees agree on every row, and x3 has no
    importance."""
    rng = np.random.default_rng(7)
    X = rng.integers(0, 10, size=(300, 4))
    y = np.where(X[:, 0] <= 4, np.where(X[:, 1] <= 4, 0, 1), np.where(X[:, 2] <= 4, 2, 3))
    model = OptimalTreeClassifier(max_depth=2, n_jobs=1).fit(X, y)
    sk = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    assert model.training_errors_ == 0 and (sk.predict(X) == y).all()
    assert_same_tree(model, sk, X)
    importances = model.feature_importances_
    assert importances[3] == 0 and importances[:3].min() > 0 and importances.sum() == pytest.approx(1)


def coded(sk, classes):
    """scikit-learn's fitted tree sk in odtx's JSON of coded data: column j
    is xj, class k ck, and a leaf's counts are its training rows by class
    in the order of classes, the order of the fit's JSON."""
    t = sk.tree_

    def node(i):
        if t.children_left[i] < 0:
            # value is counts in some versions of scikit-learn, shares in
            # others: the rows reaching the node make either counts.
            value = t.value[i][0]
            counts = np.rint(value / value.sum() * t.n_node_samples[i]).astype(int)
            return {"class": f"c{np.argmax(counts)}", "counts": [int(counts[int(c[1:])]) for c in classes]}
        return {
            "column": f"x{t.feature[i]}",
            "op": "<=",
            "value": float(t.threshold[i]),
            "true": node(t.children_left[i]),
            "false": node(t.children_right[i]),
        }

    return node(0)


@pytest.mark.parametrize("seed", range(6))
def test_scikit_learns_trees_in_odtx(seed):
    """scikit-learn's trees of noisy multi-class data, depth 1 to 4, put in
    a fitted estimator as odtx would write them: the same numbers, paths,
    importances and probabilities, leaves of mixed classes and
    unbalanced splits included."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 6, size=(200, 5))
    y = (X[:, 0] + X[:, seed % 5] + rng.integers(0, 3, 200)) % (3 + seed % 2)
    model = OptimalTreeClassifier(max_depth=1, n_jobs=1).fit(X, y)
    X_new = rng.integers(-1, 7, size=(100, 5))
    for depth in range(1, 5):
        sk = DecisionTreeClassifier(max_depth=depth, random_state=seed).fit(X, y)
        model._coded = {**model._coded, "root": coded(sk, model._coded["classes"])}
        assert_same_paths(model, sk, X)
        assert_same_paths(model, sk, X_new)


def test_a_tree_without_a_split():
    """One class: a single leaf, node 0, every path that leaf, and no
    feature of any importance, as scikit-learn's."""
    X = np.arange(12).reshape(6, 2)
    y = ["a"] * 6
    model = OptimalTreeClassifier().fit(X, y)
    assert_same_tree(model, DecisionTreeClassifier().fit(X, y), X)
    np.testing.assert_array_equal(model.feature_importances_, [0, 0])


def walked_paths(tree, frame):
    """The nodes each row of frame passes in tree, a fitted estimator's
    tree_ (the data's own names and values), numbered in preorder with the
    true branch first."""
    number = {}

    def visit(node):
        number[id(node)] = len(number)
        if "class" not in node:
            visit(node["true"])
            visit(node["false"])

    visit(tree["root"])
    paths = []
    for _, row in frame.iterrows():
        node, path = tree["root"], []
        while True:
            path.append(number[id(node)])
            if "class" in node:
                break
            value = row[node["column"]]
            holds = value <= node["value"] if node["op"] == "<=" else value == node["value"]
            node = node["true" if holds else "false"]
        paths.append(path)
    return paths, len(number)


def test_paths_of_equality_tests():
    """With == tests on strings beside <= tests on numbers, apply and
    decision_path follow the tree_ as a walk of it does, on the training
    rows and on rows of a value the fit never saw."""
    rng = np.random.default_rng(5)
    frame = pd.DataFrame({"size": rng.integers(0, 8, 80), "colour": rng.choice(["red", "green", "blue"], 80)})
    y = np.where((frame["colour"] == "green") ^ (frame["size"] > 3), "yes", "no")
    y[:6] = "maybe"
    model = OptimalTreeClassifier(max_depth=3, n_jobs=1).fit(frame, y)
    assert any(n["op"] == "==" for n in inner_nodes(model.tree_["root"]))
    new = pd.DataFrame({"size": [0, 5, 9], "colour": ["purple", "red", "green"]})
    for rows in (frame, new):
        paths, n_nodes = walked_paths(model.tree_, rows)
        expected = np.zeros((len(rows), n_nodes), dtype=int)
        for i, path in enumerate(paths):
            expected[i, path] = 1
        np.testing.assert_array_equal(model.decision_path(rows).toarray(), expected)
        np.testing.assert_array_equal(model.apply(rows), [p[-1] for p in paths])
    assert n_nodes == model.n_nodes_ and model.get_n_leaves() == model.tree_["leaves"]
