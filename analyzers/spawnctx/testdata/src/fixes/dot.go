package fixes

import . "context"

// A dot-imported context: the fix spells WithoutCancel unqualified.
func dot(ctx Context) {
	go func() {
		send(Background(), "dot") // want `goroutine drops the caller's context`
	}()
}
