#!/bin/sh
# run.sh - build libzcrypt natively and show what this machine offers
# (the README's first quick-start command). Installs missing packages.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh build

# Quiet when it works, the whole story when it does not.
quiet() {
    out=$("$@" 2>&1) || { printf '%s\n' "$out" >&2; echo "run.sh: failed: $*" >&2; exit 1; }
}

if [ -f build/release/build.ninja ]; then
    quiet meson setup --reconfigure build/release --buildtype=release -Dtests=disabled
else
    quiet meson setup build/release --buildtype=release -Dtests=disabled
fi
quiet ninja -C build/release
./build/release/examples/zc-info "$@"
