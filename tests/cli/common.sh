# Sourced by the CLI behaviour scripts (check.sh, reliability.sh, edges.sh ...): strict variables, IRLENS (the
# binary, $1), a scratch folder T removed on exit, and fail(), which counts into $fails.
set -u
IRLENS=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { printf 'FAIL: %s\n' "$*"; fails=$((fails + 1)); }  # printf: a name's backslashes as they are

# expect EXIT STDERR_SUBSTRING -- irlens args...: exit code, a piece of stderr, nothing on stdout on
# error, never an internal error; the output in $T/out (a script may define its own, e.g. with limits).
expect() {
    want_rc=$1; want_err=$2; shift 3
    timeout 120 "$IRLENS" "$@" > "$T/out" 2> "$T/err"
    rc=$?
    if [ "$rc" != "$want_rc" ]; then
        fail "irlens $* exited $rc, expected $want_rc"; head -c 600 "$T/err"; return
    fi
    if grep -q "internal error" "$T/err"; then fail "irlens $*: an internal error"; head -c 600 "$T/err"; fi
    if [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$T/err"; then
        fail "irlens $*: stderr lacks '$want_err':"; head -c 600 "$T/err"; return
    fi
    if [ "$want_rc" != 0 ] && [ -s "$T/out" ]; then
        fail "irlens $* printed on stdout despite the error:"; head -3 "$T/out"
    fi
}
# refused EXIT 'MESSAGE' -- irlens args...: an error, its message on stderr, nothing on stdout.
refused() { expect "$@"; }
