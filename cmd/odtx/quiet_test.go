package main

import "testing"

// conflictingCSV has three identical rows, two labelled x and one z, which
// --conflicts majority relabels, saying so on stderr.
const conflictingCSV = "a,b,y\n0,0,x\n0,0,z\n0,0,x\n1,0,z\n0,1,z\n"

// TestQuietAndPipes: what -q silences on a pipe, where there is never a
// progress line, is the summary line and the notice of relabelled rows;
// stdout is the same either way.
func TestQuietAndPipes(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string // stderr without -q, but for the summary line
	}{
		{"", []string{"learn", appendixCSV}, ""},
		{conflictingCSV, []string{"learn", "--conflicts", "majority", "-"},
			"odtx: 1 rows relabelled to the majority of their identical rows: 1 training errors, the fewest any tree makes\n"},
	} {
		loud := mustRun(t, ".", tc.stdin, tc.args...)
		if !summaryLine.MatchString(loud.stderr) || withoutSummary(loud.stderr) != tc.want {
			t.Errorf("odtx %q: stderr %q, want %q and the summary line", tc.args, loud.stderr, tc.want)
		}
		quiet := mustRun(t, ".", tc.stdin, append([]string{"-q"}, tc.args...)...)
		if quiet.stderr != "" || quiet.stdout != loud.stdout {
			t.Errorf("odtx -q %q: stderr %q, want nothing; stdout %q, want %q as without -q", tc.args, quiet.stderr, quiet.stdout, loud.stdout)
		}
	}
}
