#!/bin/sh
# A solver for tests that answers as CaDiCaL does the first $FAKE_ANSWERS
# calls, counted in the file "calls" in the directory $FAKE_SOLVER_DIR,
# and never answers the next ones: a search that cannot end, whatever the
# machine's speed, after a known number of answers. A call that hangs
# writes its process id to the file hang.PID in that directory first.
n=$(($(cat "$FAKE_SOLVER_DIR/calls" 2>/dev/null || echo 0) + 1))
echo $n >"$FAKE_SOLVER_DIR/calls"
if [ $n -gt "$FAKE_ANSWERS" ]; then
	echo $$ >"$FAKE_SOLVER_DIR/hang.$$"
	exec sleep 1000000
fi
exec cadical -q "$@"
