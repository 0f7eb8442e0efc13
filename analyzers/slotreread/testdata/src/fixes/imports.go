package fixes

import "sync/atomic"

// The direct read is this file's only use of sync/atomic: replacing it
// would leave the import unused. No fix.
func WakeThread(t *Thread) {
	if t.ID() != 0 {
		wake(atomic.LoadUint32(&t.id)) // want `t\.id read twice in one operation, through t\.ID\(\) and directly`
	}
}
