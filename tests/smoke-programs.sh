#!/bin/sh
# smoke-programs.sh - smoke test of the installed programs (zc-sum, zc-encrypt,
# zc-info, zc-rsa, zc-ec, zc-stats) against coreutils and openssl, and zc-encrypt's
# tamper detection.
#
#   sh tests/smoke-programs.sh full  STAGE [WRAPPER...]
#   sh tests/smoke-programs.sh quick STAGE [WRAPPER...]
#
# STAGE is a `meson install --destdir` tree; the programs are taken from its
# bin directory and the library from its lib directory (through
# LD_LIBRARY_PATH, as installed programs carry no build rpath). WRAPPER runs
# them, e.g. `qemu-s390x-static -cpu max` for the s390x build. "full" is the
# whole native smoke test; "quick" is one zc-sum comparison per
# coreutils-known family, one zc-encrypt round trip and one zc-ec round
# trip each way with openssl, for the slow emulated run. Prints "smoke: N passed, N failed"; exits non-zero on any
# failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
mode=$1
stage=$(cd "$2" && pwd)
shift 2

bin=$(dirname "$(find "$stage" -type f -name zc-sum | head -n 1)")
lib=$(dirname "$(find "$stage" -name 'libzcrypt.so*' | head -n 1)")
[ -x "$bin/zc-sum" ] && [ -x "$bin/zc-encrypt" ] && [ -x "$bin/zc-info" ] || {
    echo "smoke: programs not installed under $stage" >&2
    exit 1
}
export LD_LIBRARY_PATH="$lib"
wrapper="$*"
zc() { # program, args...
    p=$1
    shift
    # shellcheck disable=SC2086 # the wrapper is a word list
    $wrapper "$bin/$p" "$@"
}

work=$(mktemp -d)
trap '[ -n "${ZC_SMOKE_KEEP:-}" ] || rm -rf "$work"' EXIT
cd "$work" || exit 1

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() { # description, command... : the command must succeed
    d=$1
    shift
    if "$@"; then ok; else bad "$d"; fi
}

# Test files: empty, one byte, "abc", a multi-block one, awkward names.
: > empty
printf 'a' > one
printf 'abc' > abc
head -c 300000 /dev/urandom > big
printf 'spaces\n' > 'with space'
printf 'backslash\n' > 'back\slash'
printf 'newline\n' > 'new
line'
files="empty one abc big"

# ---- zc-sum against coreutils ------------------------------------------------
if [ "$mode" = full ]; then
    bits="1 224 256 384 512"
else
    bits="256 512"    # SHA-512 runs on KIMD/KLMD under QEMU, SHA-256 in software
fi
for b in $bits; do
    # shellcheck disable=SC2086
    "sha${b}sum" $files 'with space' 'back\slash' 'new
line' > want
    # shellcheck disable=SC2086
    zc zc-sum -a "sha$b" $files 'with space' 'back\slash' 'new
line' > got
    check "zc-sum -a sha$b files = sha${b}sum" cmp -s want got
    "sha${b}sum" < big > want
    zc zc-sum -a "sha$b" < big > got
    check "zc-sum -a sha$b stdin = sha${b}sum" cmp -s want got
    [ "$mode" = full ] || continue

    "sha${b}sum" --tag -b abc 'back\slash' > want
    zc zc-sum -a "sha$b" --tag abc 'back\slash' > got
    check "zc-sum --tag sha$b" cmp -s want got
    "sha${b}sum" -b one > want
    zc zc-sum -a "sha$b" -b one > got
    check "zc-sum -b sha$b" cmp -s want got

    # -c on a good list, on a tag list, and on one with a mismatch, a
    # missing file and a malformed line: same stdout, messages and status.
    # shellcheck disable=SC2086
    "sha${b}sum" $files 'back\slash' 'new
line' > list
    zc zc-sum -a "sha$b" -c list > got
    check "zc-sum -c sha$b good list" [ $? -eq 0 ]
    "sha${b}sum" -c list > want
    check "zc-sum -c sha$b output" cmp -s want got
    "sha${b}sum" --tag $files > tags
    zc zc-sum -c tags > got
    check "zc-sum -c tag list sha$b (algorithm from the tag)" [ $? -eq 0 ]
    "sha${b}sum" -c tags > want
    check "zc-sum -c tag list output" cmp -s want got
    {
        sed '2s/^./X/' list
        echo "not a checksum line"
        sed -n '1s/  empty$/  missing-file/p' list
    } > badlist
    "sha${b}sum" -c badlist > want 2> want.err
    want_rc=$?
    zc zc-sum -a "sha$b" -c badlist > got 2> got.err
    got_rc=$?
    check "zc-sum -c sha$b bad list status ($got_rc vs $want_rc)" [ "$got_rc" -eq "$want_rc" ]
    check "zc-sum -c sha$b bad list output" cmp -s want got
    sed "s/^sha${b}sum:/zc-sum:/" want.err > want.err2
    check "zc-sum -c sha$b bad list messages" cmp -s want.err2 got.err
    "sha${b}sum" --status -c badlist > want 2> want.err
    want_rc=$?
    zc zc-sum -a "sha$b" --status -c badlist > got 2> got.err
    got_rc=$?
    sed "s/^sha${b}sum:/zc-sum:/" want.err > want.err2
    cmp -s want got && cmp -s want.err2 got.err && [ "$got_rc" -eq "$want_rc" ]
    check "zc-sum --status sha$b: same status and messages" [ $? -eq 0 ]
done

if [ "$mode" = full ]; then
    # Algorithms coreutils lacks: compare the digests with OpenSSL's.
    if command -v openssl > /dev/null; then
        for a in sha512-224 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512; do
            o=$a
            case $a in sha512-*) o="sha512-${a#sha512-}" ;; esac
            want=$(openssl dgst "-$o" -r < big | cut -d' ' -f1)
            got=$(zc zc-sum -a "$a" < big | cut -d' ' -f1)
            check "zc-sum -a $a = openssl dgst -$o" [ "$want" = "$got" ]
        done
    fi
    zc zc-sum -a nosuch empty > /dev/null 2>&1
    check "zc-sum unknown algorithm exits 2" [ $? -eq 2 ]
    zc zc-sum no-such-file > /dev/null 2>&1
    check "zc-sum unreadable file exits 1" [ $? -eq 1 ]
fi

# ---- zc-encrypt --------------------------------------------------------------
head -c 32 /dev/urandom > key
head -c 32 /dev/urandom > key2
C=1024      # small chunks keep the multi-chunk cases small
nothing_left() { # dir: no file but the expected ones
    [ -z "$(find "$1" -name '.*.??????' -o -name 'out*' | head -n 1)" ]
}

roundtrip() { # name, size
    head -c "$2" /dev/urandom > "pt.$1"
    zc zc-encrypt -e -k key --chunk-size $C -o "ct.$1" "pt.$1" &&
    zc zc-encrypt -d -k key -o "rt.$1" "ct.$1" &&
    cmp -s "pt.$1" "rt.$1" &&
    [ "$(wc -c < "ct.$1")" -eq $((32 + $2 + 16 * ($2 / C + 1))) ]
}
if [ "$mode" = full ]; then
    for s in 0 1 $C $((3 * C)) $((3 * C + 5)); do
        check "zc-encrypt round trip, $s bytes" roundtrip "$s" "$s"
    done
    # The default chunk size, through pipes; and a hex key.
    hex=$(od -An -tx1 -v key | tr -d ' \n')
    zc zc-encrypt -e -K "$hex" < big | zc zc-encrypt -d -k key > rt.big
    check "zc-encrypt stdin/stdout round trip, default chunks, hex key" cmp -s big rt.big
else
    check "zc-encrypt round trip, $((3 * C + 5)) bytes" roundtrip q $((3 * C + 5))
fi

# Tampered files: each must fail with status 1 and leave no output behind.
rejects() { # description, file
    rm -f out
    zc zc-encrypt -d -k key -o out "$2" 2> /dev/null
    rc=$?
    check "zc-encrypt rejects $1 (status $rc)" [ "$rc" -eq 1 ]
    check "zc-encrypt leaves nothing behind for $1" nothing_left .
}
R=$((C + 16))                   # one full chunk record
[ "$mode" = full ] || {
    head -c $((32 + 2 * R)) ct.q > trunc
    rejects "a truncated file" trunc
}
if [ "$mode" = full ]; then
    ct=ct.$((3 * C + 5))        # header + 3 full records + a 5-byte last one
    head -c $((32 + 2 * R)) "$ct" > trunc-boundary
    rejects "a file truncated at a chunk boundary" trunc-boundary
    head -c $((32 + 2 * R + 100)) "$ct" > trunc-middle
    rejects "a file truncated inside a chunk" trunc-middle
    { head -c $((32 + 3 * R)) "$ct"; } > trunc-last
    rejects "a file without its last chunk" trunc-last
    { cat "$ct"; printf 'x'; } > appended
    rejects "a file with a byte appended" appended
    { head -c 32 "$ct"; dd if="$ct" bs=1 skip=$((32 + R)) count=$R 2> /dev/null
      dd if="$ct" bs=1 skip=32 count=$R 2> /dev/null
      tail -c +$((32 + 2 * R + 1)) "$ct"; } > reordered
    check "reordered file has the original length" [ "$(wc -c < reordered)" -eq "$(wc -c < "$ct")" ]
    rejects "a reordered file (chunks 0 and 1 swapped)" reordered
    cp "$ct" flipped
    off=$((32 + R + 7))
    byte=$(od -An -tu1 -j $off -N 1 flipped | tr -d ' ')
    printf "\\$(printf %o $((byte ^ 4)))" | dd of=flipped bs=1 seek=$off conv=notrunc 2> /dev/null
    cmp -s "$ct" flipped
    check "bit-flipped file differs" [ $? -ne 0 ]
    rejects "a bit-flipped file" flipped
    # Chunk 1 taken from another encryption of the same plaintext and key.
    zc zc-encrypt -e -k key --chunk-size $C -o other "pt.$((3 * C + 5))"
    { head -c $((32 + R)) "$ct"; dd if=other bs=1 skip=$((32 + R)) count=$R 2> /dev/null
      tail -c +$((32 + 2 * R + 1)) "$ct"; } > spliced
    rejects "a spliced file (a chunk from another file)" spliced
    cp "$ct" header
    printf '\001' | dd of=header bs=1 seek=20 conv=notrunc 2> /dev/null
    rejects "a file with a changed file nonce" header
    rm -f out
    zc zc-encrypt -d -k key2 -o out "$ct" 2> /dev/null
    check "zc-encrypt rejects the wrong key" [ $? -eq 1 ]
    check "zc-encrypt leaves nothing behind for the wrong key" nothing_left .
    zc zc-encrypt -d -k key -o out abc 2> /dev/null
    check "zc-encrypt rejects a file that is not one" [ $? -eq 1 ]
    check "zc-encrypt leaves nothing behind for a non-file" nothing_left .
    # Interrupted: the temporary file exists while it runs, and SIGTERM
    # removes it (run directly, so that the signal reaches the program).
    if [ -z "$wrapper" ]; then
        { cat big; sleep 3; } | "$bin/zc-encrypt" -e -k key -o out.sig &
        pid=$!
        sleep 1
        [ -n "$(find . -name '.out.sig.??????')" ]
        check "zc-encrypt writes to a temporary file while it runs" [ $? -eq 0 ]
        kill -TERM "$pid"
        wait "$pid"
        check "zc-encrypt dies by SIGTERM ($?)" [ $? -ne 0 ]
        check "zc-encrypt leaves nothing behind after SIGTERM" nothing_left .
    fi
    head -c 5 key > shortkey
    zc zc-encrypt -e -k shortkey -o out abc 2> /dev/null
    check "zc-encrypt rejects a 5-byte key file with status 4" [ $? -eq 4 ]
    # Without /dev/pkey no protected key can be made from a secure-key
    # blob: status 5, the library's message, and no output.
    if [ ! -e /dev/pkey ]; then
        head -c 64 /dev/urandom > blob
        rm -f out
        zc zc-encrypt -e --secure-key blob -o out abc 2> err
        check "zc-encrypt --secure-key without /dev/pkey exits 5 ($?)" [ $? -eq 5 ]
        check "zc-encrypt --secure-key says why" grep -q 'not supported on this machine' err
        check "zc-encrypt leaves nothing behind for --secure-key" nothing_left .
    fi
fi

# ---- zc-rsa against the openssl command ----------------------------------------
# Keys made by each side read by the other (PEM and DER, PKCS#1, PKCS#8,
# SPKI), signatures made by each side checked by the other (PKCS#1 v1.5
# and PSS with an explicit salt length, through openssl dgst and pkeyutl),
# OAEP encrypted by each side and decrypted by the other.
if [ "$mode" = full ] && ! command -v openssl > /dev/null; then
    echo "smoke: openssl not found, zc-rsa interoperability skipped"
elif [ "$mode" = full ]; then
    ossl() { openssl "$@" > /dev/null 2>&1; }
    zc zc-rsa genkey --bits 2048 -o zk.pem --public-out zp.pem
    check "zc-rsa genkey (PKCS#8 and SPKI PEM)" [ $? -eq 0 ]
    check "openssl reads and checks zc-rsa's PKCS#8 PEM key" ossl pkey -in zk.pem -check -noout
    ossl pkey -in zk.pem -pubout -out want
    check "openssl reads zc-rsa's SPKI PEM key (the same public key)" cmp -s want zp.pem
    zc zc-rsa genkey --bits 1024 --format der --pkcs1 -o zk1.der --public-out zp1.der
    check "openssl reads and checks zc-rsa's PKCS#1 DER private key" \
        ossl rsa -inform DER -in zk1.der -check -noout
    ossl rsa -inform DER -in zk1.der -RSAPublicKey_out -outform DER -out want
    check "openssl reads zc-rsa's PKCS#1 DER public key (the same key)" cmp -s want zp1.der

    ossl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out ok.pem
    ossl pkey -in ok.pem -outform DER -out ok.der
    ossl rsa -in ok.pem -traditional -out ok1.pem
    ossl rsa -in ok.pem -traditional -outform DER -out ok1.der
    ossl pkey -in ok.pem -pubout -out op.pem
    ossl pkey -in ok.pem -pubout -outform DER -out op.der
    ossl rsa -in ok.pem -RSAPublicKey_out -out op1.pem
    ossl rsa -in ok.pem -RSAPublicKey_out -outform DER -out op1.der
    for f in ok.pem ok.der ok1.pem ok1.der op.pem op.der op1.pem op1.der; do
        zc zc-rsa pubkey -k "$f" > got
        check "zc-rsa reads openssl's $f (the same public key)" cmp -s op.pem got
    done

    # PKCS#1 v1.5 and PSS, zc-rsa signs and openssl verifies.
    for f in zk.pem:zp.pem ok.pem:op.pem ok.der:op.pem ok1.pem:op.pem ok1.der:op.pem; do
        zc zc-rsa sign -k "${f%:*}" -o sig big
        check "openssl dgst verifies zc-rsa's PKCS#1 v1.5 signature (${f%:*})" \
            ossl dgst -sha256 -verify "${f#*:}" -signature sig big
    done
    zc zc-rsa sign -k zk.pem -a sha384 --pss --salt-len 20 -o sig big
    check "openssl dgst verifies zc-rsa's PSS signature (SHA-384, salt 20)" \
        ossl dgst -sha384 -verify zp.pem -sigopt rsa_padding_mode:pss \
        -sigopt rsa_pss_saltlen:20 -signature sig big
    ossl dgst -sha256 -binary -out dgst abc
    zc zc-rsa sign -k ok.pem --pss --salt-len 0 -o sig abc
    check "openssl pkeyutl verifies zc-rsa's PSS signature (SHA-256, salt 0)" \
        ossl pkeyutl -verify -pubin -inkey op.pem -in dgst -sigfile sig \
        -pkeyopt digest:sha256 -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:0
    zc zc-rsa sign -k ok1.der -a sha512 -o sig abc
    ossl dgst -sha512 -binary -out dgst abc
    check "openssl pkeyutl verifies zc-rsa's PKCS#1 v1.5 signature (SHA-512)" \
        ossl pkeyutl -verify -pubin -inkey op.pem -in dgst -sigfile sig -pkeyopt digest:sha512

    # openssl signs and zc-rsa verifies, with each public key format.
    ossl dgst -sha256 -sign ok.pem -out sig big
    for f in op.pem op.der op1.pem op1.der ok.pem; do
        zc zc-rsa verify -k "$f" -s sig big > /dev/null
        check "zc-rsa verifies openssl dgst's PKCS#1 v1.5 signature ($f)" [ $? -eq 0 ]
    done
    ossl dgst -sha256 -sign ok.pem -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 \
        -out sig big
    zc zc-rsa verify -k op.pem --pss --salt-len 32 -s sig big > /dev/null
    check "zc-rsa verifies openssl dgst's PSS signature (salt 32)" [ $? -eq 0 ]
    zc zc-rsa verify -k op.pem --pss --salt-len 31 -s sig big > /dev/null 2>&1
    check "zc-rsa rejects it with the wrong salt length, status 1" [ $? -eq 1 ]
    zc zc-rsa verify -k op.pem --pss --salt-len 32 -s sig abc > /dev/null 2>&1
    check "zc-rsa rejects it over another file, status 1" [ $? -eq 1 ]
    ossl dgst -sha3-256 -binary -out dgst one
    ossl pkeyutl -sign -inkey ok.pem -in dgst -out sig -pkeyopt digest:sha3-256 \
        -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:17
    zc zc-rsa verify -k op1.der -a sha3-256 --pss --salt-len 17 -s sig one > /dev/null
    check "zc-rsa verifies openssl pkeyutl's PSS signature (SHA3-256, salt 17)" [ $? -eq 0 ]
    ossl dgst -sha1 -binary -out dgst one
    ossl pkeyutl -sign -inkey ok.pem -in dgst -out sig -pkeyopt digest:sha1
    zc zc-rsa verify -k op.der -a sha1 -s sig one > /dev/null
    check "zc-rsa verifies openssl pkeyutl's PKCS#1 v1.5 signature (SHA-1)" [ $? -eq 0 ]

    # OAEP both ways (SHA-256 for the label and MGF1), with and without a label.
    oaep="-pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_mgf1_md:sha256"
    head -c 190 big > pt            # the longest message for 2048 bits and SHA-256
    zc zc-rsa encrypt -k op.pem -o ct pt
    # shellcheck disable=SC2086
    ossl pkeyutl -decrypt -inkey ok.pem $oaep -in ct -out rt
    check "openssl decrypts zc-rsa's OAEP message" cmp -s pt rt
    # shellcheck disable=SC2086
    ossl pkeyutl -encrypt -pubin -inkey zp.pem $oaep -pkeyopt rsa_oaep_label:6c6162656c \
        -in abc -out ct
    zc zc-rsa decrypt -k zk.pem --label label -o rt ct
    check "zc-rsa decrypts openssl's OAEP message (with a label)" cmp -s abc rt
    zc zc-rsa decrypt -k zk.pem -o rt ct 2> /dev/null
    check "zc-rsa rejects it without the label, status 1" [ $? -eq 1 ]
    head -c 191 big > pt
    zc zc-rsa encrypt -k op.pem -o ct pt 2> /dev/null
    check "zc-rsa refuses a message too long for OAEP, status 2" [ $? -eq 2 ]
    printf 'x' > notkey
    zc zc-rsa sign -k notkey abc > /dev/null 2>&1
    check "zc-rsa rejects a file that is not a key, status 4" [ $? -eq 4 ]
elif command -v openssl > /dev/null; then
    # Quick (emulated s390x): the big-endian build against the host's openssl.
    zc zc-rsa genkey --bits 1024 -o zk.pem --public-out zp.pem
    check "openssl checks the key zc-rsa made" openssl pkey -in zk.pem -check -noout -out /dev/null
    zc zc-rsa sign -k zk.pem --pss --salt-len 32 -o sig abc
    check "openssl verifies zc-rsa's PSS signature" openssl dgst -sha256 -verify zp.pem \
        -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 -signature sig -out /dev/null abc
    openssl dgst -sha256 -sign zk.pem -out sig abc
    zc zc-rsa verify -k zp.pem -s sig abc > /dev/null
    check "zc-rsa verifies openssl's PKCS#1 v1.5 signature" [ $? -eq 0 ]
fi

# ---- zc-ec: on its own and against the openssl command ------------------------
# tests/programs_ec.sh with the installed program, its checks counted here
# (quick: one P-256 round trip each way).
if [ -x "$bin/zc-ec" ]; then
    ec_quick=
    [ "$mode" = full ] || ec_quick=--quick
    # shellcheck disable=SC2086 # the wrapper is a word list
    sh "$here/programs_ec.sh" $ec_quick "$bin/zc-ec" $wrapper > ec.log 2>&1
    rc=$?
    pass=$((pass + $(grep -c '^ok: ' ec.log)))
    fail=$((fail + $(grep -c '^FAIL: ' ec.log)))
    grep '^FAIL: ' ec.log >&2
    grep '^skip: ' ec.log | sed 's/^skip: /smoke: zc-ec: /'
    [ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || grep -q '^FAIL: ' ec.log ||
        bad "programs_ec.sh ended with status $rc: $(tail -n 1 ec.log)"
else
    bad "zc-ec not installed"
fi

# ---- every program: --help on stdout with 0, --version, bad usage ------------
for p in zc-sum zc-encrypt zc-rsa zc-ec zc-stats; do
    [ "$mode" = full ] || break
    out=$(zc "$p" --help 2> /dev/null)
    check "$p --help exits 0" [ $? -eq 0 ]
    check "$p --help prints usage on stdout" [ -n "$out" ]
    out=$(zc "$p" --version)
    check "$p --version" [ "$out" = "$p (libzcrypt) $(zc zc-sum --version | sed 's/.* //')" ]
    zc "$p" --no-such-option > /dev/null 2>&1
    check "$p bad option exits 2" [ $? -eq 2 ]
done
zc zc-info > /dev/null
check "zc-info runs" [ $? -eq 0 ]
# zc-stats reads what zc-encrypt counted in the shared mode (this run's
# own segment, removed at the end).
if [ "$mode" = full ] && [ -d /dev/shm ]; then
    ZCRYPT_STATS_SHM_NAME=/zct-smoke-$$
    export ZCRYPT_STATS_SHM_NAME
    head -c 32 /dev/urandom > stats.key
    printf 'count me' > stats.in
    ZCRYPT_STATS=shared zc zc-encrypt -e -k stats.key -o stats.ct stats.in
    out=$(zc zc-stats)
    check "zc-stats shows zc-encrypt's AES-256-GCM" \
        sh -c 'printf "%s\n" "$1" | grep -q "^AES-256-GCM "' sh "$out"
    zc zc-stats --delete
    check "zc-stats --delete" [ $? -eq 0 ]
    unset ZCRYPT_STATS_SHM_NAME
fi
for p in $(ls "$bin"); do
    [ "$mode" = full ] || break
    check "$p has an installed man page" [ -f "$(dirname "$bin")/share/man/man1/$p.1" ]
done

echo "smoke ($mode${wrapper:+, $wrapper}): $pass passed, $fail failed"
[ "$fail" -eq 0 ]
