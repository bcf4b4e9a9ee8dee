#!/usr/bin/env python3
"""clang-tidy over the core's sources, each translation unit skipped when an identical one passed before.

Usage: python3 scripts/tidy_cached.py [BUILD_DIR]   (default build/; reads its compile_commands.json)

A translation unit's key is the SHA-256 of what clang-tidy's verdict depends on: clang-tidy's
version, every .clang-tidy file of the tree, the unit's compile command and its preprocessed text
with comments kept (`clang++ -E -C`: every header it includes, and NOLINT comments), the tree's
absolute path written as @ROOT@ so that two clones share their keys. A unit whose key is in the cache
passed clang-tidy with exactly that input, so it is not checked again (as ccache does for the
build); every other unit is checked, and recorded only when it passes: a failure is never cached and
prints its findings each time. The cache is $IRLENS_TIDY_CACHE, else $XDG_CACHE_HOME/irlens/clang-tidy,
else ~/.cache/irlens/clang-tidy; IRLENS_TIDY_CACHE=off checks every unit. Exits 1 when a unit fails.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cache_dir() -> Path | None:
    setting = os.environ.get("IRLENS_TIDY_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "irlens" / "clang-tidy"


def git_files(*patterns: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, check=True, capture_output=True, text=True)
    return out.stdout.split()


def clang_of(version: bytes) -> str | None:
    """clang-tidy's own clang (clang-tidy-N depends on clang-N, whose clang++-N is on the path; the
    unversioned clang++ comes with Debian's `clang` package, which may be absent)."""
    major = re.search(rb"version (\d+)", version)
    names = ([f"clang++-{major.group(1).decode()}"] if major else []) + ["clang++"]
    return next((shutil.which(n) for n in names if shutil.which(n)), None)


def preprocess_args(entry: dict, clang: str) -> list[str]:
    """The unit's compile command as clang's preprocessor: the same flags, no output or compile step."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out, skip = [clang], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            out.append(a)
    return out + ["-E", "-C"]


def key_of(entry: dict, common: bytes, clang: str) -> str:
    args = preprocess_args(entry, clang)
    text = subprocess.run(args, cwd=entry["directory"], check=True, capture_output=True).stdout
    root = str(ROOT).encode()
    h = hashlib.sha256(common)
    h.update(" ".join(args[1:]).encode().replace(root, b"@ROOT@") + b"\0")
    h.update(text.replace(root, b"@ROOT@"))
    return h.hexdigest()


def main() -> int:
    build = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build").resolve()
    entries = {
        str(Path(e["directory"], e["file"]).resolve()): e
        for e in json.loads((build / "compile_commands.json").read_text())
    }
    sources = [str(ROOT / f) for f in git_files("core/src/*.cpp")]
    missing = [s for s in sources if s not in entries]
    if missing:
        print(f"clang-tidy: {len(missing)} core sources are not in {build}/compile_commands.json, e.g. {missing[0]}")
        return 1
    version = subprocess.run(["clang-tidy", "--version"], check=True, capture_output=True).stdout
    configs = b"".join(f.encode() + b"\0" + (ROOT / f).read_bytes() for f in sorted(git_files("*.clang-tidy")))
    common = version + b"\0" + configs + b"\0"
    cache = cache_dir()
    clang = clang_of(version)
    if cache is not None and clang is None:
        print("clang-tidy: no clang++ to preprocess with (clang-tidy's clang): every unit checked")
        cache = None
    jobs = os.cpu_count() or 1
    keys: dict[str, str] = {}
    if cache is not None:
        with ThreadPoolExecutor(jobs) as pool:
            keys = dict(zip(sources, pool.map(lambda s: key_of(entries[s], common, clang), sources)))
    todo = [s for s in sources if not (cache is not None and (cache / keys[s]).exists())]

    def tidy(source: str) -> tuple[str, subprocess.CompletedProcess]:
        cmd = ["clang-tidy", "-p", str(build), "--quiet", "--warnings-as-errors=*", source]
        return source, subprocess.run(cmd, capture_output=True, text=True)

    failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        for source, done in pool.map(tidy, todo):
            if done.returncode != 0:
                failed += 1
                sys.stdout.write(done.stdout)
                print(f"clang-tidy: {os.path.relpath(source, ROOT)} FAILED")
            elif cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                (cache / keys[source]).write_text(os.path.relpath(source, ROOT) + "\n")
    print(
        f"clang-tidy: {len(sources) - len(todo)} of {len(sources)} units unchanged since they passed;"
        f" {len(todo)} checked, {failed} failed"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
