#!/bin/sh
# test.sh - build and run all three test tiers (the README's test command).
#
#   tier 1  native: Check suites, software backend and dispatch logic
#   tier 2  s390x Linux: the same suites cross-built, run by qemu-s390x -cpu max
#   tier 3  s390x bare metal: the library's own sources, freestanding, under
#           Hercules 3.13 (run as the 'baremetal' suite of the cross build)
#   then    the hardening checks (scripts/hardening.sh: sanitizers, valgrind,
#           ThreadSanitizer, fuzzing, constant-time taint, error contract,
#           cppcheck), one "hardening <name>: PASS|FAIL" line each;
#           ZC_HARDENING=0 skips them
#
# Installs missing Debian packages first. Exits non-zero if any tier fails.
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh test

native_expect=""
[ "$(uname -m)" = s390x ] || native_expect=native

setup() { # builddir, meson args... (quiet unless it fails)
    dir=$1
    shift
    if [ -f "$dir/build.ninja" ]; then
        set -- --reconfigure "$dir" "$@"
    else
        set -- "$dir" "$@"
    fi
    out=$(meson setup "$@" 2>&1) || { printf '%s\n' "$out" >&2; exit 1; }
    # What a missing optional peer skipped: one line each (meson.build).
    printf '%s\n' "$out" | sed -n "s|^Message: skipped: |$dir: skipped: |p"
}

status=0
echo "=== tier 1: native ($(uname -m))"
setup build/native -Dtests=enabled -Ddocs=enabled -Dtest_expect="$native_expect"
ninja -C build/native
meson test -C build/native -v --print-errorlogs || status=1

# Every public symbol carries a Doxygen comment: any warning fails. The
# reference is part of the default build; Doxygen logs its warnings.
doxylog=build/native/docs/doxygen-warnings.log
if [ ! -f "$doxylog" ]; then
    echo "docs: no Doxygen log: was the reference built (-Ddocs)?" >&2
    status=1
elif grep -q . "$doxylog"; then
    cat "$doxylog" >&2
    echo "docs: Doxygen warnings (undocumented public API?)" >&2
    status=1
elif grep -rlF -e "$PWD" -e '@ref ' build/native/docs/html >&2; then
    # Names and links must not depend on where the tree was built, and a
    # link Doxygen could not resolve shows up as a raw @ref.
    echo "docs: the pages above embed the build path or an unresolved link" >&2
    status=1
else
    echo "docs: Doxygen reference built with no warnings"
fi

# The installed programs against coreutils, and zc-encrypt's tamper checks.
smoke() { # builddir, full|quick, wrapper...
    dir=$1
    how=$2
    shift 2
    rm -rf "$dir/stage"
    meson install -C "$dir" --destdir "$PWD/$dir/stage" --quiet >/dev/null || return 1
    sh tests/smoke-programs.sh "$how" "$dir/stage" "$@"
}
smoke build/native full || status=1

echo "=== tier 2 + 3: s390x under qemu-s390x-static -cpu max, and bare metal under Hercules"
setup build/s390x --cross-file tests/cross/s390x-linux-gnu.ini -Dtests=enabled -Dtest_expect=qemu
ninja -C build/s390x
meson test -C build/s390x -v --print-errorlogs --no-suite baremetal || status=1
meson test -C build/s390x -v --print-errorlogs --suite baremetal || status=1
smoke build/s390x quick qemu-s390x-static -cpu max || status=1

if [ "${ZC_HARDENING:-1}" != 0 ]; then
    echo "=== hardening checks"
    sh scripts/hardening.sh || status=1
fi

if [ "$status" -eq 0 ]; then
    echo "=== all tiers passed"
else
    echo "=== FAILED: see the output above" >&2
fi
exit "$status"
