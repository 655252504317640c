#!/bin/sh
# docs_check.sh - the user documentation says what the programs do: every
# long option of each program's --help is in its man page, zcrypt(7)
# documents the environment variables and is installed, the README says
# where the built programs are and how to link the archive, the key
# example makes a private file, no page points at an internal issue
# number, and CHANGELOG.md has the user-visible changes.
#
# usage: docs_check.sh SOURCE-ROOT PROGRAM...   (the built programs, native)
set -u
root=$1
shift
fail=0
check() { # description, then a command that must succeed
    d=$1
    shift
    if "$@"; then echo "ok: $d"; else echo "FAIL: $d"; fail=1; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for p in "$@"; do
    name=$(basename "$p")
    sed 's/\\//g' "$root/docs/$name.1" > "$tmp/man"
    for o in $("$p" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
        check "$name.1 documents $o" grep -q -- "$o" "$tmp/man"
    done
done

for v in ZCRYPT_CAPS ZCRYPT_POLICY ZCRYPT_STATS ZCRYPT_STATS_SHM_NAME; do
    check "zcrypt.7 documents $v" grep -q "^\.B $v\$" "$root/docs/zcrypt.7"
done
check "zcrypt.7 is installed" grep -q "'zcrypt.7'" "$root/docs/meson.build"
check "README: where the built programs are" \
    grep -q 'build/release/examples/zc-info' "$root/README.md"
check "README: the static link command links the archive" \
    grep -q -- '-Wl,-Bstatic $(pkg-config --static' "$root/README.md"
check "zc-encrypt.1: the key example uses umask 077" \
    grep -q '^(umask 077 && head \\-c 32 /dev/urandom > key)' "$root/docs/zc-encrypt.1"
check "no user page names an internal issue" \
    sh -c "! grep -rn -i -E 'issue [0-9]+' '$root/README.md' '$root/CHANGELOG.md' \
        '$root/docs' '$root/include'"
for w in no-clobber ZC_RSA_PSS_SALT_ANY zc_settings_ignored ZC_REASON_POLICY \
    'key1 == key2' '--zero'; do
    check "CHANGELOG.md: $w" grep -q -- "$w" "$root/CHANGELOG.md"
done
exit $fail
