#!/usr/bin/env bash
# Times odtx beside the peer tools of ../shared/REFERENCE.md in one sitting,
# so that the ratios hold on a noisy machine: for each dataset and mode, the
# median wall time of RUNS whole odtx processes, then the median of RUNS
# runs of each peer, run by ../shared/tools/peer.py: STreeD (in its fastest
# setting for zero-error trees) and the paper's tool. Prints a Markdown
# table with each peer's time over odtx's.
#
# usage: scripts/vs-peers.sh [ENGINE] [CASE ...]
#   ENGINE: auto (default), dp or sat; CASE: DATASET:MODE, e.g. car:depth
#   (default: the cases of the DP engine's issue)
# env: ODTX (binary; default: built from this checkout with the cadical and
#   minisat tags), ODTX_FLAGS (global flags, e.g. "--solver minisat-ipasir"),
#   DATA (default ../shared/data), RUNS (default 3), TIMEOUT (seconds a peer
#   run may take, default 300), PEERS ("streed", "paper" or both, default
#   "streed"; PAPER=1 adds "paper"), STREED/INFERDT (the peer binaries, as
#   peer.py takes them; scripts/build-peers.sh builds them).
#
# The issue figures: scripts/vs-peers.sh auto (DP engine and auto);
# PEERS=paper ODTX_FLAGS="--solver minisat-ipasir" scripts/vs-peers.sh sat
# mouse:depth mouse:size ... (the SAT engine against the paper's tool).
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
read -r -a peers <<<"${PEERS:-streed}"
[ "${PAPER:-0}" = 1 ] && peers+=(paper)
read -r -a flags <<<"${ODTX_FLAGS:-}"
peer=../shared/tools/peer.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
json=$tmp/tree.json
odtx=${ODTX:-}
if [ -z "$odtx" ]; then
  odtx=$tmp/odtx
  go build -tags cadical,minisat -o "$odtx" ./cmd/odtx
fi

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# field NAME JSON: a field of a one-line JSON answer
field() { python3 -c 'import json,sys; d=json.loads(sys.argv[2]); print(d.get(sys.argv[1], ""))' "$1" "$2"; }

# timed FILE CMD...: runs CMD with its stdout in FILE and prints its wall
# seconds, measured as peer.py measures the peers, so that neither side
# pays for the shell's forks.
timed() {
  python3 -c 'import subprocess,sys,time
with open(sys.argv[1], "wb") as out:
    t = time.perf_counter(); subprocess.run(sys.argv[2:], stdout=out, check=True)
print(time.perf_counter() - t)' "$@"
}

# peer NAME MODE FILE: "seconds (depth/nodes)", the median of RUNS runs, or
# the status of a run that failed
peer() {
  local tool=$1 args=() out times=() shape=
  case $tool in
  streed) args=(--args='-upper-bound 1 -use-dataset-caching 1') ;;
  paper) tool=inferdt ;;
  esac
  for _ in $(seq "$runs"); do
    out=$(python3 "$peer" "$tool" "$2" "$3" --timeout "$timeout" "${args[@]}" 2>/dev/null) || true
    if [ "$(field status "$out")" != ok ]; then
      echo "${out:+$(field status "$out")}"
      return
    fi
    times+=("$(field seconds "$out")")
    shape="$(field depth "$out")/$(field nodes "$out")"
  done
  echo "$(printf '%s\n' "${times[@]}" | median) ($shape)"
}

header="| case | odtx --engine $engine${flags[*]:+ ${flags[*]}} (s) | depth/nodes |"
rule="|---|---|---|"
for p in "${peers[@]}"; do
  header+=" $p (s) | $p/odtx |"
  rule+="---|---|"
done
echo "$header"
echo "$rule"
for c in "${cases[@]}"; do
  name=${c%%:*} mode=${c##*:}
  file=$data/$name.csv
  times=()
  for _ in $(seq "$runs"); do
    times+=("$(timed "$json" "$odtx" -q "${flags[@]}" --engine "$engine" learn --mode "$mode" --format json "$file")")
  done
  shape=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["depth"], d["nodes"], sep="/")' "$json")
  ours=$(printf '%s\n' "${times[@]}" | median)
  row=$(printf '| %s %s | %.3f | %s |' "$name" "$mode" "$ours" "$shape")
  for p in "${peers[@]}"; do
    theirs=$(peer "$p" "$mode" "$file")
    ratio=
    if [[ $theirs =~ ^([0-9.]+) ]]; then
      ratio=$(echo "scale=2; ${BASH_REMATCH[1]} / $ours" | bc)
    fi
    row+=" $theirs | $ratio |"
  done
  echo "$row"
done
