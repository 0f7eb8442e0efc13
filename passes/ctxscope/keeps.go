package ctxscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// Keeps is the fact of a function that keeps func values it is given for
// later and does not run them itself: a registration, d.OnState(f),
// conn.OnClose(f), time.AfterFunc(d, f). A literal handed to one of
// those parameters belongs to whoever runs it later, as a literal stored
// in a field does: a root made in it drops nothing of the function that
// registers it (unless it captures that function's context and chose a
// root over it).
type Keeps struct {
	Params []int // the kept func parameters, by index (the receiver not counted)
}

// AFact marks Keeps as a fact.
func (*Keeps) AFact() {}

func (f *Keeps) String() string { return "keeps func param " + paramList(f.Params) }

// keepsArg reports whether the call keeps the func value it is given as
// argument i for later (a Keeps fact of its static callee).
func (r *Result) keepsArg(call *ast.CallExpr, i int) bool {
	fn := lintkit.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	f, ok := r.keeps[fn]
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Variadic() && i >= sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		i = sig.Params().Len() - 1
	}
	return slices.Contains(f.Params, i)
}

// computeKeeps exports Keeps facts for the package's functions with func
// parameters, to a fixed point over calls within the package (a
// registration may hand its func to another). It runs before the index,
// which detaches the literals handed to kept parameters, in the packages
// that use contexts (the prefilter's gate: a registry that imports no
// context has no Keeps facts, and a literal handed to it stays the
// caller's).
func (r *Result) computeKeeps() {
	type cand struct {
		d      *ast.FuncDecl
		fn     *types.Func
		params []*types.Var // nil where the parameter is no named func
	}
	var cands []cand
	funcTypes := declaredFuncTypes(r.pass.Files)
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var vs []*types.Var
			i := 0
			for _, field := range fd.Type.Params.List {
				for _, name := range field.Names {
					if p, ok := r.pass.TypesInfo.Defs[name].(*types.Var); ok && mayKeep(fd, field, name, funcTypes) {
						if vs == nil {
							vs = make([]*types.Var, fd.Type.Params.NumFields())
						}
						vs[i] = p
					}
					i++
				}
			}
			fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if vs != nil && fn != nil {
				cands = append(cands, cand{fd, fn, vs})
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	local := map[*types.Func]bool{}
	scans := make([]*keepScan, len(cands)) // built once: only the facts of callees change
	for changed := true; changed; {
		changed = false
		for ci, c := range cands {
			var kept []int
			if scans[ci] == nil {
				scans[ci] = newKeepScan(r, c.d.Body)
			}
			k := scans[ci]
			for i, p := range c.params {
				if p != nil && k.keeps(p) {
					kept = append(kept, i)
				}
			}
			if len(kept) > 0 && (!local[c.fn] || len(kept) != len(r.keeps[c.fn].Params)) {
				r.keeps[c.fn] = &Keeps{Params: kept}
				local[c.fn] = true
				changed = true
			}
		}
	}
	for _, c := range cands {
		if local[c.fn] {
			r.pass.ExportObjectFact(c.fn, r.keeps[c.fn])
		}
	}
}

// A keepScan decides, for the func parameters of one function body,
// whether the function keeps them for later: no use runs it now (a call,
// a go or defer, a hand-off to a function not known to keep it) and some
// use keeps it (a store, a return, a capture by a literal that is kept, a
// hand-off to a function that keeps it). A send on a channel is a
// hand-off of work to a worker, not a registration: it counts as a run.
type keepScan struct {
	r      *Result
	parent map[ast.Node]ast.Node
	uses   map[*types.Var][]*ast.Ident
}

func newKeepScan(r *Result, body *ast.BlockStmt) *keepScan {
	k := &keepScan{r: r, parent: map[ast.Node]ast.Node{}, uses: map[*types.Var][]*ast.Ident{}}
	lintkit.InspectStack(body, false, func(n ast.Node, stack []ast.Node) bool {
		if len(stack) > 0 {
			k.parent[n] = stack[len(stack)-1]
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := r.pass.TypesInfo.Uses[id].(*types.Var); ok {
				k.uses[v] = append(k.uses[v], id)
			}
		}
		return true
	})
	return k
}

// keeps reports whether every use of v keeps it and one does.
func (k *keepScan) keeps(v *types.Var) bool {
	kept, runs := k.usesOf(v, 0)
	return kept && !runs
}

// usesOf classifies the uses of v (a parameter or a local alias of one).
func (k *keepScan) usesOf(v *types.Var, depth int) (kept, runs bool) {
	if depth > 3 {
		return false, true // too far to follow: taken to run
	}
	for _, id := range k.uses[v] {
		kp, rn := k.use(id, depth)
		kept, runs = kept || kp, runs || rn
		if runs {
			return
		}
	}
	return
}

// use classifies one use e of a func value: kept for later, run now, or
// neither (a nil test).
func (k *keepScan) use(e ast.Expr, depth int) (kept, runs bool) {
	info := k.r.pass.TypesInfo
	p := k.parent[e]
	if pe, ok := p.(*ast.ParenExpr); ok {
		return k.use(pe, depth)
	}
	// A capture: the literal decides, unless it is the value's own.
	for n := p; n != nil; n = k.parent[n] {
		if lit, ok := n.(*ast.FuncLit); ok {
			return k.use(lit, depth+1)
		}
	}
	switch p := p.(type) {
	case *ast.CallExpr:
		if p.Fun == e {
			return false, true // f(...), go f(), defer f()
		}
		if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
			return k.use(p, depth) // HandlerFunc(f): the conversion decides
		}
		if lintkit.IsBuiltin(info, p, "append") {
			return true, false
		}
		for i, a := range p.Args {
			if a == e {
				if k.r.keepsArg(p, i) {
					return true, false
				}
				return false, true // handed to a function that may run it now
			}
		}
		return false, true
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r != e || len(p.Lhs) != len(p.Rhs) {
				continue
			}
			if id, ok := ast.Unparen(p.Lhs[i]).(*ast.Ident); ok {
				if lv, ok := info.ObjectOf(id).(*types.Var); ok && !isPkgVar(lv) {
					if lv.Name() == "_" {
						return false, false
					}
					return k.usesOf(lv, depth+1) // an alias: its uses decide
				}
			}
			return true, false // a field, an element, a package variable
		}
		return false, false // the left side: a rebinding
	case *ast.ValueSpec:
		for i, r := range p.Values {
			if r == e && i < len(p.Names) {
				if lv, ok := info.Defs[p.Names[i]].(*types.Var); ok {
					return k.usesOf(lv, depth+1)
				}
			}
		}
		return false, false
	case *ast.KeyValueExpr:
		if p.Value == e {
			return true, false // a field of a value built: kept with it
		}
	case *ast.SendStmt:
		// q.work <- f: work handed to a worker that drains the queue, the
		// caller's work on another goroutine (a spawner, when configured),
		// not a registration: taken to run.
		return false, true
	case *ast.CompositeLit, *ast.ReturnStmt:
		return true, false
	case *ast.UnaryExpr:
		if p.Op == token.AND {
			return true, false // its address handed on: kept where it goes
		}
	case *ast.BinaryExpr:
		return false, false // f == nil
	}
	return false, false
}

// declaredFuncTypes returns the names of the func types the files declare
// (type DialogStateFn func(State)).
func declaredFuncTypes(files []*ast.File) map[string]bool {
	m := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok && ts.TypeParams == nil {
					if _, ok := ts.Type.(*ast.FuncType); ok {
						m[ts.Name.Name] = true
					}
				}
			}
		}
	}
	return m
}

// funcParamSyntax reports whether a parameter's type is spelled as a func
// type: a func literal type, or a func type the package declares. The
// prefilter sees only syntax; Keeps facts are computed for these
// parameters alone, so it lets through every package that may have one.
func funcParamSyntax(t ast.Expr, funcTypes map[string]bool) bool {
	switch t := ast.Unparen(t).(type) {
	case *ast.FuncType:
		return true
	case *ast.Ident:
		return funcTypes[t.Name]
	}
	return false
}

// mayKeep reports, by syntax alone, whether the parameter name of fd may
// be kept: it is spelled as a func type, and the body never calls a name
// spelled like it outside the literals in it (f(...), go f(), defer
// f(): run now). The prefilter and computeKeeps both ask it, so the
// prefilter lets through every package that may export a Keeps fact.
func mayKeep(fd *ast.FuncDecl, field *ast.Field, name *ast.Ident, funcTypes map[string]bool) bool {
	if name.Name == "_" || fd.Body == nil || !funcParamSyntax(field.Type, funcTypes) {
		return false
	}
	called, used := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if !used {
				used = lintkit.Any(n.Body, func(m ast.Node) bool {
					id, ok := m.(*ast.Ident)
					return ok && id.Name == name.Name
				})
			}
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == name.Name {
				called = true
			}
		case *ast.Ident:
			used = used || n.Name == name.Name
		}
		return !called
	})
	return used && !called
}

// keepsShape reports whether a function declared in files may have a
// Keeps fact (prefilter).
func keepsShape(files []*ast.File) bool {
	funcTypes := declaredFuncTypes(files)
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			for _, field := range fd.Type.Params.List {
				for _, name := range field.Names {
					if mayKeep(fd, field, name, funcTypes) {
						return true
					}
				}
			}
		}
	}
	return false
}
