package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{1, "node", "1 node"},
		{0, "node", "0 nodes"},
		{2, "node", "2 nodes"},
		{-1, "node", "-1 nodes"},
		{1, "training error", "1 training error"},
		{7, "training error", "7 training errors"},
		{2, "class", "2 classes"},
		{1, "class", "1 class"},
		{3, "match", "3 matches"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := Count(1, "row") + " " + Pick(1, "contradicts", "contradict"); got != "1 row contradicts" {
		t.Errorf("got %q", got)
	}
	if got := Count(4, "row") + " " + Pick(4, "contradicts", "contradict"); got != "4 rows contradict" {
		t.Errorf("got %q", got)
	}
}
