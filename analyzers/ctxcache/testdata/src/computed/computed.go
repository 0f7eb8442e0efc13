// Package computed memoises values computed with a context: a context
// carries per-run values but is none, so what a call computes with it is
// per-run only where the callee returns one (a PerRun fact) or a value is
// read out of it.
package computed

import (
	"context"
	"io"
	"net"
	"strconv"
)

type tenantKey struct{}

var (
	port   int
	conn   net.Conn
	tenant string
	label  string
)

// dial hands its context to the dialer: the conn is no per-run answer.
func dial(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "unix", addr)
}

// queryPort asks a port server once per process.
func queryPort(addr string) int {
	c, err := net.Dial("unix", addr)
	if err != nil {
		return 0
	}
	defer c.Close()
	b, _ := io.ReadAll(c)
	n, _ := strconv.Atoi(string(b))
	return n
}

func Init(ctx context.Context) {
	port = queryPort("/run/ports")
	conn, _ = dial(context.WithValue(ctx, tenantKey{}, "t"), "/run/app")
}

// tenantOf reads the tenant out of the context: a per-run value.
func tenantOf(ctx context.Context) string {
	t, _ := ctx.Value(tenantKey{}).(string)
	return t
}

func Remember(ctx context.Context) {
	tenant = tenantOf(ctx) // want `package-level variable tenant holds a per-run value from tenantOf\(\)`
	label = "tenant " + ctx.Value(tenantKey{}).(string) // want `package-level variable label holds a per-run value from ctx.Value`
}
