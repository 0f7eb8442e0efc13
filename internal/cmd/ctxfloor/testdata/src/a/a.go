// Package a has what the suite reports; the floor must stay silent on it.
package a

import "context"

func Handle(ctx context.Context) {
	go func() { work(context.Background()) }()
}

func work(context.Context) {}
