#!/bin/sh
# Formats the tree as scripts/lint.sh checks it: clang-format (.clang-format) over every C++ file,
# black (120 columns) over every Python file. Run before committing: sh scripts/format.sh
cd "$(dirname "$0")/.."
git ls-files '*.cpp' '*.hpp' '*.h' '*.cc' '*.c' | xargs clang-format -i
git ls-files '*.py' | xargs black -q -l 120
