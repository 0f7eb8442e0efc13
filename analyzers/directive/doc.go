// Package directive defines an Analyzer that reports malformed, unknown and
// misplaced //ctxbound: directives.
//
// # Analyzer directive
//
// directive: report malformed, unknown and misplaced //ctxbound: directives
//
// A directive that ctxbound cannot read silences nothing and annotates
// nothing, so a typo would quietly turn a check off or a contract into a
// comment. Reported:
//
//   - a directive with a space or tab after // (// ctxbound:ignore), in a
//     /* */ comment, or with no verb: such a look-alike is honoured by
//     nothing, so the finding it meant to silence is still reported;
//   - a -- glued to the reason (--because);
//   - an unknown verb: the verbs are ignore, file-ignore, root, detach,
//     spawner, slot, runscoped and canceltoken;
//   - ignore or file-ignore without exactly one comma-separated list of
//     checks, or naming a check the suite does not have;
//   - ignore, file-ignore, root or detach without a reason after " -- ";
//   - a declarative directive on the wrong kind of declaration: spawner and
//     slot belong in the doc comment of a function, method or interface
//     method, runscoped on a named struct field, canceltoken on a type, root
//     on a function, detach on a function or a statement (not on a type,
//     a package-level variable or constant, or a field).
//
// An ignore that suppressed nothing is reported by the check it names,
// which alone knows.
//
// # Examples
//
//	//ctxbound:ignore spawnctx             // want: //ctxbound:ignore needs a reason
//	//ctxbound:ignore spawnctx -- the worker owns its lifetime
//	go s.flush()
//
//	type Run struct {
//		//ctxbound:runscoped
//		recorder *Recorder
//	}
//
// # Options
//
// None. Generated files are not checked.
package directive
