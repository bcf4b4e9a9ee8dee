#!/bin/sh
# Installs what irlens needs on Debian 12 when it is missing (sourced by scripts/test.sh and
# scripts/serve.sh). Only Debian's packages and the npm registry are used.
set -e
PKGS="g++ cmake make git zlib1g-dev nlohmann-json3-dev doctest-dev libboost-math-dev libssl-dev emscripten chromium python3-scipy"
# pdflatex (with booktabs and longtable) compiles the web table's LaTeX exports in tests/web/organiser.test.mjs
PKGS="$PKGS texlive-latex-base texlive-latex-recommended"
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
