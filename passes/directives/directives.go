// Package directives parses and validates every //ctxbound: comment of a
// package once, and shares the result with every check.
//
// A directive has the form
//
//	//ctxbound:<verb> [args] [-- <reason>]
//
// with no space after //, words separated by spaces or tabs. A comment that
// looks like a directive but has a space after //, or is a /* */ comment,
// is a Problem and honoured by nothing. Verbs that change what is reported
// need a reason:
// ignore <check>[,<check>] (on the line of the finding or the line above),
// file-ignore <check>[,<check>], root and detach. Declarative annotations need
// none: spawner and slot (on a function, method or interface method),
// runscoped (on a struct field) and canceltoken (on a type).
//
// Annotations on declarations are exported as Annotations facts, so that a
// contract declared in one package holds in every importer. Malformed,
// unknown and misplaced directives are collected in Result.Problems and
// reported by the directive analyzer.
package directives

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Analyzer parses the //ctxbound: directives of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "directives",
	Doc:        "parse and validate //ctxbound: directives; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/directives.md",
	Run:        lintkit.Safe(run),
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Annotations)},
}

// The verbs.
const (
	Ignore      = "ignore"
	FileIgnore  = "file-ignore"
	Root        = "root"
	Detach      = "detach"
	Spawner     = "spawner"
	Slot        = "slot"
	RunScoped   = "runscoped"
	CancelToken = "canceltoken"
)

// Checks is the list of the suite's check names that ignore and file-ignore
// accept. analyzers_test keeps it equal to the suite.
func Checks() []string {
	return []string{"atomicrmw", "cancelshare", "canceluse", "ctxcache", "ctxdrop", "directive", "envidentity",
		"lockescape", "scopedcopy", "sharedconfig", "slotreread", "spawnctx", "spawnenv", "stopwork"}
}

type verbRule struct {
	args   bool   // takes a check list
	reason bool   // needs a reason
	where  string // what it annotates: "line", "func", "line or func", "field", "type", "file"
}

var verbs = map[string]verbRule{
	Ignore:      {args: true, reason: true, where: "line"},
	FileIgnore:  {args: true, reason: true, where: "file"},
	Root:        {reason: true, where: "func"},
	Detach:      {reason: true, where: "line or func"},
	Spawner:     {where: "func"},
	Slot:        {where: "func"},
	RunScoped:   {where: "field"},
	CancelToken: {where: "type"},
}

func verbList() string {
	return "ignore, file-ignore, root, detach, spawner, slot, runscoped, canceltoken"
}

// A Directive is one valid //ctxbound: comment.
type Directive struct {
	Verb     string
	Checks   []string // ignore, file-ignore
	Reason   string
	Pos, End token.Pos
	// Target is the declaration a declarative directive annotates
	// (*ast.FuncDecl, *ast.Field, *ast.TypeSpec), nil for line-scoped ones.
	Target ast.Node
	id     int
	line   int
}

// A Problem is a malformed, unknown or misplaced directive.
type Problem struct {
	Pos, End token.Pos
	Message  string
}

// Annotations is the fact exported for a declaration annotated with
// declarative directives: a function or method (spawner, slot, root,
// detach), a struct field (runscoped) or a type (canceltoken).
type Annotations struct {
	Verbs []string // sorted, unique
}

// AFact marks Annotations as a fact.
func (*Annotations) AFact() {}

func (a *Annotations) String() string { return "ctxbound:" + strings.Join(a.Verbs, ",") }

// Result is what the directives of one package say.
type Result struct {
	// Directives are the valid directives, in file order.
	Directives []*Directive
	// Problems are the invalid ones, for the directive analyzer to report.
	Problems []Problem

	fset   *token.FileSet
	objs   map[types.Object][]string
	lines  map[lineKey][]*Directive
	files  map[*token.File][]*Directive
	byFunc map[*ast.FuncDecl][]*Directive
}

type lineKey struct {
	file *token.File
	line int
}

// Has reports whether obj, declared in this package or another, carries the
// annotation verb. Generic functions and fields are matched by origin.
func (r *Result) Has(obj types.Object, verb string) bool {
	if obj == nil {
		return false
	}
	return slices.Contains(r.objs[lintkit.Origin(obj)], verb)
}

// Any reports whether any declaration known to this package, its own or
// an imported one, carries the annotation verb: checks that only fire on
// annotated declarations exit early without it.
func (r *Result) Any(verb string) bool {
	for _, vs := range r.objs {
		if slices.Contains(vs, verb) {
			return true
		}
	}
	return false
}

// FuncDirective returns the directive with the given verb in the doc comment
// of decl, or nil.
func (r *Result) FuncDirective(decl *ast.FuncDecl, verb string) *Directive {
	for _, d := range r.byFunc[decl] {
		if d.Verb == verb {
			return d
		}
	}
	return nil
}

// LineDirective returns the line-scoped directive with the given verb on the
// line of pos or the line above, or nil.
func (r *Result) LineDirective(pos token.Pos, verb string) *Directive {
	f := r.fset.File(pos)
	if f == nil {
		return nil
	}
	line := f.Line(pos)
	for _, l := range []int{line, line - 1} {
		for _, d := range r.lines[lineKey{f, l}] {
			if d.Verb == verb {
				return d
			}
		}
	}
	return nil
}

// Suppression implements lintkit.Suppressor.
func (r *Result) Suppression(check string, pos token.Pos) (lintkit.Suppression, bool) {
	f := r.fset.File(pos)
	if f == nil {
		return lintkit.Suppression{}, false
	}
	line := f.Line(pos)
	for _, l := range []int{line, line - 1} {
		for _, d := range r.lines[lineKey{f, l}] {
			if d.Verb == Ignore && slices.Contains(d.Checks, check) {
				return d.suppression(), true
			}
		}
	}
	for _, d := range r.files[f] {
		if slices.Contains(d.Checks, check) {
			return d.suppression(), true
		}
	}
	return lintkit.Suppression{}, false
}

// Suppressions implements lintkit.Suppressor.
func (r *Result) Suppressions(check string) []lintkit.Suppression {
	var s []lintkit.Suppression
	for _, d := range r.Directives {
		if (d.Verb == Ignore || d.Verb == FileIgnore) && slices.Contains(d.Checks, check) {
			s = append(s, d.suppression())
		}
	}
	return s
}

func (d *Directive) suppression() lintkit.Suppression {
	return lintkit.Suppression{ID: d.id, Pos: d.Pos, End: d.End, FileWide: d.Verb == FileIgnore}
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		fset:   pass.Fset,
		objs:   map[types.Object][]string{},
		lines:  map[lineKey][]*Directive{},
		files:  map[*token.File][]*Directive{},
		byFunc: map[*ast.FuncDecl][]*Directive{},
	}
	for obj, f := range lintkit.ObjectFacts[*Annotations](pass) {
		r.objs[obj] = f.Verbs
	}
	local := map[types.Object][]string{}
	for _, file := range pass.Files {
		parseFile(pass, r, file, local)
	}
	for obj, vs := range local {
		slices.Sort(vs)
		vs = slices.Compact(vs)
		r.objs[obj] = vs
		pass.ExportObjectFact(obj, &Annotations{Verbs: vs})
	}
	return r, nil
}

// parseFile collects the directives of one file.
func parseFile(pass *analysis.Pass, r *Result, file *ast.File, local map[types.Object][]string) {
	tf := pass.Fset.File(file.FileStart)
	if !hasDirective(file) {
		return // most files: no walk of the syntax tree
	}
	targets, iface := attachments(file)
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			d, problem := parse(c)
			if problem != "" {
				r.Problems = append(r.Problems, Problem{Pos: c.Pos(), End: c.End(), Message: problem})
				continue
			}
			if d == nil {
				continue
			}
			d.id = len(r.Directives)
			d.line = tf.Line(c.Pos())
			target := targets[cg]
			if msg := place(d, target, iface); msg != "" {
				r.Problems = append(r.Problems, Problem{Pos: c.Pos(), End: c.End(), Message: msg})
				continue
			}
			r.Directives = append(r.Directives, d)
			switch {
			case d.Verb == FileIgnore:
				r.files[tf] = append(r.files[tf], d)
			case d.Target == nil:
				k := lineKey{tf, d.line}
				r.lines[k] = append(r.lines[k], d)
			default:
				if fd, ok := d.Target.(*ast.FuncDecl); ok {
					r.byFunc[fd] = append(r.byFunc[fd], d)
				}
				for _, obj := range targetObjects(pass.TypesInfo, d.Target) {
					local[obj] = append(local[obj], d.Verb)
				}
			}
		}
	}
}

// parse parses one comment. It returns nil, "" for a comment that is not a
// directive.
func parse(c *ast.Comment) (*Directive, string) {
	text, ok := strings.CutPrefix(c.Text, "//ctxbound:")
	if !ok {
		return nil, lookAlike(c.Text)
	}
	body, reason, hasReason, problem := split(text)
	if problem != "" {
		return nil, problem
	}
	fields := strings.Fields(body)
	if len(fields) == 0 {
		return nil, fmt.Sprintf("malformed directive: //ctxbound: needs a verb (%s)", verbList())
	}
	verb, args := fields[0], fields[1:]
	rule, known := verbs[verb]
	if !known {
		return nil, fmt.Sprintf("unknown directive //ctxbound:%s; known verbs are %s", verb, verbList())
	}
	d := &Directive{Verb: verb, Reason: reason, Pos: c.Pos(), End: c.End()}
	if rule.args {
		if len(args) != 1 {
			return nil, fmt.Sprintf("malformed directive: //ctxbound:%s takes one comma-separated list of checks, then -- and a reason", verb)
		}
		for name := range strings.SplitSeq(args[0], ",") {
			if !slices.Contains(Checks(), name) {
				return nil, fmt.Sprintf("//ctxbound:%s names unknown check %q; known checks are %s", verb, name, strings.Join(Checks(), ", "))
			}
			d.Checks = append(d.Checks, name)
		}
	} else if len(args) > 0 {
		return nil, fmt.Sprintf("malformed directive: //ctxbound:%s takes no arguments; put the reason after --", verb)
	}
	if rule.reason && (!hasReason || reason == "") {
		return nil, fmt.Sprintf("//ctxbound:%s needs a reason: //ctxbound:%s%s -- <why>", verb, verb, strings.Join(append([]string{""}, args...), " "))
	}
	return d, ""
}

// split cuts the text after //ctxbound: into the verb and its arguments and
// the reason, at the first -- that stands alone between spaces or tabs. A
// trailing comment before it ends the directive: //ctxbound:slot // the run
// slot. A -- glued to the reason (--because) is a problem, not a reason.
func split(text string) (body, reason string, hasReason bool, problem string) {
	i := 0
	for i < len(text) {
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		start := i
		for i < len(text) && !isSpace(text[i]) {
			i++
		}
		word := text[start:i]
		switch {
		case word == "--":
			return text[:start], strings.TrimSpace(text[i:]), true, ""
		case strings.HasPrefix(word, "//") && start > 0:
			return text[:start], "", false, ""
		case strings.HasPrefix(word, "--") && start > 0:
			return "", "", false, fmt.Sprintf("malformed directive: put a space between -- and the reason: //ctxbound:%s -- <why>", strings.Join(strings.Fields(text[:start]), " "))
		}
	}
	return text, "", false, ""
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// lookAlike returns a problem for a comment that is meant as a directive
// but is not one, because it has a space or tab after // or is a /* */
// comment: such a comment is honoured by nothing, so a suppression or a
// contract would silently not hold. Only a known verb counts, so that prose
// about ctxbound is left alone.
func lookAlike(text string) string {
	var rest string
	block := false
	switch {
	case strings.HasPrefix(text, "//"):
		rest = strings.TrimLeft(text[2:], " \t")
		if len(rest) == len(text)-2 {
			return "" // //ctxbound... without the colon, or another comment
		}
	case strings.HasPrefix(text, "/*"):
		rest, block = strings.TrimLeft(text[2:], " \t\r\n"), true
	default:
		return ""
	}
	rest, ok := strings.CutPrefix(rest, "ctxbound:")
	if !ok {
		return ""
	}
	v := rest
	if i := strings.IndexFunc(rest, func(r rune) bool { return r == ' ' || r == '\t' || r == '*' || r == '\n' || r == '\r' }); i >= 0 {
		v = rest[:i]
	}
	if verbs[v] == (verbRule{}) {
		return ""
	}
	if block {
		return fmt.Sprintf("malformed directive: a /* */ comment is not a directive; write //ctxbound:%s as a // comment", v)
	}
	return fmt.Sprintf("malformed directive: no space is allowed between // and ctxbound:%s", v)
}

// place checks that d stands where its verb belongs and sets d.Target.
func place(d *Directive, target ast.Node, iface map[*ast.Field]bool) string {
	rule := verbs[d.Verb]
	switch rule.where {
	case "line", "file":
		return ""
	case "line or func":
		switch t := target.(type) {
		case nil:
			return ""
		case *ast.FuncDecl:
			d.Target = t
			return ""
		}
		return fmt.Sprintf("misplaced directive: //ctxbound:%s annotates a function (in its doc comment) or a statement (on its line or the line above), not a type, variable or field", d.Verb)
	case "func":
		switch t := target.(type) {
		case *ast.FuncDecl:
			d.Target = t
			return ""
		case *ast.Field:
			if iface[t] && len(t.Names) > 0 {
				d.Target = t
				return ""
			}
		}
		return fmt.Sprintf("misplaced directive: //ctxbound:%s annotates a function, method or interface method (in its doc comment)", d.Verb)
	case "field":
		if f, ok := target.(*ast.Field); ok && !iface[f] && len(f.Names) > 0 {
			d.Target = f
			return ""
		}
		return fmt.Sprintf("misplaced directive: //ctxbound:%s annotates a named struct field", d.Verb)
	case "type":
		if ts, ok := target.(*ast.TypeSpec); ok {
			d.Target = ts
			return ""
		}
		return fmt.Sprintf("misplaced directive: //ctxbound:%s annotates a type declaration", d.Verb)
	}
	return ""
}

// attachments maps each doc or line comment group to the declaration it
// documents, and says which fields are interface methods. Package-level
// variables and constants are mapped too, so that a directive in their doc
// comment is not taken for one about the next line; those declared in a
// function body are statements, where a line directive belongs.
func attachments(file *ast.File) (map[*ast.CommentGroup]ast.Node, map[*ast.Field]bool) {
	m := map[*ast.CommentGroup]ast.Node{}
	ifaceMethods := map[*ast.Field]bool{}
	add := func(cg *ast.CommentGroup, n ast.Node) {
		if cg != nil {
			m[cg] = n
		}
	}
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && (gd.Tok == token.VAR || gd.Tok == token.CONST) {
			add(gd.Doc, gd)
			for _, s := range gd.Specs {
				add(s.(*ast.ValueSpec).Doc, s)
				add(s.(*ast.ValueSpec).Comment, s)
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Doc, n)
		case *ast.GenDecl:
			if n.Tok == token.TYPE && len(n.Specs) == 1 {
				add(n.Doc, n.Specs[0])
			} else if n.Tok == token.TYPE {
				add(n.Doc, n)
			}
		case *ast.TypeSpec:
			add(n.Doc, n)
			add(n.Comment, n)
		case *ast.InterfaceType:
			for _, f := range n.Methods.List {
				ifaceMethods[f] = true
				add(f.Doc, f)
				add(f.Comment, f)
			}
		case *ast.StructType:
			for _, f := range n.Fields.List {
				add(f.Doc, f)
				add(f.Comment, f)
			}
		}
		return true
	})
	return m, ifaceMethods
}

// targetObjects returns the objects a declarative directive annotates: one
// function or type, or every name of a field.
func targetObjects(info *types.Info, n ast.Node) []types.Object {
	var idents []*ast.Ident
	switch n := n.(type) {
	case *ast.FuncDecl:
		idents = []*ast.Ident{n.Name}
	case *ast.TypeSpec:
		idents = []*ast.Ident{n.Name}
	case *ast.Field:
		idents = n.Names
	}
	var objs []types.Object
	for _, id := range idents {
		if obj := info.Defs[id]; obj != nil {
			objs = append(objs, obj)
		}
	}
	return objs
}

// hasDirective reports whether a comment of file looks like a directive,
// well-formed or not.
func hasDirective(file *ast.File) bool {
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//ctxbound:") || lookAlike(c.Text) != "" {
				return true
			}
		}
	}
	return false
}
