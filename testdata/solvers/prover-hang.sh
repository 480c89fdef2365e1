#!/bin/sh
# A proof-making solver for tests, installed as cadical: it gives a version
# when asked; otherwise it writes the start of a proof to the file its last
# argument names, then its process id to the file hang.PID in the directory
# $FAKE_SOLVER_DIR, and never ends.
if [ "$1" = --version ]; then
	echo fake
	exit 0
fi
for proof; do :; done
echo "1 2 0" >"$proof"
echo $$ >"$FAKE_SOLVER_DIR/hang.$$"
exec sleep 1000000
