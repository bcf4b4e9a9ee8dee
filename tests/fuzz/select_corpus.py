#!/usr/bin/env python3
"""Keeps the committed fuzz corpus small: from a libFuzzer merge control file, picks greedily the
inputs that add the most not-yet-covered code edges (COV lines), smallest first on ties, until
COUNT inputs are chosen or nothing new is added, and copies them to OUT named by their SHA-1.

    irlens_fuzz_readers -merge=1 -merge_control_file=/tmp/ctl /tmp/min tests/fuzz/corpus /tmp/fuzz
    python3 tests/fuzz/select_corpus.py /tmp/ctl 48 tests/fuzz/corpus   # after emptying it
"""
import hashlib
import os
import shutil
import sys


def read_control(path):
    with open(path) as f:
        lines = f.read().split("\n")
    n = int(lines[0])
    files = lines[2 : 2 + n]
    cov = {}
    for line in lines[2 + n :]:
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "COV":
            cov[int(parts[1])] = set(parts[2:])
    return files, cov


def main():
    control, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    files, cov = read_control(control)
    size = {i: os.path.getsize(files[i]) for i in cov}
    covered, chosen = set(), []
    while len(chosen) < count:
        best = max(cov, key=lambda i: (len(cov[i] - covered), -size[i]), default=None)
        if best is None or not cov[best] - covered:
            break
        covered |= cov.pop(best)
        chosen.append(files[best])
    os.makedirs(out, exist_ok=True)
    for path in chosen:
        with open(path, "rb") as f:
            name = hashlib.sha1(f.read()).hexdigest()
        shutil.copy(path, os.path.join(out, name))
    total = len(covered | set().union(*cov.values())) if cov else len(covered)
    print(f"{len(chosen)} inputs cover {len(covered)} of {total} edges")


if __name__ == "__main__":
    main()
