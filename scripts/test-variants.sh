#!/bin/sh
# test-variants.sh - the build variants a packager or a fresh machine meets,
# each configured, built and tested apart (.ci/run runs this after
# scripts/test.sh):
#
#   no-optional-native   tier 1 as a machine without any optional peer sees
#   no-optional-s390x    tier 2 likewise (the bare-metal tier is not run)
#   static               default_library=static: the library and its tests
#   shared               default_library=shared: likewise
#   no-check             -Dtests=disabled with no Check at all: the build
#
# "Without the optional peers" is made real on a machine that has them:
# pkg-config sees a directory holding only Check's files (check.pc and the
# libsubunit.pc it requires), and every optional peer's meson option is
# disabled, so neither a .pc file nor a header probe can bring one in.
# Each variant must then say what it skipped ("skipped:" lines at setup),
# and its build must not mention the peers' libraries.
#
# Prints one line per variant, "variant NAME: PASS|FAIL ...", and exits
# non-zero when any failed. Needs what scripts/install-deps.sh test installs.
set -eu
cd "$(dirname "$0")/.."

status=0
mkdir -p build
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

no_peers="-Dopenssl=disabled -Dbearssl=disabled -Dsodium=disabled -Dvalgrind=disabled -Ddocs=disabled"

# pkgdir DIR MULTIARCH: Check's pkg-config files alone in DIR.
pkgdir() {
    mkdir -p "$1"
    for pc in check libsubunit; do
        cp "/usr/lib/$2/pkgconfig/$pc.pc" "$1/" 2>/dev/null || return 1
    done
}

# variant NAME BUILDDIR MESON-TEST-ARGS MESON-SETUP-ARGS...: configure from
# scratch, build, and unless MESON-TEST-ARGS is "-" test; one summary line.
variant() {
    name=$1
    dir=$2
    targs=$3
    shift 3
    log=build/variant-$name.log
    t0=$(date +%s)
    rm -rf "$dir"
    if ! meson setup "$dir" "$@" >"$log" 2>&1; then
        result "setup failed"
        return
    fi
    skipped=$(grep -c '^Message: skipped: ' "$log" || true)
    if ! ninja -C "$dir" >>"$log" 2>&1; then
        result "build failed"
        return
    fi
    if [ "$targs" = - ]; then
        result "" "built, $skipped parts skipped at setup"
        return
    fi
    # shellcheck disable=SC2086
    if ! meson test -C "$dir" --print-errorlogs $targs >>"$log" 2>&1; then
        result "tests failed"
        return
    fi
    ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    skip=$(sed -n 's/^Skipped: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    result "" "$ok tests ok, $skip skipped, $skipped parts skipped at setup"
}

# result WHY [FIGURES]: WHY empty is a pass.
result() {
    if [ -z "$1" ]; then
        echo "variant $name: PASS $2, $(( $(date +%s) - t0 ))s"
    else
        echo "variant $name: FAIL $1; see $log"
        tail -n 40 "$log" >&2
        status=1
    fi
}

# no_peers_seen NAME DIR: the build uses no optional peer, and setup said
# what it skipped for each.
no_peers_seen() {
    [ -f "$2/build.ninja" ] || return 0
    # libcrypto, BearSSL or libsodium linked, the taint program built (memcheck.h
    # found), or valgrind running a test.
    seen=$( { grep -o -e 'libcrypto\.[a-z]*' -e '-lcrypto\b' -e '-lbearssl' -e '-lsodium' -e '^build tests/ct_taint:' "$2/build.ninja"
              meson introspect --tests "$2" | grep -o '"[^"]*/valgrind"'; } | sort -u)
    if [ -n "$seen" ]; then
        echo "variant $1: FAIL an optional peer was found behind the options' back: $seen"
        status=1
    fi
    for want in $3; do
        if ! grep -q "^Message: skipped: .*($want" "build/variant-$1.log"; then
            echo "variant $1: FAIL no 'skipped:' line names $want"
            status=1
        fi
    done
}

native_multiarch=$(gcc -print-multiarch)
if pkgdir "$tmp/pc-native" "$native_multiarch"; then
    # The tests run with the same view: the packaging tests' outside
    # programs see no more than the library's build did.
    PKG_CONFIG_LIBDIR=$tmp/pc-native
    export PKG_CONFIG_LIBDIR
    variant no-optional-native build/variant-noopt-native "" \
        -Dtests=enabled -Dtest_expect=native $no_peers
    unset PKG_CONFIG_LIBDIR
    no_peers_seen no-optional-native build/variant-noopt-native "libssl-dev libbearssl-dev libsodium-dev valgrind"
else
    echo "variant no-optional-native: FAIL Check's pkg-config files are missing (check)"
    status=1
fi

if pkgdir "$tmp/pc-s390x" s390x-linux-gnu; then
    # A later cross file overrides the first one's pkg-config directory.
    printf "[properties]\npkg_config_libdir = '%s'\n" "$tmp/pc-s390x" >"$tmp/pc-s390x.ini"
    variant no-optional-s390x build/variant-noopt-s390x "--no-suite baremetal" \
        --cross-file tests/cross/s390x-linux-gnu.ini --cross-file "$tmp/pc-s390x.ini" \
        -Dtests=enabled -Dtest_expect=qemu -Dbaremetal=false $no_peers
    no_peers_seen no-optional-s390x build/variant-noopt-s390x "libssl-dev:s390x"
else
    echo "variant no-optional-s390x: FAIL Check's s390x pkg-config files are missing (check:s390x)"
    status=1
fi

for kind in static shared; do
    variant $kind build/variant-$kind "" -Ddefault_library=$kind -Dtests=enabled \
        -Dtest_expect=native -Ddocs=disabled
done

# No Check at all: an empty pkg-config directory.
mkdir -p "$tmp/pc-empty"
PKG_CONFIG_LIBDIR=$tmp/pc-empty
export PKG_CONFIG_LIBDIR
variant no-check build/variant-no-check - -Dtests=disabled $no_peers
unset PKG_CONFIG_LIBDIR

exit "$status"
