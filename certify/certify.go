package certify

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/drat"
)

// Prover is the proof-producing solver certificates are made with:
// CaDiCaL's binary, which writes DRAT.
const Prover = "cadical"

// ManifestFile is the manifest's name in a certificate folder.
const ManifestFile = "manifest.json"

// Manifest describes a certificate folder: the dataset and how it was
// read, the result certified, and each claim with its files and verdict.
type Manifest struct {
	// Dataset is the data file, relative to the folder unless learn named
	// it by an absolute path, so that the two can move together.
	Dataset string `json:"dataset"`
	SHA256  string `json:"sha256"` // of its bytes
	Label   string `json:"label,omitempty"`
	Split   string `json:"split"` // threshold or eq
	// Conflicts is "majority" when contradictory rows were relabelled, as
	// the claims' labels then are.
	Conflicts string `json:"conflicts,omitempty"`
	Result
	Claims []Entry `json:"claims"`
}

// Entry is one claim of a manifest.
type Entry struct {
	Claim    string   `json:"claim"`
	Depth    int      `json:"depth"`
	MaxNodes int      `json:"max_nodes,omitempty"`
	Errors   int      `json:"errors,omitempty"` // of a claim on errors: fewer than this many
	Lines    []int    `json:"lines"`            // of the dataset's rows, in the formula's order
	Labels   []string `json:"labels"`           // of those rows; of a tie, the first label (see Claim)
	CNF      string   `json:"cnf"`              // file name in the folder
	Proof    string   `json:"proof"`            // file name in the folder
	Solver   string   `json:"solver"`
	// Verdict is "accepted" when odtx's DRAT checker accepted the proof,
	// else why the claim is unproven.
	Verdict string `json:"verdict"`
	// DratTrim is drat-trim's verdict, where it is on PATH.
	DratTrim string `json:"drat_trim,omitempty"`
}

// Accepted reports whether e's proof was checked and accepted.
func (e Entry) Accepted() bool { return e.Verdict == "accepted" }

// refutedVerdict is the verdict on a claim the prover found false: the
// search that made it rested on a wrong answer.
const refutedVerdict = "unproven: " + Prover + " found the claim false"

// Refuted reports whether the prover found e's claim false.
func (e Entry) Refuted() bool { return e.Verdict == refutedVerdict }

// Certified reports whether every claim of m was proven.
func (m *Manifest) Certified() bool {
	for _, e := range m.Claims {
		if !e.Accepted() {
			return false
		}
	}
	return true
}

// Source is the data file a dataset was read from, and how.
type Source struct {
	Path string
	Opt  dataset.Options
}

// Certify writes into dir, which it creates, a certificate of r for ds,
// read from src, and checks each proof. Each claim r rests on is first
// proven over the examples at the indices used, those a search encoded;
// should they not refute it (they need not be the rows its proof needed),
// over every example. A
// claim whose proof does not finish before ctx ends is listed as unproven.
// Certify fails only when it cannot write the folder or run the prover;
// Manifest.Certified says whether every claim was proven.
func Certify(ctx context.Context, dir string, src Source, ds *dataset.Dataset, r Result, used []int) (*Manifest, error) {
	data, err := dataset.ReadFileContext(ctx, src.Path)
	if err != nil {
		return nil, fmt.Errorf("certify: %w", err)
	}
	if err := Ready(dir); err != nil {
		return nil, err
	}
	_, err = os.Stat(dir)
	created := errors.Is(err, fs.ErrNotExist)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("certify: %w", err)
	}
	name, err := fromFolder(dir, src.Path)
	if err != nil {
		return nil, fmt.Errorf("certify: %w", err)
	}
	m := &Manifest{Dataset: name, SHA256: digest(data), Label: src.Opt.Label, Split: src.Opt.Split.String(), Result: r}
	if src.Opt.Conflicts != dataset.Refuse {
		m.Conflicts = src.Opt.Conflicts.String()
	}
	for n, c := range r.claims(used) {
		e, err := certifyClaim(ctx, dir, fmt.Sprintf("claim%d", n+1), ds, c)
		m.Claims = append(m.Claims, e)
		if err != nil {
			// No half-made certificate: a folder without its manifest
			// would only puzzle.
			for _, e := range m.Claims {
				os.Remove(filepath.Join(dir, e.CNF))
				os.Remove(filepath.Join(dir, e.Proof))
			}
			if created {
				os.Remove(dir)
			}
			return nil, err
		}
	}
	out, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), append(out, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("certify: %w", err)
	}
	return m, nil
}

// Ready checks, before any work, what Certify needs to write a
// certificate into dir: the prover on PATH, and dir a folder or nothing
// yet.
func Ready(dir string) error {
	if _, err := exec.LookPath(Prover); err != nil {
		return fmt.Errorf("certify: %s not found (apt-get install cadical)", Prover)
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("certify: %s is a file, not a folder", dir)
	}
	return nil
}

func certifyClaim(ctx context.Context, dir, stem string, ds *dataset.Dataset, c Claim) (Entry, error) {
	e := Entry{Claim: c.String(), Depth: c.Depth, MaxNodes: c.MaxNodes, Errors: c.Errors, CNF: stem + ".cnf", Proof: stem + ".drat", Solver: solverVersion(ctx)}
	cnf, proof := filepath.Join(dir, e.CNF), filepath.Join(dir, e.Proof)
	for _, examples := range [][]int{c.Examples, all(ds)} {
		c.Examples = examples
		var buf bytes.Buffer
		if err := WriteCNF(&buf, ds, c); err != nil {
			return e, err
		}
		if err := os.WriteFile(cnf, buf.Bytes(), 0o644); err != nil {
			return e, fmt.Errorf("certify: %w", err)
		}
		unsat, err := prove(ctx, cnf, proof)
		switch {
		case ctx.Err() != nil:
			e.Verdict = "unproven: the time limit ended the proof"
		case err != nil:
			return e, err
		case !unsat && len(examples) < len(ds.Examples):
			continue // these rows do not refute the claim; all of them must
		case !unsat:
			e.Verdict = refutedVerdict
		default:
			e.Verdict = check(ctx, cnf, proof)
			e.DratTrim = dratTrim(ctx, cnf, proof)
		}
		break
	}
	// The time limit leaves a claim unproven; a signal stops the run.
	if errors.Is(ctx.Err(), context.Canceled) {
		return e, ctx.Err()
	}
	for _, i := range c.Examples {
		e.Lines = append(e.Lines, ds.Examples[i].Line)
		e.Labels = append(e.Labels, ds.Classes[ds.Examples[i].Class])
	}
	return e, nil
}

// prove runs the prover on the CNF file, writing a text DRAT proof, and
// reports whether it found the formula unsatisfiable.
func prove(ctx context.Context, cnf, proof string) (bool, error) {
	cmd := exec.CommandContext(ctx, Prover, "-q", "--no-binary", cnf, proof)
	cmd.WaitDelay = time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		switch exit.ExitCode() {
		case 10:
			return false, nil
		case 20:
			return true, nil
		}
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	return false, fmt.Errorf("certify: %s on %s: %v %s", Prover, cnf, err, strings.TrimSpace(stderr.String()))
}

// check returns the verdict of odtx's DRAT checker on a proof.
func check(ctx context.Context, cnf, proof string) string {
	if err := checkFiles(ctx, cnf, proof); err != nil {
		if ctx.Err() != nil {
			return "unproven: the time limit ended the check"
		}
		return "rejected: " + err.Error()
	}
	return "accepted"
}

func checkFiles(ctx context.Context, cnf, proof string) error {
	f, err := os.Open(cnf)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := os.Open(proof)
	if err != nil {
		return err
	}
	defer p.Close()
	return drat.Check(ctx, f, p)
}

// dratTrim returns drat-trim's verdict on a proof, or "" where it is not
// installed.
func dratTrim(ctx context.Context, cnf, proof string) string {
	if _, err := exec.LookPath("drat-trim"); err != nil {
		return ""
	}
	out, _ := exec.CommandContext(ctx, "drat-trim", cnf, proof).Output()
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "s ") {
			return strings.TrimPrefix(line, "s ")
		}
	}
	return "no verdict"
}

// solverVersion names the prover with its version.
func solverVersion(ctx context.Context) string {
	out, err := exec.CommandContext(ctx, Prover, "--version").Output()
	if err != nil {
		return Prover
	}
	return Prover + " " + strings.TrimSpace(string(out))
}

// fromFolder returns the path of the data file at path as seen from the
// folder dir: relative to it, unless path is absolute.
func fromFolder(dir, path string) (string, error) {
	if filepath.IsAbs(path) {
		return path, nil
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	absPath, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.Rel(absDir, absPath)
}

func all(ds *dataset.Dataset) []int {
	out := make([]int, len(ds.Examples))
	for i := range out {
		out[i] = i
	}
	return out
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
