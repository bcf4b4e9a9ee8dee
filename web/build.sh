#!/bin/sh
# Builds the web app into web/dist (never committed): installs the npm packages from
# package-lock.json (npm ci) when needed, builds the WASM module if build-wasm/dist is missing,
# bundles (web/bundle.mjs) and assembles the npm package in build-wasm/package
# (wasm/package/assemble.mjs). Run by scripts/serve.sh and scripts/test.sh. With IRLENS_BUILD=web
# (scripts/serve.sh) it builds only the WASM flavours the page loads and skips the npm package.
set -e
cd "$(dirname "$0")/.."
if [ ! -f build-wasm/dist/irlens_web.wasm ] || [ ! -f build-wasm/dist/irlens_single.js ]; then
    . scripts/deps.sh
    . scripts/build.sh
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
node web/bundle.mjs
# The npm package `irlens` (build-wasm/package): the JS API, both WASM builds and the embed bundle.
if [ "${IRLENS_BUILD:-all}" = web ]; then
    echo "irlens: web build only: the npm package (build-wasm/package) is assembled by scripts/test.sh"
else
    node wasm/package/assemble.mjs
fi
