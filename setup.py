"""The build of a wheel or ``pip install .``: the rules, core and bots of
``meeple.compiled.MODULES`` compiled by mypyc, as black and mypy ship; the pure package
where that cannot be done — MEEPLE_PURE=1, no mypyc, no C compiler, a failed compile — said
once. An editable install (a checkout's ``./run`` and ``./test``) stays its sources: the
checkout's compiled modules are built beside them by scripts/compile.sh."""

from __future__ import annotations

import os
import runpy
import shutil
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
# Steps that only read the project's metadata, and editable installs, compile nothing.
NO_COMPILE = {"egg_info", "dist_info", "sdist", "editable_wheel", "develop", "clean"}


def _pure(why: str) -> list[Any]:
    print(f"meeple: {why}: installing the pure-Python package (slower; docs/performance.md)",
          file=sys.stderr)
    return []


def ext_modules() -> list[Any]:
    if NO_COMPILE & set(sys.argv):
        return []
    if os.environ.get("MEEPLE_PURE"):
        return _pure("MEEPLE_PURE is set")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return _pure("mypyc (mypy) is not installed")
    if not shutil.which(os.environ.get("CC", "cc")) and not shutil.which("gcc"):
        return _pure("no C compiler was found")
    build = runpy.run_path(os.path.join(HERE, "src", "meeple", "compiled.py"))
    files = [os.path.join("src", "meeple", build["source_path"](m)) for m in build["MODULES"]]
    # The wheel's build has the standard library only: what it cannot see is typed Any.
    return list(mypycify(["--ignore-missing-imports", *files],
                         opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"), multi_file=True))


class BuildExt(build_ext):
    """A compile that fails leaves the pure package, which works everywhere."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # CompileError, LinkError, a missing header...
            self.extensions = []
            _pure(f"the mypyc build failed ({type(e).__name__}: {str(e)[:200]})")


if __name__ == "__main__":  # as setuptools runs it (the tests read it without building)
    setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
