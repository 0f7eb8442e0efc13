// Package scopedcopy defines an Analyzer that reports struct copies that
// carry a run-scoped field to a child, a worker or another goroutine.
//
// # Analyzer scopedcopy
//
// scopedcopy: report struct copies that carry a run-scoped field to a child or worker, or keep funcs bound to the original
//
// A field marked //ctxbound:runscoped belongs to one run: a recorder, an
// observer, a run handle. Copying the struct copies the field, and a child
// or worker built from the copy then acts for the parent's run: in seed 003
// a worker's configuration was copied from the coordinator's and no longer
// cleared skill_recorder, so task-scoped skill loads were written into the
// session.
//
// Reported: a copy of a struct whose type has a run-scoped field (declared
// in this package or another: the annotation is a fact), made by
//
//   - dereferencing a pointer: cfg := *c.cfg;
//   - reading a value of the type from a field or a package variable:
//     cfg := c.config;
//   - a literal that sets the run-scoped field from another instance:
//     Config{Recorder: c.config.Recorder};
//   - a value receiver (the method works on a copy of the caller's value),
//     or a call of a method of the type that returns it by value;
//
// that then leaves, without the field having been assigned on every path
// from the copy, into
//
//   - another goroutine: an argument of a go statement, a go statement or
//     spawner (errgroup.Group.Go, time.AfterFunc, inferred wrappers: see
//     spawnctx) whose function uses the copy or reads its run-scoped field;
//   - a function whose name says it builds a child or a worker (it contains
//     child, worker, fork or spawn, in any case): an argument, or a literal
//     of such a named type;
//   - the result of such a function.
//
// Not reported: a copy whose field is assigned (nil, or the child's own) on
// every path before it leaves, or that is replaced by a fresh value; fresh
// literals; copies that stay in the run (returned from other functions,
// logged); pointers, which share rather than copy; a goroutine that reads
// only other fields of the copy; a parameter passed on (the caller made
// that copy and is checked where it did).
//
// The suggested fix sets the field to nil right after the copy, as seed
// 003's fix did; give the child its own value instead where it needs one.
// It is offered only where the reset can be written: after a copy that is a
// statement of its own (not in an if or switch header), for a field this
// package can name (not an unexported field of another package) whose
// zero value is nil (not a type parameter), and only where the reset keeps
// every other behaviour of the program: every reader of the field is in
// view (it is unexported, or in package main) and none uses its value but
// to compare it with nil or inside an if that has found it is not nil. A
// goroutine that calls child.Record would panic on a reset Record: there
// the finding comes without a fix.
//
// Self-bound fields, without annotations: a struct type whose constructor
// (on a value it allocates) or method (on its receiver) sets a field to a
// method value of the value (c.hooks.process = c.Process, also through a
// conversion such as http.HandlerFunc(c.serve), or in a struct literal) or
// to a closure over it (c.onClose = func() { c.cleanup() }) has that field
// bound to the value: a fact on the type, so it holds in every importing
// package. A copy of such a value (cp := *c, or a value of the type read
// from a field or a package variable) still calls into the original; it is
// reported, at the copy, when the copy is then used as a value of its own
// (returned, its address taken or stored, stored into a field, an element
// or a package variable, sent, used in a go statement, a pointer method
// called on it, or a bound func called through it) on a path where a bound
// field is not rebound: assigned on the copy (cp.hooks.process =
// cp.Process, or cp.hooks as a whole), the copy replaced, or a method of
// this package that binds its receiver's fields called on it. No fix is
// offered: a closure must be rebuilt by hand. Self-bound copies in test
// files (_test.go) are not reported.
//
// Limits: only direct fields of the copied type are followed (a struct
// that holds the annotated one by value is not); the copy is followed
// through local variables, not through fields of other values; resets in
// callees are not seen.
//
// # Examples
//
//	func (c *Coordinator) CreateWorker(task string) *Worker {
//		workerConfig := c.config
//		workerConfig.Task = task
//		return &Worker{config: workerConfig} // want: workerConfig, a copy of Config, carries run-scoped field SkillRecorder into the result of CreateWorker: the child would use the parent's SkillRecorder; reset workerConfig.SkillRecorder (or give the child its own) on every path before the copy leaves
//	}
//
// Right:
//
//	workerConfig := c.config
//	workerConfig.Task = task
//	workerConfig.SkillRecorder = nil // the worker records nothing into the session
//	return &Worker{config: workerConfig}
//
// A self-bound field:
//
//	func NewConn() *Conn {
//		c := &Conn{}
//		c.hooks.process = c.Process
//		return c
//	}
//
//	func (c *Conn) WithTimeout(d time.Duration) *Conn {
//		cp := *c // want: cp, a copy of Conn, keeps hooks.process bound to the original (its Process method): calls through the copy act on the original's state; rebind it on the copy (cp.hooks.process = cp.Process) before the copy is used
//		cp.timeout = d
//		return &cp
//	}
//
// Right:
//
//	cp := *c
//	cp.timeout = d
//	cp.hooks.process = cp.Process
//	return &cp
//
// # Directives
//
// //ctxbound:runscoped on a named struct field marks it run-scoped, in every
// package that imports the type. //ctxbound:ignore scopedcopy -- <reason>
// where the copy leaves, or the line above, silences one finding.
//
// # Options
//
// None.
package scopedcopy
