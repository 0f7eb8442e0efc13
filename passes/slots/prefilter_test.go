package slots

import (
	"go/ast"
	"go/importer"
	"go/types"
	"strconv"
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestPrefilter: each fact's shape lets a package through, and a package
// with none of them is filtered (positive cases on real facts are in
// TestFacts, through lintkit.CheckPrefilter).
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		name    string
		reaches []string
		src     string
		want    bool
	}{
		{"nothing", nil, `package p
type T struct{ n int; f func() }
func (t *T) Get() int { return t.n }
func (t *T) Set(o *T) { t.n = o.n; t.f = o.Get }
func New() *T { x := &T{}; x.n = 1; return x }`, false},
		{"context reached, no cancel parameter", []string{"context"}, `package p
import "context"
func F(ctx context.Context, n int) {}`, false},
		{"a CancelFunc parameter", []string{"context"}, `package p
import "context"
type T struct{ stop context.CancelFunc }
func New(stop context.CancelFunc) *T { return &T{stop: stop} }`, true},
		{"a pointer to a CancelCauseFunc", []string{"context"}, `package p
import "context"
func New(stop *context.CancelCauseFunc) {}`, true},
		{"an alias of CancelFunc", []string{"context"}, `package p
import "context"
type stop = context.CancelFunc
func New(s stop) {}`, true},
		{"a type of another package, resolved", []string{"context"}, `package p
import ("context"; "time")
var _ context.Context
func New(d time.Duration) {}`, false},
		{"sync, a write in place, no struct with a mutex", nil, `package p
import "sync"
var once sync.Once
type T struct{ M map[string]int }
func (t *T) Put(k string) { once.Do(func() {}); t.M[k] = 1 }`, false},
		{"sync, a mutex held through an embedded struct", nil, `package p
import "sync"
type guard struct{ sync.Mutex }
type T struct{ guard; M map[string]int }
func (t *T) Put(k string) { t.M[k] = 1 }`, true},
		{"sync, a mutex through an alias of the package", nil, `package p
import "sync"
type lock = sync.RWMutex
type T struct{ mu lock; M map[string]int }
func (t *T) Put(k string) { t.M[k] = 1 }`, true},
		{"sync, a field promoted from an embedded struct", nil, `package p
import "sync"
type inner struct{ M map[string]int }
type T struct{ sync.Mutex; inner }
func (t *T) Put(k string) { t.M[k] = 1 }`, true},
		{"sync, a struct of another package that holds a mutex, embedded", nil, `package p
import ("sync"; "expvar")
type T struct{ expvar.Map; M map[string]int }
var _ sync.Locker
func (t *T) Put(k string) { t.M[k] = 1 }`, true},
		{"sync, a struct of another package that holds a mutex, not embedded", nil, `package p
import ("sync"; "expvar")
type T struct{ m expvar.Map; M map[string]int }
var _ sync.Locker
func (t *T) Put(k string) { t.M[k] = 1 }`, false},
		{"sync without an in-place write", nil, `package p
import "sync"
type T struct{ mu sync.Mutex; M map[string]int }
func (t *T) Put(m map[string]int) { t.M = m }`, false},
		{"sync and an in-place write", nil, `package p
import "sync"
type T struct{ mu sync.Mutex; M map[string]int }
func (t *T) Put(k string) { t.M[k] = 1 }`, true},
		{"sync and an alias", nil, `package p
import "sync"
type T struct{ mu sync.Mutex; M map[string]int }
func (t *T) Put(k string) { m := t.M; m[k] = 1 }`, true},
		{"sync and a shift", nil, `package p
import "sync"
type T struct{ mu sync.Mutex; L []int }
func (t *T) Drop(i int) { t.L = append(t.L[:i], t.L[i+1:]...) }`, true},
		{"sync and a sort", nil, `package p
import ("sort"; "sync")
type T struct{ mu sync.Mutex; L []int }
func (t *T) Sort() { sort.Ints(t.L) }`, true},
		{"an accessor under a lock", []string{"sync"}, `package p
type T struct{ mu interface{ Lock(); Unlock() }; v *int }
func (t *T) V() *int { t.mu.Lock(); defer t.mu.Unlock(); return t.v }`, true},
		{"an accessor that names a Load method of another kind", []string{"sync", "sync/atomic"}, `package p
type S struct{}
func (S) LoadMessageInfo() *int { return nil }
type T struct{ s S }
func (t *T) V() *int { return t.s.LoadMessageInfo() }`, false},
		{"an accessor of an atomic", []string{"sync/atomic"}, `package p
import "sync/atomic"
type T struct{ v atomic.Pointer[int] }
func (t *T) V() *int { return t.v.Load() }`, true},
		{"a method of an atomic type", []string{"sync/atomic"}, `package p
import "sync/atomic"
type B int32
func (b *B) set() { atomic.StoreInt32((*int32)(b), 1) }`, true},
		{"one-statement methods that name no atomic operation", []string{"sync/atomic"}, `package p
type B int32
func (b *B) set(n int32) { *b = B(n) }
func (b *B) get() int32 { return int32(*b) }`, false},
		{"an accessor shape without sync", nil, `package p
type T struct{ mu interface{ Lock(); Unlock() }; v *int }
func (t *T) V() *int { t.mu.Lock(); defer t.mu.Unlock(); return t.v }`, false},
		{"a method value of the receiver", nil, `package p
type T struct{ f func() }
func (t *T) run() {}
func (t *T) Init() { t.f = t.run }`, true},
		{"a closure over a value allocated here", nil, `package p
type T struct{ f func() }
func New() *T { x := &T{}; x.f = func() { _ = x }; return x }`, true},
		{"a converted method value in a struct literal", nil, `package p
type H func()
type S struct{ h H }
type T struct{ s S }
func (t *T) serve() {}
func (t *T) Init() { t.s = S{h: H(t.serve)} }`, true},
		{"a field copied, not a method value", nil, `package p
type T struct{ a, b func() }
func (t *T) Init() { t.a = t.b }`, false},
		{"a call of a function, not a conversion", nil, `package p
type T struct{ a func() }
func wrap(f func()) func() { return f }
func (t *T) run() {}
func (t *T) Init() { t.a = wrap(t.run) }`, false},
		{"a promoted method of another package's type", nil, `package p
import "strings"
type T struct{ *strings.Builder; f func() string }
func (t *T) Init() { t.f = t.String }`, true},
	} {
		u, err := lintkit.ParseUnit("example.com/p", tc.reaches, nil, tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		u.Lookup = lookupStd
		if got := prefilter(u); got != tc.want {
			t.Errorf("%s: prefilter = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// lookupStd resolves qual.name in file through the export data of the
// standard library, as the driver does through its imports'.
func lookupStd(file *ast.File, qual, name string) types.Object {
	for _, spec := range file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		pkg, err := importer.Default().Import(path)
		if err != nil {
			continue
		}
		if spec.Name != nil && spec.Name.Name == qual || spec.Name == nil && pkg.Name() == qual {
			return pkg.Scope().Lookup(name)
		}
	}
	return nil
}
