// Package dep declares repeaters of another package: their facts reach
// the importer.
package dep

// Forever runs f over and over: through Until, a repeater of this package
// declared below it.
func Forever(f func()) { Until(f, nil) } // want Forever:"repeats\\(0\\) ignoring results of \\(0\\)"

// Until runs f until stop is closed, the shape of
// k8s.io/apimachinery's wait.Until, through a helper that crashes
// safely.
func Until(f func(), stop <-chan struct{}) { // want Until:"repeats\\(0\\) ignoring results of \\(0\\)"
	jitterUntil(f, stop)
}

func jitterUntil(f func(), stop <-chan struct{}) { // want jitterUntil:"repeats\\(0\\) ignoring results of \\(0\\)"
	for {
		select {
		case <-stop:
			return
		default:
		}
		func() {
			defer func() { recover() }()
			f()
		}()
	}
}
