#!/bin/sh
# zc_info_sizes.sh - zc-info --sizes against the headers: every typedef'd
# struct of the public headers (a key object or context the caller
# allocates) is listed, and each size equals sizeof from a separately
# compiled program (sizes_ref.c), and to the pinned ABI sizes
# (sizes_abi.txt), so that no size changes by accident.
#
# usage: zc_info_sizes.sh INCLUDE-DIR SIZES-REF ZC-INFO PINNED [WRAPPER...]
set -u
inc=$1
ref=$2
info=$3
pinned=$4
shift 4
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$@" "$info" --sizes >"$tmp/info" 2>&1 || { echo "FAIL: zc-info --sizes exits non-zero"; exit 1; }
"$@" "$ref" >"$tmp/ref" 2>&1 || { echo "FAIL: sizes_ref exits non-zero"; exit 1; }
# "struct zc_stats 123" and "zc_aes_key 123" alike: name = all but the last field.
norm() { awk '{ n = $1; for (i = 2; i < NF; i++) n = n " " $i; print n "=" $NF }' "$1" | sort; }
norm "$tmp/info" >"$tmp/info.n"
norm "$tmp/ref" >"$tmp/ref.n"
if cmp -s "$tmp/info.n" "$tmp/ref.n"; then
    echo "ok: zc-info --sizes equals sizeof ($(wc -l <"$tmp/ref.n") types)"
else
    echo "FAIL: zc-info --sizes differs from sizeof:"
    diff "$tmp/ref.n" "$tmp/info.n"
    fail=1
fi
grep -v '^#' "$pinned" | grep . >"$tmp/pinned"
norm "$tmp/pinned" >"$tmp/pinned.n"
if cmp -s "$tmp/info.n" "$tmp/pinned.n"; then
    echo "ok: every size is the pinned ABI size ($(wc -l <"$tmp/pinned.n") types)"
else
    echo "FAIL: sizes differ from tests/sizes_abi.txt (a deliberate change edits it):"
    diff "$tmp/pinned.n" "$tmp/info.n"
    fail=1
fi
# Every "} zc_name;" closing a typedef in the public headers is listed.
for t in $(sed -n 's/^} \(zc_[a-z0-9_]*\);.*/\1/p' "$inc"/zcrypt/*.h | sort -u); do
    if grep -q "^$t=" "$tmp/info.n"; then
        echo "ok: $t listed"
    else
        echo "FAIL: $t (a public typedef) missing from zc-info --sizes"
        fail=1
    fi
done
exit $fail
