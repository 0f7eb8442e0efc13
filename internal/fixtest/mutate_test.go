package fixtest_test

// The mutations of the fuzz target: each rewrites the source of one file of
// a real package, byte-exactly around the change, in a way the checks care
// about. A mutation whose result does not type-check is undone, so a
// sequence of them keeps a valid program.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/internal/fixtest"
	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// A mutator holds the current source of the file being mutated and its
// type-checked form.
type mutator struct {
	pkg    *packages.Package // the package as loaded
	target string            // the file being mutated (token.File name)
	others map[string][]byte // the package's other files
	imp    fixtest.Importer
	src    []byte
	n      int // for unique names

	// valid for src:
	fset *token.FileSet
	file *ast.File
	info *types.Info
	tpkg *types.Package
}

// check parses and type-checks the package with src for the target file.
func (m *mutator) check(src []byte) (*token.FileSet, *ast.File, *types.Info, *types.Package, bool) {
	fset := token.NewFileSet()
	var files []*ast.File
	var target *ast.File
	for _, f := range m.pkg.Syntax {
		name := m.pkg.Fset.File(f.FileStart).Name()
		s := m.others[name]
		if name == m.target {
			s = src
		}
		af, err := parseInto(fset, name, s)
		if err != nil {
			return nil, nil, nil, nil, false
		}
		if name == m.target {
			target = af
		}
		files = append(files, af)
	}
	info := newInfo()
	ok := true
	conf := m.conf(func(error) { ok = false })
	tpkg, _ := conf.Check(m.pkg.PkgPath, fset, files, info)
	return fset, target, info, tpkg, ok
}

// conf is the type checker's configuration for the package.
func (m *mutator) conf(onError func(error)) *types.Config {
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if p := m.imp(path); p != nil {
				return p, nil
			}
			return nil, fmt.Errorf("no package %s", path)
		}),
		Sizes: m.pkg.TypesSizes,
		Error: onError,
	}
	if m.pkg.Module != nil && m.pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + m.pkg.Module.GoVersion
	}
	return conf
}

func parseInto(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Instances:    map[*ast.Ident]types.Instance{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// newMutator starts from the file as it is on disk; ok is false when the
// package does not type-check on its own.
func newMutator(pkg *packages.Package, target string, imp fixtest.Importer) (*mutator, bool) {
	m := &mutator{pkg: pkg, target: target, others: map[string][]byte{}, imp: imp}
	for _, f := range pkg.Syntax {
		name := pkg.Fset.File(f.FileStart).Name()
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, false
		}
		m.others[name] = src
	}
	m.src = m.others[target]
	var ok bool
	m.fset, m.file, m.info, m.tpkg, ok = m.check(m.src)
	return m, ok
}

// try replaces the source when the new one type-checks.
func (m *mutator) try(src []byte) bool {
	fset, file, info, tpkg, ok := m.check(src)
	if !ok {
		return false
	}
	m.src, m.fset, m.file, m.info, m.tpkg = src, fset, file, info, tpkg
	return true
}

func (m *mutator) off(pos token.Pos) int { return m.fset.File(pos).Offset(pos) }

// edit applies edits given as (pos, end, text) on the current source.
func (m *mutator) edit(edits ...fixtest.Edit) bool {
	slices.SortStableFunc(edits, func(a, b fixtest.Edit) int { return a.Start - b.Start })
	for i := 1; i < len(edits); i++ {
		if edits[i].Start < edits[i-1].End {
			return false
		}
	}
	out, err := fixtest.Apply(m.src, edits)
	if err != nil {
		return false
	}
	return m.try(out)
}

func (m *mutator) repl(pos, end token.Pos, text string) fixtest.Edit {
	return fixtest.Edit{Start: m.off(pos), End: m.off(end), New: text}
}

func (m *mutator) ins(pos token.Pos, text string) fixtest.Edit {
	return fixtest.Edit{Start: m.off(pos), End: m.off(pos), New: text}
}

// nl is the file's line ending.
func (m *mutator) nl() string {
	if bytes.Contains(m.src, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// ctxQual returns how the file spells the context package: "context.",
// "stdctx." or "" for a dot import; ok is false when it does not import it.
func (m *mutator) ctxQual() (string, bool) {
	for _, s := range m.file.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == "context" {
			switch {
			case s.Name == nil:
				return "context.", true
			case s.Name.Name == ".":
				return "", true
			case s.Name.Name == "_":
				return "", false
			default:
				return s.Name.Name + ".", true
			}
		}
	}
	return "", false
}

func pick[T any](list []T, b byte) (T, bool) {
	var zero T
	if len(list) == 0 {
		return zero, false
	}
	return list[int(b)%len(list)], true
}

// ctxVars are the variables of type context.Context declared in the file.
func (m *mutator) ctxVars() []*types.Var {
	var vs []*types.Var
	for id, obj := range m.info.Defs {
		if v, ok := obj.(*types.Var); ok && !v.IsField() && id.Name != "_" && lintkit.IsContextType(v.Type()) {
			vs = append(vs, v)
		}
	}
	slices.SortFunc(vs, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
	return vs
}

// inScope returns a context variable visible at pos, chosen by b.
func (m *mutator) inScope(pos token.Pos, b byte) (*types.Var, bool) {
	inner := m.tpkg.Scope().Innermost(pos)
	var vs []*types.Var
	for s := inner; s != nil && s != m.tpkg.Scope(); s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || name == "_" || !lintkit.IsContextType(v.Type()) || v.Pos() >= pos {
				continue
			}
			if _, o := inner.LookupParent(name, pos); o == v {
				vs = append(vs, v)
			}
		}
	}
	return pick(vs, b)
}

// stmts returns every statement of a statement list inside a function.
func (m *mutator) stmts() []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(m.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			out = append(out, n.List...)
		case *ast.CaseClause:
			out = append(out, n.Body...)
		case *ast.CommClause:
			out = append(out, n.Body...)
		}
		return true
	})
	return out
}

// blocks returns every block of a function body.
func (m *mutator) blocks() []*ast.BlockStmt {
	var out []*ast.BlockStmt
	ast.Inspect(m.file, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			out = append(out, b)
		}
		return true
	})
	return out
}

func (m *mutator) text(n ast.Node) string { return string(m.src[m.off(n.Pos()):m.off(n.End())]) }

func (m *mutator) name(prefix string) string {
	m.n++
	return fmt.Sprintf("%s%d", prefix, m.n)
}

// helper appends a declaration to the file once.
func (m *mutator) helper(name, decl string) fixtest.Edit {
	if m.tpkg.Scope().Lookup(name) != nil {
		return fixtest.Edit{Start: len(m.src), End: len(m.src)}
	}
	nl := m.nl()
	return fixtest.Edit{Start: len(m.src), End: len(m.src), New: nl + strings.ReplaceAll(decl, "\n", nl) + nl}
}

// A mutation reads its parameters from the bytes after its opcode.
type mutation struct {
	name string
	args int
	do   func(m *mutator, a []byte) bool
}

var mutations = []mutation{
	{"rename a ctx", 2, (*mutator).renameCtx},
	{"shadow a ctx", 3, (*mutator).shadowCtx},
	{"swap a ctx for a root", 2, (*mutator).swapCtx},
	{"wrap a statement", 2, (*mutator).wrap},
	{"CRLF line endings", 0, (*mutator).crlf},
	{"byte order mark", 0, (*mutator).bom},
	{"generated header", 1, (*mutator).generated},
	{"directive", 3, (*mutator).directive},
	{"dot-import context", 0, (*mutator).dotImport},
	{"rename the context import", 1, (*mutator).renameImport},
	{"alias context.Context", 1, (*mutator).alias},
	{"spawn through a func literal", 1, (*mutator).funcLit},
	{"duplicate a statement", 1, (*mutator).duplicate},
	{"delete a statement", 1, (*mutator).deleteStmt},
}

// mutate applies the mutations ops encode, and returns their names.
func (m *mutator) mutate(ops []byte) []string {
	var done []string
	for len(ops) > 0 {
		mu := mutations[int(ops[0])%len(mutations)]
		args := make([]byte, mu.args)
		copy(args, ops[1:])
		ops = ops[min(len(ops), 1+mu.args):]
		if mu.do(m, args) {
			done = append(done, mu.name)
		}
	}
	return done
}

var ctxNames = []string{"c", "ctx2", "parent", "_", "context", "ctx", "t", "r"}

func (m *mutator) renameCtx(a []byte) bool {
	v, ok := pick(m.ctxVars(), a[0])
	if !ok {
		return false
	}
	to := ctxNames[int(a[1])%len(ctxNames)]
	var edits []fixtest.Edit
	for id, obj := range m.info.Defs {
		if obj == v {
			edits = append(edits, m.repl(id.Pos(), id.End(), to))
		}
	}
	for id, obj := range m.info.Uses {
		if obj == v {
			edits = append(edits, m.repl(id.Pos(), id.End(), to))
		}
	}
	return m.edit(edits...)
}

func (m *mutator) shadowCtx(a []byte) bool {
	q, ok := m.ctxQual()
	if !ok {
		return false
	}
	b, ok := pick(m.blocks(), a[0])
	if !ok {
		return false
	}
	v, ok := m.inScope(b.Lbrace+1, a[1])
	if !ok {
		return false
	}
	n, nl := v.Name(), m.nl()
	var head string
	switch a[2] % 5 {
	case 0:
		head = n + " := " + q + "WithoutCancel(" + n + ")" + nl + "_ = " + n
	case 1:
		c := m.name("fuzzCancel")
		head = n + ", " + c + " := " + q + "WithCancel(" + n + ")" + nl + "defer " + c + "()"
	case 2:
		head = n + " := " + q + "Background()" + nl + "_ = " + n
	case 3:
		head = "var " + n + " " + q + "Context = " + q + "TODO()" + nl + "_ = " + n
	case 4: // an assignment, not a shadow: later uses see a root
		return m.edit(m.ins(b.Lbrace+1, nl+n+" = "+q+"Background()"+nl))
	}
	return m.edit(m.ins(b.Lbrace+1, nl+"{"+nl+head+nl), m.ins(b.Rbrace, nl+"}"+nl))
}

func (m *mutator) swapCtx(a []byte) bool {
	q, ok := m.ctxQual()
	if !ok {
		return false
	}
	var args []*ast.Ident
	ast.Inspect(m.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			for _, arg := range call.Args {
				if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
					if v, ok := m.info.Uses[id].(*types.Var); ok && lintkit.IsContextType(v.Type()) {
						args = append(args, id)
					}
				}
			}
		}
		return true
	})
	id, ok := pick(args, a[0])
	if !ok {
		return false
	}
	with := []string{q + "Background()", q + "TODO()", q + "WithoutCancel(" + id.Name + ")", "(" + id.Name + ")"}[a[1]%4]
	return m.edit(m.repl(id.Pos(), id.End(), with))
}

// wrap puts a statement into a goroutine, a defer, a select, an if, a
// header, a && operand, behind a goto.
func (m *mutator) wrap(a []byte) bool {
	s, ok := pick(m.stmts(), a[0])
	if !ok {
		return false
	}
	nl, text := m.nl(), m.text(s)
	var expr ast.Expr // the value of an expression statement or a single assignment
	switch s := s.(type) {
	case *ast.ExprStmt:
		expr = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 && len(s.Lhs) == 1 && s.Tok == token.ASSIGN {
			expr = s.Rhs[0]
		}
	}
	var repl string
	var extra []fixtest.Edit
	switch a[1] % 14 {
	case 0:
		repl = "go " + text
	case 1:
		repl = "defer " + text
	case 2:
		repl = "if true {" + nl + text + nl + "}"
	case 3:
		repl = "select {" + nl + "default:" + nl + text + nl + "}"
	case 4:
		repl = "func() {" + nl + text + nl + "}()"
	case 5:
		repl = "go func() {" + nl + text + nl + "}()"
	case 6:
		repl = "for range 1 {" + nl + text + nl + "}"
	case 7:
		repl = "switch {" + nl + "case true:" + nl + text + nl + "}"
	case 8:
		repl = "if " + text + "; true {" + nl + "}"
	case 9:
		repl = "switch " + text + "; {" + nl + "}"
	case 10: // a select case header
		if expr == nil {
			return false
		}
		extra = append(extra, m.helper("fuzzOne", "func fuzzOne[T any](v T) chan T { c := make(chan T, 1); c <- v; return c }"))
		recv := "<-fuzzOne(" + m.text(expr) + ")"
		if as, ok := s.(*ast.AssignStmt); ok {
			recv = m.text(as.Lhs[0]) + " = " + recv
		}
		repl = "select {" + nl + "case " + recv + ":" + nl + "}"
	case 11: // a guarded && operand
		if expr == nil {
			return false
		}
		extra = append(extra,
			m.helper("fuzzOK", "func fuzzOK() bool { return true }"),
			m.helper("fuzzUse", "func fuzzUse[T any](T) bool { return true }"))
		repl = "if fuzzOK() && fuzzUse(" + m.text(expr) + ") {" + nl + "}"
	case 12:
		l := m.name("fuzzL")
		repl = "goto " + l + nl + l + ":" + nl + text
	case 13:
		repl = "for i := range 2 {" + nl + "_ = i" + nl + text + nl + "}"
	}
	return m.edit(append(extra, m.repl(s.Pos(), s.End(), repl))...)
}

func (m *mutator) crlf([]byte) bool {
	var out bytes.Buffer
	for i, c := range m.src {
		if c == '\n' && (i == 0 || m.src[i-1] != '\r') {
			out.WriteByte('\r')
		}
		out.WriteByte(c)
	}
	return m.try(out.Bytes())
}

const bom = "\xef\xbb\xbf"

func (m *mutator) bom([]byte) bool {
	if bytes.HasPrefix(m.src, []byte(bom)) {
		return false
	}
	return m.try(append([]byte(bom), m.src...))
}

func (m *mutator) start() int {
	if bytes.HasPrefix(m.src, []byte(bom)) {
		return len(bom)
	}
	return 0
}

func (m *mutator) generated(a []byte) bool {
	nl := m.nl()
	header := "// Code generated by fuzz. DO NOT EDIT."
	switch a[0] % 3 {
	case 0: // the first line: generated
		return m.edit(fixtest.Edit{Start: m.start(), End: m.start(), New: header + nl + nl})
	case 1: // just above the package clause, in its doc comment: generated
		return m.edit(m.ins(m.file.Package, header+nl))
	default: // after the package clause: not generated
		return m.edit(m.ins(m.file.Name.End(), nl+nl+header+nl))
	}
}

// directives holds well-formed, malformed and look-alike directives.
var directives = []string{
	"//ctxbound:ignore spawnctx,ctxdrop -- fuzz",
	"//ctxbound:ignore envidentity -- fuzz",
	"//ctxbound:ignore slotreread,scopedcopy,cancelshare,ctxcache,spawnenv -- fuzz",
	"//ctxbound:file-ignore ctxdrop -- fuzz",
	"//ctxbound:detach -- fuzz",
	"//ctxbound:root -- fuzz",
	"//ctxbound:spawner",
	"//ctxbound:slot",
	"//ctxbound:runscoped",
	"//ctxbound:canceltoken",
	"// ctxbound:ignore ctxdrop -- one space",
	"//  ctxbound:ignore ctxdrop -- two spaces",
	"//\tctxbound:detach -- a tab",
	"/*ctxbound:ignore ctxdrop -- block*/",
	"/* ctxbound:detach -- block */",
	"//ctxbound:ignore\tctxdrop\t--\ttabs",
	"//ctxbound:ignore ctxdrop --no-space",
	"//ctxbound:",
	"//ctxbound:bogus -- x",
	"//ctxbound:ignore nosuchcheck -- x",
	"//nolint:ctxbound",
	"//go:noinline",
	"//line fuzz.go:1",
	"//line :100:7",
	"/*line fuzz.go:3:4*/",
}

func (m *mutator) directive(a []byte) bool {
	lines := lineStarts(m.src, m.start())
	i := int(a[0]) % len(lines)
	d := directives[int(a[1])%len(directives)]
	if a[2]%2 == 0 { // a line of its own
		return m.edit(fixtest.Edit{Start: lines[i], End: lines[i], New: d + m.nl()})
	}
	end := len(m.src) // the end of line i: a trailing comment
	if i+1 < len(lines) {
		end = lines[i+1] - 1
		if end > 0 && m.src[end-1] == '\r' {
			end--
		}
	}
	return m.edit(fixtest.Edit{Start: end, End: end, New: " " + d})
}

func lineStarts(src []byte, from int) []int {
	starts := []int{from}
	for i := from; i < len(src); i++ {
		if src[i] == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// importSpec returns the file's import of context.
func (m *mutator) importSpec() *ast.ImportSpec {
	for _, s := range m.file.Imports {
		if p, _ := strconv.Unquote(s.Path.Value); p == "context" {
			return s
		}
	}
	return nil
}

// qualifiers edits every context.X of the file to prefix + X.
func (m *mutator) qualifiers(prefix string) []fixtest.Edit {
	var edits []fixtest.Edit
	ast.Inspect(m.file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				if pn, ok := m.info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "context" {
					edits = append(edits, m.repl(sel.Pos(), sel.Sel.Pos(), prefix))
				}
			}
		}
		return true
	})
	return edits
}

func (m *mutator) dotImport([]byte) bool {
	s := m.importSpec()
	if s == nil || s.Name != nil && s.Name.Name == "." {
		return false
	}
	edits := m.qualifiers("")
	if s.Name != nil {
		edits = append(edits, m.repl(s.Name.Pos(), s.Name.End(), "."))
	} else {
		edits = append(edits, m.ins(s.Path.Pos(), ". "))
	}
	return m.edit(edits...)
}

func (m *mutator) renameImport(a []byte) bool {
	s := m.importSpec()
	if s == nil {
		return false
	}
	name := []string{"stdctx", "gocontext", "ctx", "c"}[a[0]%4]
	edits := m.qualifiers(name + ".")
	if s.Name != nil {
		edits = append(edits, m.repl(s.Name.Pos(), s.Name.End(), name))
	} else {
		edits = append(edits, m.ins(s.Path.Pos(), name+" "))
	}
	return m.edit(edits...)
}

// alias declares type fuzzCtx = context.Context and uses it for one
// (a odd: every) context.Context type of the file.
func (m *mutator) alias(a []byte) bool {
	q, ok := m.ctxQual()
	if !ok {
		return false
	}
	var types_ []ast.Expr
	ast.Inspect(m.file, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if tv, ok := m.info.Types[e]; ok && tv.IsType() && lintkit.IsContextType(tv.Type) {
				if _, isSel := e.(*ast.SelectorExpr); isSel || q == "" {
					types_ = append(types_, e)
					return false
				}
			}
		}
		return true
	})
	if len(types_) == 0 {
		return false
	}
	if a[0]%2 == 0 {
		e, _ := pick(types_, a[0]/2)
		types_ = []ast.Expr{e}
	}
	edits := []fixtest.Edit{m.helper("fuzzCtx", "type fuzzCtx = "+q+"Context")}
	for _, e := range types_ {
		edits = append(edits, m.repl(e.Pos(), e.End(), "fuzzCtx"))
	}
	return m.edit(edits...)
}

// funcLit turns go f(x) into go func() { f(x) }(), and back.
func (m *mutator) funcLit(a []byte) bool {
	var calls []*ast.CallExpr
	ast.Inspect(m.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			calls = append(calls, n.Call)
		case *ast.DeferStmt:
			calls = append(calls, n.Call)
		}
		return true
	})
	call, ok := pick(calls, a[0])
	if !ok {
		return false
	}
	nl := m.nl()
	if lit, ok := call.Fun.(*ast.FuncLit); ok && len(call.Args) == 0 && len(lit.Body.List) == 1 {
		if es, ok := lit.Body.List[0].(*ast.ExprStmt); ok {
			return m.edit(m.repl(call.Pos(), call.End(), m.text(es.X)))
		}
	}
	return m.edit(m.repl(call.Pos(), call.End(), "func() {"+nl+m.text(call)+nl+"}()"))
}

func (m *mutator) duplicate(a []byte) bool {
	s, ok := pick(m.stmts(), a[0])
	if !ok {
		return false
	}
	return m.edit(m.ins(s.End(), m.nl()+m.text(s)))
}

func (m *mutator) deleteStmt(a []byte) bool {
	s, ok := pick(m.stmts(), a[0])
	if !ok {
		return false
	}
	return m.edit(m.repl(s.Pos(), s.End(), ""))
}

// TestMutations: every mutation applies to some seed file and leaves a
// package that type-checks, so that none of them is dead code in the
// fuzz target.
func TestMutations(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every testdata tree and the fixtures")
	}
	applied := make([]string, len(mutations)) // the seed file each applied to
	left := len(mutations)
	for _, s := range seeds(t) { // in tree order: each tree is loaded once
		if left == 0 {
			break
		}
		if !strings.Contains(s.rel, "/basic/") && !strings.HasPrefix(s.rel, "fixtures/") {
			continue
		}
		pkg, roots := s.pkg(t)
		for op, mu := range mutations {
			if applied[op] != "" {
				continue
			}
			m, ok := newMutator(pkg, s.file, fixtest.GraphImporter(pkg, roots))
			if !ok {
				break
			}
			for arg := range 4 {
				orig := m.src
				if done := m.mutate([]byte{byte(op), byte(arg), byte(arg), byte(arg)}); len(done) == 1 {
					if bytes.Equal(orig, m.src) {
						t.Errorf("%s says it applied to %s but changed nothing", mu.name, s.rel)
					}
					if _, _, _, _, ok := m.check(m.src); !ok {
						t.Errorf("%s on %s left a package that does not type-check", mu.name, s.rel)
					}
					applied[op], left = s.rel, left-1
					break
				}
			}
		}
	}
	for op, mu := range mutations {
		if applied[op] == "" {
			t.Errorf("%s applies to no seed file", mu.name)
		} else {
			t.Logf("%s: applies to %s", mu.name, applied[op])
		}
	}
}
