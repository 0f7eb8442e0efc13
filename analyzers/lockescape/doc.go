// Package lockescape defines an Analyzer that reports maps, slices and
// pointers read from a field under its mutex and used after the unlock,
// while other code changes them in place.
//
// # Analyzer lockescape
//
// lockescape: report references read under a lock and used after the unlock while writers change them in place
//
// A mutex guards a field's value; a map, a slice or a pointer is a
// reference, and copying it under the lock copies the reference, not what
// it refers to. Code that takes m := s.peers under s.mu.RLock(), unlocks, and
// then ranges over m reads the map while another goroutine, holding the
// lock as it should, writes s.peers[id] = p: a data race, and a "concurrent
// map iteration and map write" crash. The fix is to copy under the lock
// (maps.Clone(s.peers), slices.Clone(s.list)), or to keep the use under it.
//
// Reported: in one function (a function literal is one of its own), a field
// of a map, slice or pointer-to-struct type read inside a critical section
// of its owner's mutex (s.f between s.mu.Lock() and s.mu.Unlock(); s.Lock()
// of an embedded mutex; RLock; a TryLock or TryRLock that an if tests, in
// if s.mu.TryLock() { ... } and after if !s.mu.TryLock() { return }),
// when code changes the field's contents in
// place (an element assigned, deleted or cleared, an in-place sort or
// shift such as s.list = append(s.list[:i], s.list[i+1:]...), a field of
// the pointed-to struct written; found in the field's own package, outside
// construction and test files: a fact, so fields of other packages' types
// count too; construction includes a write, under an exclusive Lock,
// through a field that the same critical section gave a new value on
// every path before it, s.ctx = newContext(); s.ctx.Method = m, or s.m =
// make(...) and then s.m[k] = v: a lazy initialiser or a rebuild sets up
// a value no reader holds yet), at least one of those writes holding the owner's lock (a
// mutex of the struct whose field it is: in a critical section of it, or
// in a function every call of which stands in one, or that says its
// caller holds the lock), and the reference then
//
//   - is bound to a local that, after the Unlock, is ranged over, indexed,
//     changed, read through (a pointer's field), handed to a go statement
//     or returned;
//   - is returned from a section whose Unlock is deferred (an accessor: its
//     callers use the reference after the unlock);
//   - is an argument of a go statement's call.
//
// Not reported: a copy made under the lock (maps.Clone, slices.Clone, a
// loop that copies): only the bare field is followed; a field whose
// in-place writers never take its owner's lock (a table its poller
// writes lock-free, by index, or under another struct's mutex): the mutex
// it is read under is not its guard, and a copy under it would race just
// the same; a field the code
// never changes in place after construction (built once, or replaced whole:
// copy-on-write, where readers keep the old value safely, and a plain
// append, which never changes the elements an older slice header sees); a
// use under the same mutex again; a section that, after the read, assigns
// the field itself (swap it out, then use the old value alone); a local
// assigned again before the use, under the lock too (subs =
// append([]T{}, subs...) copies it), but not by an assignment that keeps
// the alias (subs = subs[i:j], subs = append(subs, x): still the field's
// backing array).
//
// For a pointer read through after the unlock, the finding shows a write of
// the field read (the race is with that write), not of another field of
// the target.
//
// One finding per cause: the reads in a package of one field that race
// with one in-place write are one finding, at the first read (by file
// name, then offset), with the other reads as related positions ("also
// read under the lock here and ranged over after the unlock"). One change
// at the writer mends them all (replace the field with a new map or slice
// instead of changing it in place: copy-on-write), and a reader fixed
// alone leaves the others racing. Reads of one field that race with
// different writes (a pointer read through to different fields) are
// findings of their own.
//
// A field of the target that the package writes only in code that cannot
// run concurrently with the reader (during startup, or on a path a runtime
// condition never takes after it) is still reported: which writes can run
// while a reader holds the pointer is a property of the program's run, not
// of its syntax, and the same write on a reload path races for real.
// Silence such a finding with //ctxbound:ignore lockescape -- <reason>.
//
// The suggested fix, for maps and slices, reads maps.Clone(s.f) or
// slices.Clone(s.f) under the lock (and imports maps or slices), where the
// file's Go version has them and the name is free; none for pointers. A
// copy would take the function's own writes through the local, and the
// field would lose them, so the fix is offered only where every use of the
// local after the unlock reads: a range over it, an element read, len and
// cap, a comparison, a return, or a write through a pointer held in an
// element (it reaches the shared target either way). Where the function
// changes it after the unlock (an element assigned or incremented, its
// address taken, a pointer method called on an element, delete, clear,
// copy into it, append), the message says to change it under the lock and
// no fix is offered; where the local is handed on (to a call of the
// program, a goroutine, a channel, another variable) the advice to copy
// stands without a fix. For a finding with several reads, the fix copies
// at every one of them, or is not offered when one of them cannot be
// copied.
//
// Test files (_test.go) are not analysed: a test runs one scenario at a
// time, and the race detector checks it when it runs.
//
// Limits: per function, on syntax and the control-flow graph: a reference
// passed to a function that ranges over it is not followed; a copy of the
// local into another variable is not followed; a package that imports
// neither sync nor a package that does is not analysed.
//
// # Examples
//
//	func (s *Server) Broadcast(msg []byte) {
//		s.mu.RLock()
//		peers := s.peers // want: map s.peers is read under s.mu and ranged over after the unlock, while other code changes it in place: that races with those writes; copy it under the lock with maps.Clone(s.peers)
//		s.mu.RUnlock()
//		for _, p := range peers {
//			p.Send(msg)
//		}
//	}
//
//	func (s *Server) Add(p *Peer) {
//		s.mu.Lock()
//		s.peers[p.ID] = p
//		s.mu.Unlock()
//	}
//
// Right:
//
//	s.mu.RLock()
//	peers := maps.Clone(s.peers)
//	s.mu.RUnlock()
//
// # Directives
//
// //ctxbound:ignore lockescape -- <reason> on the read or the line above
// silences that read: it is left out of its finding, and the next read of
// the finding, if any, carries it.
//
// # Options
//
// None.
package lockescape
