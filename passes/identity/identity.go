// Package identity is the fact pass shared by envidentity, ctxcache,
// spawnenv and spawnctx: where a package touches per-run identity.
//
// It finds every access of an identity key of the process environment
// (os.Getenv, os.LookupEnv, syscall.Getenv, a scan of os.Environ, an
// os.ExpandEnv or os.Expand(s, os.Getenv) of a string naming one; os.Setenv,
// os.Unsetenv, os.Clearenv and their syscall twins), with keys resolved by
// constant folding, and says which of them stand in a root. It exports three
// object facts, from syntax and types only:
//
//   - Forwards: the function hands a key parameter to the environment
//     (func getenv(k string) string { return os.Getenv(k) }), transitively;
//   - EnvRead: the function, not a root, reads an identity key from the
//     environment, directly or through the functions it calls;
//   - PerRun: the function returns a per-run value (ctx.Value, an identity
//     key of the environment, the result of a function that returns one).
//
// Reporting analyzers read the facts, of this package and of its
// dependencies, through Result. The pass reports nothing, and exits early in
// packages that import none of os, os/exec, syscall and context and see no
// fact.
package identity

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"sync"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/directives"
)

// Analyzer computes the identity summary of a package.
var Analyzer = &analysis.Analyzer{
	Name:       "identity",
	Doc:        "summarise environment identity reads and writes, key-forwarding helpers and per-run values; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#envidentity",
	Requires:   []*analysis.Analyzer{config.Analyzer, directives.Analyzer},
	Run:        lintkit.Safe(run),
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Forwards), new(EnvRead), new(PerRun)},
}

// RuntimePath is the import path of ctxbound's reference runtime. Its
// FromEnv, which seeds a context from the environment, is an allowed read:
// known by path and name, never by importing it.
const RuntimePath = "github.com/ctxbound/ctxbound/runctx"

// An Access is one access of an identity key of the process environment,
// or an os.Clearenv, in the current package.
type Access struct {
	Op  Op
	Key string // "" for Clear
	// API is what accesses the environment, for messages: "os.Getenv",
	// "os.Environ scan", or the short name of a forwarding helper.
	API string
	// Forwarder is the helper the key was handed to, nil for a direct access.
	Forwarder *types.Func
	// Node is the call, or the key constant of an os.Environ scan.
	Node ast.Node
	// Call is the call of the access, nil for an os.Environ scan.
	Call *ast.CallExpr
	// Desc describes the access: os.Getenv("AGENT_SESSION_KEY").
	Desc string
	// Func is the innermost enclosing function (*ast.FuncDecl or
	// *ast.FuncLit), nil in a package-level initialiser; Decl the
	// enclosing top-level function.
	Func ast.Node
	Decl *ast.FuncDecl
	File *ast.File
	// Root is why the access stands in a root ("main", "init", "TestMain",
	// "//ctxbound:root", "a configured root package", ...), "" outside one.
	Root string
	// Fallback, for a read, is the context read earlier in the same
	// function that this read backs up ("context value, else environment").
	Fallback *Source
}

// A Source is where a per-run value, or a value of the environment, is
// produced in the current package.
type Source struct {
	Pos, End token.Pos
	Key      string // the environment key, "" for ctx.Value
	Desc     string // ctx.Value, os.Getenv("AGENT_SESSION_KEY"), sessionKey()
}

// A Read is an identity read inside a node, for spawnctx: a direct read or a
// call of a function that reads.
type Read struct {
	Pos, End token.Pos // the read or the call
	Key      string
	// Desc is short: os.Getenv("AGENT_SESSION_KEY"), or
	// currentSession() (reads AGENT_SESSION_KEY).
	Desc string
	// Via is the function called that reads, as lintkit.ShortName spells
	// it, "" for a direct read.
	Via string
	// Finding is where envidentity reports the read: Pos for a direct read,
	// the read inside a callee of this package, NoPos for a callee in
	// another package (its report is there).
	Finding, FindingEnd token.Pos
}

// Result is the identity summary of one package.
type Result struct {
	// Accesses are the identity accesses of the package (direct and through
	// forwarding helpers, in roots too: see Access.Root), in source order.
	Accesses []*Access

	pass  *analysis.Pass
	cfg   *config.Config
	early bool // the package cannot touch identity: every query answers no

	fwdFacts  map[types.Object]*Forwards
	readFacts map[types.Object]*EnvRead
	runFacts  map[types.Object]*PerRun

	funcs  map[ast.Node]*funcData    // FuncDecl and FuncLit
	decls  map[*types.Func]*funcData // local FuncDecls by object
	defs   map[*types.Var][]ast.Expr // local variables: the expressions assigned to them
	byCall map[*ast.CallExpr]*Access // reads at a call
	roots  []rootSpan                // sorted

	// mu guards the memos below: several analyzers query one Result
	// concurrently, and the summaries are computed lazily.
	mu       sync.Mutex
	fwdMemo  map[*funcData]*Forwards
	readMemo map[*funcData]*readInfo
	runMemo  map[*funcData]*Source
	inFlight map[flight]bool
}

type rootSpan struct {
	pos, end token.Pos
	why      string
}

type readInfo struct {
	fact             *EnvRead
	finding, findEnd token.Pos
}

// funcData is what the walk records of one function.
type funcData struct {
	node    ast.Node
	obj     *types.Func // FuncDecls only
	sig     *types.Signature
	decl    *ast.FuncDecl
	root    string
	returns []*ast.ReturnStmt // its own, not those of nested literals
	calls   []*ast.CallExpr   // every call, nested literals included
	access  []*Access         // every access, nested literals included
	// keyParams: parameter (of this function) -> environment op reached when
	// it is used as a key directly.
	keyParams map[*types.Var]Param
	ctxValues []*ast.CallExpr // its own ctx.Value calls
}

// Forwarder returns the Forwards fact of fn (local or imported).
func (r *Result) Forwarder(fn *types.Func) (*Forwards, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.forwarder(fn)
}

func (r *Result) forwarder(fn *types.Func) (*Forwards, bool) {
	if r.early || fn == nil {
		return nil, false
	}
	fn = fn.Origin()
	if fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
		return nil, false // t.Setenv restores the key after the test: the cure, not the bug
	}
	if fd := r.decls[fn]; fd != nil {
		f := r.forwards(fd)
		return f, f != nil
	}
	f, ok := r.fwdFacts[fn]
	return f, ok
}

// EnvRead returns how fn, local or imported, reads an identity key from the
// environment, directly or through callees; roots never do.
func (r *Result) EnvRead(fn *types.Func) (*EnvRead, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ri := r.envRead(fn)
	if ri == nil {
		return nil, false
	}
	return ri.fact, true
}

// EnvReadFinding returns where envidentity reports the read behind
// EnvRead(fn): inside fn or a callee, for fn of this package; NoPos for an
// imported fn (its report is in its own package) or one that reads nothing.
func (r *Result) EnvReadFinding(fn *types.Func) (pos, end token.Pos) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ri := r.envRead(fn); ri != nil {
		return ri.finding, ri.findEnd
	}
	return token.NoPos, token.NoPos
}

func (r *Result) envRead(fn *types.Func) *readInfo {
	if r.early || fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fd := r.decls[fn]; fd != nil {
		return r.reads(fd)
	}
	if f, ok := r.readFacts[fn]; ok && r.cfg.IsIdentityKey(f.Key) {
		return &readInfo{fact: f}
	}
	return nil
}

// PerRun returns how fn, local or imported, returns a per-run value.
func (r *Result) PerRun(fn *types.Func) (*PerRun, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.perRun(fn)
}

func (r *Result) perRun(fn *types.Func) (*PerRun, bool) {
	if r.early || fn == nil {
		return nil, false
	}
	fn = fn.Origin()
	if fd := r.decls[fn]; fd != nil {
		s := r.perRunFunc(fd)
		if s == nil {
			return nil, false
		}
		return r.perRunFact(fd, s), true
	}
	if f, ok := r.runFacts[fn]; ok && (f.Key == "" || r.cfg.IsIdentityKey(f.Key)) {
		return f, true
	}
	return nil, false
}

// PerRunFunc returns the source of the per-run value that the function
// literal or declaration fn returns, if any.
func (r *Result) PerRunFunc(fn ast.Node) (Source, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.early {
		return Source{}, false
	}
	fd := r.funcs[fn]
	if fd == nil {
		return Source{}, false
	}
	if s := r.perRunFunc(fd); s != nil {
		return *s, true
	}
	return Source{}, false
}

// PerRunValue returns the source of the per-run value e carries, if any:
// a ctx.Value call, an identity read of the environment, a call of a
// function that returns a per-run value, or a local variable assigned one.
// Function literals inside e are not entered.
func (r *Result) PerRunValue(e ast.Expr) (Source, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.early {
		return Source{}, false
	}
	return r.eval(e, perRunMode, map[*types.Var]bool{})
}

// FromEnv returns the environment read that e carries, of any key: a call
// of os.Getenv, os.LookupEnv or syscall.Getenv, of a forwarding helper, of a
// function that reads an identity key, or a local variable assigned one.
func (r *Result) FromEnv(e ast.Expr) (Source, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.early {
		return Source{}, false
	}
	return r.eval(e, envMode, map[*types.Var]bool{})
}

// ReadsIn returns the identity reads inside node (a function literal or
// body): reads outside a root, and calls of functions that read. It is what
// spawnctx needs for a spawned closure or function.
func (r *Result) ReadsIn(node ast.Node) []Read {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.early || node == nil {
		return nil
	}
	var out []Read
	for _, a := range r.Accesses {
		if a.Op != OpRead || a.Root != "" || a.Node.Pos() < node.Pos() || a.Node.End() > node.End() {
			continue
		}
		out = append(out, Read{Pos: a.Node.Pos(), End: a.Node.End(), Key: a.Key, Desc: a.Desc,
			Finding: a.Node.Pos(), FindingEnd: a.Node.End()})
	}
	ast.Inspect(node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || r.byCall[call] != nil {
			return true
		}
		fn := lintkit.Callee(r.pass.TypesInfo, call)
		if ri := r.envRead(fn); ri != nil && r.RootAt(call.Pos()) == "" {
			out = append(out, Read{Pos: call.Pos(), End: call.End(), Key: ri.fact.Key,
				Desc:    lintkit.ShortName(fn, r.pass.Pkg) + "() (reads " + ri.fact.Key + ")",
				Via:     lintkit.ShortName(fn, r.pass.Pkg),
				Finding: ri.finding, FindingEnd: ri.findEnd})
		}
		return true
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// RootAt returns why pos stands in a root ("" outside one): main or init
// of package main, TestMain, a //ctxbound:root function, a configured root
// package, a package-level initialiser of package main, runctx.FromEnv,
// or an unexported function only roots call (rootHelpers).
func (r *Result) RootAt(pos token.Pos) string {
	if r.early {
		return ""
	}
	i := sort.Search(len(r.roots), func(i int) bool { return r.roots[i].end > pos })
	if i < len(r.roots) && r.roots[i].pos <= pos {
		return r.roots[i].why
	}
	return ""
}

// Defs returns the expressions assigned to the local variable v in this
// package (its initialisers and the right-hand sides of its assignments,
// in source order), for analyzers that follow a value back.
func (r *Result) Defs(v *types.Var) []ast.Expr {
	if r.early {
		return nil
	}
	return r.defs[v]
}

// MaxKey is the most bytes of an environment key that messages and facts
// quote: keys are constants, and a constant may be megabytes long.
const MaxKey = 80

// Elide returns key when it is at most MaxKey bytes long, else its first
// and last bytes around "...", MaxKey bytes in all (cut at rune starts):
// the last words, which make a key an identity key, stay readable. Every
// key of an Access, a Read, a Source and a fact is elided.
func Elide(key string) string {
	if len(key) <= MaxKey {
		return key
	}
	head, tail := (MaxKey-3)/2, len(key)-(MaxKey-3-(MaxKey-3)/2)
	for head > 0 && !utf8.RuneStart(key[head]) {
		head--
	}
	for tail < len(key) && !utf8.RuneStart(key[tail]) {
		tail++
	}
	return key[:head] + "..." + key[tail:]
}

// Keys returns the identity keys the package accesses, sorted.
func (r *Result) Keys() []string {
	var keys []string
	for _, a := range r.Accesses {
		if a.Key != "" {
			keys = append(keys, a.Key)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// Active reports whether the package can touch identity at all: it imports
// os, os/exec, syscall or context, or sees a fact of this pass. Reporting analyzers
// exit early when it is false.
func (r *Result) Active() bool { return !r.early }

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pass:      pass,
		cfg:       pass.ResultOf[config.Analyzer].(*config.Config),
		fwdFacts:  lintkit.ObjectFacts[*Forwards](pass),
		readFacts: lintkit.ObjectFacts[*EnvRead](pass),
		runFacts:  lintkit.ObjectFacts[*PerRun](pass),
	}
	if !lintkit.ImportsAny(pass.Pkg, "os", "syscall", "context", "os/exec") &&
		len(r.fwdFacts)+len(r.readFacts)+len(r.runFacts) == 0 {
		r.early = true
		return r, nil
	}
	r.funcs = map[ast.Node]*funcData{}
	r.decls = map[*types.Func]*funcData{}
	r.defs = map[*types.Var][]ast.Expr{}
	r.byCall = map[*ast.CallExpr]*Access{}
	r.fwdMemo = map[*funcData]*Forwards{}
	r.readMemo = map[*funcData]*readInfo{}
	r.runMemo = map[*funcData]*Source{}
	r.inFlight = map[flight]bool{}

	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	w := &walker{r: r, dirs: dirs}
	w.cli = lintkit.DeclaresCommand(pass.Pkg)
	w.helperRoots = w.rootHelpers()
	for _, f := range pass.Files {
		w.file(f)
	}
	w.resolve()
	// By position: RootAt searches them by position (sorted by file name,
	// a package whose files the file set holds in another order found no
	// root of its later files).
	sort.Slice(r.roots, func(i, j int) bool { return r.roots[i].pos < r.roots[j].pos })
	r.fallbacks()
	r.export()
	return r, nil
}

// export exports the facts of the package's exported functions and methods;
// the others cannot be called from another package.
func (r *Result) export() {
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			data := r.funcs[fd]
			if data == nil || data.obj == nil {
				continue
			}
			if fw := r.forwards(data); fw != nil {
				r.pass.ExportObjectFact(data.obj, fw)
			}
			if ri := r.reads(data); ri != nil {
				r.pass.ExportObjectFact(data.obj, ri.fact)
			}
			if s := r.perRunFunc(data); s != nil {
				r.pass.ExportObjectFact(data.obj, r.perRunFact(data, s))
			}
		}
	}
}

// fallbacks marks each read that backs up a context read of the same
// function, the "context value, else environment" shape: the read and a
// value from the context flow to the same place, a result of the function
// (if v, ok := ctx.Value(k).(string); ok { return v }; return os.Getenv(K))
// or a local variable (v := session(ctx); if v == "" { v = os.Getenv(K) }).
func (r *Result) fallbacks() {
	for _, a := range r.Accesses {
		if a.Op != OpRead || a.Func == nil {
			continue
		}
		fd := r.funcs[a.Func]
		if in := enclosingReturn(fd, a.Node); in != nil {
			for _, ret := range fd.returns {
				for _, e := range ret.Results {
					if s, ok := r.eval(e, ctxMode, map[*types.Var]bool{}); ok {
						a.Fallback = &s
						break
					}
				}
				if a.Fallback != nil {
					break
				}
			}
			continue
		}
		if v := r.assignedTo(fd, a.Node); v != nil {
			for _, d := range r.defs[v] {
				if s, ok := r.eval(d, ctxMode, map[*types.Var]bool{}); ok {
					a.Fallback = &s
					break
				}
			}
		}
	}
}

// enclosingReturn returns the return statement of fd around n, or nil.
func enclosingReturn(fd *funcData, n ast.Node) *ast.ReturnStmt {
	for _, ret := range fd.returns {
		if ret.Pos() <= n.Pos() && n.End() <= ret.End() {
			return ret
		}
	}
	return nil
}

// assignedTo returns the local variable that n is assigned to in fd, or nil.
func (r *Result) assignedTo(fd *funcData, n ast.Node) *types.Var {
	var v *types.Var
	ast.Inspect(fd.node, func(m ast.Node) bool {
		if v != nil || m == nil || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, rhs := range as.Rhs {
			if rhs.Pos() <= n.Pos() && n.End() <= rhs.End() {
				if id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident); ok {
					v, _ = r.pass.TypesInfo.ObjectOf(id).(*types.Var)
				}
			}
		}
		return v == nil
	})
	return v
}
