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

The units to check are checked in groups of up to GROUP_SIZE (as many groups at once as cores):
one generated file that #includes them (BUILD_DIR/tidy-unity/), run through clang-tidy once with
their common flags and the tree's .clang-tidy, so that the standard library's and Boost's headers,
where nearly all of clang-tidy 14's time goes (its matchers run over every declaration of the unit,
system headers too; only the findings are filtered), are matched once per group instead of once per
unit: 4.5 times less CPU for the core's 96 units (bench/README.md, issue 42, part 3). Every check
still runs over every line of every unit, each unit's lines reported under its own path (.clang-tidy's
HeaderFilterRegex matches them); the one check that looks across a unit, bugprone-forward-declaration-
namespace, sees the group's other units too. When a group passes, each of its units is recorded as
passed; when it fails, the units its findings name (two units defining the same internal name do not
compile as one) are checked again on their own and the rest again as a group, and findings that name
no unit of the group (in a header some of them include) have each of its units checked on its own: a
unit is only ever reported FAILED, with its findings, from a run of its own, as without groups. Only
units with the same flags, no .clang-tidy of their own and a path the HeaderFilterRegex matches are
grouped; IRLENS_TIDY_GROUPS=off checks every unit on its own.
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
# Units per group, at most: a group costs about one unit's time (the system headers' matching) plus
# a little per unit; smaller groups meet fewer pairs of units that do not compile as one (each such
# group is checked again without them), larger ones pay the system headers fewer times.
GROUP_SIZE = 12


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


def compile_args(entry: dict) -> list[str]:
    """The unit's compile command without the compiler, the output (-o FILE) and the compile step (-c)."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            out.append(a)
    return out


def preprocess_args(entry: dict, clang: str) -> list[str]:
    """The unit's compile command as clang's preprocessor: the same flags, no output or compile step."""
    return [clang, *compile_args(entry), "-E", "-C"]


def key_of(entry: dict, common: bytes, clang: str) -> str:
    args = preprocess_args(entry, clang)
    text = subprocess.run(args, cwd=entry["directory"], check=True, capture_output=True).stdout
    root = str(ROOT).encode()
    h = hashlib.sha256(common)
    h.update(" ".join(args[1:]).encode().replace(root, b"@ROOT@") + b"\0")
    h.update(text.replace(root, b"@ROOT@"))
    return h.hexdigest()


def header_filter() -> re.Pattern | None:
    """The root .clang-tidy's HeaderFilterRegex: the files besides the main one whose findings are shown."""
    found = re.search(r"^HeaderFilterRegex:\s*'([^']*)'", (ROOT / ".clang-tidy").read_text(), re.M)
    return re.compile(found.group(1)) if found else None


def flags_of(entry: dict, source: str) -> list[str]:
    """The unit's compile flags without its source file: what a group of units shares."""
    return [a for a in compile_args(entry) if str(Path(entry["directory"], a).resolve()) != source]


class Checker:
    """Runs clang-tidy over units, alone or as groups (the module's docstring)."""

    def __init__(self, build: Path, entries: dict[str, dict]):
        self.build = build
        self.entries = entries
        self.groups_checked = 0
        self.alone_checked = 0

    def alone(self, source: str) -> tuple[str, bool, str]:
        self.alone_checked += 1
        cmd = ["clang-tidy", "-p", str(self.build), "--quiet", "--warnings-as-errors=*", source]
        done = subprocess.run(cmd, capture_output=True, text=True)
        return source, done.returncode == 0, done.stdout

    def group(self, sources: list[str]) -> list[tuple[str, bool, str]]:
        """Each unit's (source, passed, findings); a unit that failed is named from a run of its own."""
        if len(sources) == 1:
            return [self.alone(sources[0])]
        self.groups_checked += 1
        entry = self.entries[sources[0]]
        unity = self.build / "tidy-unity" / f"{hashlib.sha256(' '.join(sources).encode()).hexdigest()[:16]}.cpp"
        unity.parent.mkdir(parents=True, exist_ok=True)
        unity.write_text(
            "// Written by scripts/tidy_cached.py: units checked by clang-tidy as one.\n"
            + "".join(f'#include "{s}"  // NOLINT(bugprone-suspicious-include)\n' for s in sources)
        )
        cmd = ["clang-tidy", "--quiet", "--warnings-as-errors=*", f"--config-file={ROOT / '.clang-tidy'}", str(unity)]
        done = subprocess.run(
            [*cmd, "--", *flags_of(entry, sources[0])], cwd=entry["directory"], capture_output=True, text=True
        )
        unity.unlink()
        if done.returncode == 0:
            return [(s, True, "") for s in sources]
        files = {str(Path(entry["directory"], m).resolve()) for m in re.findall(r"^(.+?):\d+:\d+: ", done.stdout, re.M)}
        named = [s for s in sources if s in files]
        if not named or len(named) == len(sources):  # e.g. a finding in a header some of them include
            return [self.alone(s) for s in sources]
        return self.group([s for s in sources if s not in files]) + [self.alone(s) for s in named]


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
    config_files = sorted(git_files("*.clang-tidy"))
    configs = b"".join(f.encode() + b"\0" + (ROOT / f).read_bytes() for f in config_files)
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

    # The groups: units with the same directory and flags, under the root .clang-tidy only, whose
    # paths the HeaderFilterRegex matches (else their findings in a group would not be shown).
    filt = header_filter()
    own_config = [str((ROOT / f).parent) + os.sep for f in config_files if Path(f).parent != Path(".")]
    grouped: dict[tuple, list[str]] = {}
    alone: list[str] = []
    for s in todo:
        if (
            os.environ.get("IRLENS_TIDY_GROUPS") == "off"
            or not filt
            or not filt.search(s)
            or any(s.startswith(d) for d in own_config)
        ):
            alone.append(s)
        else:
            grouped.setdefault((entries[s]["directory"], *flags_of(entries[s], s)), []).append(s)
    batches = [[s] for s in alone]
    for members in grouped.values():
        n = -(-len(members) // GROUP_SIZE)
        batches += [members[i * len(members) // n : (i + 1) * len(members) // n] for i in range(n)]
    checker = Checker(build, entries)

    failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        for results in pool.map(checker.group, batches):
            for source, passed, findings in results:
                if not passed:
                    failed += 1
                    sys.stdout.write(findings)
                    print(f"clang-tidy: {os.path.relpath(source, ROOT)} FAILED")
                elif cache is not None:
                    cache.mkdir(parents=True, exist_ok=True)
                    (cache / keys[source]).write_text(os.path.relpath(source, ROOT) + "\n")
    print(
        f"clang-tidy: {len(sources) - len(todo)} of {len(sources)} units unchanged since they passed;"
        f" {len(todo)} checked ({checker.groups_checked} clang-tidy runs over groups of units,"
        f" {checker.alone_checked} over one unit), {failed} failed"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
