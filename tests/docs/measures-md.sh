#!/bin/sh
# docs/measures.md is generated from the registry: fails (with the diff) when the committed file
# differs from `irlens measures --format md`. Regenerate with
#   build/cli/irlens measures --format md > docs/measures.md
# usage: measures-md.sh IRLENS SOURCE_DIR
# Writes only a temporary file (removed on exit): a test never writes into the source tree.
set -e
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
"$1" measures --format md > "$generated"
if ! diff -u "$2/docs/measures.md" "$generated"; then
    echo "docs/measures.md is stale: regenerate it with: build/cli/irlens measures --format md > docs/measures.md"
    exit 1
fi
echo "docs/measures.md matches the registry"
