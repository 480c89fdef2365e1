#!/bin/sh
# A solver for tests that fails every call, as a broken binary would. It
# leaves the file "crashed" in the directory $FAKE_SOLVER_DIR, if set, so
# that another fake can wait for it.
if [ -n "$FAKE_SOLVER_DIR" ]; then
	: >"$FAKE_SOLVER_DIR/crashed"
fi
echo "fake crash" >&2
exit 3
