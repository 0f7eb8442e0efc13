// Package echo is the shape of a web framework's request context that
// hands out the *http.Request (labstack/echo's Context), and of one that
// holds it in a field (beego's).
package echo

import "net/http"

type Context interface {
	Request() *http.Request
	JSON(code int, v any) error
}

type BeegoContext struct {
	Request *http.Request
}
