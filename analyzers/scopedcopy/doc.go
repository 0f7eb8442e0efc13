// Package scopedcopy defines an Analyzer that reports struct copies that
// carry a run-scoped field to a child, a worker or another goroutine.
//
// # Analyzer scopedcopy
//
// scopedcopy: report struct copies that carry a run-scoped field to a child or worker
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
