package driver

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// writeText prints findings as staticcheck and golangci-lint do: "file:
// line:col: message (check)" (the check's name is what a
// //ctxbound:ignore directive names), each related position on a line of
// its own whose message starts with a tab, and with -c=N the offending
// lines and N lines of context around them. A file under dir (the working
// directory) is named relative to it, as go vet names it.
func writeText(w io.Writer, findings []*Finding, contextLines int, dir string) error {
	var b strings.Builder
	files := map[string][]string{}
	print := func(pos, end Position, msg string) {
		shown := pos.Position
		shown.Filename = relTo(dir, shown.Filename)
		fmt.Fprintf(&b, "%s: %s\n", shown, msg)
		if contextLines < 0 {
			return
		}
		if !end.IsValid() {
			end = pos
		}
		lines, ok := files[pos.Filename]
		if !ok {
			data, _ := os.ReadFile(pos.Filename)
			lines = strings.Split(string(data), "\n")
			files[pos.Filename] = lines
		}
		for i := pos.Line - contextLines; i <= end.Line+contextLines; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(&b, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	for _, f := range findings {
		print(f.Pos, f.End, f.Message+" ("+f.Check+")")
		for _, r := range f.Related {
			print(r.Pos, r.End, "\t"+r.Message)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// relTo names file relative to dir when it is under dir, else as it is.
func relTo(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	if rel, err := filepath.Rel(dir, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return rel
	}
	return file
}

// plural is "1 finding", "2 findings".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// The x/tools JSON format: package ID -> analyzer -> diagnostics, or
// {"error": ...} when the analyzer failed on that package. A finding is
// listed once, under the package that reported it first by ID.
type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

// jsonEdit is a replacement of the bytes [Start, End) of the file as read.
type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

// writeJSON writes the report as one JSON object, indented; its keys are
// sorted and the findings of each analyzer in order, so the same run
// writes the same bytes.
func writeJSON(w io.Writer, r *report) error {
	tree := map[string]map[string]any{}
	add := func(pkg, analyzer string, v any) {
		m := tree[pkg]
		if m == nil {
			m = map[string]any{}
			tree[pkg] = m
		}
		if list, ok := v.(jsonDiagnostic); ok {
			prev, _ := m[analyzer].([]jsonDiagnostic)
			m[analyzer] = append(prev, list)
			return
		}
		m[analyzer] = v
	}
	for _, f := range r.findings {
		d := jsonDiagnostic{
			Category: f.Category,
			Posn:     f.Pos.String(),
			End:      f.End.String(),
			Message:  f.Message,
		}
		for _, fix := range f.Fixes {
			jf := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
			for _, e := range fix.Edits {
				jf.Edits = append(jf.Edits, jsonEdit{Filename: e.File, Start: e.Start.Offset, End: e.End.Offset, New: string(e.New)})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		for _, rel := range f.Related {
			d.Related = append(d.Related, jsonRelated{Posn: rel.Pos.String(), End: rel.End.String(), Message: rel.Message})
		}
		add(f.PkgID, f.Check, d)
	}
	for _, e := range r.errs {
		add(e.PkgID, e.Analyzer, jsonError{e.Err})
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// A notification is an error of the run, for SARIF's tool execution
// notifications.
type notification struct {
	Message string
	Pos     token.Position // may be invalid
}

func (r *report) notifications() []notification {
	var ns []notification
	for _, e := range r.loadErrors {
		n := notification{Message: e}
		if pos, msg, ok := splitPosition(e); ok {
			n.Pos, n.Message = pos, msg
		}
		ns = append(ns, n)
	}
	for _, e := range r.errs {
		ns = append(ns, notification{Message: e.Analyzer + " on " + e.PkgID + ": " + e.Err})
	}
	return ns
}

// splitPosition splits "file:line:col: message" (or "file:line: ...").
func splitPosition(s string) (token.Position, string, bool) {
	head, msg, ok := strings.Cut(s, ": ")
	if !ok {
		return token.Position{}, s, false
	}
	p := parsePos(head)
	if !p.IsValid() {
		return token.Position{}, s, false
	}
	return p, msg, true
}

// parsePos parses "file:line:col" or "file:line".
func parsePos(s string) token.Position {
	var p token.Position
	rest, col, ok := cutLastNumber(s)
	if !ok {
		return p
	}
	file, line, ok := cutLastNumber(rest)
	if !ok {
		file, line, col = rest, col, 0
	}
	if file == "" || line <= 0 {
		return token.Position{}
	}
	return token.Position{Filename: file, Line: line, Column: col}
}

func cutLastNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return s, 0, false
	}
	return s[:i], n, true
}
