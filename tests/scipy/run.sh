#!/bin/sh
# The `scipy` ctest: runs tests/scipy/reference.py with Debian's python3-scipy and pipes its output
# into the checker. Exits 77 (reported by ctest as SKIPPED, never as passed) when scipy is absent.
# usage: run.sh PYTHON REFERENCE_PY CHECKER
PYTHON=$1
SCRIPT=$2
CHECKER=$3
if ! "$PYTHON" -c 'import scipy' 2>/dev/null; then
    echo "SKIPPED: $PYTHON cannot import scipy (apt-get install python3-scipy)"
    exit 77
fi
out=$("$PYTHON" "$SCRIPT") || { echo "FAIL: $SCRIPT failed"; exit 1; }
printf '%s\n' "$out" | "$CHECKER"
