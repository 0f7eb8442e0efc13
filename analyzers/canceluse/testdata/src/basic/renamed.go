package basic

import stdctx "context"

// A renamed import: the advice spells WithoutCancel with the file's name
// for package context.
func (s *Sink) StartRenamed(parent stdctx.Context) {
	ctx, cancel := stdctx.WithCancel(parent)
	go func() {
		err := run(ctx)
		cancel()
		s.emit(ctx, Done{Err: err}) // want `^ctx is used after cancel\(\) cancelled it: .*; call it before the cancel, or give it the parent's context or stdctx\.WithoutCancel\(ctx\)$`
	}()
}
