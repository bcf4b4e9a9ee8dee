#!/bin/sh
# Builds irlens. Sourced by test.sh, serve.sh and web/build.sh.
#   IRLENS_BUILD=all (default): the native CLI and test suites (build/) and the WASM module with its
#                              test suites (build-wasm/), everything scripts/test.sh runs;
#   IRLENS_BUILD=web:          only what the web app loads: the WASM module's browser flavours
#                              (build-wasm/dist/irlens_web.*, irlens_single.js). No native build, no
#                              test suite: this is what scripts/serve.sh needs on a fresh clone.
# Both share build-wasm/: a later full build reuses what the web build compiled.
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
IRLENS_BUILD=${IRLENS_BUILD:-all}
if [ "$IRLENS_BUILD" = all ]; then
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
    cmake --build build -j "$JOBS"
fi
# The native CLI's path is only recorded here (the WASM tests compare their numbers with it).
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DIRLENS_NATIVE_CLI="$PWD/build/cli/irlens" > /dev/null
if [ "$IRLENS_BUILD" = all ]; then
    cmake --build build-wasm -j "$JOBS"
else
    cmake --build build-wasm -j "$JOBS" --target irlens_web irlens_single
fi
