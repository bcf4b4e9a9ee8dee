# Sourced by the CLI behaviour scripts (check.sh, reliability.sh): strict variables, IRLENS (the
# binary, $1), a scratch folder T removed on exit, and fail(), which counts into $fails.
set -u
IRLENS=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
