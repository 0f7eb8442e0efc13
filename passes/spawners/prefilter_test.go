package spawners

import (
	"testing"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// TestPrefilter: what may make a Spawner or Sharer fact lets a package
// through; a package with go statements but no func parameter to run, or
// with func parameters run synchronously, is filtered.
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		facts map[string][]string
		src   string
		want  bool
	}{
		{"a go statement, no func parameter", nil, `package p
func Serve(n int) { go func() { _ = n }() }`, false},
		{"a func parameter run synchronously", nil, `package p
func Do(f func()) { f() }`, false},
		{"a func parameter on a goroutine", nil, `package p
func Go(f func()) { go f() }`, true},
		{"a named func type parameter", nil, `package p
type Task func()
func Run(t Task) { go t() }`, true},
		{"a parameter of a struct type", nil, `package p
type Job struct{ n int }
func Run(j Job) { go func() { _ = j }() }`, false},
		{"unsafe.Pointer is no func", nil, `package p
import "unsafe"
func Run(p unsafe.Pointer) { go func() { _ = p }() }`, false},
		{"a spawner of the table", nil, `package p
import "sync"
func Run(wg *sync.WaitGroup, f func()) { wg.Go(f) }`, true},
		{"a function with a Spawner fact", map[string][]string{"*spawners.Spawner": {"Launch"}}, `package p
import "q"
func Run(f func()) { q.Launch(f) }`, true},
		{"a queue and a worker", nil, `package p
var work = make(chan func())
func Submit(f func()) { work <- f }
func init() { go func() { for f := range work { f() } }() }`, true},
		{"a queue and no worker", nil, `package p
var work = make(chan func())
func Submit(f func()) { work <- f }`, false},
		{"singleflight", nil, `package p
import "golang.org/x/sync/singleflight"
var g singleflight.Group
func Load(k string, f func() (any, error)) { g.Do(k, f) }`, true},
		{"a Do that is not singleflight's", nil, `package p
type G struct{}
func (G) Do(k string, f func()) {}
func Load(g G, f func()) { g.Do("k", f) }`, false},
	} {
		u, err := lintkit.ParseUnit("example.com/p", nil, tc.facts, tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := prefilter(u); got != tc.want {
			t.Errorf("%s: prefilter = %v, want %v", tc.name, got, tc.want)
		}
	}
}
