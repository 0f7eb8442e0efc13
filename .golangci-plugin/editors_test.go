package golangciplugin_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// docs/editors.md shows, for each editor route, the exact command the
// editor runs, in a block
//
//	```sh
//	# test: NAME; cwd: DIR
//	COMMAND
//	```
//
// with /path/to/ctxbound/bin/ for the binaries and /path/to/project for the
// module being edited. TestE2EEditors runs every such command on a copy of
// testdata/e2e and parses its output as that editor does.
const editorsDoc = "../docs/editors.md"

type docCommand struct {
	name, cwd string
	args      []string
}

var testLine = regexp.MustCompile(`^# test: ([a-z0-9-]+)(?: \([^)]*\))?; cwd: (\S+)$`)

// docCommands extracts the tested commands of docs/editors.md, and the
// fenced blocks by language.
func docCommands(t *testing.T) (cmds []docCommand, blocks map[string][]string) {
	t.Helper()
	data, err := os.ReadFile(editorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	blocks = map[string][]string{}
	var lang string
	var block []string
	in := false
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, lang, block = true, strings.TrimPrefix(line, "```"), nil
		case in && line == "```":
			in = false
			blocks[lang] = append(blocks[lang], strings.Join(block, "\n"))
			if lang == "sh" && len(block) == 2 {
				if m := testLine.FindStringSubmatch(block[0]); m != nil {
					cmds = append(cmds, docCommand{m[1], m[2], shellFields(block[1])})
				}
			}
		case in:
			block = append(block, line)
		}
	}
	return cmds, blocks
}

// shellFields splits a command line of the doc: words separated by spaces,
// and two single quotes for an empty argument. The doc's commands need no
// other quoting.
func shellFields(s string) []string {
	f := strings.Fields(s)
	for i, w := range f {
		if w == "''" {
			f[i] = ""
		}
	}
	return f
}

var (
	ctxboundOnce sync.Once
	ctxboundBin  string
	ctxboundErr  error
)

// ctxboundBinary builds cmd/ctxbound of this checkout for the vet routes.
func ctxboundBinary(t *testing.T) string {
	t.Helper()
	ctxboundOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ctxbound-editors")
		if err != nil {
			ctxboundErr = err
			return
		}
		ctxboundBin = filepath.Join(dir, "ctxbound")
		out, err := exec.Command("go", "-C", "..", "build", "-o", ctxboundBin, "./cmd/ctxbound").CombinedOutput()
		if err != nil {
			ctxboundErr = &buildError{err, string(out)}
		}
	})
	if ctxboundErr != nil {
		t.Fatalf("go build ./cmd/ctxbound: %v", ctxboundErr)
	}
	return ctxboundBin
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// vscodeLine is the pattern of runTool in the VS Code Go extension
// (extension/src/util.ts), which parses lint and vet output.
var vscodeLine = regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)

// vimLine is errorformat %f:%l:%c: %m (also matched by Vim's default
// errorformat, which vim-go's :GoVet uses).
var vimLine = regexp.MustCompile(`^([^:]+):(\d+):(\d+): (.*)$`)

// A parsed diagnostic, file as the editor resolves it.
type editorDiag struct {
	file string
	line int
	msg  string
}

func parseLines(re *regexp.Regexp, fileGroup, lineGroup, msgGroup int, cwd, out string) []editorDiag {
	var ds []editorDiag
	for l := range strings.SplitSeq(out, "\n") {
		m := re.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		file := m[fileGroup]
		if !filepath.IsAbs(file) {
			file = filepath.Join(cwd, file)
		}
		n := 0
		for _, c := range m[lineGroup] {
			n = n*10 + int(c-'0')
		}
		ds = append(ds, editorDiag{file, n, m[msgGroup]})
	}
	return ds
}

func TestE2EEditors(t *testing.T) {
	gcl := gclBinary(t)
	cmds, blocks := docCommands(t)
	names := func() []string {
		var n []string
		for _, c := range cmds {
			n = append(n, c.name)
		}
		return n
	}()
	want := []string{"vscode-lint", "vscode-lint-workspace", "vscode-vet", "vimgo-vet", "vimgo-metalinter-v1", "vim-make", "nvim-lint", "langserver"}
	if !slices.Equal(names, want) {
		t.Fatalf("%s has tested commands %v, want %v", editorsDoc, names, want)
	}
	checkSnippets(t, cmds, blocks)

	project := e2eModule(t, exampleConfig(t))
	directives := filepath.Join(project, "use", "directives.go")
	// The findings every route must show: the three malformed directives
	// of use/directives.go (checks that need no configuration).
	wantLines := []int{5, 10, 15}

	for _, c := range cmds {
		t.Run(c.name, func(t *testing.T) {
			args := slices.Clone(c.args)
			for i, a := range args {
				a = strings.ReplaceAll(a, "/path/to/ctxbound/bin/golangci-lint-ctxbound", gcl)
				if strings.Contains(a, "/path/to/ctxbound/bin/ctxbound") {
					a = strings.ReplaceAll(a, "/path/to/ctxbound/bin/ctxbound", ctxboundBinary(t))
				}
				args[i] = strings.ReplaceAll(a, "/path/to/project", project)
			}
			cwd := strings.ReplaceAll(c.cwd, "/path/to/project", project)
			r := runIn(t, cwd, args[0], args[1:]...)

			var got []editorDiag
			switch c.name {
			case "vscode-lint", "vscode-lint-workspace":
				// The extension drops the output when the tool fails with
				// something on stderr: it must exit 0.
				if r.code != 0 {
					t.Fatalf("exit %d, want 0 (--issues-exit-code=0)\n%s", r.code, r.stderr)
				}
				got = parseLines(vscodeLine, 2, 4, 7, cwd, r.stdout)
			case "vscode-vet":
				got = parseLines(vscodeLine, 2, 4, 7, cwd, r.stderr)
			case "vimgo-vet":
				// vim-go fills the quickfix list only on a non-zero exit.
				if r.code == 0 {
					t.Fatalf("exit 0: vim-go would show PASS\n%s", r.stderr)
				}
				got = parseLines(vimLine, 1, 2, 4, cwd, r.stdout+r.stderr)
			case "vim-make":
				got = parseLines(vimLine, 1, 2, 4, cwd, r.stdout)
			case "vimgo-metalinter-v1":
				// The documented limitation: golangci-lint v2 rejects the
				// v1 flags vim-go passes.
				if r.code == 0 || !strings.Contains(r.stderr+r.stdout, "unknown flag: --print-issued-lines") {
					t.Errorf("exit %d, want the v2 rejection of --print-issued-lines; the doc says this route fails:\n%s%s", r.code, r.stdout, r.stderr)
				}
				return
			case "nvim-lint":
				if r.code != 0 {
					t.Fatalf("exit %d, want 0 (--issues-exit-code=0)\n%s", r.code, r.stderr)
				}
				// nvim-lint keeps the issues whose Pos.Filename is the
				// buffer's absolute path (or cwd/Filename).
				for _, is := range parseJSON(t, []byte(r.stdout)).Issues {
					f := is.Pos.Filename
					if !filepath.IsAbs(f) {
						t.Errorf("nvim-lint: relative file %q with --path-mode=abs", f)
						f = filepath.Join(cwd, f)
					}
					got = append(got, editorDiag{f, is.Pos.Line, is.Text})
				}
			case "langserver":
				// The server reads stdout only when the command fails.
				if r.code == 0 || r.stdout == "" {
					t.Fatalf("exit %d with %d bytes of stdout: golangci-lint-langserver would publish nothing", r.code, len(r.stdout))
				}
				for _, is := range parseJSON(t, []byte(r.stdout)).Issues {
					// It matches Pos.Filename against the file's path
					// relative to the workspace root.
					if filepath.IsAbs(is.Pos.Filename) {
						t.Errorf("langserver: absolute file %q, want relative to the workspace root", is.Pos.Filename)
					}
					got = append(got, editorDiag{filepath.Join(cwd, is.Pos.Filename), is.Pos.Line, is.Text})
				}
			}
			var lines []int
			for _, d := range got {
				// use/directives.go holds directive findings only.
				if d.file == directives {
					lines = append(lines, d.line)
				}
			}
			if !slices.Equal(lines, wantLines) && !slices.Equal(withoutNolint(lines), wantLines) {
				t.Errorf("directive findings in use/directives.go at lines %v, want %v; parsed %d diagnostics:\n%s%s", lines, wantLines, len(got), r.stdout, r.stderr)
			}
		})
	}
}

// withoutNolint drops line 22, Quiet's typo: //nolint:ctxbound hides it
// from golangci-lint, not from go vet.
func withoutNolint(lines []int) []int {
	return slices.DeleteFunc(slices.Clone(lines), func(l int) bool { return l == 22 })
}

var quoted = regexp.MustCompile(`'([^']*)'`)

// checkSnippets checks that the configuration snippets of the doc produce
// the tested commands: VS Code's JSON names the binary and the vettool, and
// the Lua lists hold the same arguments.
func checkSnippets(t *testing.T, cmds []docCommand, blocks map[string][]string) {
	t.Helper()
	byName := map[string][]string{}
	for _, c := range cmds {
		byName[c.name] = c.args
	}
	for _, b := range blocks["json"] {
		var settings map[string]any
		if err := json.Unmarshal([]byte(b), &settings); err != nil {
			t.Errorf("VS Code settings snippet is not JSON: %v\n%s", err, b)
			continue
		}
		if tool, ok := settings["go.lintTool"]; ok {
			alt, _ := settings["go.alternateTools"].(map[string]any)
			if tool != "golangci-lint-v2" || alt["golangci-lint-v2"] != byName["vscode-lint"][0] {
				t.Errorf("VS Code lint snippet: lintTool %v, alternateTools %v; want golangci-lint-v2 mapped to %s", tool, alt, byName["vscode-lint"][0])
			}
			if flags, _ := settings["go.lintFlags"].([]any); len(flags) != 0 {
				t.Errorf("VS Code lint snippet has lintFlags %v: the tested command has none", flags)
			}
		}
		if flags, ok := settings["go.vetFlags"].([]any); ok {
			if len(flags) != 1 || flags[0] != byName["vscode-vet"][2] {
				t.Errorf("VS Code vet snippet: vetFlags %v, want [%s]", flags, byName["vscode-vet"][2])
			}
		}
	}
	for _, b := range blocks["lua"] {
		var strs []string
		for _, m := range quoted.FindAllStringSubmatch(b, -1) {
			strs = append(strs, m[1])
		}
		switch {
		case strings.Contains(b, "golangcilint.args"):
			// cmd, then args: the tested command without its last
			// argument, the buffer's directory, which a function supplies.
			args := byName["nvim-lint"]
			i := slices.Index(strs, "run")
			if i < 1 || strs[i-1] != args[0] || !slices.Equal(strs[i:i+len(args)-2], args[1:len(args)-1]) {
				t.Errorf("nvim-lint snippet's cmd and args %q do not give the tested command %q", strs, args)
			}
		case strings.Contains(b, "golangci_lint_ls"):
			args := byName["langserver"]
			if i := slices.Index(strs, args[0]); i < 0 || !slices.Equal(strs[i:i+len(args)-1], args[:len(args)-1]) {
				t.Errorf("langserver snippet's command %q does not give the tested command %q", strs, args)
			}
		}
	}
	if len(blocks["json"]) < 2 || len(blocks["lua"]) < 2 {
		t.Errorf("%s: %d json and %d lua snippets, want the VS Code lint and vet settings and the two Neovim configurations", editorsDoc, len(blocks["json"]), len(blocks["lua"]))
	}
}
