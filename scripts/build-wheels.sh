#!/usr/bin/env bash
# Writes one wheel of the Python package (python/) per platform into dist/:
# odtx cross-compiled with CGO_ENABLED=0 (a static binary, the pure-Go gini
# solver in process and solver binaries run from PATH) inside the package,
# tagged py3-none-PLATFORM, so that one wheel serves every Python 3 on its
# platform. Offline: the build backend is Debian's python3-setuptools and
# python3-wheel, run by python3-build without an isolated environment.
# Prints each wheel with its size.
#
# usage: scripts/build-wheels.sh [GOOS/GOARCH...]
#   default: linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64
#   one platform: scripts/build-wheels.sh linux/amd64
# env: PYTHON (default python3; it needs build, setuptools and wheel: on
#   Debian, apt-get install python3-build python3-setuptools python3-wheel,
#   and PYTHON=/usr/bin/python3 where the python3 on PATH, pyenv's or a
#   virtualenv's, has no build)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python=${PYTHON:-python3}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64)

# The platform tags each binary runs under. A static Linux binary needs no
# libc: manylinux2014 (glibc 2.17) is the oldest tag pip accepts on arm64,
# and the same wheel is musllinux for Alpine. Go 1.26 binaries need macOS
# 12 or later.
platform() {
  case $1 in
    linux/amd64) echo manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64 ;;
    linux/arm64) echo manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64 ;;
    darwin/amd64) echo macosx_12_0_x86_64 ;;
    darwin/arm64) echo macosx_12_0_arm64 ;;
    windows/amd64) echo win_amd64 ;;
    *) echo "build-wheels: no platform tag for $1" >&2; return 1 ;;
  esac
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p dist
for target in "${targets[@]}"; do
  tag=$(platform "$target")
  goos=${target%/*} goarch=${target#*/}
  # A fresh copy of the package for each, so that no binary or build
  # folder of one platform reaches another's wheel.
  rm -rf "$work/python"
  cp -r python "$work/python"
  rm -rf "$work/python/build" "$work/python/src/odtx/bin" "$work/python/src/"*.egg-info
  mkdir -p "$work/python/src/odtx/bin"
  exe=odtx
  [ "$goos" = windows ] && exe=odtx.exe
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -ldflags='-s -w' \
    -o "$work/python/src/odtx/bin/$exe" ./cmd/odtx
  (cd "$work/python" && ODTX_WHEEL_PLATFORM=$tag "$python" -m build --no-isolation --wheel \
    --outdir "$root/dist" . >"$work/build.log" 2>&1) || { cat "$work/build.log" >&2; exit 1; }
done
ls -l dist/*.whl | awk '{printf "%6.1f MB  %s\n", $5 / 1e6, $NF}'
