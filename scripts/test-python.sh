#!/bin/sh
# Builds the Python package (python/) in a venv and runs its pytest suite (python/tests): the venv
# is build-python/venv, made from Debian's python3 with its site packages (numpy, pandas, pytest),
# the package installed with pip --no-build-isolation (its CMake build in build-python/). Run by
# scripts/test.sh after the native build (the tests compare with build/cli/irlens).
#
# With IRLENS_TEST_COUNTS set, appends "python PASSED FAILED SKIPPED" to it from pytest's summary
# (no test collected, pytest's exit 5, or no summary at all counts as one failure).
set -e
cd "$(dirname "$0")/.."
venv=build-python/venv
[ -x "$venv/bin/python" ] || /usr/bin/python3 -m venv --system-site-packages "$venv"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The native build's core and frontends (built position-independent for this) are linked into the
# module rather than compiled again (python/CMakeLists.txt).
[ -f build/irlens-targets.cmake ] && export IRLENS_PREBUILT="${IRLENS_PREBUILT:-$PWD/build}"
if ! "$venv/bin/pip" install --quiet --no-index --no-build-isolation ./python > "$log" 2>&1; then
    cat "$log"
    echo "irlens: the Python package did not build"
    [ -n "$IRLENS_TEST_COUNTS" ] && echo "python 0 1 0" >> "$IRLENS_TEST_COUNTS"
    exit 1
fi
set +e
# From python/tests, so that the installed package is imported, not python/irlens.
(cd python/tests && IRLENS_CLI="${IRLENS_CLI:-$PWD/../../build/cli/irlens}" ../../"$venv"/bin/python -m pytest -q -rs -p no:cacheprovider .) > "$log" 2>&1
rc=$?
set -e
cat "$log"
# pytest -q's last line: "3 failed, 40 passed, 2 skipped, 1 error in 1.2s" (any subset).
summary=$(tail -n 1 "$log")
count() { echo "$summary" | grep -o "[0-9]* $1" | head -n 1 | cut -d' ' -f1; }
passed=$(count passed); failed=$(count failed); skipped=$(count skipped); errors=$(count error)
passed=${passed:-0}; failed=$((${failed:-0} + ${errors:-0})); skipped=${skipped:-0}
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi  # exit 5 (no tests), a crash, an internal error
if [ "$((passed + failed + skipped))" -eq 0 ]; then failed=1; fi
[ -n "$IRLENS_TEST_COUNTS" ] && echo "python $passed $failed $skipped" >> "$IRLENS_TEST_COUNTS"
[ "$failed" -eq 0 ]
