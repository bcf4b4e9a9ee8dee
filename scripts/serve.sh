#!/bin/sh
# Builds the native CLI and the WASM module and serves the web app on http://localhost:8000 with
# examples/ preloaded. Installs what is missing first. --build-only: build, do not serve.
set -e
cd "$(dirname "$0")/.."
. scripts/deps.sh
. scripts/build.sh
if [ -f web/build.sh ]; then sh web/build.sh; fi
[ "${1:-}" = "--build-only" ] && exit 0
if [ -d web/dist ]; then
    exec node scripts/static-server.mjs web/dist "${PORT:-8000}"
fi
# Until the web app exists: evaluate the examples with the CLI.
./build/cli/irlens eval examples/qrels.txt examples/*.run -m trec_official
