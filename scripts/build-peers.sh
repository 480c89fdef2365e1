#!/usr/bin/env bash
# Builds the peer tools that scripts/vs-peers.sh times odtx beside (the
# paper's own tool, InferDT with MiniSat, and STreeD) from local git
# snapshots of their repositories, with ../shared/tools/build-peers.sh:
# nothing is fetched. Prints the environment that points peer.py, and so
# vs-peers.sh, at them.
#
# usage: scripts/build-peers.sh [INFERDT_GIT_DIR PYSTREED_GIT_DIR MINISAT_GIT_DIR] [OUT]
#   the git directories of FlorentAvellaneda/InferDT, AlgTUDelft/pystreed and
#   niklasso/minisat (what `git --git-dir` takes); OUT: where to build
#   (default /tmp/peers, where peer.py looks without STREED and INFERDT)
# env: INFERDT_GIT (default /work/.mirror/FlorentAvellaneda+InferDT/repo),
#   PYSTREED_GIT (default /work/.mirror/AlgTUDelft+pystreed/repo),
#   MINISAT_GIT (default /work/.mirror/niklasso+minisat/repo), OUT: the
#   same, for what the arguments leave out.
set -euo pipefail
if [ $# -ge 3 ]; then
  inferdt=$1 pystreed=$2 minisat=$3
  shift 3
else
  inferdt=${INFERDT_GIT:-/work/.mirror/FlorentAvellaneda+InferDT/repo}
  pystreed=${PYSTREED_GIT:-/work/.mirror/AlgTUDelft+pystreed/repo}
  minisat=${MINISAT_GIT:-/work/.mirror/niklasso+minisat/repo}
fi
[ $# -le 1 ] || { sed -n 2,15p "$0" >&2; exit 2; }
out=$(realpath -m "${1:-${OUT:-/tmp/peers}}")
for g in "$inferdt" "$pystreed" "$minisat"; do
  git --git-dir="$g" rev-parse --verify -q HEAD >/dev/null ||
    { echo "$g: not a git directory with a HEAD" >&2; exit 2; }
done
"$(dirname "$0")"/../../shared/tools/build-peers.sh "$inferdt" "$pystreed" "$minisat" "$out"
echo "INFERDT=$out/inferdt/build/InferDT STREED=$out/streed/build/STREED scripts/vs-peers.sh"
