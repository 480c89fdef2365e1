//go:build !(cadical && cgo)

package ipasir

import (
	"strings"
	"testing"
)

func TestNewWithoutCaDiCaL(t *testing.T) {
	s, err := New()
	if s != nil || err == nil || !strings.Contains(err.Error(), "-tags cadical") {
		t.Fatalf("New = %v, %v; want nil and an error saying to rebuild with -tags cadical", s, err)
	}
}
