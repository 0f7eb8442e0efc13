// Package facts checks the facts ctxscope exports.
package facts

import "context"

func put(ctx context.Context) { _ = ctx.Err() }

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

func withCtx(ctx context.Context) { put(context.TODO()) } // want withCtx:"ignores ctx param 0"

type Conn struct{ cancel context.CancelFunc }

func start() *Conn { // no fact: a lifetime context
	ctx, cancel := context.WithCancel(context.Background())
	put(ctx)
	return &Conn{cancel: cancel}
}

func usesBackground() { put(background()) } // want usesBackground:"makes root background at facts.go:33"

type key struct{}

func value(ctx context.Context) any { return ctx.Value(key{}) } // want value:"reads values of ctx 0"

func handsOn(n int, ctx context.Context) { _ = value(ctx) } // want handsOn:"reads values of ctx 1 through facts.value"

func derives(ctx context.Context) { // want derives:"reads values of ctx 0 through facts.value"
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	value(c)
}

func waits(ctx context.Context) { <-ctx.Done() } // no fact: reads no value

func rootOnly(ctx context.Context) { value(context.Background()) } // want rootOnly:"ignores ctx param 0"

// A literal that a function returns belongs to whoever runs it.
func returnsClosure() func() { // no fact
	return func() { put(context.Background()) }
}

// The background loops a function starts are work of their own.
func spawnsLoops(ch chan int) { // no fact
	go func() {
		for range ch {
			put(context.Background())
		}
	}()
	go loop()
}

func loop() { // want loop:"makes root context.TODO at facts.go:68"
	for {
		put(context.TODO())
	}
}

// A one-shot goroutine is the function's work, on another goroutine.
func spawnsOnce() { // want spawnsOnce:"makes root context.Background at facts.go:74"
	go func() { put(context.Background()) }()
	go put(context.TODO())
}

// A root with a deadline of its own whose work reads no values is bounded
// on purpose; one whose work reads values loses them.
func bounded() { // no fact
	c, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	put(c)
}

func boundedReads() { // want boundedReads:"makes root context.Background at facts.go:87"
	c, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	value(c)
}

// A function handed its context inside a struct argument is no ctx-less
// helper.
type request struct {
	ctx context.Context
	id  string
}

func create(r *request) { put(context.Background()) } // no fact

// A literal that a function stores belongs to whoever runs it.
type hooks struct{ onStop func() }

func storesClosure(h *hooks) { // no fact
	h.onStop = func() { put(context.Background()) }
}

// A root returned inside a value its caller can rebind (it has a method
// Context() returning a context) is the caller's to rebind: no fact.
type carried struct{ ctx context.Context }

func (c carried) Context() context.Context { return c.ctx }

func load(ctx context.Context) carried { return carried{ctx} }

func newCarried() carried { return load(context.Background()) } // no fact

// A look-alike: a method named Context that returns no context carries
// none, so the root is the function's own.
type reply struct{}

func (reply) Context() string { return "" }

func fetch(ctx context.Context) reply { _ = ctx.Err(); return reply{} }

func newReply() reply { return fetch(context.Background()) } // want newReply:"makes root context.Background at facts.go:126"

// A root behind a test of a parameter for its zero value is made only
// then: the fact says which.
func byName(name string, n int) { // want byName:"makes root context.Background at facts.go:132 when param 0, 1 is zero"
	if name == "" && n == 0 {
		put(context.Background())
	}
}

// A detach helper: every context it returns is its parameter detached,
// context.WithoutCancel of it or a root seeded with its values.
func detachCtx(n int, ctx context.Context) context.Context { // want detachCtx:"detaches ctx 1" detachCtx:"reads values of ctx 1"
	if n > 0 {
		return context.WithoutCancel(ctx)
	}
	return context.WithValue(context.Background(), key{}, ctx.Value(key{}))
}

func detachVia(ctx context.Context) context.Context { return detachCtx(0, ctx) } // want detachVia:"detaches ctx 0" detachVia:"reads values of ctx 0 through facts.detachCtx"

// Not one: a derivation keeps the cancellation.
func derivesCtx(ctx context.Context) context.Context { return context.WithValue(ctx, key{}, 1) }

// A queue's Read blocks on the context it is given and hands back the one
// the work was queued with: HandsBack.
type item struct {
	ctx context.Context
	req string
}

type queue struct{ ch chan item }

func (q *queue) Read(ctx context.Context) (context.Context, string, bool) { // want Read:"hands back a context at result 0"
	select {
	case it := <-q.ch:
		return it.ctx, it.req, true
	case <-ctx.Done():
		return nil, "", false
	}
}

// Not one: it hands back a context derived from its own.
func (q *queue) Derived(ctx context.Context) (context.Context, string) {
	c, cancel := context.WithCancel(ctx)
	_ = cancel
	return c, ""
}

type StateFn func(int)

type registry struct {
	hooks []StateFn
	stop  func()
}

func (r *registry) OnState(f StateFn) { r.hooks = append(r.hooks, f) } // want OnState:"keeps func param 0"

func (r *registry) OnStop(ctx context.Context, f func()) { _ = ctx.Err(); r.stop = f } // want OnStop:"keeps func param 1"

func (r *registry) forward(f StateFn) { r.OnState(f) } // want forward:"keeps func param 0"

func (r *registry) replay(f StateFn) { r.OnState(f); f(0) }

func (r *registry) guarded(f func()) {
	if f != nil {
		f()
	}
}

func Decode(ctx context.Context, body string) string { return body } // want Decode:"ignores ctx param 0"

func decodeBoth(_ context.Context, body string, ctx2 context.Context) string { return body } // want decodeBoth:"ignores ctx param 2"

// withCtx has no MakesRoot fact: it has a context (ctxdrop's); rootOnly
// no ReadsValues fact (it reads a root's values, not its parameter's) nor
// MakesRoot. Both never mention their parameter: Ignores.

// A literal that a repeater runs over and over on a goroutine is a
// background loop of its own: holster's WaitGroup.Until, whose callback
// waits on the component's channels, and wait.Until under a go statement,
// which ignores its func's results.
type waitGroup struct{ done chan struct{} }

func (wg *waitGroup) until(cb func(done chan struct{}) bool) {
	go func() {
		for cb(wg.done) {
		}
	}()
}

func (wg *waitGroup) untilLoop(cb func(done chan struct{}) bool) {
	go func() {
		for {
			if !cb(wg.done) {
				return
			}
		}
	}()
}

func waitUntil(f func(), stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		f()
	}
}

func broadcasts(wg *waitGroup, queue chan int) { // no fact
	wg.untilLoop(func(done chan struct{}) bool {
		select {
		case <-queue:
			put(context.Background())
		case <-done:
			return false
		}
		return true
	})
}

func ticks(stop chan struct{}) { // no fact
	go waitUntil(func() { put(context.Background()) }, stop)
}

// A controller's Run that blocks in a repeater is a background loop: its
// MakesRoot fact says so, and a goroutine started on it is not one-shot.
func run(stop chan struct{}) { // want run:"makes root context.TODO at facts.go:257 \\(a background loop\\)"
	waitUntil(func() { put(context.TODO()) }, stop)
}

func startsRun(stop chan struct{}) { go run(stop) } // no fact

// The twins. A literal retried until it succeeds (its result tested, and
// it waits on nothing) is one piece of work, its starter's; so is a
// callback of a spawning repeater that waits on nothing and says stop
// the first time.
func retry(op func() error) {
	for {
		if op() == nil {
			return
		}
	}
}

func retried() { // want retried:"makes root context.Background at facts.go:275"
	go retry(func() error { put(context.Background()); return nil })
}

func testedOnce(wg *waitGroup) { // want testedOnce:"makes root context.Background at facts.go:279"
	wg.untilLoop(func(chan struct{}) bool { put(context.Background()); return false })
}
