package basic

import "context"

// A literal that a repeater runs over and over on a goroutine is a
// background loop of its own (holster's WaitGroup.Until, which runs its
// callback until it says stop; wait.Until under a go statement): its
// roots are not the starting call's.
type Until struct{ done chan struct{} }

func (u *Until) Until(cb func(done chan struct{}) bool) {
	go func() {
		for {
			if !cb(u.done) {
				return
			}
		}
	}()
}

// Every runs f until stop is closed (wait.Until's shape).
func Every(f func(), stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
		}
		f()
	}
}

type Broadcaster struct {
	u     Until
	db    *DB
	queue chan string
	stop  chan struct{}
}

func (b *Broadcaster) runBroadcasts() {
	b.u.Until(func(done chan struct{}) bool {
		select {
		case id := <-b.queue:
			b.db.Exec(context.Background(), id)
		case <-done:
			return false
		}
		return true
	})
}

func (b *Broadcaster) runSweeps() {
	go Every(func() { b.db.Exec(context.TODO(), "sweep") }, b.stop)
}

func NewBroadcaster(ctx context.Context, db *DB) *Broadcaster {
	b := &Broadcaster{db: db, queue: make(chan string), stop: make(chan struct{})}
	b.runBroadcasts()
	b.runSweeps()
	return b
}

// The twin: a callback that waits on nothing and says stop the first time
// is one piece of work, on another goroutine: its root is the starter's.
func (b *Broadcaster) flushOnce() {
	b.u.Until(func(chan struct{}) bool {
		b.db.Exec(context.Background(), "flush") // want `Broadcaster.flushOnce makes its own root context \(context.Background\) but is called with a context in scope from Broadcaster.Flush`
		return false
	})
}

func (b *Broadcaster) Flush(ctx context.Context) { b.flushOnce() }

// A named helper handed to a watcher that runs it on every event, on the
// watcher's goroutine (go-tarantool's shutdown watcher), is run over and
// over: its roots are not the registering call's. The twin: a helper
// handed to a spawner that runs it once is the registering call's work.
type Watched struct {
	db     *DB
	events chan string
}

func (w *Watched) watch(cb func(string)) {
	go func() {
		for ev := range w.events {
			cb(ev)
		}
	}()
}

func (w *Watched) once(cb func(string)) {
	go cb("once")
}

func onShutdown(ev string) { shutdownDB.Exec(context.Background(), ev) }

func onStart(ev string) { shutdownDB.Exec(context.Background(), ev) } // want `onStart makes its own root context \(context.Background\) but is called with a context in scope from Watched.Dial`

var shutdownDB *DB

func (w *Watched) Dial(ctx context.Context) {
	w.watch(onShutdown)
	w.once(onStart)
}
