#!/bin/sh
# exports.sh - the shared library exports the public API and nothing else.
#
# usage: exports.sh LIBZCRYPT.so INCLUDE_DIR
#
# Every defined dynamic symbol must be a zc_* name under the one version
# node ZCRYPT_0 (besides the node's own ABS symbol), and every function
# the public headers declare with ZC_API must be among them. readelf
# reads s390x and x86_64 objects alike, so this runs on both builds.
set -u
lib=$1
inc=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

readelf --dyn-syms -W "$lib" >"$tmp/syms" || { echo "FAIL: readelf $lib"; exit 1; }
# Defined global symbols: column 5 (Bind) is not LOCAL (s390x lists its
# section symbols), column 7 (Ndx) is not UND; the name is column 8.
awk 'NF >= 8 && $1 ~ /^[0-9]+:$/ && $5 != "LOCAL" && $7 != "UND" { print $8 }' "$tmp/syms" | sort >"$tmp/defined"
grep -v '^ZCRYPT_0$' "$tmp/defined" >"$tmp/exported"
n=$(wc -l <"$tmp/exported")

if grep -q '^ZCRYPT_0$' "$tmp/defined"; then
    echo "ok: version node ZCRYPT_0 present"
else
    echo "FAIL: no version node ZCRYPT_0"; fail=1
fi
if bad=$(grep -v '^zc_[a-z0-9_]*@@ZCRYPT_0$' "$tmp/exported"); then
    echo "FAIL: exported besides zc_*@@ZCRYPT_0:"; echo "$bad"; fail=1
else
    echo "ok: all $n exported symbols are zc_*@@ZCRYPT_0"
fi

# The API the headers promise is exported (ZC_API and the name on one line;
# a name in parentheses is an entry point that a macro of the same name
# stands in front of).
grep -rhoE 'ZC_API [^(]*[ *]\(?zc_[a-z0-9_]+\)?\(' "$inc" | sed -E 's/.*(zc_[a-z0-9_]+)\)?\($/\1/' |
    sort -u >"$tmp/declared"
sed 's/@@.*//' "$tmp/exported" | sort -u >"$tmp/names"
missing=$(comm -23 "$tmp/declared" "$tmp/names")
extra=$(comm -13 "$tmp/declared" "$tmp/names")
if [ -n "$missing" ]; then
    echo "FAIL: declared with ZC_API but not exported:"; echo "$missing"; fail=1
else
    echo "ok: all $(wc -l <"$tmp/declared") ZC_API functions exported"
fi
if [ -n "$extra" ]; then
    echo "FAIL: exported but not declared with ZC_API in $inc:"; echo "$extra"; fail=1
else
    echo "ok: nothing exported that the headers do not declare"
fi
[ "$n" -gt 0 ] || { echo "FAIL: nothing exported"; fail=1; }
exit $fail
