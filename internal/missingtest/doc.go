// Package missingtest checks every engine on tables with missing values
// against oracles that know nothing of how odtx binarizes them: the tests
// of a table are built anew from its raw values, each threshold with the
// missing values on either side, and the exhaustive search of package
// bruteforce finds the optimum over them. It holds tests only.
package missingtest
