"""Sweeps past one machine: a scikit-learn search runs its fits on a Dask
cluster through joblib's dask backend, each fit in a worker process that
runs its own odtx, with the results of a serial run."""

import os

import joblib
import numpy as np
from distributed import Client, LocalCluster
from sklearn.datasets import make_classification
from sklearn.model_selection import GridSearchCV, KFold

from odtx import OptimalTreeClassifier


def grid_search(n_jobs):
    """A search over depths and costs whose second score is the id of the
    process that scored each fit, which fitted it too."""
    grid = {"max_depth": [1, 2, 3], "complexity_cost": [None, 0.02]}
    scoring = {"accuracy": "accuracy", "pid": lambda estimator, X, y: os.getpid()}
    # One odtx job: the choice among optimal trees, and so the scores, are
    # the same in every run.
    return GridSearchCV(
        OptimalTreeClassifier(n_jobs=1), grid, scoring=scoring, refit="accuracy", cv=KFold(4, shuffle=True, random_state=0), n_jobs=n_jobs
    )


def test_grid_search_on_a_dask_cluster(tmp_path):
    """A LocalCluster of two worker processes fits every candidate on every
    fold, in those processes, which find the odtx binary as this one does
    ($ODTX_BIN, inherited, or the installed package's), and the search
    gives the serial run's best parameters and scores. The cluster is
    closed however the test ends."""
    X, y = make_classification(n_samples=240, n_features=6, n_informative=4, n_classes=3, random_state=0)
    serial = grid_search(n_jobs=1).fit(X, y)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, local_directory=str(tmp_path)
    ) as cluster, Client(cluster) as client:
        with joblib.parallel_backend("dask"):
            spread = grid_search(n_jobs=-1).fit(X, y)
        workers = set(client.run(os.getpid).values())
    assert spread.best_params_ == serial.best_params_ and spread.best_index_ == serial.best_index_
    assert spread.best_score_ == serial.best_score_
    folds = [f"split{k}_test_accuracy" for k in range(4)]
    for key in folds + ["mean_test_accuracy", "rank_test_accuracy"]:
        np.testing.assert_array_equal(spread.cv_results_[key], serial.cv_results_[key], err_msg=key)
    pids = {int(spread.cv_results_[f"split{k}_test_pid"][i]) for k in range(4) for i in range(6)}
    assert len(workers) == 2 and os.getpid() not in workers and pids <= workers
    assert np.array_equal(spread.predict(X), serial.predict(X))
