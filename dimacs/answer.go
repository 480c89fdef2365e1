package dimacs

import (
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
)

// The results of a solver call, numbered like the SAT competition's exit
// codes.
const (
	Unknown = 0
	Sat     = 10
	Unsat   = 20
)

// Answer is what a solver said about a formula.
type Answer struct {
	Result int   // Sat, Unsat or Unknown
	Model  []int // for Sat: the true literals of the model, without the ending 0
}

// ResultFromExit maps a solver's exit code to its result: by the SAT
// competition's convention 10 is Sat and 20 Unsat; anything else says
// nothing.
func ResultFromExit(code int) int {
	if code == Sat || code == Unsat {
		return code
	}
	return Unknown
}

// ParseAnswer reads an answer in the SAT competition's format: an
// "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" line, for a satisfiable
// formula "v" lines listing the model and ended by 0, and "c" comment lines.
// "s INDETERMINATE", which CryptoMiniSat prints when out of time, counts as
// UNKNOWN. Any other line is an error.
func ParseAnswer(r io.Reader) (Answer, error) {
	s := newLineScanner(r)
	var a Answer
	status, sawV, ended := false, false, false
	for s.scan() {
		f := strings.Fields(s.text())
		switch {
		case len(f) == 0 || f[0] == "c":
		case f[0] == "s" && len(f) == 2 && !status:
			status = true
			switch f[1] {
			case "SATISFIABLE":
				a.Result = Sat
			case "UNSATISFIABLE":
				a.Result = Unsat
			case "UNKNOWN", "INDETERMINATE":
				a.Result = Unknown
			default:
				return Answer{}, s.errorf("unexpected %s", clip(s.text()))
			}
		case f[0] == "v" && !ended:
			sawV = true
			var err error
			if a.Model, ended, err = appendLits(a.Model, f[1:]); err != nil {
				return Answer{}, s.errorf("%w", err)
			}
		default:
			return Answer{}, s.errorf("unexpected %s", clip(s.text()))
		}
	}
	switch {
	case s.err() != nil:
		return Answer{}, s.err()
	case !status:
		return Answer{}, errors.New("no s line")
	case a.Result == Sat && !sawV:
		return Answer{}, errors.New("SATISFIABLE without a v line")
	case a.Result == Sat && !ended:
		return Answer{}, errors.New("v lines not ended by 0")
	case a.Result != Sat && sawV:
		return Answer{}, errors.New("v lines without s SATISFIABLE")
	}
	if a.Result == Sat && a.Model == nil {
		a.Model = []int{} // "v 0": a model of no variables, still a model
	}
	return a, nil
}

// ParseMiniSatResult reads the result file MiniSat writes: "SAT" and a line
// with the model ended by 0, "UNSAT", or "INDET" when MiniSat gave up.
func ParseMiniSatResult(r io.Reader) (Answer, error) {
	s := newLineScanner(r)
	var a Answer
	lines := 0
	for s.scan() {
		f := strings.Fields(s.text())
		switch {
		case len(f) == 0:
			continue
		case lines == 0 && len(f) == 1 && f[0] == "SAT":
			a.Result = Sat
		case lines == 0 && len(f) == 1 && f[0] == "UNSAT":
			a.Result = Unsat
		case lines == 0 && len(f) == 1 && f[0] == "INDET":
			a.Result = Unknown
		case lines == 1 && a.Result == Sat:
			model, ended, err := appendLits(make([]int, 0, len(f)), f)
			if err != nil {
				return Answer{}, s.errorf("%w", err)
			}
			if !ended {
				return Answer{}, s.errorf("model not ended by 0")
			}
			a.Model = model
		default:
			return Answer{}, s.errorf("unexpected %s", clip(s.text()))
		}
		lines++
	}
	switch {
	case s.err() != nil:
		return Answer{}, s.err()
	case lines == 0:
		return Answer{}, errors.New("empty result file")
	case a.Result == Sat && a.Model == nil:
		return Answer{}, errors.New("SAT without a model line")
	}
	return a, nil
}

// appendLits appends the literals of fields to lits, and reports whether they
// ended with the 0 that closes a model.
func appendLits(lits []int, fields []string) ([]int, bool, error) {
	for i, field := range fields {
		l, err := strconv.Atoi(field)
		// The most negative int has no positive counterpart: no variable.
		if err != nil || l == math.MinInt {
			return nil, false, errors.New("bad literal " + clip(field))
		}
		if l == 0 {
			if i != len(fields)-1 {
				return nil, false, errors.New("literal after the model's ending 0")
			}
			return lits, true, nil
		}
		lits = append(lits, l)
	}
	return lits, false, nil
}
