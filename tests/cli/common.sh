# Sourced by the CLI behaviour scripts (check.sh, reliability.sh): strict variables, IRLENS (the
# binary, $1), a scratch folder T removed on exit, and fail(), which counts into $fails.
set -u
IRLENS=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# refused EXIT 'MESSAGE' -- irlens args...: the exit code, the message on stderr, nothing on stdout.
refused() {
    want_rc=$1; want=$2; shift 3
    "$IRLENS" "$@" > "$T/out" 2> "$T/err"
    rc=$?
    [ "$rc" = "$want_rc" ] || { fail "irlens $* exited $rc, expected $want_rc"; cat "$T/err"; return; }
    grep -qF -- "$want" "$T/err" || { fail "irlens $*: stderr lacks '$want':"; cat "$T/err"; }
    [ -s "$T/out" ] && fail "irlens $*: printed on stdout despite the error"
}
