package fixes

import . "context"

func dot(ctx Context) {
	put(Background(), "dot") // want `call of put passes a root context`
}
