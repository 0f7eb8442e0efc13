// Package facts checks the facts ctxscope exports.
package facts

import "context"

func put(ctx context.Context) {}

func background() context.Context { return context.Background() } // want background:"returns root context.Background at facts.go:8"

func maybe(ctx context.Context) context.Context { // no fact: not always a root
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

func flush() { put(context.TODO()) } // want flush:"makes root context.TODO at facts.go:17"

func flushAll() { flush() } // want flushAll:`makes root through facts.flush \(facts.go:19\): context.TODO at facts.go:17`

func deeper() { flushAll() } // no fact: more than one helper between

func withCtx(ctx context.Context) { put(context.TODO()) } // no fact: has a context, ctxdrop's

type Conn struct{ cancel context.CancelFunc }

func start() *Conn { // no fact: a lifetime context
	ctx, cancel := context.WithCancel(context.Background())
	put(ctx)
	return &Conn{cancel: cancel}
}

func usesBackground() { put(background()) } // want usesBackground:"makes root background at facts.go:33"
