package basic

import (
	"errors"
	"sync/atomic"
)

// The twins of negative's pullConsumer: a store can bring the state to
// the value the first test looks for.
const (
	consCreated int32 = iota
	consRunning
	consStartFailed
	consShutdown
)

var errConsClosed = errors.New("closed")

// Start stores consStartFailed: consShutdown, then consStartFailed between the loads,
// and Subscribe answers "open" though both states are closed.
type pushConsumer struct {
	state atomic.Int32
}

func (c *pushConsumer) Start(ok bool) {
	if !ok {
		c.state.Store(consStartFailed)
		return
	}
	c.state.Store(consRunning)
}

func (c *pushConsumer) Shutdown() { c.state.Store(consShutdown) }

func (c *pushConsumer) Subscribe() error {
	if c.state.Load() == consStartFailed || c.state.Load() == consShutdown { // want `state c\.state loaded twice in one decision`
		return errConsClosed
	}
	return nil
}

// A store of a value that is no constant may put anything there.
type setConsumer struct {
	state atomic.Int32
}

func (c *setConsumer) Set(s int32) { c.state.Store(s) }

func (c *setConsumer) Subscribe() error {
	if c.state.Load() == consStartFailed || c.state.Load() == consShutdown { // want `state c\.state loaded twice in one decision`
		return errConsClosed
	}
	return nil
}

// Another package may store any value in an exported state.
type OpenConsumer struct {
	State atomic.Int32
}

func (c *OpenConsumer) Shutdown() { c.State.Store(consShutdown) }

func (c *OpenConsumer) Subscribe() error {
	if c.State.Load() == consStartFailed || c.State.Load() == consShutdown { // want `state c\.State loaded twice in one decision`
		return errConsClosed
	}
	return nil
}

// A plain assignment writes the state too, whatever it puts there.
type plainConsumer struct {
	state int32
}

func (c *plainConsumer) Shutdown() { atomic.StoreInt32(&c.state, consShutdown) }

func (c *plainConsumer) fail() { c.state = consStartFailed }

func (c *plainConsumer) Subscribe() error {
	if atomic.LoadInt32(&c.state) == consStartFailed || atomic.LoadInt32(&c.state) == consShutdown { // want `state c\.state loaded twice in one decision`
		return errConsClosed
	}
	return nil
}

// Two consumers share one embedded *core type: the core the pull consumer
// points to may be the push consumer's, which stores consStartFailed.
type core struct {
	state atomic.Int32
}

type pullCore struct{ *core }

type pushCore struct{ *core }

func (c *pushCore) fail()     { c.state.Store(consStartFailed) }
func (c *pullCore) Start()    { c.state.Store(consRunning) }
func (c *pullCore) Shutdown() { c.state.Store(consShutdown) }

func (c *pullCore) Subscribe() error {
	if c.state.Load() == consStartFailed || c.state.Load() == consShutdown { // want `state c\.state loaded twice in one decision`
		return errConsClosed
	}
	return nil
}
