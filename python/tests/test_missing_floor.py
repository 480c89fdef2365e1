"""The floor with missing values: on the shared datasets of numbers, with
a tenth of their values removed at random, odtx's tree of depth d makes
no more training errors than scikit-learn's DecisionTreeClassifier of
depth d fitted with each missing value replaced by its column's mean.

A tree learned on mean-imputed data is one of the trees odtx weighs: each
of its tests sends the rows that miss the column's value to one side, the
side of the mean. So its errors bound the fewest from above. Where the
time limit stops odtx's search (the table says so), its tree is the best
it found, not proven optimal, and it must meet the bound all the same.
(Debian's scikit-learn 1.2 has no NaN in its trees, hence the
imputation.) Run with -s for the table."""

import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.tree import DecisionTreeClassifier

from odtx import OptimalTreeClassifier

# The small and medium datasets whose columns are all numbers.
DATASETS = [
    "iris.csv",
    "mouse.csv",
    "lung_cancer_examples.csv",
    "monk1.csv",
    "monk2.csv",
    "monk3.csv",
    "balance-scale.csv",
    "car.csv",
    "wine.csv",
    "IndiansDiabetes.csv",
    "dl8/hepatitis.csv",
    "dl8/lymph.csv",
    "dl8/vote.csv",
    "dl8/heart-cleveland.csv",
    "dl8/breast-wisconsin.csv",
    "dl8/primary-tumor.csv",
    "dl8/soybean.csv",
    "dl8/tic-tac-toe.csv",
    "dl8/australian-credit.csv",
    "dl8/anneal.csv",
]


@pytest.mark.parametrize("name", DATASETS)
def test_floor(name, data_dir):
    df = pd.read_csv(data_dir / name, sep=None, engine="python", encoding="utf-8-sig")
    X = df.iloc[:, :-1].astype(float)
    y = df.iloc[:, -1].astype(str).to_numpy()
    X = X.mask(np.random.default_rng(35).random(X.shape) < 0.1)
    imputed = X.fillna(X.mean())
    for depth in (2, 3, 4):
        sk = DecisionTreeClassifier(max_depth=depth, random_state=0).fit(imputed, y)
        floor = int((sk.predict(imputed) != y).sum())
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            model = OptimalTreeClassifier(max_depth=depth, time_limit=2, n_jobs=1).fit(X, y)
        print(f"{name} depth {depth}: odtx {model.training_errors_}{'' if model.optimal_ else ' (time limit)'}, scikit-learn on mean-imputed data {floor}")
        assert model.training_errors_ <= floor
        assert (model.predict(X) != y).sum() == model.training_errors_
