#!/bin/sh
# A stand-in for odtx bench job, as a ChildRunner runs it: it reads the job
# and answers with a record of its own, timed at a million seconds on a
# machine of 99 CPUs, its program the job's; the job of the dataset "fail"
# fails instead, saying so on stderr after a warning.
req=$(cat)
case $req in *'"dataset":"fail"'*)
  echo "odtx: warning: a warning" >&2
  echo "odtx: the job failed" >&2
  exit 3 ;;
esac
program=$(printf '%s' "$req" | sed -n 's/.*"program":"\([^"]*\)".*/\1/p')
printf '{"suite":"fake","program":"%s","seconds":1000000,"status":"ok","machine":{"cpus":99}}\n' "$program"
