#!/usr/bin/env python3
"""The primal integral of an odtx that reports no trajectory, beside the
trajectories of `odtx bench anytime`, over the same files and depths.

usage:
  scripts/anytime-baseline.py run ODTX FILE... > base.tsv
  scripts/anytime-baseline.py compare base.tsv results.jsonl

`run` learns each FILE (a CSV) at depth bounds 4 and 5 with ODTX (an older
build, say of the commit before the anytime search) once per time limit
of LIMITS seconds, and writes the training errors of the tree each run
held when stopped. A search runs the same way whatever its limit, so that
is the tree the run of 60 s held at that moment, give or take the
machine's noise.

`compare` prints, per file and depth, the errors at 1, 10 and 60 s of
both and the primal integral of each over 60 s (as `odtx bench --help`
defines it), against one reference: the fewest errors either reached.
The older build's is a lower bound: between two limits, it is taken to
hold already the tree it held at the later one.
"""
import collections
import json
import os
import re
import subprocess
import sys

LIMITS = [1, 2, 5, 10, 20, 60]
DEPTHS = [4, 5]
T = 60.0


def run(odtx, files):
    for f in files:
        for d in DEPTHS:
            for t in LIMITS:
                p = subprocess.run([odtx, "learn", "-q", "--any-size", "--max-depth", str(d),
                                    "--timeout", f"{t}s", f], capture_output=True, text=True)
                m = re.search(r"\((\d+) training errors", p.stderr)
                if m is None:
                    sys.exit(f"{f} depth {d} limit {t}s: no error count in: {p.stderr.strip()}")
                print(f"{os.path.basename(f)}\t{d}\t{t}\t{m.group(1)}", flush=True)


def integral(steps, ref):
    """Berthold's primal integral over T of steps, (t, errors) pairs, each
    held from t on."""
    total, t0, held = 0.0, 0.0, None
    for t, e in steps + [(T, None)]:
        t = min(t, T)
        total += (t - t0) * (1.0 if held is None else (held - ref) / max(held, ref))
        t0 = t
        if e is not None:
            held = e
    return total


def held(steps, x):
    v = None
    for t, e in steps:
        if t <= x:
            v = e
    return v


def compare(tsv, jsonl):
    base = collections.defaultdict(list)
    for line in open(tsv):
        name, d, t, e = line.split("\t")
        base[(name, int(d))].append((float(t), int(e)))
    now = {}
    for line in open(jsonl):
        r = json.loads(line)
        if r.get("suite") != "anytime" or r.get("program"):
            continue
        name = os.path.basename(r["dataset"])
        now[(name, r["max_depth"])] = ([(t, e) for t, e, _ in r["anytime"]["trajectory"]],
                                       r["anytime"].get("cart_errors"))
    print("| file | depth | CART | older at 1 / 10 / 60 s | now at 1 / 10 / 60 s "
          "| primal integral older (lower bound) / now (s) | now / older |")
    print("|---|---|---|---|---|---|---|")
    for key in sorted(base):
        if key not in now:
            continue
        limits = sorted(base[key])
        steps, cart = now[key]
        # The older build's tree of limit t_i, held from t_(i-1) on.
        older = [(t0, e) for t0, (_, e) in zip([0.0] + [t for t, _ in limits], limits)]
        ref = min(e for _, e in limits + steps)
        a, b = integral(older, ref), integral(steps, ref)
        at = dict(limits)
        print(f"| {key[0]} | {key[1]} | {cart} | {at.get(1)} / {at.get(10)} / {at.get(60)} "
              f"| {held(steps, 1)} / {held(steps, 10)} / {held(steps, 60)} "
              f"| {a:.2f} / {b:.2f} | {b / a:.2f} |")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
