// Package suppress silences findings with directives.
package suppress

import "sync/atomic"

type M struct{ max atomic.Int64 }

// Called from one goroutine only, which the check cannot prove.
func (m *M) Observe(v int64) {
	if m.max.Load() < v {
		//ctxbound:ignore atomicrmw -- only the collector goroutine writes max
		m.max.Store(v)
	}
}

// An ignore that suppresses nothing is reported.
func (m *M) Get() int64 {
	//ctxbound:ignore atomicrmw -- nothing here // want `//ctxbound:ignore atomicrmw suppressed nothing; remove it`
	return m.max.Load()
}
