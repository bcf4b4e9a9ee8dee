#!/bin/sh
# Runs every irlens test: native unit + golden conformance + CLI behaviour, the same unit suites
# compiled to WASM under node, the Python package (built in a venv, its pytest suite), the JS API and
# the golden suite through WASM, and the web app's
# browser tests in headless Chromium (tests/web, playwright-core driving /usr/bin/chromium).
# Installs what is missing first.
# The golden tests need ../shared beside the repository; without it they report SKIPPED.
#
# The last line printed is exactly "N passed, N failed, N skipped" (CI reads it): a ctest suite
# counts once (a suite that skipped some of its checks exits 77 and counts as skipped), the node
# suites (node_api, tests/web) count each of their tests (tests/node/runner.mjs), the Python package's
# pytest suite each of its tests (scripts/test-python.sh), the formatters and linters each tool
# (scripts/lint.sh). A skip is never a
# pass; the exit status is 0 when nothing failed.
#
# To take less wall time on 2 cores (bench/README.md, issue 42): the ctest suites run JOBS at a
# time (default: the number of cores), the browser test files two at a time (each with its own
# static server on a free port and its own Chromium profile: tests/web/harness.mjs), and the
# formatters and linters run beside the browser tests (which mostly wait on Chromium), their output
# printed after them.
set -e
cd "$(dirname "$0")/.."
counts=$(mktemp)
log=$(mktemp)
lintlog=$(mktemp)
trap 'rm -f "$counts" "$log" "$lintlog"' EXIT
export IRLENS_TEST_COUNTS="$counts"
JOBS=${JOBS:-$(nproc)}
extra_failed=0
# Each stage's wall time, printed before the totals (where the test command's minutes go).
times=""
last=$(date +%s)
stage_done() { now=$(date +%s); times="$times, $1 $((now - last)) s"; last=$now; }
. scripts/deps.sh
stage_done "packages"
if ! sh scripts/build.sh; then
    echo "irlens: the build FAILED"
    echo "0 passed, 1 failed, 0 skipped"
    exit 1
fi
stage_done "build"
set +e
# Tests write only into the build folders (ignored by git): the files git would list as new or
# changed after the tests, and not before, are a failure (below).
tree_before=$(git status --porcelain --untracked-files=all 2>/dev/null)

# ctest's result lines: "n/N Test #i: NAME ....   Passed" (or ***Skipped, ***Failed, ...). The
# suites that report their own counts to $counts (node_api) are left to those counts.
count_ctest() {
    awk -v counts="$counts" '
        BEGIN { while ((getline l < counts) > 0) { split(l, part, " "); own[part[1]] = 1 } }
        / Test +#[0-9]+: / {
            name = $0; sub(/.* Test +#[0-9]+: /, "", name); sub(/ .*/, "", name)
            if (name in own) next
            if ($0 ~ /\*\*\*Skipped/) s++; else if ($0 ~ / Passed /) p++; else f++
        }
        END { printf "ctest %d %d %d\n", p, f, s }' "$log" >> "$counts"
}
run_ctest() {
    (cd "$1" && ctest --output-on-failure -j "$JOBS") > "$log" 2>&1
    rc=$?
    cat "$log"
    count_ctest
    # ctest failing without a failed test line (e.g. no tests found) is still a failure.
    if [ "$rc" -ne 0 ] && ! grep -q '\*\*\*\(Failed\|Timeout\|Exception\)\|Not Run\|Failed ' "$log"; then
        extra_failed=$((extra_failed + 1))
    fi
}

echo "== native tests"
run_ctest build
stage_done "native tests"
echo "== WASM tests (node)"
run_ctest build-wasm
stage_done "WASM tests"
web_built=0
if sh web/build.sh; then
    web_built=1
else
    echo "irlens: the web app did not build"
    extra_failed=$((extra_failed + 1))
fi
stage_done "web build"
# After web/build.sh (the notebook test shows the embed bundle's views in Chromium) and before the
# browser tests (tests/web/guides.test.mjs makes the Python guide's shot with the package's venv).
echo "== Python package (venv, pytest)"
sh scripts/test-python.sh || true  # counted by its own line in $counts
stage_done "Python package"
# The formatters and linters, counted by their own line, beside the browser tests: after the native
# build (clang-tidy reads its compile_commands.json) and web/build.sh (eslint comes with the npm
# packages); their output is printed once the browser tests are done.
lint_start=$(date +%s)
(
    sh scripts/lint.sh
    echo "lint: done in $(($(date +%s) - lint_start)) s"
) > "$lintlog" 2>&1 &
lint_pid=$!
echo "== browser tests (headless Chromium, two files at a time; the linters beside them)"
if [ "$web_built" = 1 ]; then
    node tests/node/runner.mjs web tests/web/ --concurrency 2
fi
stage_done "browser tests"
wait "$lint_pid" || true  # counted by its own line in $counts
echo "== formatters and linters"
cat "$lintlog"
stage_done "lint (after the browser tests)"
echo "irlens: wall time by stage: ${times#, }"
tree_after=$(git status --porcelain --untracked-files=all 2>/dev/null)
written=$(printf '%s\n' "$tree_after" | grep -vxF -e "$tree_before" | grep -v '^$')
if [ -n "$written" ]; then
    echo "irlens: FAILED: the tests wrote into the source tree (tests write only into build folders):"
    printf '%s\n' "$written"
    extra_failed=$((extra_failed + 1))
fi

awk -v extra="$extra_failed" '{ p += $2; f += $3; s += $4 }
    END { f += extra
          if (f) print "irlens: SOME TESTS FAILED"; else if (s) print "irlens: no test failed, but some were SKIPPED (see SKIPPED above)"
          printf "%d passed, %d failed, %d skipped\n", p, f, s
          exit f ? 1 : 0 }' "$counts"
