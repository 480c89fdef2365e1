package process

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestLookupArgs(t *testing.T) {
	for _, tc := range []struct {
		name               string
		limited, unlimited []string
	}{
		{"minisat", []string{"-verb=0", "-cpu-lim=7", "f.cnf", "f.out"}, []string{"-verb=0", "f.cnf", "f.out"}},
		{"cadical", []string{"-q", "-t", "7", "f.cnf"}, []string{"-q", "f.cnf"}},
		{"kissat", []string{"-q", "--time=7", "f.cnf"}, []string{"-q", "f.cnf"}},
		{"picosat", []string{"f.cnf"}, []string{"f.cnf"}},
		{"cryptominisat", []string{"--verb", "0", "--maxtime", "7", "f.cnf"}, []string{"--verb", "0", "f.cnf"}},
		{"exec:/opt/sat/solve", []string{"f.cnf"}, []string{"f.cnf"}},
	} {
		cfg, err := Lookup(tc.name)
		if err != nil {
			t.Errorf("Lookup(%q): %v", tc.name, err)
			continue
		}
		if got := cfg.Args("f.cnf", "f.out", 7*time.Second); !slices.Equal(got, tc.limited) {
			t.Errorf("%s with 7 s: args %q, want %q", tc.name, got, tc.limited)
		}
		if got := cfg.Args("f.cnf", "f.out", 0); !slices.Equal(got, tc.unlimited) {
			t.Errorf("%s without limit: args %q, want %q", tc.name, got, tc.unlimited)
		}
	}
}

func TestLookupUnknown(t *testing.T) {
	for _, name := range []string{"glucose", "exec:"} {
		want := fmt.Sprintf("unknown solver %q (known: cadical, cryptominisat, kissat, minisat, picosat, exec:PATH)", name)
		if _, err := Lookup(name); err == nil || err.Error() != want {
			t.Errorf("Lookup(%q) = %v, want error %q", name, err, want)
		}
	}
}

func TestNewMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for name, want := range map[string]string{
		"minisat":                 "minisat not found in PATH (install it: apt-get install minisat)",
		"cryptominisat":           "cryptominisat5 not found in PATH (install it: apt-get install cryptominisat)",
		"kissat":                  "kissat not found in PATH (build it from https://github.com/arminbiere/kissat)",
		"exec:solve":              "solve not found in PATH",
		"exec:/nonexistent/solve": "/nonexistent/solve: stat /nonexistent/solve: no such file or directory",
	} {
		cfg, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := New(cfg); err == nil || err.Error() != want {
			t.Errorf("New(%s) = %v, want error %q", name, err, want)
		}
	}
}
