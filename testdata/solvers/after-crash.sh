#!/bin/sh
# A solver for tests that waits until crash.sh has failed a call (the file
# "crashed" in $FAKE_SOLVER_DIR) and then runs CaDiCaL on the formula: in
# a portfolio with crash.sh, the crash comes first, every time, on the
# first call.
while [ ! -e "$FAKE_SOLVER_DIR/crashed" ]; do
	sleep 0.01
done
exec cadical -q "$@"
