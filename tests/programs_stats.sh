#!/bin/sh
# programs_stats.sh - zc-stats after real programs: zc-encrypt runs under
# ZCRYPT_STATS=shared, and zc-stats (table, --json, summary line) shows
# exactly what they counted; so does an X25519 agreement by zc-ec, on its
# own row; --reset, --watch, --delete; corrupt segments are explained, not
# read, and never crash it; --help, --version, usage errors. The segment
# is this run's own (ZCRYPT_STATS_SHM_NAME).
#
# usage: programs_stats.sh ZC-STATS ZC-ENCRYPT ZC-EC [WRAPPER...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
stats=$(abs "$1")
enc=$(abs "$2")
ec=$(abs "$3")
shift 3
wrapper="$*"
# shellcheck source=tests/programs_lib.sh
. "$here/programs_lib.sh"
ZCRYPT_STATS_SHM_NAME=/zct-programs-stats-$$
export ZCRYPT_STATS_SHM_NAME
shm=/dev/shm${ZCRYPT_STATS_SHM_NAME}
trap 'rm -rf "$tmp" "$shm"' EXIT
rm -f "$shm"

run "$stats" --help > out 2> err
check "--help exits 0" [ $? -eq 0 ]
check "--help on stdout" grep -q '^Usage: zc-stats' out
check "--help names --watch" grep -q -- '--watch=SECONDS' out
run "$stats" --version > out 2>&1
check "--version" grep -q '^zc-stats (libzcrypt) ' out
run "$stats" --bogus > out 2> err
check "bad option exits 2" [ $? -eq 2 ]
run "$stats" --watch 0 > out 2> err
check "--watch 0 exits 2" [ $? -eq 2 ]
run "$stats" --reset --delete > out 2> err
check "--reset --delete exits 2" [ $? -eq 2 ]

run "$stats" > out 2> err
check "no segment: exit 1" [ $? -eq 1 ]
check "no segment: said" grep -q 'no segment yet' err

# Two encryptions of 100000 bytes: each one AES-256-GCM call per 64 KiB chunk.
head -c 32 /dev/urandom > key
head -c 100000 /dev/urandom > plain
ZCRYPT_STATS=shared run "$enc" -e -k key -o ct plain
ZCRYPT_STATS=shared run "$enc" -d -k key -o back ct
check "round trip" cmp -s plain back
run "$stats" > out 2> err
check "table exits 0" [ $? -eq 0 ]
check "table has AES-256-GCM encrypt" grep -q '^AES-256-GCM .* encrypt ' out
check "table has AES-256-GCM decrypt" grep -q '^AES-256-GCM .* decrypt ' out
check "summary line" grep -Eq '^hardware [0-9.]+ %, software [0-9.]+ % \(of [0-9]+ calls\)$' out
cp out table.txt
run "$stats" --json > out 2> err
check "--json trusted" grep -q '"trusted":true' out
# The bytes of the GCM text: 100000 each way.
enc_bytes=$(grep -o '"algo":"AES-256-GCM","backend":"[a-z]*","op":"encrypt","calls":[0-9]*,"bytes":[0-9]*' out |
    sed 's/.*"bytes"://')
dec_bytes=$(grep -o '"algo":"AES-256-GCM","backend":"[a-z]*","op":"decrypt","calls":[0-9]*,"bytes":[0-9]*' out |
    sed 's/.*"bytes"://')
check "--json: encrypt bytes 100000 (got $enc_bytes)" [ "${enc_bytes:-0}" -eq 100000 ]
check "--json: decrypt bytes 100000 (got $dec_bytes)" [ "${dec_bytes:-0}" -eq 100000 ]
if command -v python3 > /dev/null 2>&1; then
    check "--json parses" python3 -c 'import json,sys; json.load(open("out"))'
fi

run "$stats" --watch 1 --count 1 > out 2> err
check "--watch 1 --count 1 exits 0" [ $? -eq 0 ]
check "--watch: nothing counted meanwhile" grep -q '^no calls counted' out

run "$stats" --reset > out 2> err
check "--reset exits 0" [ $? -eq 0 ]
run "$stats" > out 2> err
check "after --reset: no calls" grep -q '^no calls counted' out

run "$stats" --delete > out 2> err
check "--delete exits 0" [ $? -eq 0 ]
check "--delete removed it" [ ! -e "$shm" ]

# An X25519 agreement: two generations and one derivation, each f = 32
# bytes, on the EC-X25519 row's private side (importing the key files
# counts nothing).
ZCRYPT_STATS=shared run "$ec" genkey -c x25519 -o xa
ZCRYPT_STATS=shared run "$ec" genkey -c x25519 -o xb
ZCRYPT_STATS=shared run "$ec" derive -k xa -p xb -o xz
check "x25519: a 32-byte secret" [ "$(wc -c < xz)" -eq 32 ]
run "$stats" > out 2> err
check "x25519: the EC-X25519 row, 3 calls, 96 bytes" \
    grep -Eq '^EC-X25519 +software +private +3 +96$' out
run "$stats" --delete > out 2> err

# Corrupt segments: explained, exit 1, no crash. A good one first.
ZCRYPT_STATS=shared run "$enc" -e -k key -o ct plain
cp "$shm" good
bad() { # description, expected text; the segment is set up by the caller
    run "$stats" > out 2> err
    st=$?
    check "$1: exit 1 (got $st)" [ $st -eq 1 ]
    check "$1: explained" grep -q "$2" err
    run "$stats" --json > out 2> err
    check "$1: --json untrusted" grep -q '"trusted":false' out
}
head -c 100 good > "$shm"
bad "truncated" "size is not what its header says"
{ printf 'x'; tail -c +2 good; } > "$shm"
bad "wrong magic" "not a libzcrypt statistics segment"
{ head -c 8 good; printf '\011'; tail -c +10 good; } > "$shm"
bad "wrong version" "layout version this library does not know"
cp good "$shm"
chmod 0660 "$shm"
bad "group-writable" "permissions are not 0600"
chmod 0600 "$shm"
run "$stats" > out 2> err
check "good again: exit 0" [ $? -eq 0 ]
head -c 4096 /dev/urandom > "$shm"
bad "random bytes" "not a libzcrypt statistics segment"
: > "$shm"
bad "empty" "size is not what its header says"

# --all: root only; as root, every /dev/shm/zcrypt-stats-UID, read with
# pread. Two segments of uids nobody has (made from this run's pid): a
# good one of its owner, and one owned by another uid than its name's.
if [ "$(id -u)" -ne 0 ]; then
    run "$stats" --all > out 2> err
    check "--all as a user: exit 2" [ $? -eq 2 ]
    check "--all as a user: root only" grep -q 'root only' err
elif chown 0 good 2> /dev/null; then
    u1=$((3000000000 + $$ % 100000 * 2))
    u2=$((u1 + 1))
    s1=/dev/shm/zcrypt-stats-$u1
    s2=/dev/shm/zcrypt-stats-$u2
    trap 'rm -rf "$tmp" "$shm" "$s1" "$s2"' EXIT
    cp good "$s1" && chmod 0600 "$s1" && chown "$u1" "$s1"
    cp good "$s2" && chmod 0600 "$s2" && chown "$u1" "$s2"
    run "$stats" --all > out 2> err
    check "--all: a foreign-owned segment: exit 1" [ $? -eq 1 ]
    check "--all: the good one read" grep -q "^segment /zcrypt-stats-$u1 (uid $u1), counting" out
    check "--all: the foreign one explained" \
        grep -q "^segment /zcrypt-stats-$u2 (uid $u2): not read: the segment is not a file owned by this user" out
    check "--all: the sum line" grep -Eq '^[0-9]+ segment\(s\); hardware' out
    run "$stats" --all --json > out 2> err
    check "--all --json has the sum" grep -q '"sum":{"segment":"all users"' out
    rm -f "$s1" "$s2"
fi
exit $fail
