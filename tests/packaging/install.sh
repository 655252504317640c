#!/bin/sh
# install.sh - install the build into a temporary DESTDIR and use the
# installed tree as an outside project would: pkg-config, a program linked
# against the shared library and one linked statically, both run; the
# headers also compile as C++; zc-info is installed and runs. KIND is the
# build's default_library: a static-only or shared-only install is
# checked for the kind it has, and for not having the other.
#
# usage: install.sh MESON BUILD_ROOT VERSION OUTSIDE.c [both|shared|static]
set -u
meson=$1
build=$2
version=$3
src=$4
kind=${5:-both}
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

"$meson" install -C "$build" --no-rebuild --quiet --destdir "$dest" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; bad "meson install"; exit 1; }
pc=$(find "$dest" -name zcrypt.pc | head -n 1)
[ -n "$pc" ] || { bad "no zcrypt.pc installed"; exit 1; }
ok "installed into DESTDIR ($(find "$dest" -type f | wc -l) files)"

# pkg-config sees only the installed tree; the sysroot prefixes its paths.
PKG_CONFIG_LIBDIR=$(dirname "$pc")
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
[ "$(pkg-config --modversion zcrypt)" = "$version" ] && ok "pkg-config --modversion $version" ||
    bad "pkg-config --modversion: $(pkg-config --modversion zcrypt 2>&1)"
cflags=$(pkg-config --cflags zcrypt) && libs=$(pkg-config --libs zcrypt) &&
    static_libs=$(pkg-config --static --libs zcrypt) || { bad "pkg-config zcrypt"; exit 1; }
libdir=$(pkg-config --variable=libdir zcrypt)
libdir=$dest${libdir#"$PKG_CONFIG_SYSROOT_DIR"}

sos=$(find "$dest" -name 'libzcrypt.so*' | wc -l)
archives=$(find "$dest" -name libzcrypt.a | wc -l)
case $kind in
both) [ "$sos" -gt 0 ] && [ "$archives" -eq 1 ] ;;
shared) [ "$sos" -gt 0 ] && [ "$archives" -eq 0 ] ;;
static) [ "$sos" -eq 0 ] && [ "$archives" -eq 1 ] ;;
esac && ok "default_library=$kind: $sos shared object names, $archives archive installed" ||
    bad "default_library=$kind: $sos shared object names, $archives archive installed"

# Shared: must need libzcrypt.so.N and run against the installed copy.
# shellcheck disable=SC2086
if [ "$kind" = static ]; then
    # pkg-config --libs finds only the archive: the program must not need a .so.
    if $cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags "$src" -o "$tmp/shared" $libs &&
            ! readelf -d "$tmp/shared" | grep -q 'NEEDED.*libzcrypt' && "$tmp/shared" "$version"; then
        ok "static-only: pkg-config --libs links the archive and runs"
    else
        bad "static-only: pkg-config --libs"
    fi
elif $cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags "$src" -o "$tmp/shared" $libs; then
    readelf -d "$tmp/shared" | grep -q 'NEEDED.*libzcrypt\.so' && ok "shared: links libzcrypt.so" ||
        bad "shared: libzcrypt.so not NEEDED"
    LD_LIBRARY_PATH=$libdir "$tmp/shared" "$version" && ok "shared: runs" || bad "shared: run"
else
    bad "shared: build with pkg-config --cflags --libs"
fi

# Static: the archive from pkg-config --static, no libzcrypt.so needed.
# shellcheck disable=SC2086
if [ "$kind" = shared ]; then
    :   # no archive installed (checked above)
elif $cc -std=c99 -Wall -Wextra -pedantic -Werror $cflags "$src" -o "$tmp/static" \
        -Wl,-Bstatic $static_libs -Wl,-Bdynamic; then
    readelf -d "$tmp/static" | grep -q 'NEEDED.*libzcrypt' && bad "static: still needs libzcrypt.so" ||
        ok "static: no libzcrypt.so needed"
    "$tmp/static" "$version" && ok "static: runs" || bad "static: run"
else
    bad "static: build with pkg-config --static --libs"
fi

# The headers are usable from C++ (extern "C", no C-only constructs).
if command -v c++ >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    printf '#include <zcrypt.h>\nint main() { return zc_version() == nullptr; }\n' |
        c++ -std=c++11 -Wall -Wextra -Werror $cflags -x c++ - -o "$tmp/cxx" $libs &&
        LD_LIBRARY_PATH=$libdir "$tmp/cxx" && ok "headers compile and link as C++" ||
        bad "headers as C++"
fi

zcinfo=$(find "$dest" -type f -name zc-info | head -n 1)
if [ -n "$zcinfo" ] && [ "$(LD_LIBRARY_PATH=$libdir "$zcinfo" --version)" = "zc-info (libzcrypt) $version" ]; then
    ok "zc-info installed and runs"
else
    bad "zc-info not installed or not runnable"
fi
exit $fail
