package negative

import (
	"errors"
	"sync/atomic"
)

// A state tested twice in one condition, where no store can bring it to
// the value the first test looks for: the package never stores
// consStartFailed, so a store between the loads can only make the second
// test true, which the second load's own value answers too (rocketmq's
// pull consumer).
const (
	consCreated int32 = iota
	consRunning
	consStartFailed
	consShutdown
)

var errConsClosed = errors.New("closed")

type pullConsumer struct {
	state atomic.Int32
}

func (c *pullConsumer) Start() { c.state.Store(consRunning) }

func (c *pullConsumer) Shutdown() { c.state.CompareAndSwap(consRunning, consShutdown) }

func (c *pullConsumer) Subscribe() error {
	if c.state.Load() == consStartFailed || c.state.Load() == consShutdown {
		return errConsClosed
	}
	return nil
}

// The negation: the same decision, spelled with != and &&.
func (c *pullConsumer) Open() bool {
	return c.state.Load() != consStartFailed && c.state.Load() != consShutdown
}

// The look-alike of basic's pullCore: each consumer holds its own core by
// value, and only the push consumer's is ever consStartFailed.
type core struct {
	state atomic.Int32
}

type pullCore struct{ core }

type pushCore struct{ core }

func (c *pushCore) fail()     { c.state.Store(consStartFailed) }
func (c *pullCore) Start()    { c.state.Store(consRunning) }
func (c *pullCore) Shutdown() { c.state.Store(consShutdown) }

func (c *pullCore) Subscribe() error {
	if c.state.Load() == consStartFailed || c.state.Load() == consShutdown {
		return errConsClosed
	}
	return nil
}
