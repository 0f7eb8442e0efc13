package lintkit

import (
	"bytes"
	"cmp"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A Suppression is a directive that silences one check: a line-scoped
// //ctxbound:ignore or a //ctxbound:file-ignore.
type Suppression struct {
	ID       int       // unique within the package
	Pos, End token.Pos // the directive comment
	FileWide bool      // file-ignore
}

// A Suppressor answers which directive, if any, silences a check at a
// position. passes/directives implements it; it is read-only, so one
// Suppressor serves every analyzer of a package concurrently.
type Suppressor interface {
	// Suppression returns the directive that silences check at pos.
	Suppression(check string, pos token.Pos) (Suppression, bool)
	// Suppressions returns every directive that names check.
	Suppressions(check string) []Suppression
}

// A Reporter reports the diagnostics of one analyzer on one package. It is
// the one place where policy is applied: no diagnostics in generated files
// (IsGenerated: a file cmd/cgo rewrote from the user's is the user's), none
// where a directive suppresses the check, and (Finish) a diagnostic for
// each directive of this check that suppressed nothing. Suggested fixes
// are made to fit the file byte for byte: a newline in an edit takes the
// line ending of the line it is inserted on (CRLF stays CRLF), no edit
// lands before a byte order mark, and a finding in a file cmd/cgo rewrote
// gets no fix, since its edits would apply to cmd/cgo's output, not to the
// user's file.
type Reporter struct {
	pass      *analysis.Pass
	sup       Suppressor
	used      map[int]bool
	generated map[*token.File]bool
	cgo       map[*token.File]bool
	src       map[*token.File][]byte
}

// NewReporter returns a Reporter for pass; sup may be nil.
func NewReporter(pass *analysis.Pass, sup Suppressor) *Reporter {
	r := &Reporter{pass: pass, sup: sup, used: map[int]bool{}, generated: map[*token.File]bool{}, cgo: map[*token.File]bool{}}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if IsGenerated(pass.Fset, f) {
			r.generated[tf] = true
		}
		if CgoRewritten(pass.Fset, f) {
			r.cgo[tf] = true
		}
	}
	return r
}

// An Option adds to a diagnostic.
type Option func(*analysis.Diagnostic)

// Related adds a related position with a message: where the root context
// was made, a step of a call chain, the first of two reads.
func Related(pos, end token.Pos, msg string) Option {
	return func(d *analysis.Diagnostic) {
		if !pos.IsValid() {
			return
		}
		if !end.IsValid() {
			end = pos
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: msg})
	}
}

// Fix adds a suggested fix; message is a capitalised verb phrase such as
// "Pass ctx to the goroutine".
func Fix(message string, edits ...analysis.TextEdit) Option {
	return func(d *analysis.Diagnostic) {
		if len(edits) > 0 {
			d.SuggestedFixes = append(d.SuggestedFixes, analysis.SuggestedFix{Message: message, TextEdits: edits})
		}
	}
}

// Category sets the diagnostic's category.
func Category(c string) Option { return func(d *analysis.Diagnostic) { d.Category = c } }

// Generated reports whether pos lies in a generated file.
func (r *Reporter) Generated(pos token.Pos) bool { return r.generated[r.pass.Fset.File(pos)] }

// Silenced reports whether policy silences the check at pos: pos lies in a
// generated file, or a directive suppresses the check there (the directive
// then counts as used). A check that reports one finding for several
// positions asks it of each, to leave the silenced ones out.
func (r *Reporter) Silenced(pos token.Pos) bool {
	return r.Generated(pos) || r.suppressed(pos)
}

// suppressed reports whether a directive suppresses the check at pos, and
// marks it used.
func (r *Reporter) suppressed(pos token.Pos) bool {
	if r.sup == nil || !pos.IsValid() {
		return false
	}
	s, ok := r.sup.Suppression(r.pass.Analyzer.Name, pos)
	if ok {
		r.used[s.ID] = true
	}
	return ok
}

// Report reports msg at rng unless policy silences it, and says whether it
// was reported.
func (r *Reporter) Report(rng analysis.Range, msg string, opts ...Option) bool {
	return r.ReportAlso(rng, token.NoPos, msg, opts...)
}

// ReportAlso is Report for a finding that belongs to a statement elsewhere
// as well (a drop inside spawned work belongs to its spawn site): a
// directive that silences the check at also silences it too.
func (r *Reporter) ReportAlso(rng analysis.Range, also token.Pos, msg string, opts ...Option) bool {
	pos := rng.Pos()
	if r.Silenced(pos) || r.suppressed(also) {
		return false
	}
	d := analysis.Diagnostic{Pos: pos, End: rng.End(), Message: msg}
	for _, o := range opts {
		o(&d)
	}
	if r.cgo[r.pass.Fset.File(pos)] {
		d.SuggestedFixes = nil
	}
	for i := range d.SuggestedFixes {
		for j := range d.SuggestedFixes[i].TextEdits {
			r.adapt(&d.SuggestedFixes[i].TextEdits[j])
		}
	}
	r.pass.Report(d)
	return true
}

// adapt makes an edit fit the bytes of the file it edits (see Reporter).
func (r *Reporter) adapt(e *analysis.TextEdit) {
	tf := r.pass.Fset.File(e.Pos)
	if tf == nil || tf.Offset(e.Pos) >= len(bom) && !bytes.Contains(e.NewText, []byte("\n")) {
		return // neither near a byte order mark nor a line ending: no read
	}
	src := r.source(tf)
	if src == nil {
		return
	}
	if bytes.HasPrefix(src, []byte(bom)) && tf.Offset(e.Pos) < len(bom) {
		if e.End.IsValid() && tf.Offset(e.End) < len(bom) {
			e.End = tf.Pos(len(bom))
		}
		e.Pos = tf.Pos(len(bom))
	}
	e.NewText = withEnding(e.NewText, lineEnding(src, tf.Offset(e.Pos)))
}

// source returns the bytes of tf, read once, or nil.
func (r *Reporter) source(tf *token.File) []byte {
	if src, ok := r.src[tf]; ok {
		return src
	}
	if r.src == nil {
		r.src = map[*token.File][]byte{}
	}
	var src []byte
	if r.pass.ReadFile != nil {
		if b, err := r.pass.ReadFile(tf.Name()); err == nil && len(b) == tf.Size() {
			src = b
		}
	}
	r.src[tf] = src
	return src
}

// Finish reports each directive naming this analyzer's check that suppressed
// nothing. Call it once, after the last Report.
func (r *Reporter) Finish() {
	if r.sup == nil {
		return
	}
	name := r.pass.Analyzer.Name
	for _, s := range r.sup.Suppressions(name) {
		if r.used[s.ID] || r.Generated(s.Pos) {
			continue
		}
		verb := "ignore"
		if s.FileWide {
			verb = "file-ignore"
		}
		r.pass.Report(analysis.Diagnostic{
			Pos: s.Pos, End: s.End,
			Message: fmt.Sprintf("//ctxbound:%s %s suppressed nothing; remove it", verb, name),
		})
	}
}

// Span is an analysis.Range between two positions.
func Span(pos, end token.Pos) analysis.Range { return span{pos, end} }

type span struct{ pos, end token.Pos }

func (s span) Pos() token.Pos { return s.pos }
func (s span) End() token.Pos { return s.end }

// ComparePos orders two positions of one package by file name, then by
// offset. A token.Pos orders files by when they were added to the file
// set, and drivers that parse a package's files in parallel (go/packages,
// so golangci-lint and gopls) add them in a different order on each run:
// a check that picks one of several positions (the first call of a
// helper, the read that carries a grouped finding) picks by ComparePos,
// so that its output is the same on every run and under every driver.
func ComparePos(fset *token.FileSet, a, b token.Pos) int {
	fa, fb := fset.File(a), fset.File(b)
	if fa != fb && fa != nil && fb != nil {
		if c := strings.Compare(fa.Name(), fb.Name()); c != 0 {
			return c
		}
	}
	return cmp.Compare(a, b)
}
