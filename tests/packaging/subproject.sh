#!/bin/sh
# subproject.sh - use the source tree as a meson subproject of a tiny
# outside project: dependency('zcrypt') must come from the subproject's
# meson.override_dependency(), the outside program must build and run,
# and the subproject must build no tests and no example programs and
# install no programs unless asked to.
#
# usage: subproject.sh MESON SOURCE_ROOT VERSION OUTSIDE.c
set -u
meson=$1
src=$2
version=$3
outside=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

proj=$tmp/outer
mkdir -p "$proj/subprojects/zcrypt"
# A copy of the sources (no build directories, no git metadata).
tar -C "$src" --exclude=./build --exclude=./.git --exclude='./build-*' -cf - . |
    tar -C "$proj/subprojects/zcrypt" -xf -
cp "$outside" "$proj/outside.c"
cat >"$proj/meson.build" <<'EOB'
project('outer', 'c', default_options: ['c_std=c99', 'warning_level=3', 'werror=true'])
zcrypt = dependency('zcrypt')
outside = executable('outside', 'outside.c', dependencies: zcrypt)
EOB

b=$tmp/build
if "$meson" setup "$b" "$proj" --force-fallback-for=zcrypt >"$tmp/setup.log" 2>&1; then
    ok "outer project configured with zcrypt as a subproject"
else
    cat "$tmp/setup.log"; bad "meson setup"; exit 1
fi
grep -q "Dependency zcrypt found: YES .*(overridden)" "$tmp/setup.log" &&
    ok "dependency('zcrypt') resolved by the subproject's override_dependency" ||
    bad "dependency('zcrypt') not from the subproject"
if ninja -C "$b" >"$tmp/build.log" 2>&1; then
    ok "built"
else
    tail -n 30 "$tmp/build.log"; bad "build"; exit 1
fi
"$b/outside" "$version" && ok "outside program runs" || bad "outside program"
grep -q 'zc-info' "$b/build.ninja" && bad "zc-info built in a subproject by default" ||
    ok "no example programs by default"
grep -q 'test_aes' "$b/build.ninja" && bad "tests built in a subproject by default" ||
    ok "no tests by default"

# Asked for, the examples are built, but still not installed.
if "$meson" configure "$b" -Dzcrypt:examples=enabled >"$tmp/conf.log" 2>&1 &&
        ninja -C "$b" >"$tmp/build2.log" 2>&1; then
    find "$b/subprojects" -name zc-info -type f | grep -q . && ok "examples=enabled builds zc-info" ||
        bad "examples=enabled did not build zc-info"
    "$meson" introspect --installed "$b" | grep -q 'zc-info' &&
        bad "zc-info installed by a subproject by default" || ok "zc-info not installed by default"
else
    cat "$tmp/conf.log"; tail -n 30 "$tmp/build2.log"; bad "examples=enabled"
fi
exit $fail
