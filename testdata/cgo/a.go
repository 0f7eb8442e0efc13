// Package cgo has the user's code in files that import "C" (issue 13,
// repro 1): the checks see cmd/cgo's rewrite of each and must report on
// the user's lines, as in any other file.
package cgo

// #include <stdlib.h>
import "C"

import (
	"context"
	"os"
)

func helper(ctx context.Context) string { _ = ctx; return "" }

func Handle(ctx context.Context) string {
	go func() { helper(context.Background()) }()
	C.free(nil)
	go func() { C.free(nil); helper(context.TODO()) }()
	//ctxbound:ignore ctxdrop -- a directive in a cgo file is honoured
	helper(context.TODO())
	return helper(context.TODO()) + os.Getenv("SESSION_ID") + os.Getenv("CGO_PROFILE")
}
