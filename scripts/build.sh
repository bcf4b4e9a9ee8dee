#!/bin/sh
# Builds the native CLI (build/) and the WASM module (build-wasm/dist/). Sourced by test.sh and serve.sh.
set -e
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j "$JOBS"
emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release -DIRLENS_NATIVE_CLI="$PWD/build/cli/irlens" > /dev/null
cmake --build build-wasm -j "$JOBS"
