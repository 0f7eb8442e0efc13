#!/usr/bin/env bash
# build.sh BINDIR: build BINDIR/golangci-lint-ctxbound, golangci-lint v2.15.0
# with the ctxbound module plugin, using `golangci-lint custom`.
#
# Works without access to github.com: `golangci-lint custom` clones
# https://github.com/golangci/golangci-lint.git at the version tag; we build
# that same tagged tree from the v2.15.0 module (Go module proxy), make it a
# local git repository tagged v2.15.0, and redirect the clone to it with
# git's url.<local>.insteadOf passed through GIT_CONFIG_COUNT/KEY/VALUE
# (golangci-lint hands those variables to git: filterGitEnviron in
# pkg/commands/internal/builder.go).
#
# Idempotent: nothing is done when the binary is newer than every input (the
# Go files and embedded files of every ctxbound package the plugin imports,
# both go.mod/go.sum, .custom-gcl.yml, this script) and was built by the
# same Go toolchain. FORCE=1 rebuilds anyway.
set -euo pipefail

GCL_VERSION=v2.15.0
GCL_MODULE=github.com/golangci/golangci-lint/v2
GCL_REPO_URL=https://github.com/golangci/golangci-lint.git
NAME=golangci-lint-ctxbound
PIN_XTOOLS=v0.52.0 # what golangci-lint v2.15.0 requires; the plugin must not raise it

if [ $# -ne 1 ]; then
	echo "usage: $0 BINDIR" >&2
	exit 2
fi
mkdir -p "$1"
bindir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=$bindir/$NAME
GO=${GO:-go}

log() { printf 'build.sh: %s\n' "$*" >&2; }

# inputs prints every file the custom binary is built from on our side.
inputs() {
	printf '%s\n' "$root/go.mod" "$root/go.sum" "$here/go.mod" "$here/go.sum" \
		"$here/.custom-gcl.yml" "$here/build.sh"
	(cd "$here" && "$GO" list -e -deps \
		-f '{{with .Module}}{{if or (eq .Path "github.com/ctxbound/ctxbound") (eq .Path "github.com/ctxbound/ctxbound/golangciplugin")}}{{range $.GoFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{range $.EmbedFiles}}{{$.Dir}}/{{.}}{{"\n"}}{{end}}{{end}}{{end}}' \
		.)
}

up_to_date() {
	[ -z "${FORCE:-}" ] || return 1
	[ -x "$out" ] || return 1
	# Same toolchain (go version reads the build info, kept by -s -w).
	[ "$("$GO" version "$out" | awk '{print $2}')" = "$("$GO" env GOVERSION)" ] || return 1
	local files f
	files=$(inputs) || return 1
	[ -n "$files" ] || return 1
	while IFS= read -r f; do
		if [ "$f" -nt "$out" ]; then
			log "rebuilding: $f changed"
			return 1
		fi
	done <<<"$files"
}

if up_to_date; then
	log "$out is up to date"
	exit 0
fi

start=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/ctxbound-gcl.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
touch "$work/started" # the binary gets this mtime: inputs edited during the build trigger the next one

# 1. golangci-lint itself, in a project-local GOBIN (the proxy serves it).
gobin=$bindir/golangci-lint-$GCL_VERSION
gcl=$gobin/golangci-lint
if [ ! -x "$gcl" ] || ! "$gcl" version 2>/dev/null | grep -q "version ${GCL_VERSION#v} "; then
	log "installing golangci-lint $GCL_VERSION into $gobin"
	GOBIN=$gobin "$GO" install "$GCL_MODULE/cmd/golangci-lint@$GCL_VERSION"
fi

# 2. The tagged source tree as a local git repository.
src=$("$GO" mod download -json "$GCL_MODULE@$GCL_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
if [ -z "$src" ] || [ ! -f "$src/go.mod" ]; then
	log "go mod download $GCL_MODULE@$GCL_VERSION gave no source directory"
	exit 1
fi
repo=$work/golangci-lint.git
cp -R "$src" "$repo"
chmod -R u+w "$repo"
git_quiet() { git -C "$repo" -c user.name=ctxbound -c user.email=build@ctxbound.invalid \
	-c commit.gpgsign=false -c tag.gpgsign=false -c init.defaultBranch=main "$@" >/dev/null; }
git_quiet init -q
git_quiet add -A -f
git_quiet commit -q -m "golangci-lint $GCL_VERSION from the Go module proxy"
git_quiet tag "$GCL_VERSION"

# 3. golangci-lint custom, its clone redirected to the local repository.
# Appended after any git configuration the environment already carries.
n=${GIT_CONFIG_COUNT:-0}
export GIT_CONFIG_COUNT=$((n + 1))
export "GIT_CONFIG_KEY_$n=url.file://$repo.insteadOf"
export "GIT_CONFIG_VALUE_$n=$GCL_REPO_URL"
stage=$work/out
log "building $NAME with golangci-lint custom (a cold build takes 4-10 minutes)"
(cd "$here" && "$gcl" custom --version "$GCL_VERSION" --name "$NAME" --destination "$stage" -v)

# 4. The pin: the plugin must not have raised golang.org/x/tools.
xtools=$("$GO" version -m "$stage/$NAME" | awk '$1 == "dep" && $2 == "golang.org/x/tools" {print $3}')
if [ "$xtools" != "$PIN_XTOOLS" ]; then
	log "golang.org/x/tools in the custom binary is ${xtools:-missing}, want $PIN_XTOOLS (golangci-lint $GCL_VERSION's pin)"
	exit 1
fi

touch -r "$work/started" "$stage/$NAME"
rebuilt=false
[ -e "$out" ] && rebuilt=true
mv -f "$stage/$NAME" "$out"
if $rebuilt; then
	# golangci-lint keys its result cache on the binary's version, and for a
	# plugin given by path that version hashes only the top-level files of
	# the plugin directories (dirFiles in pkg/commands/internal/dirhash.go
	# skips every subdirectory of a directory holding go.mod): results cached
	# by the previous build would be served for changed checks.
	log "clearing the golangci-lint cache: results of the previous build must not be reused"
	"$out" cache clean
fi
log "built $out in $(($(date +%s) - start))s"
