// Package ctxscope computes where each context value of a package comes
// from: its provenance, flow-sensitively, at each use.
//
// A context value used at a call is one of
//
//   - caller: the function's context parameter (named or _; of a type
//     that implements context.Context, by types.Implements: a defined
//     interface over it and a constrained type parameter too, a type with
//     methods of those names but other signatures not), r.Context() of an
//     *http.Request parameter or x.Context() of another parameter whose
//     type has that method (a gRPC server stream), a context field of a
//     parameter, and anything derived from these (context.WithTimeout(ctx,
//     d), errgroup.WithContext(ctx)); but not the context parameter of an
//     unexported function that every call in the package hands a root or
//     a lifetime context (params.go: a lifetime context there), nor a
//     command-line action's context when its package does not run its
//     commands with one (cli.go: the action is a root function);
//   - detached: context.WithoutCancel of a caller value, or a root seeded
//     with the caller's values (context.WithValue(context.Background(), k,
//     ctx.Value(k)));
//   - lifetime: a component's own lifetime context: a root whose context or
//     cancel func is kept by a long-lived owner (a field, a field through a
//     pointer, a map or slice element of a field, a package variable, a
//     closure stored in one of those or returned as a closer), a context
//     field of the receiver, or a package-level context variable that is
//     not a plain root;
//   - root: context.Background or context.TODO, a value derived only from
//     one, or the result of a helper that returns one (a ReturnsRoot fact,
//     across packages);
//   - unknown: anything else (a variable that is a root on one path and the
//     caller's on another, a context read from an arbitrary value).
//
// Variables are followed in program order over the control-flow graph of
// each function (go/cfg: syntax and types only, so the pass can run on
// every dependency): ctx = context.Background() changes the later uses
// only; a shadowing declaration is a new variable with its own provenance;
// re-derivation in place (ctx, cancel = context.WithTimeout(ctx, d)) keeps
// the provenance of the previous value. A closure sees a captured variable
// as it is where the closure is made, joined with any later assignment.
//
// The pass also marks the regions of a function where a fresh root is the
// right thing: deferred calls and t.Cleanup callbacks, context.AfterFunc
// callbacks, and code that runs once the caller's context is done or
// cancelled (after <-ctx.Done(), inside case <-ctx.Done(): or if
// ctx.Err() != nil {, after the function's own cancel()).
//
// It exports four facts: ReturnsRoot (a function whose context result is
// always a root), MakesRoot (a function of the module with no context in
// scope that makes a root context and uses it itself, directly or through
// one helper of the module: its callers cannot pass their context through
// it), ReadsValues (a function that reads the values of one of its
// context parameters: ctx.Value, or handing it to a function that does)
// and Detaches (a function that returns its context parameter detached:
// context.WithoutCancel of it, or a root seeded with its values, a
// module's own detach helper: its result is detached wherever
// WithoutCancel's is), and HandsBack (a function that takes a context and
// returns, with some work, a context not derived from it: a queue's
// Read(ctx) that blocks on ctx and hands back the context the work was
// queued with).
// Work on a fresh root that calls a function with ReadsValues loses the
// caller's values, the seeds' bug.
package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
	"github.com/ctxbound/ctxbound/passes/config"
	"github.com/ctxbound/ctxbound/passes/spawners"
)

// Analyzer computes context provenance and exports root-context and
// value-reading facts.
var Analyzer = &analysis.Analyzer{
	Name:       "ctxscope",
	Doc:        "compute the provenance of the context values of each function; reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/checks.md#ctxdrop",
	Run:        lintkit.Safe(run),
	Requires:   []*analysis.Analyzer{config.Analyzer, spawners.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(MakesRoot), new(ReturnsRoot), new(ReadsValues), new(Detaches), new(HandsBack), new(Keeps), new(Ignores)},
}

// A Kind is the provenance of a context value.
type Kind int

const (
	// Unknown: not traceable to the caller's context or to a root.
	Unknown Kind = iota
	// Caller: the caller's context or derived from it.
	Caller
	// Detached: context.WithoutCancel of the caller's, or a root seeded
	// with the caller's values: it keeps the values, not the cancellation.
	Detached
	// Lifetime: a component's own lifetime context.
	Lifetime
	// Root: context.Background, context.TODO, or derived only from one.
	Root

	// none is the value of a variable no assignment has reached yet (the
	// zero value): neutral in a join.
	none Kind = -1
)

func (k Kind) String() string {
	if k == none {
		return "none"
	}
	return [...]string{"unknown", "caller", "detached", "lifetime", "root"}[k]
}

// A Class is the provenance of a context value at one use.
type Class struct {
	Kind Kind
	// For Root and Lifetime: where the root context was made in this
	// package (the context.Background() call, or the call of a helper that
	// returns one); nil for a receiver field or package variable made
	// elsewhere.
	Origin *ast.CallExpr
	// For Root and Lifetime: what made it ("context.Background", or a
	// helper), or for Lifetime from a field or package variable, its name.
	What string
	// For Root through a helper: the helper's fact.
	Via *ReturnsRoot
	// Deadline: the value has a deadline of its own (derived with
	// WithTimeout or WithDeadline): work that means to outlive its caller.
	Deadline bool
	// Recv: for Lifetime, a context field of the receiver, the
	// component's own (What names it: "d.ctx"; Field is the field).
	Recv  bool
	Field *types.Var
	// Process: for Lifetime, a root a value kept in a package variable is
	// built on: the process's, which must carry no caller's values either.
	Process bool
	// Link: for Root, a context whose end cancels this one: the cancel of
	// its derivation runs once Link is done (context.AfterFunc(ctx,
	// cancel), or work that waits on <-ctx.Done() and then cancels). Its
	// cancellation follows Link's on purpose, a little later; only
	// Link's values are not in it.
	Link ast.Expr
	// Param: for Caller and Detached, the parameter the value derives from
	// (nil for a receiver field or r.Context() of a request parameter's
	// field).
	Param *types.Var
}

// Result is the context provenance information of one package.
type Result struct {
	pass   *analysis.Pass
	module string
	sp     *spawners.Result // spawn sites and repeaters (noteRepeated)
	ctx    contextTypes
	decls  map[*types.Func]*ast.FuncDecl // the declarations with a body, by object (DeclOf)

	funcs map[ast.Node]*funcInfo // *ast.FuncDecl and *ast.FuncLit
	units []*funcInfo            // every function, in source order

	// From the index walk.
	regions   map[*ast.CallExpr]Region   // calls in a region other than RegionNone
	owned     map[*ast.CallExpr]bool     // root or derivation calls whose context or cancel a long-lived owner keeps
	seeds     map[*ast.CallExpr]bool     // root or derivation calls handed to a lifetime holder an owner keeps: s.stop = newStop(context.Background())
	links     map[*ast.CallExpr]ast.Expr // derivation calls whose cancel runs once another context is done (Class.Link)
	procSeeds map[*ast.CallExpr]bool     // roots a value kept in a package variable is built on: client = oauth2.NewClient(context.Background(), ts)
	shared    map[*types.Var]bool        // context variables assigned in a closure or through a pointer: unknown
	rangeDef  map[*ast.Ident]bool        // range and select-receive variables: assigned an unknown value
	retCalls  map[*ast.CallExpr]bool     // calls whose result is returned, directly or through a variable
	goCalls   map[*ast.CallExpr]bool     // the calls of go statements
	rootStmt  map[*ast.CallExpr]ast.Stmt // the statement of each call that may make a root
	pkgVars   map[*types.Var][]value     // assignments of package-level context variables
	lhsDefs   map[*ast.Ident]bool        // identifiers on the left of an assignment
	labels    []*ast.CallExpr            // calls of pprof.Do with a literal callback

	// Variables: where each context variable is declared, the context
	// variables each function declares, the context parameters, the
	// parameters of any type and the receivers (whose context fields are a
	// caller's or a component's), and the non-context locals computed from
	// a context (sess := session.From(ctx)): what seeds a root with the
	// caller's values.
	declUnit map[*types.Var]*funcInfo
	declared map[*funcInfo][]*types.Var
	params   map[*types.Var]bool
	anyParam map[*types.Var]bool
	recvs    map[*types.Var]bool
	taint    map[*types.Var][]*ast.Ident

	returnedVars map[*types.Var]bool // see funcInfo.returned
	// cliRuns are the command-line frameworks (by package path) whose
	// commands this package runs with a context it gives (cli.go).
	cliRuns map[string]bool
	// notCaller are the context parameters that every call in the package
	// hands a root or a lifetime context (params.go): a lifetime context
	// inside their function, not its caller scope.
	notCaller map[*types.Var]bool
	// factsDone: the facts are computed; the first question of a check
	// then computes notCaller, once (ensureParams). A dependency's unit,
	// run for its facts alone, never pays for it.
	factsDone  bool
	paramsOnce sync.Once

	// uses: how the package's functions use their context parameters,
	// computed once, when a root is first handed to one (paramUse).
	uses     map[useKey]ctxUse
	usesOnce sync.Once

	// rootFields: the receiver context fields that only ever hold a bare
	// root (rootField), computed once, when a scope first asks.
	rootFields     map[*types.Var]bool
	rootFieldsOnce sync.Once
	// creatorFields: the receiver context fields that only ever hold a
	// context parameter of the function that writes them (rootfields.go).
	creatorFields map[*types.Var]bool

	pkgMemo map[*types.Var]Class
	pkgBusy map[*types.Var]bool

	mu    sync.Mutex // guards the lazily computed flows: analyzers share the Result
	flows map[*funcInfo]*flowResult

	makes   map[types.Object]*MakesRoot
	makesAt map[types.Object][]makesAt // every root cause of a MakesRoot function of this package, the fact's first
	returns map[types.Object]*ReturnsRoot
	reads   map[types.Object]*ReadsValues
	detach  map[types.Object]*Detaches
	hands   map[types.Object]*HandsBack
	keeps   map[types.Object]*Keeps   // func parameters kept for later (keeps.go)
	ignores map[types.Object]*Ignores // context parameters never mentioned (ignores.go)

	ifaceMemo map[ifaceKey]ifaceRead // ifaceReads, by interface method and parameter

	// pending are the calls that take a context and return one with some
	// work, recorded as hand-backs once the HandsBack facts are known.
	pending []pendingHandBack
}

// value is one value assigned to a variable: the idx'th result of expr
// (idx -1: expr is single-valued).
type value struct {
	expr ast.Expr
	idx  int
}

// funcInfo describes one function declaration or literal.
type funcInfo struct {
	node   ast.Node // *ast.FuncDecl or *ast.FuncLit
	body   *ast.BlockStmt
	parent *funcInfo
	root   *funcInfo     // the outermost function: a FuncDecl or package-level literal
	decl   *ast.FuncDecl // outermost declaration, nil for package-level literals
	sig    *types.Signature
	// ctxParams are the named context parameters (context.Context or a
	// type that implements it), reqParams the named parameters that carry
	// one (an *http.Request, a gRPC stream: carrierPath) and reqPaths how
	// each gives it (".Context()"); blank is set when a context parameter
	// is _ or unnamed.
	ctxParams []*types.Var
	reqParams []*types.Var
	reqPaths  []string
	reqTypes  []types.Type // the type of each carrier's context (reqPaths' value)
	blank     bool
	blankType types.Type
	// recv is the receiver and ctxFields its context field, when it has
	// exactly one (FuncDecl only).
	recv      *types.Var
	ctxFields []*types.Var
	// detached: a literal that is returned, stored or sent: it belongs to
	// whoever runs it, not to the function that makes it.
	detached bool
	// structCtx: a parameter is a struct (or a pointer to one) with a
	// context field: the function is handed its caller's context inside
	// it, so it is no ctx-less helper.
	structCtx bool
	// returned is the first local context variable given the context of a
	// call that returns one with its work (ctx, req, ok := q.Read()), and
	// discards the calls whose context was thrown away.
	returned   *types.Var
	returnedBy *ast.CallExpr
	discards   []Discard
	// goroutine: a literal started by a go statement.
	goroutine bool
	// loop: a literal a repeater runs over and over on a goroutine
	// (noteRepeated): a background loop of its own.
	loop bool
	// givenRoot: a literal whose runner calls it with a root (pprof.Do's
	// callback, given context.Background() with labels): its context
	// parameters, named or not, are no caller's (labelCallbacks).
	givenRoot bool
	children  []*funcInfo
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pass:      pass,
		funcs:     map[ast.Node]*funcInfo{},
		decls:     map[*types.Func]*ast.FuncDecl{},
		regions:   map[*ast.CallExpr]Region{},
		owned:     map[*ast.CallExpr]bool{},
		seeds:     map[*ast.CallExpr]bool{},
		links:     map[*ast.CallExpr]ast.Expr{},
		procSeeds: map[*ast.CallExpr]bool{},
		shared:    map[*types.Var]bool{},
		rangeDef:  map[*ast.Ident]bool{},
		retCalls:  map[*ast.CallExpr]bool{},
		goCalls:   map[*ast.CallExpr]bool{},
		rootStmt:  map[*ast.CallExpr]ast.Stmt{},
		pkgVars:   map[*types.Var][]value{},
		lhsDefs:   map[*ast.Ident]bool{},
		declUnit:  map[*types.Var]*funcInfo{},
		declared:  map[*funcInfo][]*types.Var{},
		params:    map[*types.Var]bool{},
		anyParam:  map[*types.Var]bool{},
		recvs:     map[*types.Var]bool{},
		taint:     map[*types.Var][]*ast.Ident{},
		pkgMemo:   map[*types.Var]Class{},

		returnedVars: map[*types.Var]bool{},
		cliRuns:      map[string]bool{},
		pkgBusy:      map[*types.Var]bool{},
		flows:        map[*funcInfo]*flowResult{},
		makes:        lintkit.ObjectFacts[*MakesRoot](pass),
		makesAt:      map[types.Object][]makesAt{},
		returns:      lintkit.ObjectFacts[*ReturnsRoot](pass),
		reads:        lintkit.ObjectFacts[*ReadsValues](pass),
		detach:       lintkit.ObjectFacts[*Detaches](pass),
		hands:        lintkit.ObjectFacts[*HandsBack](pass),
		keeps:        lintkit.ObjectFacts[*Keeps](pass),
		ignores:      lintkit.ObjectFacts[*Ignores](pass),
		ifaceMemo:    map[ifaceKey]ifaceRead{},
	}
	if pass.Module != nil {
		r.module = pass.Module.Path
	}
	r.ctx.cfg, _ = pass.ResultOf[config.Analyzer].(*config.Config)
	r.sp, _ = pass.ResultOf[spawners.Analyzer].(*spawners.Result)
	if !usesContext(pass.Pkg) && (r.ctx.cfg == nil || len(r.ctx.cfg.ContextTypes) == 0) {
		return r, nil
	}
	r.computeKeeps() // before the index, which detaches the literals kept
	r.computeIgnores()
	r.index()
	r.computeFacts()
	r.factsDone = true // the parameters (params.go) are computed when a check first asks
	return r, nil
}

// usesContext reports whether the package can hold context values of its
// own: it is context or imports it.
func usesContext(pkg *types.Package) bool {
	return pkg.Path() == "context" || lintkit.ImportsAny(pkg, "context", "golang.org/x/net/context")
}

func (r *Result) newFunc(n ast.Node, parent *funcInfo) *funcInfo {
	info := r.pass.TypesInfo
	fi := &funcInfo{node: n, parent: parent}
	if parent != nil {
		fi.root, fi.decl = parent.root, parent.decl
		parent.children = append(parent.children, fi)
	} else {
		fi.root = fi
	}
	var ftype *ast.FuncType
	switch n := n.(type) {
	case *ast.FuncDecl:
		fi.decl, fi.body, ftype = n, n.Body, n.Type
		if obj, ok := info.Defs[n.Name].(*types.Func); ok {
			fi.sig = obj.Signature()
			if n.Body != nil {
				r.decls[obj] = n
			}
		}
		if n.Recv != nil && len(n.Recv.List) == 1 && len(n.Recv.List[0].Names) == 1 {
			if v, ok := info.Defs[n.Recv.List[0].Names[0]].(*types.Var); ok && v.Name() != "_" {
				fi.recv = v
				// A receiver with one context field has the component's
				// context in it; with several (a test server recording
				// the context of each call), none is known to be.
				if fs := r.ctx.fields(v.Type()); len(fs) == 1 {
					fi.ctxFields = fs
				}
				r.recvs[v] = true
			}
		}
	case *ast.FuncLit:
		fi.body, ftype = n.Body, n.Type
		fi.sig, _ = info.TypeOf(n).(*types.Signature)
	}
	// In a test helper the test is the root, and the objects it is handed
	// (a client, a stream) are fixtures, not a caller's context; an
	// *http.Request is still the request's.
	helper := takesTesting(fi.sig)
	for _, field := range ftype.Params.List {
		if len(field.Names) == 0 {
			if t := info.TypeOf(field.Type); t != nil && r.ctx.is(t) {
				fi.blank, fi.blankType = true, t
			}
			continue
		}
		for _, id := range field.Names {
			v, ok := info.Defs[id].(*types.Var)
			if !ok {
				continue
			}
			if v.Name() != "_" {
				r.anyParam[v] = true
			}
			if len(r.ctx.fields(v.Type())) > 0 {
				fi.structCtx = true // create(r *request) with r.ctx: given its caller's context
			}
			switch {
			case r.ctx.like(v.Type()):
				if v.Name() == "_" {
					if r.ctx.is(v.Type()) {
						fi.blank, fi.blankType = true, v.Type()
					}
					continue
				}
				fi.ctxParams = append(fi.ctxParams, v)
				r.params[v] = true
				r.declare(v, fi)
			case v.Name() != "_" && !returnsType(fi.sig, v.Type()) && (!helper || isHTTPRequest(v.Type())):
				if path, t, ok := r.carrierPath(v.Type()); ok {
					fi.reqParams = append(fi.reqParams, v)
					fi.reqPaths = append(fi.reqPaths, path)
					fi.reqTypes = append(fi.reqTypes, t)
				}
			}
		}
	}
	if ftype.Results != nil {
		for _, field := range ftype.Results.List {
			for _, id := range field.Names {
				if v, ok := info.Defs[id].(*types.Var); ok && v.Name() != "_" && r.ctx.like(v.Type()) {
					r.declare(v, fi) // a named result: the zero value until assigned
				}
			}
		}
	}
	r.funcs[n] = fi
	r.units = append(r.units, fi)
	return fi
}

// declare records that the context variable v is declared in fi.
func (r *Result) declare(v *types.Var, fi *funcInfo) {
	if fi == nil || r.declUnit[v] != nil {
		return
	}
	r.declUnit[v] = fi
	r.declared[fi] = append(r.declared[fi], v)
}

func isHTTPRequest(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Name() == "Request" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}

// carrierPath returns how a parameter of type t hands the function its
// caller's context, as the text that follows the parameter's name, and
// the type of that context:
// ".Context()" for an *http.Request (r.Context()), a gRPC server stream
// (stream.Context()), a TLS handshake's *tls.ClientHelloInfo, any type with
// an exported method Context() returning a context; ".Request().Context()"
// for a framework's request context with a method Request() returning the
// *http.Request (echo.Context). A field that holds a request is not
// followed: an *http.Response's Request may be nil. The testing types
// carry none: a test is a root, and a helper that takes t may make its own
// context.
func (r *Result) carrierPath(t types.Type) (string, types.Type, bool) {
	if isHTTPRequest(t) {
		return ".Context()", requestContext(t), true
	}
	if t == nil || r.ctx.like(t) {
		return "", nil, false
	}
	if isTestingType(t) {
		return "", nil, false
	}
	if res := nullary(t, "Context"); res != nil && r.ctx.like(res) {
		if _, cli := cliTypeOf(t); cli || !r.handle(t) {
			return ".Context()", res, true
		}
	}
	if res := nullary(t, "Request"); res != nil && isHTTPRequest(res) {
		return ".Request().Context()", requestContext(res), true
	}
	return cliCarrier(t) // urfave/cli's c.Context
}

// handle reports whether t, which has a Context method, is a long-lived
// handle rather than a carrier of one operation's context: it has an
// exported method that takes a context for work of its own and returns
// something other than t (a go-redis v8 client's Get(ctx, key), whose
// Context() is the client's default, a root). A request's methods that
// take a context return a request (WithContext, Clone), and a setter
// returns nothing: they keep it a carrier.
func (r *Result) handle(t types.Type) bool {
	base := lintkit.NamedOf(t)
	ms := types.NewMethodSet(t)
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	for m := range ms.Methods() {
		fn, ok := m.Obj().(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Signature()
		takes := false
		for i := range sig.Params().Len() {
			if r.ctx.like(sig.Params().At(i).Type()) {
				takes = true
			}
		}
		if !takes || sig.Results().Len() == 0 {
			continue
		}
		rebinds := false
		for i := range sig.Results().Len() {
			if n := lintkit.NamedOf(sig.Results().At(i).Type()); n != nil && base != nil && n.Origin() == base.Origin() {
				rebinds = true
			}
		}
		if !rebinds {
			return true
		}
	}
	return false
}

// requestContext returns the result type of (*http.Request).Context,
// context.Context, for the request type req.
func requestContext(req types.Type) types.Type { return nullary(req, "Context") }

// takesTesting reports whether sig has a parameter of a type of package
// testing (*testing.T, testing.TB, ...): a test helper.
func takesTesting(sig *types.Signature) bool {
	if sig == nil {
		return false
	}
	for i := range sig.Params().Len() {
		if isTestingType(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// isTestingType reports whether t, or what it points to, is a type of
// package testing.
func isTestingType(t types.Type) bool {
	n, ok := types.Unalias(lintkit.Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing"
}

// nullary returns the result type of t's exported method name when it
// takes no arguments and returns one value, or nil.
func nullary(t types.Type, name string) types.Type {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok || !fn.Exported() {
		return nil
	}
	sig := fn.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// returnsType reports whether sig returns a value of type t: a function
// that builds or rewrites requests (or other carriers of a context), whose
// parameter of that type is input, not its caller's context.
func returnsType(sig *types.Signature, t types.Type) bool {
	if sig == nil {
		return false
	}
	for i := range sig.Results().Len() {
		if types.Identical(sig.Results().At(i).Type(), t) {
			return true
		}
	}
	return false
}

// ctxVar returns the context variable (not a field) e names, or nil.
func (r *Result) ctxVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || !r.ctx.like(v.Type()) {
		return nil
	}
	return v
}

// isPkgVar reports whether v is a package-level variable.
func isPkgVar(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// fn returns the information of a function declaration or literal.
func (r *Result) fn(n ast.Node) *funcInfo { return r.funcs[n] }

// A Scope is the caller's context a function has in scope.
type Scope struct {
	// Name is how code in the function names it: "ctx", "r.Context()",
	// "s.ctx"; "" when the only context is an unnamed parameter.
	Name string
	// Var is the variable Name starts with (the parameter, request or
	// receiver), to check that a fix may use the name.
	Var *types.Var
	// Type is the type of the context Name denotes: a fix puts it only
	// where a value of that type fits (Result.Fits).
	Type types.Type
	// Blank: the function's only context parameter is _ or unnamed.
	Blank bool
	// Field: the context is a field of the receiver (s.ctx), the
	// component's own, not one the caller handed over.
	Field bool
	// From: the context is a local variable given by a call that returns
	// the work's context (ctx, req, ok := q.Read()): it is in scope only
	// after From, where it is declared.
	From token.Pos
	// Func is the function or literal that owns it.
	Func ast.Node
}

// CallerScope returns the caller's context in scope in the function or
// literal n: its own, or that of the function that made n, unless n is a
// literal that is returned, stored or sent and captures no context of its
// maker (it belongs to whoever runs it).
// spawned asks for work started on another goroutine: an unnamed context
// parameter does not bind that work (a component's Start(_
// context.Context) may be told by its framework not to keep it).
func (r *Result) CallerScope(n ast.Node, spawned bool) (Scope, bool) {
	r.ensureParams()
	for fi := r.fn(n); fi != nil; fi = fi.parent {
		switch {
		case r.callerParam(fi) != nil:
			v := r.callerParam(fi)
			return Scope{Name: v.Name(), Var: v, Type: v.Type(), Func: fi.node}, true
		case r.carrierParam(fi) >= 0:
			i := r.carrierParam(fi)
			v := fi.reqParams[i]
			return Scope{Name: v.Name() + fi.reqPaths[i], Var: v, Type: fi.reqTypes[i], Func: fi.node}, true
		case len(fi.ctxFields) > 0 && !r.rootField(fi.ctxFields[0]):
			f := fi.ctxFields[0]
			return Scope{Name: fi.recv.Name() + "." + f.Name(), Var: fi.recv, Type: f.Type(), Func: fi.node, Field: true}, true
		case fi.blank && !spawned && !fi.givenRoot:
			return Scope{Blank: true, Type: fi.blankType, Func: fi.node}, true
		case fi.returned != nil && !r.returnsRootCall(fi.returnedBy):
			v := fi.returned
			return Scope{Name: v.Name(), Var: v, Type: v.Type(), Func: fi.node, From: v.Pos()}, true
		}
		if fi.detached && !r.capturesContext(fi) {
			break
		}
	}
	return Scope{}, false
}

// capturesContext reports whether the literal fi uses a context (or a
// carrier of one: a request, a stream) of an enclosing function: a
// literal returned, stored or sent that has no context parameter of its
// own but captures its maker's context is checked against that context
// (it chose a root over the context it holds); one that captures none
// belongs to whoever runs it.
func (r *Result) capturesContext(fi *funcInfo) bool {
	info := r.pass.TypesInfo
	lit := fi.node
	return lintkit.Any(fi.body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.IsField() || isPkgVar(v) || lit.Pos() <= v.Pos() && v.Pos() < lit.End() {
			return false
		}
		if r.ctx.like(v.Type()) {
			return true
		}
		_, _, carrier := r.carrierPath(v.Type())
		return carrier && r.anyParam[v]
	})
}

// callerParam returns the first context parameter of fi that may be its
// caller's context (not one every call hands a root or a lifetime context),
// or nil.
func (r *Result) callerParam(fi *funcInfo) *types.Var {
	for _, v := range fi.ctxParams {
		if !r.notCaller[v] {
			return v
		}
	}
	return nil
}

// carrierParam returns the index in fi.reqParams of the first parameter
// that carries its caller's context (not a command line's own root:
// cli.go), or -1.
func (r *Result) carrierParam(fi *funcInfo) int {
	for i, v := range fi.reqParams {
		if !r.cliRoot(v) {
			return i
		}
	}
	return -1
}

// returnsRootCall reports whether call's callee returns a root context (a
// ReturnsRoot fact): its context is no caller's.
func (r *Result) returnsRootCall(call *ast.CallExpr) bool {
	fn := lintkit.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	_, ok := r.returns[fn.Origin()]
	return ok
}

// OnGoroutine reports whether the literal n runs on a goroutine of its
// own: go func() { ... }(), or a func() handed to the function a go
// statement calls (go safe.WithRecover(func() { ... })).
func (r *Result) OnGoroutine(n ast.Node) bool {
	fi := r.fn(n)
	return fi != nil && fi.goroutine
}

// OwnsContext reports whether the function or literal n itself (not an
// enclosing function) has a context parameter (named or not), an
// *http.Request parameter or another carrier of a context
// (carrierPath), a receiver context field, or a parameter that carries
// a context in a field (create(&request{ctx: ctx})).
func (r *Result) OwnsContext(n ast.Node) bool {
	fi := r.fn(n)
	return fi != nil && (len(fi.ctxParams) > 0 || len(fi.reqParams) > 0 || len(fi.ctxFields) > 0 || fi.blank || fi.structCtx)
}

// A Discard is a call that hands back the context of the work it returns
// (ctx, req, ok := q.Read()) whose context is thrown away: _, req, ok :=
// q.Read().
type Discard struct {
	Call *ast.CallExpr
	At   *ast.Ident // the _
}

// Discards returns the discarded contexts of the function or literal n.
func (r *Result) Discards(n ast.Node) []Discard {
	if fi := r.fn(n); fi != nil {
		return fi.discards
	}
	return nil
}

// InScope reports whether the scope s covers pos: a returned context only
// after it is declared.
func (s Scope) InScope(pos token.Pos) bool { return !s.From.IsValid() || pos > s.From }

// Visible reports whether s.Var is what s.Name's first identifier resolves
// to at pos: a fix may spell s.Name there.
func (r *Result) Visible(s Scope, pos token.Pos) bool {
	if s.Var == nil {
		return false
	}
	scope := r.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(s.Var.Name(), pos)
	return obj == s.Var
}

// Enclosing returns the innermost function declaration or literal that
// contains n (the parent of a function), or nil. It costs a binary search
// and the nesting depth, not a walk of the file.
func (r *Result) Enclosing(n ast.Node) ast.Node {
	if fi := r.fn(n); fi != nil {
		if fi.parent != nil {
			return fi.parent.node
		}
		return nil
	}
	// Every function that starts after the innermost one containing n and
	// before n is nested in it: climb from the last one.
	i, _ := slices.BinarySearchFunc(r.units, n.Pos()+1, func(fi *funcInfo, p token.Pos) int { return int(fi.node.Pos() - p) })
	if i == 0 {
		return nil
	}
	for fi := r.units[i-1]; fi != nil; fi = fi.parent {
		if fi.node.Pos() <= n.Pos() && n.End() <= fi.node.End() {
			return fi.node
		}
	}
	return nil
}

// Parent returns the function enclosing the function literal n, or nil.
func (r *Result) Parent(n ast.Node) ast.Node {
	if fi := r.fn(n); fi != nil && fi.parent != nil {
		return fi.parent.node
	}
	return nil
}

// Decl returns the outermost function declaration of n, or nil.
func (r *Result) Decl(n ast.Node) *ast.FuncDecl {
	if fi := r.fn(n); fi != nil {
		return fi.decl
	}
	return nil
}

// Detached reports whether the literal n is returned, stored or sent: it
// belongs to whoever runs it.
func (r *Result) Detached(n ast.Node) bool {
	fi := r.fn(n)
	return fi != nil && fi.detached
}

// Funcs returns the function declarations and literals of the package, in
// source order: by file name, then offset (lintkit.ComparePos), the same
// under every driver.
func (r *Result) Funcs() []ast.Node {
	nodes := make([]ast.Node, len(r.units))
	for i, fi := range r.units {
		nodes[i] = fi.node
	}
	slices.SortStableFunc(nodes, func(a, b ast.Node) int { return lintkit.ComparePos(r.pass.Fset, a.Pos(), b.Pos()) })
	return nodes
}

// InTestFunc reports whether n is, or is inside, a top-level test, benchmark,
// fuzz test or example of a _test.go file: tests are roots and make their
// own contexts.
func (r *Result) InTestFunc(n ast.Node) bool {
	d := r.Decl(n)
	if d == nil || d.Recv != nil {
		return false
	}
	if !r.inTestFile(d) {
		return false
	}
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if strings.HasPrefix(d.Name.Name, prefix) {
			return true
		}
	}
	return false
}

func (r *Result) inTestFile(n ast.Node) bool {
	return strings.HasSuffix(r.pass.Fset.File(n.Pos()).Name(), "_test.go")
}
