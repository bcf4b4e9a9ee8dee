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
# time (default: the number of cores), the native and the WASM suites side by side with the Python
# package's (which mostly waits: about 20 s of CPU in a minute), the browser test files two at a
# time, the longest first, in one shared Chromium (each file with its own static server on a free
# port and its own browser context: tests/web/harness.mjs), and the formatters and linters in the
# background at a low priority from the web build on (they take mostly the CPU the tests leave
# idle), their output printed at the end.
set -e
cd "$(dirname "$0")/.."
counts=$(mktemp)
nlog=$(mktemp)
wlog=$(mktemp)
lintlog=$(mktemp)
slog=$(mktemp)
plog=$(mktemp)
trap 'rm -f "$counts" "$nlog" "$wlog" "$slog" "$plog" "$lintlog"' EXIT
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
count_ctest() {  # count_ctest LOG
    awk -v counts="$counts" '
        BEGIN { while ((getline l < counts) > 0) { split(l, part, " "); own[part[1]] = 1 } }
        / Test +#[0-9]+: / {
            name = $0; sub(/.* Test +#[0-9]+: /, "", name); sub(/ .*/, "", name)
            if (name in own) next
            if ($0 ~ /\*\*\*Skipped/) s++; else if ($0 ~ / Passed /) p++; else f++
        }
        END { printf "ctest %d %d %d\n", p, f, s }' "$1" >> "$counts"
}
run_ctest() {  # run_ctest BUILD_DIR LOG [CTEST_ARGS...]: its output into LOG, its counts into $counts
    t0=$(date +%s)
    dir=$1
    log=$2
    shift 2
    (cd "$dir" && ctest --output-on-failure -j "$JOBS" "$@") > "$log" 2>&1
    rc=$?
    echo "irlens: ctest in $dir${*:+ ($*)} took $(($(date +%s) - t0)) s" >> "$log"
    count_ctest "$log"
    # ctest failing without a failed test line (e.g. no tests found) is still a failure.
    if [ "$rc" -ne 0 ] && ! grep -q '\*\*\*\(Failed\|Timeout\|Exception\)\|Not Run\|Failed ' "$log"; then
        echo "ctest-$dir 0 1 0" >> "$counts"
    fi
}

# The web app first (2 s): the linters can then start (eslint comes with its npm packages).
web_built=0
if sh web/build.sh; then
    web_built=1
else
    echo "irlens: the web app did not build"
    extra_failed=$((extra_failed + 1))
fi
stage_done "web build"
# The formatters and linters, counted by their own line, in the background from here to the end:
# after the native build (clang-tidy reads its compile_commands.json) and web/build.sh (eslint),
# at a low priority (nice 10: a tenth of a test's share of a core when both want it), so that they
# take mostly the CPU the tests leave idle (the ctest suites' tails, pytest, the browser tests'
# waits). Not nice 19: on a machine shared with other work it starved them (1,033 s after the
# browser tests, bench/README.md). Their output is printed at the end.
lint_start=$(date +%s)
(
    nice -n 10 sh scripts/lint.sh
    echo "lint: done in $(($(date +%s) - lint_start)) s"
) > "$lintlog" 2>&1 &
lint_pid=$!
# The native and the WASM ctest suites and the Python package's side by side (none reads what
# another writes; the WASM suite's node_api runs in one process most of its time, and the Python
# package's stage mostly waits, bench/README.md), each into its own log, printed in turn. The
# Python package: after web/build.sh (the notebook test shows the embed bundle's views in
# Chromium) and before the browser tests (tests/web/guides.test.mjs makes the Python guide's shot
# with the package's venv). The WASM suite's `serve` test runs scripts/serve.sh, which writes
# web/dist again (the bundle the Python package copies and its notebook test reads): it runs after
# them, alone.
echo "== native tests, WASM tests (node) and the Python package (venv, pytest), side by side"
run_ctest build "$nlog" &
native_pid=$!
run_ctest build-wasm "$wlog" -E '^serve$' &
wasm_pid=$!
sh scripts/test-python.sh > "$plog" 2>&1 || true  # counted by its own line in $counts (set -e: a failure must not end the run)
wait "$native_pid" "$wasm_pid"
run_ctest build-wasm "$slog" -R '^serve$'
echo "== native tests"
cat "$nlog"
echo "== WASM tests (node)"
cat "$wlog" "$slog"
echo "== Python package (venv, pytest)"
cat "$plog"
stage_done "native and WASM tests, Python package"
# The longest files first (tests/web/durations.json, their wall times as runner.mjs --record wrote
# them), so that no lane idles at the end while the other still runs a long file; one Chromium
# for all the files (--shared-browser), each file in a context of its own.
echo "== browser tests (headless Chromium, two files at a time, the longest first)"
if [ "$web_built" = 1 ]; then
    node tests/node/runner.mjs web tests/web/ --concurrency 2 --durations tests/web/durations.json --shared-browser
fi
stage_done "browser tests"
wait "$lint_pid" || true  # counted by its own line in $counts
echo "== formatters and linters"
cat "$lintlog"
stage_done "lint (what was left after the browser tests)"
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
