"""Platform wheels of odtx: pure Python around one static binary.

The binary in src/odtx/bin (put there by scripts/build-wheels.sh) makes
the wheel platform-specific but not Python-specific: its tag is
py3-none-PLATFORM, with PLATFORM from $ODTX_WHEEL_PLATFORM, which may join
several tags with dots (a static Linux binary runs on glibc and musl
alike).
"""

import os
import stat
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from wheel.bdist_wheel import bdist_wheel


class BuildPy(build_py):
    """Copies the package, keeping the binary executable (build_py copies
    package data without its mode)."""

    def run(self):
        super().run()
        for path in Path(self.build_lib, "odtx", "bin").glob("*"):
            path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


class BinaryDistribution(Distribution):
    """A distribution with a binary in it: its wheel is installed into
    platlib, as one with extension modules is."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """Tags the wheel py3-none-$ODTX_WHEEL_PLATFORM."""

    def get_tag(self):
        platform = os.environ.get("ODTX_WHEEL_PLATFORM")
        if not platform:
            raise SystemExit("set $ODTX_WHEEL_PLATFORM to the wheel's platform tag (scripts/build-wheels.sh does)")
        return "py3", "none", platform


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildPy, "bdist_wheel": PlatformWheel})
