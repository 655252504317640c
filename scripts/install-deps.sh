#!/bin/sh
# install-deps.sh - install the Debian packages libzcrypt needs to build and test.
#
#   scripts/install-deps.sh build   native build + zc-info (meson, ninja, gcc)
#   scripts/install-deps.sh test    all three test tiers (adds Check, Doxygen, the
#                                   s390x cross toolchain, s390x Check, QEMU, Hercules)
#                                   and the hardening checks (clang with libFuzzer,
#                                   valgrind, cppcheck), BearSSL, the peer of
#                                   the software benchmarks (tests/bench/sw_peers.c,
#                                   ec_peers.c), and libsodium, ec_peers.c's
#                                   X25519 and Ed25519 peer
#   scripts/install-deps.sh perf    test, plus qemu-user (the dynamic qemu-s390x that
#                                   loads the instruction-counting plugin, scripts/perf.sh)
#                                   and, where apt can, libssl-dev:s390x (the OpenSSL
#                                   column of the s390x counts; skipped otherwise)
#
# Every package beyond "build" is optional for the library: without one,
# the build skips what needs it and says so (docs/toolchain.md lists them).
#
# Idempotent: installs only what is missing, so the README's quick-start commands
# can call it every time. Needs root (or sudo) on Debian 12.
set -eu
what=${1:-test}

pkgs="meson ninja-build gcc libc6-dev pkg-config"
if [ "$what" = test ] || [ "$what" = perf ]; then
    pkgs="$pkgs check doxygen libssl-dev openssl gcc-s390x-linux-gnu libc6-dev-s390x-cross \
          linux-libc-dev-s390x-cross binutils-s390x-linux-gnu qemu-user-static hercules \
          clang libclang-rt-dev valgrind cppcheck libbearssl-dev libsodium-dev chromium"
fi
[ "$what" != perf ] || pkgs="$pkgs qemu-user"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
# s390x Check comes from Debian multiarch (see docs/toolchain.md).
need_s390x_check=0
if [ "$what" != build ] &&
   ! dpkg-query -W -f='${Status}' check:s390x 2>/dev/null | grep -q "ok installed"; then
    need_s390x_check=1
fi

if [ -n "$missing" ] || [ "$need_s390x_check" -eq 1 ]; then
    export DEBIAN_FRONTEND=noninteractive
    if [ "$need_s390x_check" -eq 1 ] &&
       ! dpkg --print-foreign-architectures | grep -qx s390x; then
        $SUDO dpkg --add-architecture s390x
    fi
    $SUDO apt-get update -q
    [ -z "$missing" ] || $SUDO apt-get install -y -q --no-install-recommends $missing
    [ "$need_s390x_check" -eq 0 ] || $SUDO apt-get install -y -q --no-install-recommends check:s390x
fi

# libssl-dev:s390x must match the amd64 libssl3 version exactly (Multi-Arch:
# same), and Debian's mirrors do not always carry the two in step: try it,
# and say what is skipped when apt cannot.
if [ "$what" = perf ] &&
   ! dpkg-query -W -f='${Status}' libssl-dev:s390x 2>/dev/null | grep -q "ok installed"; then
    $SUDO apt-get install -y -q --no-install-recommends libssl-dev:s390x >/dev/null 2>&1 ||
        echo "install-deps: libssl-dev:s390x cannot be installed here (apt finds no version matching the amd64 libssl3): scripts/perf.sh fetches and unpacks the s390x packages under build/ instead (apt-get download)"
fi
