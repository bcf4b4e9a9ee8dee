#!/bin/sh
# Runs every irlens test: native unit + golden conformance + CLI behaviour, the same unit suites
# compiled to WASM under node, the JS API and the golden suite through WASM, and the web app's
# browser tests in headless Chromium (tests/web, playwright-core driving /usr/bin/chromium).
# Installs what is missing first.
# The golden tests need ../shared beside the repository; without it they report SKIPPED.
set -e
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/build.sh
status=0
echo "== native tests"
(cd build && ctest --output-on-failure) || status=1
echo "== WASM tests (node)"
(cd build-wasm && ctest --output-on-failure) || status=1
echo "== browser tests (headless Chromium)"
if sh web/build.sh; then
    node --test --test-concurrency=1 tests/web/ || status=1
else
    echo "irlens: the web app did not build"; status=1
fi
if [ "$status" -ne 0 ]; then echo "irlens: SOME TESTS FAILED"; exit 1; fi
echo "irlens: all tests passed"
