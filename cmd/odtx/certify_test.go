package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestCertify: learn --certify writes a certificate of each claim whose
// every proof is accepted, on both engines, and verify accepts the folder.
func TestCertify(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	for _, name := range []string{"mouse.csv", "monk1.csv", "iris.csv"} {
		for _, engine := range []string{"dp", "sat"} {
			t.Run(name+"/"+engine, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), "cert")
				mustRun(t, ".", "", "--engine", engine, "learn", "--certify", dir, shareddata.Path(t, name))
				r := mustRun(t, ".", "", "verify", dir)
				if !strings.Contains(r.stdout, "2 claims, every proof accepted") {
					t.Errorf("verify printed %q", r.stdout)
				}
			})
		}
	}
}

// TestVerifyRejects: verify fails, naming the file, on a folder whose CNF
// lost a clause, whose proof was cut short or edited, or whose manifest
// claims a label the data does not have.
func TestVerifyRejects(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	good := filepath.Join(t.TempDir(), "cert")
	mustRun(t, ".", "", "learn", "--certify", good, shareddata.Path(t, "mouse.csv"))
	for _, c := range []struct {
		name, file string
		edit       func([]byte) []byte
		want       string
	}{
		{"clause dropped", "claim1.cnf", dropLastClause, "claim1.cnf is not the formula"},
		{"proof truncated", "claim2.drat", func(b []byte) []byte { return b[:len(b)/2] }, "claim2.drat"},
		{"lemma flipped", "claim1.drat", flipFirstLemma, "claim1.drat"},
		{"label changed", "manifest.json", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"labels": [
        "0"`), []byte(`"labels": [
        "1"`), 1)
		}, "is labelled"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "cert")
			copyDir(t, good, dir)
			path := filepath.Join(dir, c.file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			edited := c.edit(data)
			if bytes.Equal(edited, data) {
				t.Fatal("the edit changed nothing")
			}
			if err := os.WriteFile(path, edited, 0o644); err != nil {
				t.Fatal(err)
			}
			r := run(t, ".", "", "verify", dir)
			if r.code != 1 || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want 1 and one line containing %q", r.code, r.stderr, c.want)
			}
		})
	}
}

// dropLastClause removes the last clause line of a DIMACS file.
func dropLastClause(b []byte) []byte {
	lines := bytes.SplitAfter(bytes.TrimRight(b, "\n"), []byte("\n"))
	return bytes.Join(lines[:len(lines)-1], nil)
}

// flipFirstLemma negates the first literal of the first lemma of a text
// DRAT proof.
func flipFirstLemma(b []byte) []byte {
	lines := bytes.Split(b, []byte("\n"))
	for i, l := range lines {
		if len(l) > 0 && l[0] != 'd' && l[0] != '0' {
			if l[0] == '-' {
				lines[i] = l[1:]
			} else {
				lines[i] = append([]byte("-"), l...)
			}
			break
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCertifyRefutes: a solver that answers UNSAT once where the formula
// is satisfiable can make the search claim a bound that is false. Where
// the search cannot catch the lie, the certificate does: the run is an
// error naming the prover and the claim, exit 1, and the tree written says
// it is neither optimal nor certified (not exit 2, as for a time limit).
// Which answer the lie replaces decides
// whether anything can catch it, so every one of the first few is tried.
func TestCertifyRefutes(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	dir := t.TempDir()
	mustRun(t, dir, "", "gen", "--depth", "3", "--features", "6", "--rows", "60", "--seed", "3", "-o", "data.csv")
	liar := fakeSolver(t, "lie-once")
	t.Setenv("FAKE_SOLVER_DIR", dir)
	refutations := 0
	for n := 1; n <= 8; n++ {
		os.Remove(filepath.Join(dir, "sat"))
		t.Setenv("FAKE_LIE_AT", strconv.Itoa(n))
		cert := filepath.Join(dir, fmt.Sprintf("cert%d", n))
		r := run(t, dir, "", "-q", "--jobs", "1", "--solver", liar, "learn", "--certify", cert, "--format", "json", "data.csv")
		var doc struct {
			Optimal   bool
			Certified *bool
		}
		if r.stdout != "" {
			if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
				t.Fatalf("lie at %d: %v", n, err)
			}
		}
		switch {
		case r.code == 0:
			if !doc.Optimal || doc.Certified == nil || !*doc.Certified {
				t.Errorf("lie at %d: exit 0 with optimal %v, certified %v", n, doc.Optimal, doc.Certified)
			}
		case r.code == 1 && strings.HasSuffix(r.stderr, "the solver is wrong\n"):
			// caught by the search, which writes no tree
		case r.code == 1 && strings.HasPrefix(r.stderr, `odtx: cadical found the claim "no tree of depth `):
			refutations++
			if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, liar) {
				t.Errorf("lie at %d: stderr %q, want one line naming %s", n, r.stderr, liar)
			}
			if doc.Optimal || doc.Certified == nil || *doc.Certified {
				t.Errorf("lie at %d: a refuted claim, yet the tree says optimal %v, certified %v", n, doc.Optimal, doc.Certified)
			}
		default:
			t.Errorf("lie at %d: exit %d, stderr %q", n, r.code, r.stderr)
		}
	}
	if refutations == 0 {
		t.Error("no lie reached the certificate: the test shows nothing")
	}
}

// TestCertifyPreconditions: what --certify needs (the prover on PATH, a
// folder to write into, a data file to read again) is checked before the
// search: one line, exit 1, no solver started and nothing written. Before,
// the search ran first, and its tree was written despite the error.
func TestCertifyPreconditions(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV, "file": "not a folder\n"})
	hang := fakeSolver(t, "hang")
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Fatal(err)
	}
	bare := t.TempDir() // a PATH with what hang.sh runs, and no cadical
	if err := os.Symlink(sleep, filepath.Join(bare, "sleep")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, cert, data, want string
	}{
		{"no prover", bare, "cert", "mixed.csv", "cadical not found"},
		{"folder is a file", os.Getenv("PATH"), "file", "mixed.csv", "file is a file, not a folder"},
		{"stdin", os.Getenv("PATH"), "cert", "-", "not stdin"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pids := t.TempDir()
			cmd := exec.Command(odtx, "--solver", hang, "--timeout", "2s", "learn", "--certify", c.cert, "-o", "out.txt", c.data)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+c.path, "FAKE_SOLVER_DIR="+pids)
			cmd.Stdin = strings.NewReader(mixedCSV)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want 1 and one line saying %q", code, stderr.String(), c.want)
			}
			if started, _ := filepath.Glob(filepath.Join(pids, "hang.*")); len(started) > 0 {
				t.Errorf("the search started a solver: %v", started)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.txt")); err == nil || stdout.Len() > 0 {
				t.Errorf("a tree was written (stdout %q)", stdout.String())
			}
			os.Remove(filepath.Join(dir, "out.txt"))
		})
	}
}

// TestVerifyBinds: a certificate folder is bound to the result it names.
// verify lists the claims and finds the data file beside the folder from
// any working directory; it rejects a folder whose claims, edited in the
// manifest, no longer prove that result (or none at all), and one that
// names a file outside it. Before, a folder without its size claim was
// accepted, a file outside the folder read, and the data path taken from
// the working directory.
func TestVerifyBinds(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
	mustRun(t, dir, "", "--engine", "dp", "learn", "--certify", "cert", "mixed.csv")
	good := filepath.Join(dir, "cert")
	r := mustRun(t, t.TempDir(), "", "verify", good)
	want := good + ": depth 2 and 7 nodes optimal: 2 claims, every proof accepted\n" +
		"  claim1.cnf: no tree of depth 1 classifies the rows\n" +
		"  claim2.cnf: no tree of depth 2 with at most 5 nodes classifies the rows\n"
	if r.stdout != want {
		t.Errorf("verify printed %q, want %q", r.stdout, want)
	}
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"size claim removed", func(m map[string]any) { m["claims"] = m["claims"].([]any)[:1] }, "1 claim, but the result it names (depth 2 and 7 nodes optimal) rests on 2"},
		{"no claims", func(m map[string]any) { m["claims"] = nil }, "0 claims"},
		{"no claims for depth 0", func(m map[string]any) { m["claims"], m["mode"], m["depth"] = nil, "depth", 0 }, "no claims, yet the rows"},
		{"nodes changed", func(m map[string]any) { m["nodes"] = 5 }, `claim 2 is "no tree of depth 2 with at most 5 nodes classifies the rows", but`},
		{"no mode", func(m map[string]any) { delete(m, "mode") }, "unknown mode"},
		{"cnf outside", func(m map[string]any) { m["claims"].([]any)[0].(map[string]any)["cnf"] = "../other/claim1.cnf" }, "../other/claim1.cnf is not a file in the folder"},
		{"proof outside", func(m map[string]any) { m["claims"].([]any)[1].(map[string]any)["proof"] = "/tmp/claim2.drat" }, "/tmp/claim2.drat is not a file in the folder"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cert := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-"))
			copyDir(t, good, cert)
			path := filepath.Join(cert, "manifest.json")
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			c.edit(m)
			if raw, err = json.Marshal(m); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, raw, 0o644); err != nil {
				t.Fatal(err)
			}
			r := run(t, dir, "", "verify", cert)
			if r.code != 1 || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
				t.Errorf("exit %d, stderr %q; want 1 and one line containing %q", r.code, r.stderr, c.want)
			}
		})
	}
}

// TestCertifyErrors: learn --max-depth --certify proves that no tree
// within the depth (and node budget) makes fewer errors, and none as good
// has fewer nodes; verify accepts the folder and lists the two claims, and
// rejects it once the manifest claims one error fewer. With --any-size the
// errors are the one claim.
func TestCertifyErrors(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	for _, c := range []struct {
		args   []string
		within string
		budget string
	}{
		{[]string{"--max-depth", "2"}, "depth 2", ""},
		{[]string{"--max-depth", "2", "--max-branching-nodes", "2"}, "depth 2 and 2 branching nodes", " with at most 5 nodes"},
	} {
		cert := filepath.Join(t.TempDir(), "cert")
		doc := learnJSON(t, dir, "", append(c.args, "--certify", cert, data)...)
		errs, nodes := int(doc["training_errors"].(float64)), int(doc["nodes"].(float64))
		if doc["certified"] != true || doc["optimal"] != true || errs == 0 || nodes < 3 {
			t.Fatalf("%q: certified %v, optimal %v, %d errors, %d nodes", c.args, doc["certified"], doc["optimal"], errs, nodes)
		}
		r := mustRun(t, dir, "", "verify", cert)
		want := fmt.Sprintf("%s: %d training errors optimal within %s, and %d nodes the fewest with them: 2 claims, every proof accepted\n"+
			"  claim1.cnf: no tree of depth 2%s makes fewer than %d errors on the rows\n"+
			"  claim2.cnf: no tree of depth 2 with at most %d nodes makes fewer than %d errors on the rows\n",
			cert, errs, c.within, nodes, c.budget, errs, nodes-2, errs+1)
		if r.stdout != want {
			t.Errorf("verify printed\n%s\nwant\n%s", r.stdout, want)
		}
		path := filepath.Join(cert, "manifest.json")
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		m["errors"] = errs - 1
		if raw, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		if r := run(t, dir, "", "verify", cert); r.code != 1 || !strings.Contains(r.stderr, "claim 1 is") {
			t.Errorf("a manifest claiming %d errors: exit %d, stderr %q", errs-1, r.code, r.stderr)
		}
	}
	// A tree of any size is certified for its errors alone.
	cert := filepath.Join(t.TempDir(), "cert")
	doc := learnJSON(t, dir, "", "--max-depth", "2", "--any-size", "--certify", cert, data)
	errs := int(doc["training_errors"].(float64))
	want := fmt.Sprintf("%s: %d training errors optimal within depth 2: 1 claim, every proof accepted\n"+
		"  claim1.cnf: no tree of depth 2 makes fewer than %d errors on the rows\n", cert, errs, errs)
	if r := mustRun(t, dir, "", "verify", cert); doc["certified"] != true || r.stdout != want {
		t.Errorf("--any-size: certified %v; verify printed\n%s\nwant\n%s", doc["certified"], r.stdout, want)
	}
	// No errors: nothing to prove, and verify accepts that.
	writeFiles(t, dir, map[string]string{"xor.csv": "a,b,y\n0,0,p\n0,1,q\n1,0,q\n1,1,p\n"})
	cert = filepath.Join(t.TempDir(), "cert")
	doc = learnJSON(t, dir, "", "--max-depth", "2", "--any-size", "--certify", cert, filepath.Join(dir, "xor.csv"))
	want = cert + ": 0 training errors optimal within depth 2: 0 claims, every proof accepted\n"
	if r := mustRun(t, dir, "", "verify", cert); doc["certified"] != true || doc["training_errors"] != 0.0 || r.stdout != want {
		t.Errorf("xor, --any-size: certified %v, %v errors; verify printed\n%s\nwant\n%s", doc["certified"], doc["training_errors"], r.stdout, want)
	}
	r := run(t, dir, "", "learn", "--max-depth", "2", "--complexity-cost", "0.01", "--certify", filepath.Join(dir, "c"), data)
	if r.code != 1 || !strings.Contains(r.stderr, "does not take --complexity-cost") {
		t.Errorf("--certify --complexity-cost: exit %d, stderr %q", r.code, r.stderr)
	}
}
