package driver

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// A Baseline is the set of findings a codebase had when it adopted
// ctxbound: later runs report only findings that are not in it.
//
// A finding is keyed by its check, its package, the declaration it is in
// and its message: never by line or column (also not those a message
// quotes, "at dep.go:23" is keyed as "at dep.go"), so that edits elsewhere
// do not turn old findings into new ones. Identical keys are counted: a
// second identical finding in the same function is new.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// A BaselineEntry is one key of a baseline and how many findings have it.
// Test marks an entry whose findings are all in _test.go files: a run
// with -test=false does not analyze them, and keeps the entry.
type BaselineEntry struct {
	Check    string `json:"check"`
	Package  string `json:"package"`
	Function string `json:"function"`
	Message  string `json:"message"`
	Count    int    `json:"count"`
	Test     bool   `json:"test,omitempty"`
}

type baselineKey struct{ check, pkg, fn, msg string }

func keyOfFinding(f *Finding) baselineKey {
	return baselineKey{f.Check, f.PkgPath, f.Func, keyMessage(f.Message)}
}

// goPos is a file position inside a message: "dep.go:23", "x.go:4:7".
var goPos = regexp.MustCompile(`\b([\w.-]+\.go):\d+(:\d+)?\b`)

// keyMessage is the message as a baseline key: positions that a message
// quotes (a helper's root context "at dep.go:23") lose their line and
// column, so that edits to another file do not make a finding new.
func keyMessage(msg string) string { return goPos.ReplaceAllString(msg, "$1") }

func (e BaselineEntry) key() baselineKey {
	return baselineKey{e.Check, e.Package, e.Function, e.Message}
}

// NewBaseline records findings.
func NewBaseline(findings []*Finding) *Baseline {
	counts := map[baselineKey]int{}
	nonTest := map[baselineKey]bool{}
	for _, f := range findings {
		k := keyOfFinding(f)
		counts[k]++
		if !strings.HasSuffix(f.Pos.Raw.Filename, "_test.go") {
			nonTest[k] = true
		}
	}
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	for k, n := range counts {
		b.Findings = append(b.Findings, BaselineEntry{Check: k.check, Package: k.pkg, Function: k.fn, Message: k.msg, Count: n, Test: !nonTest[k]})
	}
	b.sort()
	return b
}

func (b *Baseline) sort() {
	slices.SortFunc(b.Findings, func(x, y BaselineEntry) int {
		return cmp.Or(cmp.Compare(x.Package, y.Package), cmp.Compare(x.Function, y.Function),
			cmp.Compare(x.Check, y.Check), cmp.Compare(x.Message, y.Message))
	})
}

// A Scope is what a run analyzed: the import paths of the packages it
// named (their test variants and external test packages included when it
// analyzed tests), and whether it analyzed test files. A baseline entry
// outside the scope says nothing about this run.
type Scope struct {
	Packages map[string]bool
	Tests    bool
}

// covers reports whether the run analyzed where e's findings are.
func (s Scope) covers(e BaselineEntry) bool {
	return s.Packages[e.Package] && (s.Tests || !e.Test)
}

// Keep returns a baseline of findings, a run over scope, that keeps the
// entries of old (the file as it was, or nil) that the run did not
// analyze: recording a baseline on some packages, or without tests, does
// not drop the others'. It also returns how many entries it kept.
func Keep(old *Baseline, findings []*Finding, scope Scope) (*Baseline, int) {
	b := NewBaseline(findings)
	if old == nil {
		return b, 0
	}
	kept := 0
	for _, e := range old.Findings {
		if !scope.covers(e) {
			b.Findings = append(b.Findings, e)
			kept++
		}
	}
	b.sort()
	return b, kept
}

// ReadBaseline reads a baseline file strictly: unknown keys, a wrong
// version, malformed entries and anything after the JSON object are errors
// naming the file.
func ReadBaseline(file string) (*Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("baseline: %v", err)
	}
	var b Baseline
	if err := decodeStrict(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", file, err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d (write it again with -write-baseline)", file, b.Version, BaselineVersion)
	}
	for _, e := range b.Findings {
		if e.Check == "" || e.Package == "" || e.Count < 1 {
			return nil, fmt.Errorf("baseline %s: malformed entry %+v", file, e)
		}
	}
	return &b, nil
}

// decodeStrict decodes one JSON value with no unknown fields and nothing
// after it.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("trailing data after the JSON object")
	}
	return nil
}

// isBaseline reports whether data is a ctxbound baseline of any version:
// one JSON object with a numeric "version" and a "findings" list.
func isBaseline(data []byte) bool {
	var b struct {
		Version  *int             `json:"version"`
		Findings *json.RawMessage `json:"findings"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if dec.Decode(&b) != nil || b.Version == nil || b.Findings == nil {
		return false
	}
	_, err := dec.Token()
	return err == io.EOF && bytes.HasPrefix(bytes.TrimSpace(*b.Findings), []byte("["))
}

// Write writes the baseline to file, indented, with a final newline, so
// that it diffs well in review. It writes through a temporary file and a
// rename, and refuses to replace a file that is not a ctxbound baseline
// (a Go source, go.mod, another tool's JSON).
func (b *Baseline) Write(file string) error {
	target := file
	if fi, err := os.Lstat(file); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			if target, err = filepath.EvalSymlinks(file); err != nil {
				return fmt.Errorf("baseline %s: %v", file, err)
			}
			if fi, err = os.Stat(target); err != nil {
				return fmt.Errorf("baseline %s: %v", file, err)
			}
		}
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("refusing to write the baseline to %s: it is not a regular file", file)
		}
		old, err := os.ReadFile(target)
		if err != nil {
			return fmt.Errorf("baseline %s: %v", file, err)
		}
		if !isBaseline(old) {
			return fmt.Errorf("refusing to overwrite %s: it is not a ctxbound baseline (name a new file, or remove this one first)", file)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("baseline %s: %v", file, err)
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if dir := filepath.Dir(target); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return writeFileAtomic(target, data)
}

// Filter returns the findings that the baseline does not cover, in order,
// with the number it covered and the number of recorded findings that no
// longer occur. Of several findings with one key, the first ones (by
// position) are taken as the recorded ones. Only entries in scope (the
// packages, and test files, the run analyzed) can have gone: the others
// are left alone and not counted.
func (b *Baseline) Filter(findings []*Finding, scope Scope) (fresh []*Finding, known, stale int) {
	left := map[baselineKey]int{}
	for _, e := range b.Findings {
		if scope.covers(e) {
			left[e.key()] += e.Count
		}
	}
	for _, f := range findings {
		k := keyOfFinding(f)
		if left[k] > 0 {
			left[k]--
			known++
			continue
		}
		fresh = append(fresh, f)
	}
	for _, n := range left {
		stale += n
	}
	return fresh, known, stale
}
