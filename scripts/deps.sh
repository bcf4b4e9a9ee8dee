#!/bin/sh
# Installs what irlens needs on Debian 12 when it is missing (sourced by scripts/test.sh and
# scripts/serve.sh). Only Debian's packages and the npm registry are used.
set -e
# What scripts/serve.sh needs to build and serve the page (IRLENS_BUILD=web: the WASM module and
# the bundle; doctest's header because CMake configures the test folder too):
PKGS="cmake make git nlohmann-json3-dev doctest-dev libboost-math-dev emscripten"
if [ "${IRLENS_BUILD:-all}" != web ]; then
    # What scripts/test.sh needs besides: the native build, browser tests, scipy checks, the
    # Python package (python/tests, run by scripts/test-python.sh) and pdflatex with booktabs and
    # longtable (the web table's LaTeX exports are compiled in tests/web/organiser.test.mjs).
    PKGS="$PKGS g++ zlib1g-dev libssl-dev chromium python3-scipy"
    PKGS="$PKGS pybind11-dev python3-dev python3-venv python3-numpy python3-pandas python3-pytest"
    PKGS="$PKGS texlive-latex-base texlive-latex-recommended"
    # The formatters and linters of scripts/lint.sh (eslint comes from npm, package.json).
    PKGS="$PKGS clang-tidy clang-format black flake8"
    # nbconvert and a kernel: python/tests/test_notebook.py executes a notebook of irlens.show views.
    PKGS="$PKGS python3-nbconvert python3-ipykernel"
    # pdftotext: tests/cli/latex.sh reads the compiled LaTeX's text back.
    PKGS="$PKGS poppler-utils"
fi
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# node and npm may come from elsewhere (e.g. NodeSource, which bundles npm): check the commands.
command -v node > /dev/null 2>&1 || missing="$missing nodejs"
command -v npm > /dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
    echo "irlens: installing Debian packages:$missing"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing > /dev/null
fi
# Debian's emscripten 3.1.6 runs its JS optimiser with node and needs Debian's node modules.
export NODE_PATH=/usr/share/nodejs
