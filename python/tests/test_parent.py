"""A search ends with the Python process that asked for it. Before, a
killed Python left odtx searching, adopted by init, for ever."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import odtx

# A fit that never ends: the tree without errors of noisy numbers.
ENDLESS_FIT = """
import numpy as np
from odtx import OptimalTreeClassifier
rng = np.random.default_rng(0)
OptimalTreeClassifier(max_depth=None, n_jobs=1).fit(rng.random((2000, 10)), rng.integers(0, 2, 2000))
"""


def searches(pid):
    """The ids of the odtx learn processes that pid started and that are
    running: its children whose command line is odtx's (a child is
    Python's until it runs odtx)."""
    found = []
    for tasks in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in tasks.read_text().split():
            try:
                if b"learn" in Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0"):
                    found.append(int(child))
            except FileNotFoundError:
                pass  # ended meanwhile
    return found


def stat(pid):
    """The fields of /proc/PID/stat from the third on, the state, or None
    once pid is no process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None


def running(pid):
    """Whether pid is a process that has not ended: a zombie, ended but
    not yet waited for by the init that adopted it, has."""
    fields = stat(pid)
    return fields is not None and fields[0] != "Z"


def searching(pid):
    """Whether odtx, pid, has used half a second of CPU, far more than it
    takes to read the data: it has all of it, and a Python that ends now
    does not end odtx by cutting its input short."""
    fields = stat(pid)
    return fields is not None and (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") >= 0.5


def within(condition, seconds=30):
    """Whether condition() comes to hold within a generous limit."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_search_ends_with_python(sig):
    """A Python killed in the middle of a fit that would never end takes
    its odtx with it, whatever the signal."""
    src = Path(odtx.__file__).resolve().parents[1]
    env = {**os.environ, "ODTX_BIN": odtx.binary(), "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    python = subprocess.Popen([sys.executable, "-c", ENDLESS_FIT], env=env)
    try:
        assert within(lambda: searches(python.pid)), "the fit started no odtx within 30 s"
        (search,) = searches(python.pid)
        assert within(lambda: searching(search)), "odtx used no CPU within 30 s"
        python.send_signal(sig)
        python.wait()
        if not within(lambda: not running(search)):
            os.kill(search, signal.SIGKILL)
            pytest.fail(f"odtx (pid {search}) still searching 30 s after its Python ended")
    finally:
        python.kill()
        python.wait()
