"""Missing values: NaN, None and pandas' NA in a column of numbers are
learned with, each test choosing the side they take as part of the
optimum, and predict, apply and decision_path send them there, as odtx
predict does; in a column of categories they are one value of their own."""

import json

import numpy as np
import pandas as pd
import pytest

import odtx._estimator
from conftest import inner_nodes, run_odtx
from odtx import OptimalTreeClassifier, export_graphviz, export_text
from test_values import fit_checked

RNG = np.random.default_rng(35)


def spied_fit(model, X, y, monkeypatch):
    """Fit model, returning the coded JSON tree odtx learn wrote."""
    learned = []

    def spy(args, stdin=None):
        out = run(args, stdin)
        learned.append(out[1])
        return out

    run = odtx._estimator.run
    monkeypatch.setattr(odtx._estimator, "run", spy)
    model.fit(X, y)
    monkeypatch.undo()
    return learned[-1]


def odtx_predict(model, coded_tree, X, tmp_path):
    """What odtx predict gives the rows of X, a DataFrame, with the coded
    tree of model's fit: X written as the fit writes its rows."""
    names = [f"x{j}" for j in range(X.shape[1])]
    fields = [c.fields(X.iloc[:, j].to_numpy(dtype=object)) for j, c in enumerate(model._columns)]
    (tmp_path / "new.csv").write_text("\n".join([",".join(names)] + [",".join(r) for r in zip(*fields)]) + "\n")
    (tmp_path / "tree.json").write_bytes(coded_tree)
    out = run_odtx("predict", "--tree", tmp_path / "tree.json", tmp_path / "new.csv").splitlines()
    as_classes = dict(zip(json.loads(coded_tree)["classes"], model.tree_["classes"]))
    return [as_classes[c] for c in out]


@pytest.mark.parametrize(
    "missing",
    [
        pytest.param(lambda x: pd.DataFrame({"x0": x}), id="NaN"),
        pytest.param(lambda x: pd.DataFrame({"x0": pd.Series([None if v != v else int(v) for v in x], dtype=object)}), id="None"),
        pytest.param(lambda x: pd.DataFrame({"x0": pd.array([pd.NA if v != v else int(v) for v in x], dtype="Int64")}), id="pandas NA"),
        pytest.param(lambda x: x.reshape(-1, 1), id="numpy"),
    ],
)
def test_learned_side(missing, monkeypatch, tmp_path):
    """y is x0 <= 3 or x0 missing: one test, which the missing values
    satisfy, learns it without errors, at depth 1; predict, apply and
    decision_path send a missing value to its true side, as odtx predict
    does, and the text and the drawing show the side."""
    x = RNG.integers(0, 10, 200).astype(float)
    x[RNG.random(200) < 0.2] = np.nan
    y = np.where(np.isnan(x) | (x <= 3), "low", "high")
    X = missing(x)
    model = fit_checked(OptimalTreeClassifier(n_jobs=1), X, y, monkeypatch, tmp_path)
    root = model.tree_["root"]
    assert model.training_errors_ == 0 and model.depth_ == 1
    assert (root["column"], root["value"], root["missing"], root["missing_learned"]) == ("x0", 3.0, True, True)
    assert "x0 <= 3.0 (missing: yes)" in export_text(model) and "x0 > 3.0 (missing: no)" in export_text(model)
    assert 'label="x0 <= 3 (missing: yes)"' in export_graphviz(model)
    new = missing(np.array([np.nan, 2.0, 7.0]))
    assert list(model.predict(new)) == ["low", "low", "high"]
    np.testing.assert_array_equal(model.apply(new), [1, 1, 2])
    np.testing.assert_array_equal(model.decision_path(new).toarray(), [[1, 1, 0], [1, 1, 0], [1, 0, 1]])


def test_unseen_missing_value(monkeypatch, tmp_path):
    """A column without missing values in training sends one met in
    predict to the branch more training rows took, at each test, as
    scikit-learn does, and as odtx predict does with the same tree; the
    text shows no side, as training chose none."""
    X = pd.DataFrame({"x0": RNG.integers(0, 10, 300).astype(float), "x1": RNG.integers(0, 10, 300).astype(float)})
    y = np.where(X["x0"] <= 6, np.where(X["x1"] <= 1, "a", "b"), "c")
    model = OptimalTreeClassifier(max_depth=2, n_jobs=1)
    coded = spied_fit(model, X, y, monkeypatch)
    assert model.training_errors_ == 0
    for node in inner_nodes(model.tree_["root"]):
        assert "missing_learned" not in node and node["missing"] in (True, False)
    assert "missing" not in export_text(model)
    new = pd.DataFrame({"x0": [np.nan, np.nan, 8.0, 3.0], "x1": [0.0, np.nan, np.nan, np.nan]})
    # x0 <= 6 holds for 7 in 10 rows, x1 <= 1 for 2 in 10.
    assert list(model.predict(new)) == ["a", "b", "c", "b"] == odtx_predict(model, coded, new, tmp_path)


def test_missing_category(monkeypatch, tmp_path):
    """In a column of strings None, NaN and pandas' NA are one value of
    their own: y = (c missing) is one == test, learned without errors,
    its value None in tree_, which JSON holds."""
    c = pd.Series(RNG.choice(["a", "b", "missing"], 200), dtype=object)
    y = np.where(c == "missing", "none", "some")
    c[c == "missing"] = RNG.choice([None, np.nan, pd.NA], (c == "missing").sum())
    model = fit_checked(OptimalTreeClassifier(n_jobs=1), pd.DataFrame({"c": c}), y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0 and model.depth_ == 1
    assert model.tree_["root"]["value"] is None and json.dumps(model.tree_)
    assert list(model.predict(pd.DataFrame({"c": [pd.NA, "a", np.nan, None, "zzz"]}))) == ["none", "some", "none", "none", "some"]


def test_infinity_refused():
    """An infinity stays refused in a column of numbers, missing values or
    not: no threshold JSON holds orders it."""
    with pytest.raises(ValueError, match="inf"):
        OptimalTreeClassifier().fit(np.array([[1.0], [np.nan], [np.inf]]), [0, 1, 0])
