#!/usr/bin/env bash
# Reruns the sittings of bench/results/ into a new dated folder, as they
# were made: builds odtx from this checkout (with CaDiCaL in process, build
# tag cadical: apt-get install libcadical-dev), runs the paper's suites
# (mouse, car, table3, scaling; TIMEOUT a job) into DIR and the reference
# suite (REF_TIMEOUT a job) into DIR/reference, one job at a time and each
# probing one depth at a time (--jobs 1), so that the times do not skew
# each other; then writes DIR/README.md with the commit and the commands.
# An hour or more on a small machine; odtx bench writes the tables on
# stdout as it goes.
#
# usage: scripts/bench-results.sh [DIR]
#   DIR: a folder not there yet (default bench/results/DATE, today's UTC date)
# env: ODTX (binary; default: built from this checkout with the build tags
#   TAGS, default cadical), DATA (default ../shared/data), SOLVERS (default
#   gini,cadical-ipasir), RUNS (default 1), TIMEOUT (default 10s),
#   REF_TIMEOUT (default 75s).
set -euo pipefail
# Paths given are from here, the defaults from the checkout's root.
dir=${1:+$(realpath -m "$1")}
data=${DATA:+$(realpath -m "$DATA")}
odtx=
if [ -n "${ODTX:-}" ]; then
  odtx=$(command -v "$ODTX") || { echo "ODTX=$ODTX: no such program" >&2; exit 2; }
  odtx=$(realpath "$odtx")
fi
cd "$(dirname "$0")/.."
dir=${dir:-bench/results/$(date -u +%F)}
data=${data:-../shared/data}
if [ -e "$dir" ]; then
  echo "$dir is there already: name another folder" >&2
  exit 2
fi
solvers=${SOLVERS:-gini,cadical-ipasir}
runs=${RUNS:-1}
timeout=${TIMEOUT:-10s}
ref_timeout=${REF_TIMEOUT:-75s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$odtx" ]; then
  made="$odtx ($("$odtx" --version))"
else
  odtx=$tmp/odtx
  go build -tags "${TAGS-cadical}" -o "$odtx" ./cmd/odtx
  made="odtx built by scripts/bench-results.sh at commit $(git describe --always --dirty) (go build -tags '${TAGS-cadical}')"
fi
mkdir -p "$dir"

# bench TIMEOUT OUT SUITE: one sitting's command
bench() {
  "$odtx" -q --jobs 1 --timeout "$1" bench --data "$data" --compare "$solvers" --runs "$runs" --out "$2" "$3"
}

# The paper's suites one by one, their records then merged as one run's:
# "all" would run the reference suite too, at their time limit.
paper=(mouse car table3 scaling)
for s in "${paper[@]}"; do
  bench "$timeout" "$tmp/$s" "$s"
done
for s in "${paper[@]}"; do
  cat "$tmp/$s/results.jsonl"
done >"$dir/results.jsonl"
"$odtx" bench merge --out "$dir" "$dir/results.jsonl" >/dev/null
bench "$ref_timeout" "$dir/reference" reference

cat >"$dir/README.md" <<EOF
# odtx bench, $(date -u +%F)

With $made:

$(for s in "${paper[@]}"; do
  echo "    odtx -q --jobs 1 --timeout $timeout bench --compare $solvers --runs $runs --out OUT-$s $s"
done)
    cat OUT-{$(IFS=,; echo "${paper[*]}")}/results.jsonl >$dir/results.jsonl
    odtx bench merge --out $dir $dir/results.jsonl
    odtx -q --jobs 1 --timeout $ref_timeout bench --compare $solvers --runs $runs --out $dir/reference reference

The notes under each table of results.md and reference/results.md name the
machine. Say here what else the figures rest on (its load, the solver
versions) and what stands out.
EOF
echo "wrote $dir: add it to bench/results/README.md"
