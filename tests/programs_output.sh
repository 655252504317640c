#!/bin/sh
# programs_output.sh - the output files of zc-encrypt and zc-rsa: devices,
# FIFOs and sockets are written through (never replaced or chmodded), a
# directory, a missing directory and a dangling link are refused before any
# work with the user's path and the errno text, a symbolic link is followed,
# --no-clobber refuses an existing file, nothing temporary is left behind.
# Device nodes are made in a temporary directory (needs root: mknod; the
# rest runs without it).
#
# usage: programs_output.sh ZC-ENCRYPT ZC-RSA [WRAPPER...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
enc=$(abs "$1")
rsa=$(abs "$2")
shift 2
wrapper="$*"
# shellcheck source=tests/programs_lib.sh
. "$here/programs_lib.sh"
no_temp() { [ -z "$(find . -name '.*.??????' | head -n 1)" ]; }
kind() { stat -c '%F %a' "$1"; }

head -c 32 /dev/urandom > key
printf 'hello\n' > in

# Character devices, as root: a copy of /dev/full and of /dev/null.
if [ "$(id -u)" -eq 0 ] && mknod full c 1 7 2> /dev/null && mknod null c 1 3; then
    chmod 666 full null
    run "$enc" -e -k key -o full in 2> err
    check "zc-encrypt -o full-device fails (status $?)" [ $? -eq 3 ]
    check "  says why, with the path" grep -q '^zc-encrypt: writing full: No space left on device$' err
    check "  the device stays a device, mode 666" [ "$(kind full)" = "character special file 666" ]
    run "$enc" -e -k key -o null in
    check "zc-encrypt -o null-device succeeds" [ $? -eq 0 ]
    check "  the device stays a device, mode 666" [ "$(kind null)" = "character special file 666" ]
    run "$rsa" genkey --bits 1024 -o null --public-out null
    check "zc-rsa genkey -o null-device succeeds" [ $? -eq 0 ]
    check "  not chmodded" [ "$(kind null)" = "character special file 666" ]
    run "$rsa" genkey --bits 1024 -o full 2> err
    check "zc-rsa genkey -o full-device fails" [ $? -eq 3 ]
    check "  says why" grep -q '^zc-rsa: writing full: No space left on device$' err
    check "  not chmodded" [ "$(kind full)" = "character special file 666" ]
    ln -s null link-to-dev
    run "$enc" -e -k key -o link-to-dev in
    check "zc-encrypt through a link to a device" [ $? -eq 0 ]
    check "  the link stays a link" [ -L link-to-dev ]
    check "  the device stays a device" [ "$(kind null)" = "character special file 666" ]
else
    echo "skip: device nodes (not root)"
fi

# A FIFO: written through, read by a reader.
mkfifo fifo
chmod 644 fifo
timeout 20 cat fifo > from-fifo &     # bounded: an older zc-encrypt replaced the FIFO
reader=$!
run "$enc" -e -k key -o fifo in
check "zc-encrypt -o FIFO succeeds" [ $? -eq 0 ]
wait "$reader"
check "  the FIFO stays a FIFO, mode 644" [ "$(kind fifo)" = "fifo 644" ]
check "  the reader got the ciphertext" [ "$(run "$enc" -d -k key from-fifo)" = hello ]
timeout 60 cat fifo > key-from-fifo &
reader=$!
run "$rsa" genkey --bits 1024 -o fifo
check "zc-rsa genkey -o FIFO succeeds" [ $? -eq 0 ]
wait "$reader"
check "  the FIFO stays a FIFO, mode 644 (not chmodded)" [ "$(kind fifo)" = "fifo 644" ]
check "  the reader got the key" grep -q '^-----BEGIN PRIVATE KEY-----$' key-from-fifo

# A socket nobody listens on: connected to, refused, not replaced.
if command -v python3 > /dev/null &&
    python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("sock")' 2> /dev/null; then
    run "$enc" -e -k key -o sock in 2> err
    check "zc-encrypt -o socket without a listener fails (status $?)" [ $? -eq 3 ]
    check "  says why" grep -q '^zc-encrypt: sock: .*Connection refused$' err
    check "  the socket stays a socket" [ -S sock ]
fi

# Refused before any work: a directory, a missing directory, a dangling link.
mkdir adir
printf 'x' > sentinel
{ printf 'abc'; echo read > sentinel; } | run "$enc" -e -k key -o adir 2> err
check "zc-encrypt -o DIR fails" [ $? -eq 3 ]
check "  names the path: Is a directory" grep -q '^zc-encrypt: adir: Is a directory$' err
run "$enc" -e -k key -o no/such/dir in 2> err
check "zc-encrypt -o missing-dir/FILE fails" [ $? -eq 3 ]
check "  names the user's path and the errno text" \
    grep -q '^zc-encrypt: no/such/dir: .*No such file or directory$' err
run "$rsa" genkey --bits 1024 -o adir 2> err
check "zc-rsa genkey -o DIR fails" [ $? -eq 3 ]
check "  names the path" grep -q '^zc-rsa: adir: Is a directory$' err
run "$rsa" genkey --bits 1024 -o key.pem --public-out no/such/pub 2> err
check "zc-rsa genkey --public-out missing-dir fails" [ $? -eq 3 ]
check "  before the key is written" [ ! -e key.pem ]
check "  names the user's path" grep -q '^zc-rsa: no/such/pub: .*No such file or directory$' err
ln -s nowhere dangling
run "$enc" -e -k key -o dangling in 2> err
check "zc-encrypt -o dangling-link fails" [ $? -eq 3 ]
check "  says so" grep -q '^zc-encrypt: dangling: dangling symbolic link' err
check "  the link is kept, nothing made" [ -L dangling ] && [ ! -e nowhere ]

# Regular files: replaced (mode 0600 for keys and plaintext), links followed,
# --no-clobber refuses.
run "$rsa" genkey --bits 1024 -o key.pem --public-out pub.pem
check "zc-rsa genkey to new files" [ $? -eq 0 ]
check "  key mode 600" [ "$(kind key.pem)" = "regular file 600" ]
printf 'old' > ct
chmod 644 ct
ln -s ct link-to-ct
run "$enc" -e -k key -o link-to-ct in
check "zc-encrypt through a link to a file" [ $? -eq 0 ]
check "  the link stays a link" [ -L link-to-ct ]
check "  its target was replaced (mode 600)" [ "$(kind ct)" = "regular file 600" ]
check "  with the ciphertext" [ "$(run "$enc" -d -k key ct)" = hello ]
cp ct ct.before
run "$enc" -e -k key -n -o ct in 2> err
check "zc-encrypt --no-clobber on an existing file fails" [ $? -eq 3 ]
check "  says so" grep -q '^zc-encrypt: ct: not overwritten (--no-clobber): File exists$' err
check "  the file is unchanged" cmp -s ct ct.before
run "$rsa" genkey --bits 1024 --no-clobber -o key.pem 2> err
check "zc-rsa --no-clobber on an existing key fails" [ $? -eq 3 ]
check "nothing temporary left behind" no_temp
exit $fail
