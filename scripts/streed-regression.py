#!/usr/bin/python3
"""Record STreeD's optimal regression trees on the tables of odtx bench
regression, for regress/testdata/streed-regression.tsv.

usage: /usr/bin/python3 scripts/streed-regression.py ODTX STREED STREED_COMMIT DATA OUT

STREED_COMMIT is the commit of pystreed it was built from (the record says it).
DATA holds the tables scripts/regression-data.py writes. Each table goes to
STreeD as odtx bench regression --streed gives it (the features odtx
binarizes, a line per record with its target first): a stand-in for STreeD,
named to that command, keeps the file it is given. Then STreeD runs on it,
one process at a time, each run given 600 s:

- -task regression at depths 0 to 4, the depth-4 runs last;
- with -min-leaf-node-size 5 and 20 at depths 2 and 3 in STreeD's default
  setting, and at depth 2 with its terminal solver and similarity bound off
  (exact), which ordered/testdata/streed-minleaf.tsv found unsound with a
  leaf size for accuracy (at depth 3 that setting does not finish diabetes
  in the time given);
- -task cost-complex-regression with -cost-complexity 0.01 and 0.05 at
  depths 2 and 3.

Writes OUT/streed-regression.tsv, a row per run, and OUT/streed-regression.sha256,
the tables' checksums as sha256sum writes them.
"""
import datetime
import hashlib
import os
import subprocess
import sys
import tempfile

FILES = ["diabetes.csv", "friedman1.csv", "tree-1000-5x2.csv", "tree-3000-8x2.csv"]
TIMEOUT = 600
EXACT = ["-use-terminal-solver", "0", "-use-similarity-lower-bound", "0"]

KEEPER = """#!/bin/sh
prev=
for a; do [ "$prev" = -file ] && cp "$a" "$KEEP"; prev=$a; done
echo "Solution 0: 0 0 0"
"""

HEADER = """\
# STreeD's optimal regression trees on the tables of odtx bench regression (scripts/regression-data.py, checksums in
# streed-regression.sha256), each given the features odtx binarizes, as odtx bench regression --streed gives them.
# STreeD: AlgTUDelft/pystreed @ {commit} (built by build-peers.sh), run {date} by
#   scripts/streed-regression.py as
#   STREED -task TASK -file F -max-depth D -max-num-nodes 2^D-1 [-min-leaf-node-size L] [-cost-complexity A] [EXACT]
# one run at a time, each given {timeout} s.
# min_leaf: L, or - for none. cost: A with TASK cost-complex-regression, or - for TASK regression; a branching node then
#   costs A times the SSE of the single leaf (STreeD's cost_complex_regression.cpp), which the SSE leaves out.
# setting: default, or exact = EXACT = {exact}.
# branches: the branching nodes of STreeD's tree; sse: its "training mean squared error" times the records, or - where
#   the run took over {timeout} s.
# file\tdepth\tmin_leaf\tcost\tsetting\tbranches\tsse"""


def keep_inputs(odtx, data, work):
    """The file odtx bench regression gives STreeD for each table, by name."""
    keeper = os.path.join(work, "keep.sh")
    with open(keeper, "w") as fh:
        fh.write(KEEPER)
    os.chmod(keeper, 0o755)
    inputs = {}
    for f in FILES:
        inputs[f] = os.path.join(work, f + ".txt")
        subprocess.run([odtx, "bench", "regression", "--data", data, "--files", f, "--max-depth", "0",
                        "--streed", keeper, "--out", os.path.join(work, "bench"), "-q"],
                       env=dict(os.environ, KEEP=inputs[f]), check=True, stdout=subprocess.DEVNULL)
    return inputs


def solve(streed, path, depth, min_leaf, cost, exact):
    """STreeD's branching nodes and SSE on path, or None past TIMEOUT."""
    args = [streed, "-task", "regression" if cost is None else "cost-complex-regression", "-file", path,
            "-max-depth", str(depth), "-max-num-nodes", str(2**depth - 1)]
    if min_leaf is not None:
        args += ["-min-leaf-node-size", str(min_leaf)]
    if cost is not None:
        args += ["-cost-complexity", str(cost)]
    if exact:
        args += EXACT
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout
    except subprocess.TimeoutExpired:
        return None
    for line in out.splitlines():
        if line.startswith("Solution 0:"):
            f = line.split()
            with open(path) as fh:
                records = sum(1 for _ in fh)
            return int(f[3]), float(f[4]) * records
    sys.exit(f"{' '.join(args)}: no solution line in\n{out}")


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.split("\n\n")[1])
    odtx, streed, commit, data, out = sys.argv[1:]
    with open(os.path.join(out, "streed-regression.sha256"), "w") as fh:
        for f in FILES:
            with open(os.path.join(data, f), "rb") as t:
                fh.write(f"{hashlib.sha256(t.read()).hexdigest()}  {f}\n")
    jobs = [(d, None, None, False) for d in range(4)]
    jobs += [(d, L, None, exact) for L in (5, 20) for d in (2, 3) for exact in (False, True) if d == 2 or not exact]
    jobs += [(d, None, a, False) for a in (0.01, 0.05) for d in (2, 3)]
    jobs += [(4, None, None, False)]
    with tempfile.TemporaryDirectory() as work, open(os.path.join(out, "streed-regression.tsv"), "w") as tsv:
        inputs = keep_inputs(odtx, data, work)
        date = datetime.date.today().isoformat()
        print(HEADER.format(commit=commit, date=date, timeout=TIMEOUT, exact=" ".join(EXACT)), file=tsv, flush=True)
        for depth, min_leaf, cost, exact in jobs:
            for f in FILES:
                got = solve(streed, inputs[f], depth, min_leaf, cost, exact)
                branches, sse = ("-", "-") if got is None else (got[0], f"{got[1]:.16g}")
                row = [f.removesuffix(".csv"), depth, "-" if min_leaf is None else min_leaf,
                       "-" if cost is None else cost, "exact" if exact else "default", branches, sse]
                print("\t".join(map(str, row)), file=tsv, flush=True)


if __name__ == "__main__":
    main()
