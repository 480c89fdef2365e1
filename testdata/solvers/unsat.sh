#!/bin/sh
# A wrong solver for tests: it answers UNSAT to every formula.
echo "s UNSATISFIABLE"
exit 20
