#!/bin/sh
# Runs `cargo test --offline` for gg-sys and gg. ctest runs it as bindings.rust
# with PKG_CONFIG_PATH pointing at an uninstalled gg.pc of the build tree and
# CARGO_TARGET_DIR inside the build tree. Exit status 77 (ctest: skipped) only
# when cargo or pkg-config is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
for tool in cargo pkg-config; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIPPED bindings.rust: $tool not found (Debian: apt-get install cargo pkg-config)"
        exit 77
    fi
done
echo "bindings.rust: $(cargo --version), gg.pc libs: $(pkg-config --static --libs gg 2>&1)"
exec cargo test --offline --manifest-path "$here/Cargo.toml" --workspace
