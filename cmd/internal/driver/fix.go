package driver

// -fix and -diff: the first suggested fix of each finding, applied to the
// files as read.
//
// Each fix is taken whole or not at all: an edit identical to one already
// taken is merged, one that overlaps another is a conflict and its fix is
// skipped (run again to apply it). A fix that edits a generated file is
// skipped. A file is then formatted as gofmt would only if it was gofmt
// clean before; its line endings (CRLF) and a leading byte order mark are
// kept. Files are written through a temporary file and a rename.

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

var bom = []byte("\ufeff")

// applyFixes applies (or, with diff, prints) the first fix of each
// finding. It returns the findings it did not fix (no fix, or a fix that
// was skipped), and exitError when a file could not be written.
func applyFixes(findings []*Finding, diff bool, stdout, stderr io.Writer, prog string) (remaining []*Finding, code int) {
	type span struct {
		start, end int
		new        []byte
	}
	accepted := map[string][]span{}
	contents := map[string][]byte{}
	generated := map[string]bool{}
	read := func(file string) ([]byte, error) {
		if data, ok := contents[file]; ok {
			return data, nil
		}
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		contents[file] = data
		f, _ := parser.ParseFile(token.NewFileSet(), file, data, parser.PackageClauseOnly|parser.ParseComments)
		generated[file] = f != nil && ast.IsGenerated(f)
		return data, nil
	}
	total, good, skipped := 0, 0, 0
	fixed := map[*Finding]bool{}
	code = exitOK
fixes:
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			continue
		}
		total++
		fix := f.Fixes[0]
		byFile := map[string][]span{}
		for _, e := range fix.Edits {
			data, err := read(e.File)
			if err != nil {
				fmt.Fprintf(stderr, "%s: skipping fix %q: %v\n", prog, fix.Message, err)
				skipped++
				continue fixes
			}
			if generated[e.File] {
				skipped++
				continue fixes
			}
			if e.Start.Offset < 0 || e.End.Offset < e.Start.Offset || e.End.Offset > len(data) {
				fmt.Fprintf(stderr, "%s: skipping fix %q: %s changed since it was analyzed\n", prog, fix.Message, e.File)
				skipped++
				continue fixes
			}
			byFile[e.File] = append(byFile[e.File], span{e.Start.Offset, e.End.Offset, e.New})
		}
		merged := map[string][]span{}
		for file, spans := range byFile {
			list := slices.Clone(accepted[file])
		edits:
			for _, s := range spans {
				for _, t := range list {
					if s.start == t.start && s.end == t.end && bytes.Equal(s.new, t.new) {
						continue edits // the same edit: merged
					}
					overlap := max(s.start, t.start) < min(s.end, t.end)
					samePoint := s.start == t.start && (s.start == s.end || t.start == t.end)
					if overlap || samePoint {
						continue fixes // a conflict: this fix waits for a re-run
					}
				}
				list = append(list, s)
			}
			merged[file] = list
		}
		for file, list := range merged {
			accepted[file] = list
		}
		good++
		fixed[f] = true
	}

	files := make([]string, 0, len(accepted))
	for file := range accepted {
		files = append(files, file)
	}
	slices.Sort(files)
	updated := 0
	for _, file := range files {
		spans := accepted[file]
		slices.SortFunc(spans, func(a, b span) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		orig := contents[file]
		var out bytes.Buffer
		last := 0
		for _, s := range spans {
			out.Write(orig[last:s.start])
			out.Write(s.new)
			last = s.end
		}
		out.Write(orig[last:])
		final := formatLike(orig, out.Bytes())
		if bytes.Equal(final, orig) {
			continue
		}
		if diff {
			io.WriteString(stdout, unifiedDiff(file+" (old)", file+" (new)", string(orig), string(final)))
			continue
		}
		if err := writeFileAtomic(file, final); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", prog, err)
			code = exitError
			continue
		}
		updated++
	}
	if bad := total - good - skipped; bad > 0 {
		if diff {
			fmt.Fprintf(stderr, "%s: %s of %d skipped (they conflict with others; apply these and run again)\n", prog, plural(bad, "fix", "fixes"), total)
		} else {
			fmt.Fprintf(stderr, "%s: applied %d of %s; %s updated (run again to apply the rest: they conflicted with others)\n", prog, good, plural(total, "fix", "fixes"), plural(updated, "file", "files"))
		}
	}
	for _, f := range findings {
		if !fixed[f] {
			remaining = append(remaining, f)
		}
	}
	return remaining, code
}

// formatLike formats fixed, the result of editing orig, as gofmt would if
// orig was gofmt clean, keeping orig's byte order mark and CRLF line
// endings; text the edits insert gets orig's line endings.
func formatLike(orig, fixed []byte) []byte {
	hasBOM := bytes.HasPrefix(orig, bom)
	crlf := bytes.Contains(orig, []byte("\r\n")) && bytes.Count(orig, []byte("\n")) == bytes.Count(orig, []byte("\r\n"))
	normalize := func(b []byte) []byte {
		b = bytes.TrimPrefix(b, bom)
		if crlf {
			b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
		}
		return b
	}
	o, f := normalize(orig), normalize(fixed)
	if formatted, err := format.Source(o); err == nil && bytes.Equal(formatted, o) {
		if ff, err := format.Source(f); err == nil {
			f = ff
		}
	}
	if crlf {
		f = bytes.ReplaceAll(f, []byte("\n"), []byte("\r\n"))
	}
	if hasBOM {
		f = append(slices.Clip(bom), f...)
	}
	return f
}

// writeFileAtomic replaces file's content through a temporary file in its
// directory and a rename, keeping its permissions.
func writeFileAtomic(file string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".ctxbound-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, mode)
	}
	if err == nil {
		err = os.Rename(name, file)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %v", file, err)
	}
	return nil
}

// unifiedDiff is the unified diff (3 lines of context) of two texts, or ""
// if they are equal.
func unifiedDiff(oldName, newName, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	const ctx = 3
	// ops is a list of (kind, i, j): ' ' both, '-' x[i], '+' y[j].
	for start := 0; start < len(ops); {
		// Find the next change.
		for start < len(ops) && ops[start].kind == ' ' {
			start++
		}
		if start == len(ops) {
			break
		}
		lo := max(0, start-ctx)
		end := start
		for {
			for end < len(ops) && ops[end].kind != ' ' {
				end++
			}
			// Merge with the next change if it is near.
			next := end
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next < len(ops) && next-end <= 2*ctx {
				end = next
				continue
			}
			break
		}
		hi := min(len(ops), end+ctx)
		var oldStart, newStart, oldN, newN int
		oldStart, newStart = ops[lo].i+1, ops[lo].j+1
		var body strings.Builder
		for _, op := range ops[lo:hi] {
			switch op.kind {
			case ' ':
				oldN++
				newN++
				body.WriteString(" " + x[op.i])
			case '-':
				oldN++
				body.WriteString("-" + x[op.i])
			case '+':
				newN++
				body.WriteString("+" + y[op.j])
			}
			if s := body.String(); !strings.HasSuffix(s, "\n") {
				body.WriteString("\n\\ No newline at end of file\n")
			}
		}
		if oldN == 0 {
			oldStart--
		}
		if newN == 0 {
			newStart--
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n%s", oldStart, oldN, newStart, newN, body.String())
		start = hi
	}
	return out.String()
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

type diffOp struct {
	kind byte
	i, j int // line indexes in x and y (for ' ' both; the other is where it would be)
}

// diffLines is Myers' O((N+M)D) shortest edit script between x and y, as
// a list of operations in order.
func diffLines(x, y []string) []diffOp {
	n, m := len(x), len(y)
	maxD := n + m
	v := make([]int, 2*maxD+3)
	var trace [][]int
	off := maxD + 1
	var found bool
	for d := 0; d <= maxD && !found; d++ {
		trace = append(trace, slices.Clone(v))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				i = v[off+k+1]
			} else {
				i = v[off+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i, j = i+1, j+1
			}
			v[off+k] = i
			if i >= n && j >= m {
				found = true
				break
			}
		}
	}
	trace = append(trace, slices.Clone(v))
	// Walk back.
	var ops []diffOp
	i, j := n, m
	for d := len(trace) - 2; d >= 0; d-- {
		vd := trace[d]
		k := i - j
		var prevK int
		if k == -d || (k != d && vd[off+k-1] < vd[off+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevI := vd[off+prevK]
		prevJ := prevI - prevK
		for i > prevI && j > prevJ {
			i, j = i-1, j-1
			ops = append(ops, diffOp{' ', i, j})
		}
		if d > 0 {
			if i == prevI {
				j--
				ops = append(ops, diffOp{'+', i, j})
			} else {
				i--
				ops = append(ops, diffOp{'-', i, j})
			}
		}
		i, j = prevI, prevJ
	}
	for i > 0 && j > 0 {
		i, j = i-1, j-1
		ops = append(ops, diffOp{' ', i, j})
	}
	slices.Reverse(ops)
	return ops
}
