package dataset

import (
	"fmt"
	"strings"
)

var (
	splitNames     = [...]string{Threshold: "threshold", Equality: "eq"}
	conflictsNames = [...]string{Refuse: "error", Majority: "majority", Count: "count"}
)

// String returns the split's name, as ParseSplit reads it: "threshold" or
// "eq".
func (s Split) String() string { return name(splitNames[:], int(s), "Split") }

// ParseSplit reads "threshold" or "eq".
func ParseSplit(s string) (Split, error) {
	i, err := parse(splitNames[:], s, "split")
	return Split(i), err
}

// String returns the treatment's name, as ParseConflicts reads it:
// "error", "majority" or "count".
func (c Conflicts) String() string { return name(conflictsNames[:], int(c), "Conflicts") }

// ParseConflicts reads "error", "majority" or "count".
func ParseConflicts(s string) (Conflicts, error) {
	i, err := parse(conflictsNames[:], s, "conflicts")
	return Conflicts(i), err
}

func name(names []string, i int, typ string) string {
	if i < 0 || i >= len(names) {
		return fmt.Sprintf("%s(%d)", typ, i)
	}
	return names[i]
}

func parse(names []string, s, what string) (int, error) {
	for i, n := range names {
		if s == n {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want %s)", what, s, strings.Join(names, ", "))
}
