package bench

import "testing"

// TestPeerAnswers reads the answers from the tools' own output, as
// STreeD and ConTree print it, and refuses output without one.
func TestPeerAnswers(t *testing.T) {
	streed := "Terminal calls: 1\nTIME: 0.00164 seconds\n" +
		"Solutions: 1 \tD\tN\t\tTrain \t\tTest\t\tAvg. Path length\n" +
		"Solution 0: \t 2 \t3 \t\t0.8513513513513513 \t0.8513513513513513 \t3\r\n" +
		"Tree 0: [36,[37,[0],[1]],[52,[0],[1]]]\n\nSTreeD closed successfully!\n"
	a, err := streedAnswer(148)([]byte(streed))
	if err != nil || a != (peerAnswer{errors: 22, branches: 3}) {
		t.Errorf("STreeD: %+v, %v; want 22 errors, 3 branches", a, err)
	}
	contree := "Objective: 100\nMisclassification score: 100\nAccuracy: 0.927114\n" +
		"Number of branching nodes: 3\nOptimal tree: [1,0.71029520,[0,0.57426810,1,0],[0,0.26502693,1,0]]\n"
	a, err = contreeAnswer([]byte(contree))
	if err != nil || a != (peerAnswer{errors: 100, branches: -1}) {
		t.Errorf("ConTree: %+v, %v; want 100 errors", a, err)
	}
	for _, out := range []string{"", "Solution 0: 2\n", "Solution 0: 2 x 0.5\n", "Solution 1: 2 3 0.5\n"} {
		if a, err := streedAnswer(10)([]byte(out)); err == nil {
			t.Errorf("STreeD output %q read as %+v", out, a)
		}
	}
	for _, out := range []string{"", "Misclassification score:\n", "Misclassification score: many\n", "misclassification score: 3\n"} {
		if a, err := contreeAnswer([]byte(out)); err == nil {
			t.Errorf("ConTree output %q read as %+v", out, a)
		}
	}
}
