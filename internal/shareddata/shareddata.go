// Package shareddata finds the shared benchmark datasets for tests and
// benchmarks: the -data flag, else $ODTX_DATA, else ../shared/data beside
// the module. The files are read in place, never copied into the repository.
// A test that finds no data skips, unless $ODTX_REQUIRE_DATA is set, as CI
// sets it, so that missing data cannot pass for checked data.
package shareddata

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var dataFlag = flag.String("data", "", "directory of the shared datasets (default $ODTX_DATA or ../shared/data beside the module)")

// Dir returns the datasets' directory, or skips tb, saying why, when there
// is none.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := *dataFlag
	if dir == "" {
		dir = os.Getenv("ODTX_DATA")
	}
	if dir == "" {
		dir = besideModule()
	}
	if _, err := os.Stat(filepath.Join(dir, "mouse.csv")); err != nil {
		missing(tb, "shared datasets not found (set -data or ODTX_DATA): %v", err)
	}
	return dir
}

// Path returns the path of one dataset, skipping tb when it is missing.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(Dir(tb), name)
	if _, err := os.Stat(path); err != nil {
		missing(tb, "shared dataset missing: %v", err)
	}
	return path
}

// missing skips tb, or fails it where data is required.
func missing(tb testing.TB, format string, args ...any) {
	tb.Helper()
	if os.Getenv("ODTX_REQUIRE_DATA") != "" {
		tb.Fatalf(format, args...)
	}
	tb.Skipf(format, args...)
}

// besideModule returns ../shared/data relative to the directory that holds
// go.mod, found by walking up from the working directory.
func besideModule() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
