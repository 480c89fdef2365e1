"""Benchmark: a fit of car in Python against odtx learn on the same file.

Not a test: it prints the median of RUNS wall-clock times of each, taken
in turn so that a busy machine slows both alike, and their ratio. The fit
includes what Python adds: checking the DataFrame, writing it as CSV to
odtx's stdin, and reading the tree's JSON. Both probe one depth at a time
(--jobs 1), the deterministic setting.

usage: python3 benchmarks/car.py [DATA.csv] [RUNS]
  DATA.csv: default $ODTX_DATA/car.csv; RUNS: default 11
"""

import os
import statistics
import subprocess
import sys
import time

import pandas as pd

import odtx


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.environ.get("ODTX_DATA", "../shared/data"), "car.csv")
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    df = pd.read_csv(path)
    X, y = df.iloc[:, :-1], df.iloc[:, -1]
    cli, python = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([odtx.binary(), "--jobs", "1", "-q", "learn", "--format", "json", path], check=True, capture_output=True)
        cli.append(time.perf_counter() - start)
        start = time.perf_counter()
        model = odtx.OptimalTreeClassifier(max_depth=None, n_jobs=1).fit(X, y)
        python.append(time.perf_counter() - start)
    c, p = statistics.median(cli), statistics.median(python)
    print(f"car ({len(df)} rows, depth {model.depth_}, {model.n_nodes_} nodes), median of {runs} runs:")
    print(f"  odtx learn (CLI)   {c:.3f} s")
    print(f"  Python fit         {p:.3f} s")
    print(f"  Python / CLI       {p / c:.3f} ({100 * (p / c - 1):+.1f} %)")


if __name__ == "__main__":
    main()
