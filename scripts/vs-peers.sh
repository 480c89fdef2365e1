#!/usr/bin/env bash
# Times odtx beside the peer tools of ../shared/REFERENCE.md in one sitting,
# so that the ratios hold on a noisy machine: for each dataset and mode, the
# median wall time of RUNS whole odtx processes, then STreeD (its fastest
# setting for zero-error trees) and, unless PAPER=0, the paper's tool, run
# by ../shared/tools/peer.py. Prints a Markdown table.
#
# usage: scripts/vs-peers.sh [ENGINE] [CASE ...]
#   ENGINE: auto (default), dp or sat; CASE: DATASET:MODE, e.g. car:depth
#   (default: the cases of the DP engine's issue)
# env: ODTX (binary; default: built from this checkout), DATA (default
#   ../shared/data), RUNS (default 3), TIMEOUT (seconds a peer run may take,
#   default 300), PAPER (1: also run the paper's tool), STREED/INFERDT (the
#   peer binaries, as peer.py takes them; build them with
#   ../shared/tools/build-peers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${1:-auto}
shift || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(car:depth tic-tac-toe:depth balance-scale:depth
  car:size tic-tac-toe:size monk2:size monk3:size wine:size wine:depth iris:size zoo:size)
data=${DATA:-../shared/data}
runs=${RUNS:-3}
timeout=${TIMEOUT:-300}
peer=../shared/tools/peer.py
odtx=${ODTX:-}
if [ -z "$odtx" ]; then
  odtx=$(mktemp -d)/odtx
  trap 'rm -rf "$(dirname "$odtx")"' EXIT
  go build -o "$odtx" ./cmd/odtx
fi

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# seconds FIELD JSON: a field of peer.py's one-line answer
field() { python3 -c 'import json,sys; d=json.loads(sys.argv[2]); print(d.get(sys.argv[1], ""))' "$1" "$2"; }

# peer TOOL MODE FILE [ARGS]: "seconds (depth/nodes)" or the status
peer() {
  local out
  out=$(python3 "$peer" "$1" "$2" "$3" --timeout "$timeout" ${4:+--args="$4"} 2>/dev/null) || true
  if [ "$(field status "$out")" = ok ]; then
    echo "$(field seconds "$out") ($(field depth "$out")/$(field nodes "$out"))"
  else
    echo "${out:+$(field status "$out")}"
  fi
}

echo "| case | odtx --engine $engine (s) | depth/nodes | STreeD (s) | ratio STreeD/odtx | paper's tool (s) |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  name=${c%%:*} mode=${c##*:}
  file=$data/$name.csv
  times=() shape=
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    out=$("$odtx" -q --engine "$engine" learn --mode "$mode" --format json "$file")
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
    shape=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["depth"], d["nodes"], sep="/")' <<<"$out")
  done
  ours=$(printf '%s\n' "${times[@]}" | median)
  streed=$(peer streed "$mode" "$file" "-upper-bound 1 -use-dataset-caching 1")
  ratio=
  if [[ $streed =~ ^([0-9.]+) ]]; then
    ratio=$(echo "scale=1; ${BASH_REMATCH[1]} / $ours" | bc)
  fi
  paper=
  if [ "${PAPER:-0}" = 1 ]; then
    paper=$(peer inferdt "$mode" "$file")
  fi
  printf '| %s %s | %.3f | %s | %s | %s | %s |\n' "$name" "$mode" "$ours" "$shape" "$streed" "$ratio" "$paper"
done
