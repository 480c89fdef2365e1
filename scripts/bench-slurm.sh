#!/usr/bin/env bash
# Runs odtx bench on a Slurm cluster as a job array: TASKS tasks share the
# suite's jobs out (odtx bench --shard i/TASKS: every TASKS-th job, so slow
# and fast ones alike) and write their records to OUT/results-iofTASKS.jsonl;
# a last job, once every task has ended however, merges them with odtx bench
# merge into OUT/results.md (and, for the scaling suite, the charts and
# scaling.csv), the tables one run would have written. OUT must be a
# directory every node sees. Prints the two job ids.
#
# usage: scripts/bench-slurm.sh [SUITE]
#   SUITE: mouse, car, table3, scaling, reference or all (default)
# env: TASKS (default 8), OUT (default $HOME/odtx-bench), DATA (default
#   $HOME/shared/data), RUNS (default 3), SOLVERS (default
#   gini,cadical-ipasir), TIMEOUT (a job's limit, default 30m), TIME (a
#   task's limit, default 12:00:00), CPUS (a task's, default 2), ODTX (the
#   binary, on a path every node sees; default: built from this checkout
#   into OUT/odtx, with the build tags TAGS, default cadical), SBATCH_ARGS
#   (more sbatch options, such as --partition=NAME).
set -euo pipefail
suite=${1:-all}
tasks=${TASKS:-8}
# Absolute paths: the jobs may start elsewhere than here.
out=$(realpath -m "${OUT:-$HOME/odtx-bench}")
data=$(realpath -m "${DATA:-$HOME/shared/data}")
runs=${RUNS:-3}
solvers=${SOLVERS:-gini,cadical-ipasir}
timeout=${TIMEOUT:-30m}
if [ -n "${ODTX:-}" ]; then
  odtx=$(command -v "$ODTX") || { echo "ODTX=$ODTX: no such program" >&2; exit 2; }
  odtx=$(realpath "$odtx")
  mkdir -p "$out"
else
  odtx=$out/odtx
  mkdir -p "$out"
  (cd "$(dirname "$0")/.." && go build -tags "${TAGS-cadical}" -o "$odtx" ./cmd/odtx)
fi
# shellcheck disable=SC2206 # SBATCH_ARGS is a list of options
extra=(${SBATCH_ARGS:-})

# q ARG: ARG quoted for the batch scripts below
q() { printf '%q' "$1"; }

array=$(sbatch --parsable --job-name=odtx-bench --array=1-"$tasks" \
  --cpus-per-task="${CPUS:-2}" --time="${TIME:-12:00:00}" --output="$out/slurm-%A_%a.out" "${extra[@]}" <<EOF
#!/bin/bash
exec $(q "$odtx") -q --timeout $(q "$timeout") bench --shard "\$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT" \\
  --data $(q "$data") --out $(q "$out") --runs $(q "$runs") --compare $(q "$solvers") $(q "$suite")
EOF
)
array=${array%%;*} # sbatch --parsable may add ";CLUSTER"

merge=$(sbatch --parsable --job-name=odtx-bench-merge --dependency=afterany:"$array" \
  --time=30:00 --output="$out/slurm-%j.out" "${extra[@]}" <<EOF
#!/bin/bash
exec $(q "$odtx") bench merge --out $(q "$out") $(q "$out")/results-*of$tasks.jsonl
EOF
)
echo "array job $array (tasks' records in $out), merge job ${merge%%;*} (then $out/results.md)"
