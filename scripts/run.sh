#!/bin/sh
# run.sh - build libzcrypt natively, show what this machine offers, and
# (without arguments) a short zc-speed comparison of the backends (the
# README's first quick-start command). Installs missing packages.
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
# Arguments are zc-info's (e.g. --json): then nothing else is printed.
if [ $# -eq 0 ]; then
    echo
    ./build/release/examples/zc-speed -a aes-128-cbc,aes-256-gcm,sha256,sha512 \
        -b cpacf,protected,software,openssl -s 1024,16384 -T 0.2 -r 1
fi
