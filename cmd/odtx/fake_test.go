package main

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeSolver copies the script testdata/solvers/NAME.sh into a directory of
// the test's and returns the --solver value that runs it. The copy is made
// executable here, since a checkout need not keep the mode git recorded.
func fakeSolver(t *testing.T, name string) string {
	t.Helper()
	script, err := os.ReadFile(filepath.Join("..", "..", "testdata", "solvers", name+".sh"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, script, 0o755); err != nil {
		t.Fatal(err)
	}
	return "exec:" + path
}
