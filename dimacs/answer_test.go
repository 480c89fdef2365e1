package dimacs

import (
	"slices"
	"strings"
	"testing"
)

func TestParseAnswer(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Answer
	}{
		{"c solver 1.0\ns SATISFIABLE\nv 1 -2\nv 3 0\n", Answer{Sat, []int{1, -2, 3}}},
		{"v -1 0\ns SATISFIABLE", Answer{Sat, []int{-1}}},
		{"s SATISFIABLE\nv 0\n", Answer{Sat, []int{}}},
		{"s UNSATISFIABLE\n", Answer{Result: Unsat}},
		{"c\ns UNKNOWN\n", Answer{Result: Unknown}},
		{"s INDETERMINATE\n", Answer{Result: Unknown}},
	} {
		got, err := ParseAnswer(strings.NewReader(tc.in))
		if err != nil || !sameAnswer(got, tc.want) {
			t.Errorf("ParseAnswer(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseAnswerErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"", "no s line"},
		{"c only comments\n", "no s line"},
		{"c fine\ns SATISFIABLE\ngarbage\n", `line 3: unexpected "garbage"`},
		{"s MAYBE\n", `line 1: unexpected "s MAYBE"`},
		{"s SATISFIABLE\ns SATISFIABLE\nv 0\n", `line 2: unexpected "s SATISFIABLE"`},
		{"s SATISFIABLE\n", "SATISFIABLE without a v line"},
		{"s SATISFIABLE\nv 1 2\n", "v lines not ended by 0"},
		{"s SATISFIABLE\nv 1 0 2\n", "line 2: literal after the model's ending 0"},
		{"s SATISFIABLE\nv 1 0\nv 2 0\n", `line 3: unexpected "v 2 0"`},
		{"s SATISFIABLE\nv 1 x 0\n", `line 2: bad literal "x"`},
		{"s UNSATISFIABLE\nv 1 0\n", "v lines without s SATISFIABLE"},
		{strings.Repeat("x", 100), `line 1: unexpected "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"...`},
	} {
		if got, err := ParseAnswer(strings.NewReader(tc.in)); err == nil || err.Error() != tc.err {
			t.Errorf("ParseAnswer(%q) = %v, %v; want error %q", tc.in, got, err, tc.err)
		}
	}
}

func TestParseMiniSatResult(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Answer
	}{
		{"SAT\n1 -2 3 0\n", Answer{Sat, []int{1, -2, 3}}},
		{"SAT\n 0\n", Answer{Sat, []int{}}}, // MiniSat's form for a formula without variables
		{"UNSAT\n", Answer{Result: Unsat}},
		{"INDET", Answer{Result: Unknown}},
	} {
		got, err := ParseMiniSatResult(strings.NewReader(tc.in))
		if err != nil || !sameAnswer(got, tc.want) {
			t.Errorf("ParseMiniSatResult(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, err string }{
		{"", "empty result file"},
		{"SAT\n", "SAT without a model line"},
		{"SAT\n1 2\n", "line 2: model not ended by 0"},
		{"SAT\n1 0 2\n", "line 2: literal after the model's ending 0"},
		{"UNSAT\n1 0\n", `line 2: unexpected "1 0"`},
		{"s SATISFIABLE\n", `line 1: unexpected "s SATISFIABLE"`},
	} {
		if got, err := ParseMiniSatResult(strings.NewReader(tc.in)); err == nil || err.Error() != tc.err {
			t.Errorf("ParseMiniSatResult(%q) = %v, %v; want error %q", tc.in, got, err, tc.err)
		}
	}
}

func TestResultFromExit(t *testing.T) {
	for code, want := range map[int]int{10: Sat, 20: Unsat, 0: Unknown, 1: Unknown, 15: Unknown, -1: Unknown} {
		if got := ResultFromExit(code); got != want {
			t.Errorf("ResultFromExit(%d) = %d, want %d", code, got, want)
		}
	}
}

func sameAnswer(a, b Answer) bool {
	return a.Result == b.Result && (a.Model == nil) == (b.Model == nil) && slices.Equal(a.Model, b.Model)
}
