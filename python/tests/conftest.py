"""Shared fixtures: the odtx binary the package runs, and the shared
datasets, which tests read in place from $ODTX_DATA (or ../shared/data
beside the repository) and skip without, unless $ODTX_REQUIRE_DATA is set,
as CI sets it."""

import os
import subprocess
from pathlib import Path

import pytest

import odtx


def run_odtx(*args):
    """Run the odtx binary the package runs; its stdout, failing the test
    unless it exits 0."""
    proc = subprocess.run([odtx.binary(), *map(str, args)], capture_output=True, text=True)
    assert proc.returncode == 0, f"odtx {args}: exit {proc.returncode}: {proc.stderr}"
    return proc.stdout


def inner_nodes(node):
    """The nodes of a tree's JSON below node, node included, that test."""
    if "class" in node:
        return []
    return [node] + inner_nodes(node["true"]) + inner_nodes(node["false"])


@pytest.fixture(scope="session")
def data_dir():
    env = os.environ.get("ODTX_DATA")
    d = Path(env) if env else Path(__file__).resolve().parents[3] / "shared" / "data"
    if not (d / "mouse.csv").is_file():
        msg = f"shared datasets not found in {d} (set ODTX_DATA)"
        if os.environ.get("ODTX_REQUIRE_DATA"):
            pytest.fail(msg)
        pytest.skip(msg)
    return d

