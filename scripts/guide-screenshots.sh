#!/bin/sh
# Regenerates the screenshots the guides of docs/guides/ embed, from the built page (web/dist:
# `IRLENS_BUILD=web sh scripts/build.sh && node web/bundle.mjs`, or web/build.sh), in headless
# Chromium (playwright-core, /usr/bin/chromium), by the steps the guides describe
# (docs/guides/screenshots.mjs). The campaign guide's shots need ../shared/data/covid-r1, the
# Python guide's the package's venv (build-python/venv, or IRLENS_PYTHON): SKIPPED without them.
#   sh scripts/guide-screenshots.sh [OUT_DIR]     (default docs/guides/img; the test writes to a temporary folder)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/docs/guides/img}
exec node "$ROOT/docs/guides/screenshots.mjs" "$OUT"
