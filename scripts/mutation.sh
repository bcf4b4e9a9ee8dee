#!/bin/sh
# Mutation testing of the page's DOM-free JS with StrykerJS (stryker.config.mjs: the modules
# mutated, the node tests that must kill the mutants). Not part of scripts/test.sh: it runs the
# tests once per mutant (about 2,000 mutants; a few minutes on 2 cores). The report: a table per
# module and every surviving mutant on stdout, build/mutation/index.html and report.json; the scores
# are recorded in bench/README.md ("Mutation testing").
# Needs the npm packages (npm ci) and the WASM build's dist (scripts/build.sh: the table's modules
# import build-wasm/dist/evaluation.mjs and run-name.mjs). Extra arguments go to `stryker run`
# (e.g. --mutate web/src/base/exports.js for one module).
set -e
cd "$(dirname "$0")/.."
for f in build-wasm/dist/evaluation.mjs build-wasm/dist/run-name.mjs; do
    [ -f "$f" ] || { echo "mutation.sh: $f is missing: run scripts/build.sh first" >&2; exit 2; }
done
[ -d node_modules/@stryker-mutator/core ] || npm ci --no-audit --no-fund --loglevel=error
exec node node_modules/@stryker-mutator/core/bin/stryker.js run stryker.config.mjs "$@"
