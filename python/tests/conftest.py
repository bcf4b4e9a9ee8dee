"""Shared fixtures: the repository's examples, the native CLI (IRLENS_CLI or build/cli/irlens, for
the tests that compare with it), and ../shared (the golden data; tests that need it skip without)."""
import json
import math
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SHARED = Path(os.environ.get("IRLENS_SHARED", ROOT.parent / "shared"))


@pytest.fixture
def examples():
    return EXAMPLES


@pytest.fixture
def cli():
    """Runs the irlens CLI and returns its stdout (json parsed when --format json)."""
    exe = Path(os.environ.get("IRLENS_CLI", ROOT / "build" / "cli" / "irlens"))
    if not exe.is_file():
        pytest.skip(f"SKIPPED: the irlens CLI is not built ({exe})")

    def run(*args, parse=True, codes=(0,)):
        done = subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True)
        assert done.returncode in codes, done.stderr
        out = done.stdout
        return json.loads(out) if parse and "json" in args else out

    return run


@pytest.fixture
def shared():
    if not SHARED.is_dir():
        pytest.skip(f"SKIPPED: {SHARED} is absent (the golden data)")
    return SHARED


def same_values(df, doc):
    """Every row of irlens.evaluate's tidy frame equals the CLI's JSON document's value (a run's
    mean on topic "all", else its topic's; NaN where the document says null); returns the rows seen."""
    n = 0
    for row in df.itertuples():
        r = doc["runs"][row.run]
        expected = r["mean"][row.measure] if row.topic == "all" else r["per_topic"][row.topic][row.measure]
        assert (expected is None and math.isnan(row.value)) or row.value == expected, row
        n += 1
    return n
