# programs_lib.sh - what the program tests share (sourced, after they have
# taken their own arguments): the wrapper ($wrapper, e.g. qemu-s390x-static
# -cpu max), run PROGRAM ARGS..., check DESCRIPTION COMMAND... (prints ok or
# FAIL, sets fail=1), and a temporary directory $tmp, removed at exit,
# that the test runs in.
run() { # program, args...
    p=$1
    shift
    # shellcheck disable=SC2086 # the wrapper is a word list
    $wrapper "$p" "$@"
}
fail=0
check() { # description, then a command that must succeed
    d=$1
    shift
    if "$@"; then echo "ok: $d"; else echo "FAIL: $d"; fail=1; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
