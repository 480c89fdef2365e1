"""One definition of a value: the fit and predict read every value and
name as Python has it, and agree with odtx, which is handed codes for
them. Before, odtx read the estimator's raw text, trimming spaces and
reading "2" and "2.0" as one number, while predict compared the strings:
fits claimed no errors and predict got a quarter of the rows wrong."""

import json

import numpy as np
import pandas as pd

import odtx._estimator
from conftest import inner_nodes, run_odtx
from odtx import OptimalTreeClassifier, export_graphviz, export_text

RNG = np.random.default_rng(34)


def fit_checked(model, X, y, monkeypatch, tmp_path):
    """Fit model and check its predictions on the training rows twice: the
    errors they make are training_errors_, and they are what odtx predict
    gives on the CSV that the fit handed odtx learn, with the tree odtx
    learn returned."""
    learned = []

    def spy(args, stdin=None):
        out = run(args, stdin)
        learned.append((stdin, out[1]))
        return out

    run = odtx._estimator.run
    monkeypatch.setattr(odtx._estimator, "run", spy)
    model.fit(X, y)
    monkeypatch.undo()
    predicted = model.predict(X)
    assert (predicted != np.asarray(y, dtype=object)).sum() == model.training_errors_

    data, tree = learned[-1]
    (tmp_path / "coded.csv").write_bytes(data)
    (tmp_path / "coded.json").write_bytes(tree)
    by_odtx = run_odtx("predict", "--tree", tmp_path / "coded.json", tmp_path / "coded.csv").splitlines()
    coded = json.loads(tree)
    labels = [line.rsplit(",", 1)[1] for line in data.decode().splitlines()[1:]]
    assert sum(p != t for p, t in zip(by_odtx, labels)) == model.training_errors_
    as_classes = dict(zip(coded["classes"], model.tree_["classes"]))
    assert [as_classes[c] for c in by_odtx] == list(predicted)
    return model


def test_spaces_around_values(monkeypatch, tmp_path):
    """" a" is not "a": y = (v == " a") is learned without errors, and
    predicted so; the test reads " a" in the tree."""
    v = RNG.choice([" a", "a", "b", "c"], 200)
    y = v == " a"
    model = fit_checked(OptimalTreeClassifier(), pd.DataFrame({"v": v}), y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0
    assert model.tree_["root"]["value"] == " a"
    assert "v == ' a'" in export_text(model)


def test_number_like_strings(monkeypatch, tmp_path):
    """"2" and "2.0" are two strings, not one number: y = v in {"2", "2.0"}
    is learned without errors, and predicted so."""
    v = RNG.choice(["2", "2.0", "x", "y"], 200)
    y = np.isin(v, ["2", "2.0"])
    model = fit_checked(OptimalTreeClassifier(), pd.DataFrame({"v": v}), y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0 and model.depth_ == 2


def test_labels_as_given(monkeypatch, tmp_path):
    """Labels are classes as given: " spaced " and "spaced", "a" and
    "a ", "1" and "1.0", the empty string, each its own, each predicted;
    training_errors_ counts the rows predict gets wrong."""
    v = RNG.choice(list("pqrstuvw"), 400)
    classes = np.array([" spaced ", "spaced", "a", "a ", "1", "1.0", "", "é"])
    y = classes[(np.searchsorted(np.array(list("pqrstuvw")), v))]
    model = fit_checked(OptimalTreeClassifier(max_depth=None), pd.DataFrame({"v": v}), y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0 and set(model.classes_) == set(classes)
    assert set(model.predict(pd.DataFrame({"v": list("pqrstuvw")}))) == set(classes)
    noisy = RNG.choice(["1", "1.0", "z"], 400)
    model = fit_checked(OptimalTreeClassifier(), pd.DataFrame({"v": v}), noisy, monkeypatch, tmp_path)
    assert model.training_errors_ > 0 and "1.0" in set(model.predict(pd.DataFrame({"v": v})))


def test_mixed_types_and_odd_names(monkeypatch, tmp_path):
    """In a column of mixed objects 1, 1.0 and numpy's 1 are one value,
    "1", " 1", True, None, "" and "ü" each another; columns named " f"
    and "f" are two columns, kept by those names."""
    values = [1, 1.0, np.int64(1), "1", " 1", True, None, "", "ü"]
    groups = ["num", "num", "num", "str", "spaced", "bool", "none", "empty", "u"]
    pick = RNG.integers(len(values), size=300)
    X = pd.DataFrame({" f": pd.Series([values[i] for i in pick], dtype=object), "f": RNG.choice(["1", " 1"], 300)})
    y = np.array(groups)[pick]
    model = OptimalTreeClassifier(max_depth=None, conflicts="error")
    fit_checked(model, X, y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0 and model.depth_ == 6
    assert {n["column"] for n in inner_nodes(model.tree_["root"])} == {" f"}
    new = pd.DataFrame({" f": [1.0, "1", " 1", None], "f": ["1"] * 4})
    assert list(model.predict(new)) == ["num", "str", "spaced", "none"]
    assert "n0 [shape=box" in export_graphviz(model)


def test_categorical_and_bool_columns(monkeypatch, tmp_path):
    """A DataFrame with a pandas Categorical and a bool column fits, each
    giving == tests. Before, scikit-learn's check cast it to float64 and
    failed."""
    c = pd.Categorical(RNG.choice(["p", "q", "r"], 100))
    b = RNG.random(100) < 0.5
    X = pd.DataFrame({"c": c, "b": b})
    y = np.where(b ^ (c == "p"), "yes", "no")
    model = fit_checked(OptimalTreeClassifier(), X, y, monkeypatch, tmp_path)
    assert model.training_errors_ == 0
    assert {(n["column"], n["op"]) for n in inner_nodes(model.tree_["root"])} == {("c", "=="), ("b", "==")}
