#!/bin/sh
# A solver for tests that never answers. It writes its process id to the
# file hang.PID in the directory $FAKE_SOLVER_DIR, if set, so that a test
# can tell when a call has started and whether the process outlived it;
# exec keeps that id for the sleep.
if [ -n "$FAKE_SOLVER_DIR" ]; then
	echo $$ >"$FAKE_SOLVER_DIR/hang.$$"
fi
exec sleep 1000000
