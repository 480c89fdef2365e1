#!/usr/bin/python3
"""Write the regression tables that odtx bench regression measures, as CSV with
the target last, into a directory (not the repository: nothing here is
committed but this script).

usage: /usr/bin/python3 scripts/regression-data.py DIR

- diabetes.csv: scikit-learn's load_diabetes (Debian's python3-sklearn), 442
  rows of 10 columns, its features as scikit-learn scales them.
- friedman1.csv: make_friedman1 (500 rows, 5 columns, noise 1, seed 0), the
  features to 2 decimals, the target to 3.
- tree-N-FxK.csv: N rows of F columns of numbers in [0, 1) of K decimals,
  the target a random tree's leaf value (a tree of tests x <= t, of depth 4)
  plus Gaussian noise, to 2 decimals: the numeric counterpart of odtx gen
  --numeric, whose label is a class.

Every table is drawn from a fixed seed: the same command writes the same
files.
"""
import csv
import os
import random
import sys


def write(path, header, rows):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def tree_table(path, rows, cols, decimals, depth, seed):
    """rows of cols numbers of the given decimals, the target a random tree's
    leaf value plus noise: each node tests a random column at a random
    threshold, each leaf holds a value drawn from [0, 100)."""
    r = random.Random(seed)

    def grow(d):
        if d == 0:
            return r.uniform(0, 100)
        return (r.randrange(cols), r.random(), grow(d - 1), grow(d - 1))

    root = grow(depth)
    scale = 10**decimals
    out = []
    for _ in range(rows):
        x = [r.randrange(scale) / scale for _ in range(cols)]
        node = root
        while isinstance(node, tuple):
            c, t, yes, no = node
            node = yes if x[c] <= t else no
        y = node + r.gauss(0, 10)
        out.append([f"{v:.{decimals}f}" for v in x] + [f"{y:.2f}"])
    write(path, [f"x{c}" for c in range(cols)] + ["y"], out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    from sklearn.datasets import load_diabetes, make_friedman1

    d = load_diabetes()
    write(os.path.join(out, "diabetes.csv"), list(d.feature_names) + ["y"],
          [[repr(float(v)) for v in x] + [repr(float(y))] for x, y in zip(d.data, d.target)])
    X, y = make_friedman1(n_samples=500, n_features=5, noise=1.0, random_state=0)
    write(os.path.join(out, "friedman1.csv"), [f"x{c}" for c in range(5)] + ["y"],
          [[f"{v:.2f}" for v in x] + [f"{t:.3f}"] for x, t in zip(X, y)])
    tree_table(os.path.join(out, "tree-1000-5x2.csv"), 1000, 5, 2, 4, 1)
    tree_table(os.path.join(out, "tree-3000-8x2.csv"), 3000, 8, 2, 4, 2)
    tree_table(os.path.join(out, "tree-100000-10x4.csv"), 100000, 10, 4, 4, 3)


if __name__ == "__main__":
    main()
