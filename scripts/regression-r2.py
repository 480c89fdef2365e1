#!/usr/bin/env python3
"""Training SSE and test R² of odtx's optimal regression tree beside
scikit-learn's greedy DecisionTreeRegressor, over five seeds of a 70/30
split at depths 2, 3 and 4, on scikit-learn's diabetes data and the CSV
files given (numeric target last). Writes a Markdown table on stdout.

usage: ODTX_BIN=./odtx PYTHONPATH=python/src scripts/regression-r2.py [--time-limit S] [--min-samples-leaf N,...] [FILE.csv ...]

An optimal tree cannot lose on its training rows; on the test rows it
can, and the table says where. A fit stopped by the time limit is marked
with a dagger: its tree is the best found, not proven optimal. With
--min-samples-leaf, both trees are grown with each least leaf size given
(0 for none), scikit-learn's min_samples_leaf.
"""
import argparse
import sys
import warnings

import numpy as np
from sklearn.datasets import load_diabetes
from sklearn.exceptions import ConvergenceWarning
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeRegressor

from odtx import OptimalTreeRegressor


def datasets(files):
    X, y = load_diabetes(return_X_y=True)
    yield "diabetes", X, y
    for path in files:
        data = np.genfromtxt(path, delimiter=",", skip_header=1)
        yield path.rsplit("/", 1)[-1], data[:, :-1], data[:, -1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time-limit", type=float, default=300)
    ap.add_argument("--min-samples-leaf", default="0")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    print("| data | depth | least leaf | train SSE odtx / CART | test R² odtx / CART (mean of 5) | odtx better on test |")
    print("|---|---|---|---|---|---|")
    for name, X, y in datasets(args.files):
        for depth, leaf in ((d, int(m)) for d in (2, 3, 4) for m in args.min_samples_leaf.split(",")):
            sse, r2, wins, stopped = [], [], 0, False
            for seed in range(5):
                Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.3, random_state=seed)
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", ConvergenceWarning)
                    ours = OptimalTreeRegressor(max_depth=depth, time_limit=args.time_limit, min_samples_leaf=max(leaf, 1)).fit(Xa, ya)
                stopped |= any(issubclass(w.category, ConvergenceWarning) for w in caught)
                cart = DecisionTreeRegressor(max_depth=depth, random_state=0, min_samples_leaf=max(leaf, 1)).fit(Xa, ya)
                s = [float(np.sum((m.predict(Xa) - ya) ** 2)) for m in (ours, cart)]
                r = [r2_score(yb, m.predict(Xb)) for m in (ours, cart)]
                sse.append(s)
                r2.append(r)
                wins += r[0] > r[1]
            sse, r2 = np.mean(sse, axis=0), np.mean(r2, axis=0)
            mark = " †" if stopped else ""
            print(f"| {name} | {depth} | {leaf or '–'} | {sse[0]:.6g}{mark} / {sse[1]:.6g} | {r2[0]:.4f} / {r2[1]:.4f} | {wins} of 5 |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
