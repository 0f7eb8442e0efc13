// Package dep has an exported atomic: any package may write it.
package dep

import (
	"sync"
	"sync/atomic"
)

type Stats struct {
	Mu  sync.Mutex
	Max atomic.Int64
}
