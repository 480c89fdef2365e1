#!/bin/sh
# A wrong solver for tests: CaDiCaL, except that it answers UNSAT to the
# Nth formula it finds satisfiable, N being $FAKE_LIE_AT, counted in the
# file "sat" in the directory $FAKE_SOLVER_DIR. A lie about a bound below
# every tree the search holds cannot be caught by the search itself.
answer=$(cadical -q "$@")
code=$?
if [ $code -eq 10 ]; then
	n=$(($(cat "$FAKE_SOLVER_DIR/sat" 2>/dev/null || echo 0) + 1))
	echo $n >"$FAKE_SOLVER_DIR/sat"
	if [ $n -eq "$FAKE_LIE_AT" ]; then
		echo "s UNSATISFIABLE"
		exit 20
	fi
fi
printf '%s\n' "$answer"
exit $code
