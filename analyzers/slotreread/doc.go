// Package slotreread defines an Analyzer that reports two reads of one
// mutable slot in one operation.
//
// # Analyzer slotreread
//
// slotreread: report two reads of one mutable run slot in one operation
//
// A long-lived object (an approval gate, a tool, a wrapper) that reaches the
// current run through a slot must read the slot once per operation and hand
// that value on. Two reads can see two different runs if the slot is rebound
// in between: in seed 003 an approval gate took the run from its slot, then
// read the slot again for the approval's request id, so the approval carried
// run B's id while waiting on run A's cancel token.
//
// Reported: in one function (a function literal is an operation of its
// own), a second read of the same slot after a first one, on one path and
// in one loop iteration, when the two results meet: both reads are in one
// statement, or the second is guarded by a check on the first (if
// s.Load() != nil { s.Load().ID }), or a variable bound from the first is
// used from the second read's statement on, or the first is checked by an
// early return and the second uses the value without checking it (if
// s.Load() == nil { return }; s.Load().ID: the check and the use see two
// bindings, and the second may be nil). A slot read is:
//
//   - x.f.Load() of an atomic.Pointer[T] or atomic.Value, type parameters
//     included, or of an atomic type by behaviour that holds a pointer or
//     an interface (a type that is one atomic location whose methods
//     load, store, swap or compare-and-swap through sync/atomic, such as
//     go.uber.org/atomic's Pointer; a fact, so it holds in every importer),
//     also through a field that points to the atomic (not when
//     the Load of an atomic.Value is asserted to a value type, a struct, a
//     number or a string: x.conf.Load().(Config) copies a snapshot of
//     data out, and no run is bound to it);
//   - a call of a method marked //ctxbound:slot, also an interface method;
//   - a call of an inferred accessor: a method without parameters that
//     returns a field of its receiver read under the receiver's mutex, or
//     the Load of an atomic field of its receiver, not asserted to a value
//     type (a fact, so it works for accessors declared in other packages);
//   - a pointer or interface field x.f read inside a critical section of x's
//     mutex, when the second read is in another critical section.
//
// One decision, one read. A state (an integer compared with constants) is
// reported when it is loaded twice in one decision: in one condition, in
// the conditions of one if-else chain or switch, in a condition and again
// in the branch that condition guards when the branch does not already
// know the answer to the second test (if sig.Load() != none { if
// sig.Load() == resubmit { ... } }: a store between the loads classifies
// another signal; the fix loads once), and when it is checked by an early
// return and loaded again as the index of a lookup (if d.id.Load() ==
// invalid { return }; ...; d.table[d.id.Load()]: the check and the lookup
// see two ids). A second load after a Lock is double-checked locking, and
// silent, only when it is tested again (directly, or through the variable
// it is bound to); one that is only used is reported. Silent: a second
// test that the branch already decides (after == running every test of the
// state is known, after < 5 a test == 7 is known false: it looks for a
// change on purpose), a second load after the code blocks between the two
// (a channel operation, a select, time.Sleep, a Cond or WaitGroup Wait: a
// new observation), polling loops (the condition of a for loop and the
// loads in its body or after it are separate observations), a re-check in
// a later statement, and two tests in one condition (joined by && and ||)
// that no store of the package can make disagree with both loads: with v1
// the first load's value and v2 the second's, v2 ranging over the
// constants the location's writes put in it (every write a Store, Swap or
// CompareAndSwap of a constant; a plain assignment, an Add or a value
// that is no constant may put anything there), the condition answers on
// (v1, v2) as it does on v1 alone or on v2 alone (rocketmq's pull consumer
// tests state == StartFailed || state == Shutdown and never stores
// StartFailed); only a location no other package can write is proven so.
//
// A read that only leads to a write through the slot (s.run.lag = lag) is a
// second use when the value written comes from the first read: the first
// binding's state is written back into whatever the slot holds now
// (nats-server's mirror restore: sequences captured under the lock, the
// lock released, then written into a mirror that a reset in between made
// anew). Its message says so, and it gets no fix: the right edit compares
// the two bindings before writing.
//
// The same slot means the same variable and the same path of fields below
// it (promoted fields included); an accessor call and a direct Load of the
// field it returns are the same slot. Several second reads of one first
// read are one finding, at the first of them; the others are listed with
// it.
//
// What meets, for a slot guarded by a mutex (a field read in a critical
// section, or through an inferred accessor of one): the two reads meet on
// the binding when either holds it (keeps, passes, returns, stores or
// compares the value, calls a method on it, writes through it, or takes a
// part of it that is itself a binding: a pointer, an interface, a func, a
// channel), or on a value when both take the same field (a nil test of the
// value takes every field). Two reads that each take other plain data
// (numbers, strings, booleans, and values made of them) of the binding they
// see, s.getOpts().Key and later s.getOpts().OldKey, read two values the
// way reads of two separate fields would, and are not reported. Atomic and
// marked slots declare themselves: every read of them counts.
//
// A numeric state is loaded the same way: x.f.Load() of atomic.Int32 and
// its siblings or of an atomic type by behaviour that holds an integer
// (go.uber.org/atomic's Int64, a project's type state int32 loaded with
// atomic.LoadInt32((*int32)(s))), atomic.LoadInt32(&x.f), and
// atomic.LoadInt32(p) through a pointer value: every load through the same
// variable (a parameter, a local, a field) is one location, until the
// variable is assigned.
//
// Not reported: reads in different iterations of a loop (a compare-and-swap
// loop), reads on exclusive branches, a re-read after the variable or a
// field on the path is assigned, any re-read in a function that writes the
// slot itself (its own Store, Swap or CompareAndSwap, an assignment to the
// guarded field, a call of a method of the package that stores into the
// slot below its receiver between two of the reads, g.rebind(r) for func
// (g *Gate) rebind(r *Run) { g.slot.Store(r) }, but not one only on a path
// that leaves without a second read or after the last read, or a Store
// through a pointer to an atomic of the same
// kind: lazy initialisation, read-check-write, a test of the slot), a
// re-read after a mutex Lock that is tested again (double-checked
// locking); two loads of an atomic location (x.f.Load(),
// atomic.LoadInt32(&x.f)) inside one critical section of a mutex of the
// value that holds it (x.mu for x.f, a package-level mutex for a
// package-level variable), with no Unlock of it on a path between them,
// when every write of the location in the package's non-test code,
// outside construction, holds that mutex in a mode the section excludes (a
// Lock where the reads hold an RLock, either where they hold the Lock): no
// rebind can fall between the reads (t4's Watch reads its store twice
// under readMu.RLock, and its restore swaps the store under readMu.Lock);
// a write in a goroutine, a deferred or a kept function literal holds only
// the literal's own locks (one bound to a local that is only ever called
// holds the sections around every call), one in a function whose callers
// hold some lock
// names none, and only a location no other package can write (an
// unexported variable, or a path with an unexported field) whose address
// the package never takes but for an atomic function is proven so (a
// field promoted from an embedded struct is that struct's field, written
// by its methods too; below a pointer field the value is every holder's,
// guarded only by a mutex below the pointer; a plain assignment is a
// write); a second read
// compared with the first (has the slot changed?), reads whose results
// never meet (each call's result used on its own, as a test suite's
// s.Require() per assertion), counters and flags (atomic.Int64,
// atomic.Bool, ...), state fields (error, bool, numbers, strings, slices,
// maps, channels: only pointer and interface fields hold a binding),
// results that are discarded; a guarded field that the package never
// rebinds outside construction, read directly or through its accessor
// (d.ID() that returns d.id under d.mu; an accessor of another package
// too, whose fact carries its own package's answer: git-lfs's
// cfg.Filesystem(), which sets its field while it is nil): bound once (at construction, or only while
// it is nil: if s.f == nil { s.f = v }, or after if s.f != nil { return }),
// or only ever cleared (s.f = nil, on close), since a field that is never
// bound to a second value is no slot (one bound while nil and also cleared
// can be bound again, and is one); an atomic.Pointer or atomic.Value
// bound once in its life: a local stored into by one statement that
// runs once (not in a loop, nor in a literal that may run again; a
// goroutine started where it stands runs once), every other use a Load,
// or an unexported field (of package main, any field) stored into only at
// construction or by CompareAndSwap(nil, v), its address never taken
// (a probe's if listener.Load() == nil { return false }; return
// listener.Load().Listening() sees nil and then one listener, never two);
// a second store, a Swap, a store in a loop or a callback, a store from a
// method, or no store in sight keeps the slot; a write through the slot of a value
// that does not come from the first read (the current binding is given
// what the operation learnt); a second read into the variable the first was
// bound to (a refresh: run = s.run); a second read compared with nil,
// directly or through a field (a re-check: is it still bound?); a first
// read through the inferred accessor and a second read of the field itself
// inside a critical section the function takes for it (opts :=
// s.getOpts(); ...; s.optsMu.RLock(); cb := s.opts.TLS.GetCert): the
// function had the snapshot and locks to read the current binding on
// purpose.
//
// The suggested fix reuses the variable the first read is bound to, or
// hoists the first read into a new local declared just before its statement
// and uses it for both. It is offered only where no call between the two
// reads may rebind the slot on this goroutine (the second read would then
// be meant to see the new binding): calls between must be conversions,
// builtins, atomic loads, slot reads, mutex operations, functions of the
// package that write no field, element or pointer target and call only
// such functions, or functions of other packages given only plain data. A
// func value, an interface method or a method that writes its receiver
// between the reads leaves the finding without a fix.
//
// Test files (_test.go) are not analysed: a test runs one scenario at a
// time, and the race detector checks it when it runs.
//
// Limits: the analysis is per function, on the syntax and control-flow
// graph (no SSA): a second read inside a callee is not seen, and a slot
// reached through a call or an index expression (s.get().slot,
// gates[i].slot) is not tracked. Two plain fields of a mutex-guarded slot
// that must agree with each other (a run's ID and its user) and are taken
// by two reads are missed, and so is a function that snapshots through the
// accessor and then, under the lock, reads the field for another run on
// purpose or not: use an atomic.Pointer, or mark the accessor
// //ctxbound:slot, to have every read count. Whether a field is rebound is
// decided from assignments to it (x.f = v): a rebind through a pointer to
// the field or a copy of the whole struct (*s = S{...}) is not seen.
// Writes through pointers to the receiver variable are not seen. For a
// //ctxbound:slot method, any other method
// called on the same receiver between the two reads counts as a possible
// rebind (runctx's Slot.Bind). A package that imports neither sync nor
// sync/atomic and sees no accessor or slot method is not analysed: an
// exported atomic field of another package's type, loaded there without
// those imports, is missed.
//
// # Examples
//
//	func (g *Gate) PreCall() Approval {
//		run := g.slot.Load()
//		return Approval{
//			RequestID: g.slot.Load().ID, // want: slot g.slot read twice in one operation: a rebind between the reads mixes two runs' state; read it once into a local and use it for both
//			Wait:      run.Cancel,
//		}
//	}
//
// Right:
//
//	func (g *Gate) PreCall() Approval {
//		run := g.slot.Load()
//		return Approval{RequestID: run.ID, Wait: run.Cancel}
//	}
//
// # Directives
//
// //ctxbound:slot in the doc comment of a method or interface method
// declares it a slot read. //ctxbound:ignore slotreread -- <reason> on the
// second read or the line above silences one finding.
//
// # Options
//
// None.
package slotreread
