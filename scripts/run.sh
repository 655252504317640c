#!/bin/sh
# run.sh - build libzcrypt natively and show what this machine offers
# (the README's first quick-start command). Installs missing packages.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh build
if [ -f build/release/build.ninja ]; then
    meson setup --reconfigure build/release --buildtype=release -Dtests=disabled >/dev/null
else
    meson setup build/release --buildtype=release -Dtests=disabled >/dev/null
fi
ninja -C build/release >/dev/null
./build/release/examples/zc-info "$@"
