package fixes

import . "context"

func dot(ctx Context) {
	put(Background(), "dot") // want `call of put passes a root context .*; pass ctx, or WithoutCancel\(ctx\) to outlive the caller`
}
