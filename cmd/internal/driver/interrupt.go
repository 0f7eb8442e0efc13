package driver

// An interrupted run leaves nothing running behind it.
//
// go/packages runs go list -export in a process group of its own (so that
// a cancelled load can stop the compilers go list starts), and only
// cancelling the load's context stops that group. The interrupt of a
// terminal (^C) reaches the foreground process group, which is ctxbound's
// alone: without this, ctxbound died at once and go list went on compiling
// the module's dependencies in the background, orphaned. While the
// packages are listed, an interrupt or a termination signal cancels the
// load; once go list has stopped, ctxbound ends by the same signal, as if
// it had not caught it (a shell sees the usual status).

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// errInterrupted is the error of a load stopped by a signal.
var errInterrupted = errors.New("interrupted")

// interruptible runs load with a context that a SIGINT or SIGTERM
// cancels. When a signal came, load's result is dropped, and the process
// ends by that signal once load has returned (its children stopped).
func interruptible(load func(ctx context.Context) error) error {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got os.Signal
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		select {
		case got = <-sigs:
			cancel()
		case <-done:
		}
	}()
	err := load(ctx)
	close(done)
	<-stopped
	if got == nil {
		return err
	}
	signal.Stop(sigs)
	signal.Reset(got)
	if p, perr := os.FindProcess(os.Getpid()); perr == nil && p.Signal(got) == nil {
		time.Sleep(time.Minute) // the signal ends the process before this does
	}
	return errInterrupted
}
