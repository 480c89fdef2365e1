#!/bin/sh
# A stand-in for STreeD's regression task, as bench runs it: it reads the
# data file after -file (a target, then the features, a line per record)
# and reports the tree of one leaf, its training mean squared error, in
# STreeD's words.
while [ $# -gt 0 ]; do
  case $1 in -file) file=$2; shift ;; esac
  shift
done
awk '{ n++; s += $1; q += $1 * $1 } END {
  mse = (q - s * s / n) / n
  printf "Solution 0: \t 0 \t 0 \t\t%.17g \t%.17g \t0\n", mse, mse
}' "$file"
