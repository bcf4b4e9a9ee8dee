#!/bin/bash
# Every scripts/*.sh that README.md tells users to run is committed executable (git mode 100755),
# so that the README's commands work as written (`scripts/serve.sh`, not `sh scripts/serve.sh`).
# usage: readme-modes.sh SOURCE_DIR. Exits 77 (SKIPPED) when SOURCE_DIR is not a git checkout.
set -u
src=$1
if ! git -C "$src" rev-parse --git-dir > /dev/null 2>&1; then
    echo "SKIPPED: $src is not a git checkout - the modes of the README's scripts were NOT checked"
    exit 77
fi
names=$(grep -o 'scripts/[A-Za-z0-9_.-]*\.sh' "$src/README.md" | sort -u)
[ -n "$names" ] || { echo "FAIL: README.md names no scripts/*.sh (is this check still needed?)"; exit 1; }
fails=0
for f in $names; do
    mode=$(git -C "$src" ls-files -s -- "$f" | cut -d' ' -f1)
    if [ "$mode" != 100755 ]; then
        echo "FAIL: $f (named in README.md) is committed with mode '${mode:-untracked}', not 100755 (git add --chmod=+x $f)"
        fails=$((fails + 1))
    else
        echo "ok: $f 100755"
    fi
done
exit $((fails > 0))
