package orchestrate

import "fmt"

// Engine is an exact method of search.
type Engine int

// The engines. The zero value is Auto.
const (
	Auto Engine = iota // DP alone for a head start, then DP and SAT raced; the first proof wins
	SAT                // the paper's method: SAT encodings and the incremental loop
	DP                 // dynamic programming over sets of examples
)

var engineNames = [...]string{Auto: "auto", SAT: "sat", DP: "dp"}

// String returns the engine's name, as ParseEngine reads it.
func (e Engine) String() string {
	if e < 0 || int(e) >= len(engineNames) {
		return fmt.Sprintf("Engine(%d)", int(e))
	}
	return engineNames[e]
}

// ParseEngine reads "auto", "sat" or "dp".
func ParseEngine(s string) (Engine, error) {
	for e, name := range engineNames {
		if s == name {
			return Engine(e), nil
		}
	}
	return 0, fmt.Errorf("unknown engine %q (want auto, sat or dp)", s)
}
