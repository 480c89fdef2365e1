"""Finding and running the odtx binary."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

_NAME = "odtx.exe" if sys.platform == "win32" else "odtx"


class OdtxError(ValueError):
    """odtx refused the data or the parameters; the message is its one line.

    A ValueError, as scikit-learn raises for data or parameters it cannot
    use, so that code catching those catches this too.
    """


def binary():
    """Return the path of the odtx binary to run.

    $ODTX_BIN first, so that a build of one's own can stand in for the
    one a wheel carries; then the binary inside the installed package; then
    odtx on PATH.
    """
    env = os.environ.get("ODTX_BIN")
    if env:
        if not os.path.isfile(env):
            raise OdtxError(f"$ODTX_BIN is {env!r}, which is not a file")
        return env
    packaged = Path(__file__).parent / "bin" / _NAME
    if packaged.is_file():
        return str(packaged)
    found = shutil.which("odtx")
    if found:
        return found
    raise OdtxError(
        "odtx binary not found: install a platform wheel of odtx, set $ODTX_BIN, "
        "or put odtx on PATH (go install ./cmd/odtx in a checkout of github.com/odtx/odtx)"
    )


def run(args, stdin=None):
    """Run odtx with args, feeding it the bytes stdin.

    Returns (exit code, stdout bytes, stderr text). Exit code 2 is a time
    limit reached, with output; any other but 0 raises OdtxError with
    odtx's last line on stderr, its one-line error.
    """
    proc = subprocess.run(
        [binary(), *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
    )
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode not in (0, 2):
        raise OdtxError(last_line(err, f"odtx exited with code {proc.returncode}"))
    return proc.returncode, proc.stdout, err


def last_line(err, otherwise):
    """The last line odtx wrote on stderr, err, which says what ended it;
    otherwise where it wrote none."""
    lines = err.strip().splitlines()
    return lines[-1] if lines else otherwise
