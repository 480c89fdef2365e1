#!/bin/sh
# A prover for tests, installed as cadical on a PATH that finds it first:
# it waits a second and then runs the cadical found after it, so that
# making a certificate takes a second at least, whatever the machine.
PATH=${PATH#*:}
sleep 1
exec cadical "$@"
