// Package atomicrmw defines an Analyzer that reports check-then-act
// updates of an atomic: a Store guarded by a comparison with an earlier
// Load of the same atomic, with no CompareAndSwap.
//
// # Analyzer atomicrmw
//
// atomicrmw: report check-then-act updates of an atomic that a concurrent writer can undo (opt-in)
//
// An atomic makes each Load and each Store safe, not the two together. A
// worker that loads a high-water mark, compares it with its own value and
// stores the larger one loses the value another worker stored between its
// Load and its Store: if m.max.Load() < v { m.max.Store(v) } run by two
// workers keeps whichever stored last, not the larger. A flag tested and
// then set (if !s.closed.Load() { s.closed.Store(true); close(s.done) })
// lets two goroutines both pass the test and both act. The fix is one
// atomic step: a CompareAndSwap that succeeds only if the value is still
// the one tested, in a loop where the comparison must be repeated.
//
// Reported: in one function (a function literal is one of its own), a
// Store or Swap of an atomic (x.f.Store(v) of atomic.Int32 and its
// siblings, atomic.Pointer, atomic.Value, atomic.Bool; atomic.StoreInt32(&x.f,
// v) and its siblings; atomic.StoreInt32(p, v) through a pointer value,
// the same location as every load through the same variable; a method of
// an atomic type by behaviour, a type that is one atomic location whose
// methods load, store, swap, compare-and-swap or add through sync/atomic:
// go.uber.org/atomic's Int64 and Bool, a project's own type atomicBool
// int32 with isSet and setTrue) that runs only because a Load of the same
// atomic passed a test:
//
//   - inside if x.f.Load() < v { ... } (either branch), a case of a
//     switch, or after if x.f.Load() >= v { return };
//   - with the Load compared (==, !=, <, <=, >, >=) directly, after a
//     conversion, or through a local bound to it once (cur := x.f.Load());
//     an atomic.Bool tested as a condition (x.f.Load(), !x.f.Load());
//   - on a path from the Load to the Store with no mutex Lock between.
//
// Not reported: a function that calls CompareAndSwap on the same atomic (a
// CAS loop, or a protocol of its own); a Store of the value just compared
// with (if x.Load() != v { x.Store(v) }, which only avoids a write), alone
// in its block or with log lines (printf-style calls: a format string and
// ...any, under a nil test of the logger or not); after
// an equality test, a Store of a constant that is the last thing its block
// does (goroutines that race store the same value and claim nothing: a
// latch set once a fact is discovered, a flag cleared after the work it
// guards; only returns may follow); an assertion (if x.Load() != want {
// panic(...) }) before a Store; a re-check under a lock after a check
// outside it (double-checked locking: the check under the lock is the one
// that counts); code that has a single writer: the check and the Store
// run under a mutex of the value held exclusively (s.mu for s.f or
// s.first.seq, a package-level mutex for a package-level atomic; a Lock,
// or a TryLock that an if tests: if s.mu.TryLock() { ... }, or after if
// !s.mu.TryLock() { return }; not an RLock, under which readers run the
// check together; or a spin lock of the value: an atomic field of it that
// an if's condition takes with a CompareAndSwap from one constant to
// another and its body stores back, if s.busy.CompareAndSwap(0, 1) { ...;
// s.busy.Store(0) }, as a striped counter guards its table) or in a
// function whose caller holds the lock (its name ends in Locked, its doc
// comment says so: "Lock should be held.", "must be held",
// "+checklocks"; or it is unexported, never used as a value or through an
// interface of the package, and every call of it in the package is in a
// critical section or in such a function, not in a function literal,
// which may run after the Unlock; a literal that locks itself writes
// under its own lock), and every write of the same location (the same
// path of fields of the same type, or the same variable) in the package's
// non-test files runs under that same mutex, shared or exclusive (an RLock
// excludes the Lock: xsync's reader-biased mutex), or in such a function,
// outside construction (writes to a value the function itself allocates,
// or gets from a constructor of this package that allocates it); a write
// in a function literal holds the literal's own locks, and its function's
// only when the literal is called where it stands (a goroutine, a
// deferred or a kept literal may run after the Unlock; one bound to a
// local that the function only ever calls, f := func() { ... }; f(), runs
// in the sections that hold every call), and the lock of a ...Locked
// function's callers only when it is called, deferred or bound so there
// (a goroutine it starts runs after its caller's Unlock); writes
// of the very value the test found need no lock (a dirty flag that
// writers set to true without it, cleared under the lock by the one that
// tests it: if s.dirty.Load() { s.dirty.Store(false); ... }), since one
// that falls between the Load and
// the act changes nothing the test saw. Only locations no other package
// can write can be proven so: an unexported variable, or a path with an unexported field
// of a type of this package, whose address the package never takes but
// for an atomic function, in a function or a package-level declaration
// (a write through a kept or passed &s.f is not seen). A field is named by its declaration: one promoted from an
// embedded struct is written by that struct's methods too, a write
// through a pointer to an inner struct (p.seq for *position) may write
// every path that ends in it (s.first.seq), and below a pointer field (an
// embedded *shard) the value is every holder's: only a mutex below the
// pointer guards it; a plain assignment of the location (s.n = 0 beside
// atomic.LoadInt32(&s.n)) is a write.
//
// The Stores and Swaps that one tested Load guards are one finding, at the
// first of them, with the others listed with it: one CompareAndSwap
// protocol replaces them all, so no fix is suggested for such a finding.
//
// The suggested fix, for an if statement without init or else whose
// condition is the comparison alone, with constants or plain variables
// compared and stored and no comment inside: if x.Load() == old {
// x.Store(new); ... } becomes if x.CompareAndSwap(old, new) { ... }; and
// if x.Load() < v { x.Store(v) } becomes a loop that retries the
// CompareAndSwap until the comparison fails or the swap succeeds. sync/atomic
// has no Max or Min. On an atomic type by behaviour, the rewrite calls the
// type's own CompareAndSwap, and is offered only where it has one (an
// AtomicMethod fact) that takes the stored type; a method that stores a
// constant of its own (setTrue()) is treated like a Store of a constant.
//
// Test files (_test.go) are not analysed: a test runs one scenario at a
// time, and the race detector checks it when it runs.
//
// Limits: per function, on syntax and the control-flow graph: a Load in a
// callee (an accessor) is not seen; the single-writer proof knows mutexes
// by their field or variable, and a function that runs with a lock held
// by its name or doc comment, or because every call of it in the package
// stands in a critical section (an unexported function never used as a
// value; slots.LockedByCallers), not by which mutex its callers hold, nor
// whether they hold it shared (an RLock). A type with Load and Store methods over one of several
// fields is no atomic type (its methods may do anything to the others):
// a check-then-act through them is not seen.
//
// atomicrmw is opt-in: it runs only when named (ctxbound -atomicrmw
// ./..., or in the golangci-lint plugin's checks), until its first-look
// precision on the corpus reaches the suite's bar. On the modules nobody
// here had read (docs/precision.md, kinds-1 to kinds-3) its first look
// found no true finding in fourteen: two intended (a best-effort
// throttle, a racy cache of a read-only value) and twelve wrong, each a
// writer the single-writer proof could not see was serial (a value under
// construction before it is published, a lock its callers hold, a
// supervisor that runs one worker at a time, a data channel's one read
// loop, a timer's running lock) or a store that changes nothing (a value
// capped at saturation).
//
// # Examples
//
//	func (m *Metrics) Observe(v int64) {
//		if m.max.Load() < v {
//			m.max.Store(v) // want: check-then-act on atomic m.max: the Store depends on a comparison with an earlier Load, so a value another goroutine stores in between is lost; update it in a CompareAndSwap loop
//		}
//	}
//
//	func (s *Server) Close() {
//		if !s.closed.Load() {
//			s.closed.Store(true) // want: check-then-act on atomic s.closed: two goroutines can both pass the test of its Load and both Store; test and set in one step with CompareAndSwap
//			close(s.done)
//		}
//	}
//
// Right:
//
//	func (m *Metrics) Observe(v int64) {
//		for old := m.max.Load(); old < v; old = m.max.Load() {
//			if m.max.CompareAndSwap(old, v) {
//				break
//			}
//		}
//	}
//
//	func (s *Server) Close() {
//		if s.closed.CompareAndSwap(false, true) {
//			close(s.done)
//		}
//	}
//
// # Directives
//
// //ctxbound:ignore atomicrmw -- <reason> on the Store or the line above
// silences one finding (a single writer the check cannot prove).
//
// # Options
//
// None.
package atomicrmw
