#!/bin/sh
# Builds what the web app needs (the WASM module's browser flavours and the bundle: no native CLI,
# no test suite; scripts/test.sh builds the rest and reuses this) and serves the web app on
# http://localhost:8000 with examples/ preloaded. Installs what is missing first.
# --build-only: build, do not serve.
set -e
cd "$(dirname "$0")/.."
export IRLENS_BUILD=web
. scripts/deps.sh
. scripts/build.sh
sh web/build.sh
[ "${1:-}" = "--build-only" ] && exit 0
exec node scripts/static-server.mjs web/dist "${PORT:-8000}"
