package certify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
)

// Verify re-checks the certificate folder dir offline: that its claims
// are exactly those that prove the result it names, that the data file
// (data, or the manifest's, relative to dir, when data is "") is the one
// certified, that each claim's rows are rows of it labelled as the
// manifest says, that each CNF file, in dir, is the formula of its claim
// over those rows, and that each proof, in dir, refutes its CNF. It
// returns the manifest, and an error naming the first file that fails; a
// claim the manifest lists as unproven fails too.
func Verify(ctx context.Context, dir, data string) (*Manifest, error) {
	raw, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("verify: %s: %w", filepath.Join(dir, ManifestFile), err)
	}
	manifest := filepath.Join(dir, ManifestFile)
	if err := m.bound(); err != nil {
		return nil, fmt.Errorf("verify: %s: %w", manifest, err)
	}
	if data == "" {
		data = m.Dataset
		if !filepath.IsAbs(data) {
			data = filepath.Join(dir, data)
		}
	}
	content, err := dataset.ReadFileContext(ctx, data)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	if digest(content) != m.SHA256 {
		return nil, fmt.Errorf("verify: %s is not the file certified (its SHA-256 differs from the manifest's)", data)
	}
	opt := dataset.Options{Label: m.Label}
	if opt.Split, err = dataset.ParseSplit(m.Split); err != nil {
		return nil, fmt.Errorf("verify: manifest: %w", err)
	}
	if m.Conflicts != "" {
		if opt.Conflicts, err = dataset.ParseConflicts(m.Conflicts); err != nil {
			return nil, fmt.Errorf("verify: manifest: %w", err)
		}
	}
	// The bytes hashed are the bytes read.
	tbl, err := dataset.ReadTableContext(ctx, bytes.NewReader(content), data)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	ds, err := tbl.Binarize(opt)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	ds.Name = m.Dataset                            // as the formulas name it, wherever the file is now
	example := make(map[int]int, len(ds.Examples)) // by line
	for i, ex := range ds.Examples {
		example[ex.Line] = i
	}
	// With no claims, a result of depth or size is a single leaf, which
	// must then fit; one of no errors has nothing to prove.
	if len(m.Claims) == 0 && m.Mode != "errors" && !oneLeaf(ds) {
		return &m, fmt.Errorf("verify: %s: no claims, yet the rows of %s have more than one class", manifest, data)
	}
	for _, e := range m.Claims {
		cnf := filepath.Join(dir, e.CNF)
		if !e.Accepted() {
			return &m, fmt.Errorf("verify: %s: the claim %q is %s", cnf, e.Claim, e.Verdict)
		}
		if len(e.Labels) != len(e.Lines) {
			return &m, fmt.Errorf("verify: %s: %d lines but %d labels", manifest, len(e.Lines), len(e.Labels))
		}
		c := e.claim()
		for k, line := range e.Lines {
			i, ok := example[line]
			if !ok {
				return &m, fmt.Errorf("verify: %s: line %d is not a distinct row of %s", cnf, line, data)
			}
			if got := ds.Classes[ds.Examples[i].Class]; got != e.Labels[k] {
				return &m, fmt.Errorf("verify: %s: line %d of %s is labelled %q, not %q", cnf, line, data, got, e.Labels[k])
			}
			c.Examples = append(c.Examples, i)
		}
		var want bytes.Buffer
		if err := WriteCNF(&want, ds, c); err != nil {
			return &m, err
		}
		got, err := os.ReadFile(cnf)
		if err != nil {
			return &m, fmt.Errorf("verify: %w", err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			return &m, fmt.Errorf("verify: %s is not the formula of the claim %q over its rows", cnf, e.Claim)
		}
		if err := checkFiles(ctx, cnf, filepath.Join(dir, e.Proof)); err != nil {
			return &m, fmt.Errorf("verify: %s: %w", filepath.Join(dir, e.Proof), err)
		}
	}
	return &m, nil
}

// bound checks that m's claims are those that prove the result it names,
// in order, each with its files inside the folder: a claim removed or
// edited, or a file elsewhere, would make the folder certify something
// else than it says.
func (m *Manifest) bound() error {
	if m.Mode != "depth" && m.Mode != "size" && m.Mode != "errors" {
		return fmt.Errorf("unknown mode %q (want depth, size or errors)", m.Mode)
	}
	want := m.Result.claims(nil)
	if len(m.Claims) != len(want) {
		return fmt.Errorf("%s, but the result it names (%s) rests on %d", plural.Count(len(m.Claims), "claim"), m.Result, len(want))
	}
	for i, e := range m.Claims {
		if c := e.claim(); c.Depth != want[i].Depth || c.MaxNodes != want[i].MaxNodes || c.Errors != want[i].Errors {
			return fmt.Errorf("claim %d is %q, but the result it names (%s) rests on %q", i+1, e.claim(), m.Result, want[i])
		}
		for _, name := range []string{e.CNF, e.Proof} {
			if !filepath.IsLocal(name) {
				return fmt.Errorf("claim %d: %s is not a file in the folder", i+1, name)
			}
		}
	}
	return nil
}

// claim is the claim e states, without its examples.
func (e Entry) claim() Claim {
	return Claim{Depth: e.Depth, MaxNodes: e.MaxNodes, Errors: e.Errors}
}

// oneLeaf reports whether a single leaf classifies every example of ds:
// some class every example allows.
func oneLeaf(ds *dataset.Dataset) bool {
	for c := range ds.Classes {
		if !slices.ContainsFunc(ds.Examples, func(ex dataset.Example) bool { return !ex.Allows(c) }) {
			return true
		}
	}
	return false
}
