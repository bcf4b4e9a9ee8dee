#!/bin/sh
# The formatters and linters, each a check that names the file, the line and the rule it breaks:
#   clang-format (.clang-format)     every C++ file's layout (scripts/format.sh applies it)
#   black        (-l 120)            every Python file's layout (scripts/format.sh applies it)
#   flake8       (.flake8)           every Python file: pycodestyle and pyflakes
#   clang-tidy   (.clang-tidy)       the core's sources: bugprone-* and performance-* checks
#                                    (a unit unchanged since it passed is skipped, the others checked
#                                    in groups of units: scripts/tidy_cached.py)
#   eslint       (eslint.config.mjs) every JS file: the recommended rules
# Run by scripts/test.sh after the native build (clang-tidy reads build/compile_commands.json) and
# web/build.sh (eslint comes with the npm packages); alone: sh scripts/lint.sh. With
# IRLENS_TEST_COUNTS set, appends "lint PASSED FAILED 0" (each tool one check); exits 1 on a failure.
cd "$(dirname "$0")/.."
passed=0
failed=0
check() {  # check NAME COMMAND...: runs COMMAND, counts it, shows its findings when it fails
    name=$1
    shift
    if out=$("$@" 2>&1); then
        passed=$((passed + 1))
        echo "lint: $name passed"
    else
        failed=$((failed + 1))
        printf '%s\n' "$out" | head -n 200
        echo "lint: $name FAILED"
    fi
}
# The files the formatters own (scripts/format.sh applies them to the same lists).
cpp_files() { git ls-files '*.cpp' '*.hpp' '*.h' '*.cc' '*.c'; }
py_files() { git ls-files '*.py'; }
clang_format() { cpp_files | xargs clang-format --dry-run --Werror; }
black_check() { py_files | xargs black --check -l 120 2>&1 | grep -v '^All done\|^Oh no\|files* would be left unchanged'; py_files | xargs black --check -q -l 120; }
flake8_check() { py_files | xargs flake8; }
check clang-format clang_format
check black black_check
check flake8 flake8_check
if [ -f build/compile_commands.json ]; then
    # The core's translation units, one clang-tidy per core (it reads the build's flags); a unit
    # whose preprocessed text, command and config passed before is not checked again (tidy_cached.py).
    check clang-tidy python3 scripts/tidy_cached.py build
else
    failed=$((failed + 1))
    echo "lint: clang-tidy FAILED: build/compile_commands.json is missing (run scripts/build.sh first)"
fi
check eslint node node_modules/eslint/bin/eslint.js --max-warnings 0 .
[ -n "$IRLENS_TEST_COUNTS" ] && echo "lint $passed $failed 0" >> "$IRLENS_TEST_COUNTS"
echo "lint: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
