"""On the shared datasets the estimator learns the CLI's trees, and
predicts in Python what odtx predict prints, on every row."""

import csv
import json

import numpy as np
import pandas as pd
import pytest

from conftest import run_odtx
from odtx import OptimalTreeClassifier

# Datasets odtx learns within seconds; car_evaluation has rows with equal
# features and different labels.
DATASETS = ["iris", "monk1", "monk2", "monk3", "zoo", "mouse", "lung_cancer_examples", "car", "car_evaluation"]
CONFLICTS = {"car_evaluation"}


def read(path):
    """The dataset as a DataFrame and its label column, read as odtx reads
    it: a column of numbers as their float64s, any other as its strings."""
    with open(path, encoding="utf-8-sig", newline="") as f:
        sep = csv.Sniffer().sniff(f.readline(), delimiters=",;\t").delimiter
    opts = dict(sep=sep, encoding="utf-8-sig", keep_default_na=False)
    header = pd.read_csv(path, nrows=0, **opts).columns
    df = pd.read_csv(path, float_precision="round_trip", **opts)
    label = header[-1]
    return df.drop(columns=label), df[label].astype(str)


@pytest.mark.parametrize("name", DATASETS)
def test_estimator_is_cli(name, data_dir, tmp_path):
    """The same values in the same order make the same tree: the codes the
    estimator hands odtx order as the file's own values do."""
    path = data_dir / f"{name}.csv"
    conflicts = ["--conflicts", "majority"] if name in CONFLICTS else []
    cli = json.loads(run_odtx("--jobs", "1", "-q", "learn", "--format", "json", *conflicts, path))
    X, y = read(path)
    model = OptimalTreeClassifier(max_depth=None, n_jobs=1, conflicts="majority" if conflicts else "error").fit(X, y)
    assert (model.depth_, model.n_nodes_, model.optimal_) == (cli["depth"], cli["nodes"], cli["optimal"])
    assert model.training_errors_ == cli.get("training_errors", 0)
    assert model.tree_["root"] == cli["root"]
    cli_tree = tmp_path / "cli.json"
    cli_tree.write_text(json.dumps(cli))
    model_tree = tmp_path / "model.json"
    model_tree.write_text(json.dumps(model.tree_))
    by_cli = run_odtx("predict", "--tree", cli_tree, path).splitlines()
    by_cli_on_model = run_odtx("predict", "--tree", model_tree, path).splitlines()
    predicted = [str(c) for c in model.predict(X)]
    assert len(predicted) == len(X) == len(by_cli)
    assert predicted == by_cli_on_model, "Python's predict is odtx predict's on the model's tree"
    assert predicted == by_cli, "the model's tree predicts what the CLI's does"
    assert np.mean(np.array(predicted) == y.to_numpy()) == pytest.approx(1 - model.training_errors_ / len(y))
