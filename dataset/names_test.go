package dataset

import "testing"

// TestNames: every split and treatment of conflicts reads back as itself
// from its name, and an unknown name is an error that lists the known.
func TestNames(t *testing.T) {
	for _, s := range []Split{Threshold, Equality} {
		if got, err := ParseSplit(s.String()); err != nil || got != s {
			t.Errorf("ParseSplit(%q) = %v, %v", s, got, err)
		}
	}
	for _, c := range []Conflicts{Refuse, Majority, Count} {
		if got, err := ParseConflicts(c.String()); err != nil || got != c {
			t.Errorf("ParseConflicts(%q) = %v, %v", c, got, err)
		}
	}
	if _, err := ParseSplit("le"); err == nil || err.Error() != `unknown split "le" (want threshold, eq)` {
		t.Errorf("ParseSplit(le): %v", err)
	}
	if _, err := ParseConflicts("vote"); err == nil || err.Error() != `unknown conflicts "vote" (want error, majority, count)` {
		t.Errorf("ParseConflicts(vote): %v", err)
	}
}
