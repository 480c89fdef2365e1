package csat

import (
	"strings"
	"testing"
)

// TestNewWithout: a constructor of a solver left out of the build says how
// to build it in. The ones built in are tested in solver_test.go.
func TestNewWithout(t *testing.T) {
	for _, c := range []struct {
		name string
		open func() (*Solver, error)
		tag  string
	}{{"CaDiCaL", NewCaDiCaL, "cadical"}, {"MiniSat", NewMiniSat, "minisat"}} {
		s, err := c.open()
		if err == nil {
			s.Close()
			continue
		}
		if s != nil || !strings.Contains(err.Error(), "-tags cadical,minisat") || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: New = %v, %v; want nil and an error saying to rebuild with -tags cadical,minisat", c.tag, s, err)
		}
	}
}
