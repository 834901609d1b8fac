#!/bin/sh
# Runs `go test` for the cgo package. ctest runs it as bindings.go with
# PKG_CONFIG_PATH pointing at an uninstalled gg.pc of the build tree, and
# GOCACHE/GOPATH inside the build tree. No module is downloaded (GOPROXY=off).
# Exit status 77 (ctest: skipped) only when go or pkg-config is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
for tool in go pkg-config; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIPPED bindings.go: $tool not found (Debian: apt-get install golang-go pkg-config)"
        exit 77
    fi
done
echo "bindings.go: $(go version), gg.pc libs: $(pkg-config --static --libs gg 2>&1)"
cd "$here" || exit 2
CGO_ENABLED=1 GOPROXY=off GOFLAGS= exec go test -count=1 ./...
