package fixtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// A Run is one go test of one package, in the behavioural mode of the
// harness: the package's own tests, with the files of Overlay in place of
// those on disk (go test -overlay), so that a fix is judged by what the
// program does without a byte of the tree being written.
type Run struct {
	Dir     string            // where go test runs: the tree's module or GOPATH
	Env     []string          // its environment (GOPATH mode for a GOPATH tree)
	Pkg     string            // the import path to test
	Overlay map[string][]byte // absolute file name -> contents that replace it
	Timeout time.Duration     // go test's -timeout, and the bound of the whole command
}

// GoTest runs go test on r.Pkg and returns its output, and an error when
// the tests (or their build) fail. Results are cached by go test as usual:
// the overlay's contents are part of the cache key.
func (r Run) GoTest() ([]byte, error) {
	args := []string{"test", "-timeout", r.Timeout.String()}
	if len(r.Overlay) > 0 {
		tmp, err := os.MkdirTemp("", "fixtest-overlay-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(tmp)
		replace := map[string]string{}
		i := 0
		for name, src := range r.Overlay {
			i++
			p := filepath.Join(tmp, fmt.Sprintf("%d_%s", i, filepath.Base(name)))
			if err := os.WriteFile(p, src, 0o644); err != nil {
				return nil, err
			}
			replace[name] = p
		}
		data, err := json.Marshal(struct{ Replace map[string]string }{replace})
		if err != nil {
			return nil, err
		}
		ov := filepath.Join(tmp, "overlay.json")
		if err := os.WriteFile(ov, data, 0o644); err != nil {
			return nil, err
		}
		args = append(args, "-overlay", ov)
	}
	args = append(args, r.Pkg)
	// The command's own bound: go test's -timeout ends a hung test binary,
	// this one also a hung build.
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir, cmd.Env = r.Dir, r.Env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		err = errors.Join(err, fmt.Errorf("go test ran past %v", r.Timeout+time.Minute))
	}
	return out.Bytes(), err
}
