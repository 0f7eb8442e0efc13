// Package atomic is a stub of go.uber.org/atomic (v1.11): the shapes of its
// wrappers, which ctxbound must find atomic by behaviour.
package atomic

import (
	"strconv"
	"sync/atomic"
	"time"
)

type nocmp [0]func()

// Int64 wraps an int64 with the functions of sync/atomic.
type Int64 struct {
	_ nocmp
	v int64
}

func NewInt64(val int64) *Int64 { return &Int64{v: val} }

func (i *Int64) Load() int64 { return atomic.LoadInt64(&i.v) }

func (i *Int64) Add(delta int64) int64 { return atomic.AddInt64(&i.v, delta) }

func (i *Int64) Sub(delta int64) int64 { return atomic.AddInt64(&i.v, -delta) }

func (i *Int64) Inc() int64 { return i.Add(1) }

func (i *Int64) CAS(old, new int64) (swapped bool) { return i.CompareAndSwap(old, new) }

func (i *Int64) CompareAndSwap(old, new int64) (swapped bool) {
	return atomic.CompareAndSwapInt64(&i.v, old, new)
}

func (i *Int64) Store(val int64) { atomic.StoreInt64(&i.v, val) }

func (i *Int64) Swap(val int64) (old int64) { return atomic.SwapInt64(&i.v, val) }

// String is no operation: two statements.
func (i *Int64) String() string {
	v := i.Load()
	return strconv.FormatInt(v, 10)
}

// Uint32 wraps a uint32.
type Uint32 struct {
	_ nocmp
	v uint32
}

func (i *Uint32) Load() uint32 { return atomic.LoadUint32(&i.v) }

func (i *Uint32) Store(val uint32) { atomic.StoreUint32(&i.v, val) }

func (i *Uint32) CompareAndSwap(old, new uint32) bool {
	return atomic.CompareAndSwapUint32(&i.v, old, new)
}

func (i *Uint32) Swap(val uint32) uint32 { return atomic.SwapUint32(&i.v, val) }

// Bool wraps a Uint32: a wrapper of a wrapper.
type Bool struct {
	_ nocmp
	v Uint32
}

func truthy(n uint32) bool { return n == 1 }

func boolToInt(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func (b *Bool) Load() bool { return truthy(b.v.Load()) }

func (b *Bool) Store(val bool) { b.v.Store(boolToInt(val)) }

func (b *Bool) CAS(old, new bool) (swapped bool) { return b.CompareAndSwap(old, new) }

func (b *Bool) CompareAndSwap(old, new bool) (swapped bool) {
	return b.v.CompareAndSwap(boolToInt(old), boolToInt(new))
}

func (b *Bool) Swap(val bool) (old bool) { return truthy(b.v.Swap(boolToInt(val))) }

// Toggle is no single operation: a loop.
func (b *Bool) Toggle() (old bool) {
	for {
		old := b.Load()
		if b.CAS(old, !old) {
			return old
		}
	}
}

// Duration wraps an Int64.
type Duration struct {
	_ nocmp
	v Int64
}

func (d *Duration) Load() time.Duration { return time.Duration(d.v.Load()) }

func (d *Duration) Store(val time.Duration) { d.v.Store(int64(val)) }

// Pointer wraps sync/atomic's Pointer.
type Pointer[T any] struct {
	_ nocmp
	p atomic.Pointer[T]
}

func (p *Pointer[T]) Load() *T { return p.p.Load() }

func (p *Pointer[T]) Store(val *T) { p.p.Store(val) }

func (p *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) { return p.p.CompareAndSwap(old, new) }

// Value embeds sync/atomic's Value: its methods are sync/atomic's.
type Value struct {
	_ nocmp
	atomic.Value
}

// String wraps a Value.
type String struct {
	_ nocmp
	v Value
}

func (x *String) Load() string {
	return unpack(x.v.Load())
}

func unpack(v any) string {
	s, _ := v.(string)
	return s
}

func (x *String) Store(val string) { x.v.Store(val) }
