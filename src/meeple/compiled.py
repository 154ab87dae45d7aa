"""Which build of meeple runs: the rules, the core and the bots compiled by mypyc (the
default, as black and mypy ship), or the pure-Python package (docs/performance.md, "The
build that installs").

Installed from a wheel, the compiled modules sit beside their sources and Python imports
them as it imports any extension module. In a checkout, ``./run`` and ``./test`` build
them once into ``build/mypyc`` (``scripts/compile.sh``, again only when a compiled source
changes) and :func:`activate`, called as the package is first imported, loads them from
there in place of the sources — but only while the sources are the ones they were built
from: the build's stamp holds a hash of every compiled source, and a build made from other
sources (a file edited since) is never loaded; the pure package runs and says why once.
``MEEPLE_BUILD=pure`` asks for the pure package. Nothing here imports the rules.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules compile.sh compiles: every module of Cult's, Cyclades' and Clash's rules that a
# game, a search or a replay runs (not the saves, views, documents, rendering or scenarios;
# Clash's status is in: the rules ask it for objectives, razing and the score; Cult's texts,
# which its rules write to the log on most actions; and Cult's data records, whose fields the
# rules read at most steps, each a lookup by name while the records were interpreted; and
# Cult's view, of which a server builds one per reader at every move), then the core and bot
# modules below.
MODULES: tuple[str, ...] = (
    "games.cult.board",
    "games.cult.cards",
    "games.cult.choices",
    "games.cult.data",
    "games.cult.evaluate",
    "games.cult.features",
    "games.cult.flow",
    "games.cult.hidden",
    "games.cult.model",
    "games.cult.responses",
    "games.cult.services",
    "games.cult.shared",
    "games.cult.state",
    "games.cult.cults",
    "games.cult.cults.anubis",
    "games.cult.cults.atheism",
    "games.cult.cults.common",
    "games.cult.cults.cthulhu",
    "games.cult.cults.fafnir",
    "games.cult.cults.janus",
    "games.cult.cults.lolth",
    "games.cult.cults.nirrti",
    "games.cult.cults.tiamat",
    "games.cult.texts",
    "games.cult.view",
    "games.clash.cities",
    "games.clash.collect",
    "games.clash.combat",
    "games.clash.culture",
    "games.clash.data",
    "games.clash.draw",
    "games.clash.economy",
    "games.clash.evaluate",
    "games.clash.features",
    "games.clash.flow",
    "games.clash.moves",
    "games.clash.recruits",
    "games.clash.redeal",
    "games.clash.state",
    "games.clash.status",
    "games.clash.tables",
    "games.cyclades.battle",
    "games.cyclades.creatures",
    "games.cyclades.economy",
    "games.cyclades.flow",
    "games.cyclades.listing",
    "games.cyclades.moves",
    "games.cyclades.state",
    "games.cyclades.titans",
    "games.cyclades.turn",
    # Outside the rules, what every search runs (docs/performance.md, "Core and the search
    # compiled"): actions, the random number generator (which draws on 32-bit halves when
    # compiled: mypyc's ints are tagged 63-bit values, and SplitMix64's 64-bit steps on them went
    # through boxed integers, slower than interpreted), the log (whose QuietLogError, a
    # RuntimeError subclass mypyc cannot compile, lives in core.errors), and the search and
    # heuristic bots. Not tried:
    # core.game and bots.base (State, Game and Bot have interpreted subclasses, the other
    # games' states and the per-game bots, which mypyc allows only through a decorator from
    # mypy_extensions, not a dependency of the package). The texts every rule writes to its log
    # (core.text, and Cult's, whose lines are the most) compile: a text made and hashed in C
    # (docs/performance.md, session 14). A compiled bot does not pickle; nothing pickles one
    # (workers get its name).
    "core.actions",
    "core.log",
    "core.rng",
    "core.text",
    "bots.greedy",
    "bots.ismcts",
    # The server's differ, which finds each reader's patch after every move: plain loops over
    # the readers' payloads, about a seventh of the server's CPU a Cult move interpreted
    # (docs/performance.md, "The lighter protocol").
    "server.patch",
)

PACKAGE = Path(__file__).resolve().parent
STAMP = "stamp.json"
LIB = "lib"  # the build's shared library, which every compiled module loads
# How this process came to run what it runs: "compiled" (from the build directory),
# "installed" (extension modules beside the sources), or "pure: <why>".
_STATE = "pure: not decided yet"


def source_path(module: str) -> str:
    """``games.cult.cults`` -> ``games/cult/cults/__init__.py`` (relative to the package);
    a module file wins over a directory of the same name (``games/clash/data.py`` beside
    the ``games/clash/data/`` folder of data files)."""
    base = module.replace(".", "/")
    return f"{base}.py" if (PACKAGE / f"{base}.py").is_file() else f"{base}/__init__.py"


def sources_hash(package: Path = PACKAGE) -> str:
    """One hash of every compiled module's source and the Python it is built for: a build
    is loaded only where its stamp holds this very hash."""
    h = hashlib.sha256(sys.implementation.cache_tag.encode())
    for module in MODULES:
        h.update(module.encode() + b"\0" + (package / source_path(module)).read_bytes())
    return h.hexdigest()


def build_dir() -> Path:
    """Where a checkout's build is: ``MEEPLE_COMPILED_DIR``, else ``build/mypyc`` at the
    top of the checkout this package comes from."""
    given = os.environ.get("MEEPLE_COMPILED_DIR")
    return Path(given) if given else PACKAGE.parent.parent / "build" / "mypyc"


def _extension(base: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if base.with_name(base.name + suffix).exists():
            return base.with_name(base.name + suffix)
    return None


def _module_file(root: Path, module: str) -> Path | None:
    """The extension module of ``module`` under ``root`` (a package's is its __init__)."""
    rel = source_path(module)
    return _extension(root / rel[: -len(".py")])


class _Loader(importlib.machinery.ExtensionFileLoader):
    """An extension module of the build, named as if it lay beside the sources. For the
    build's shared library this matters: mypyc gives each compiled module the ``__file__``
    (and each package the ``__path__``) of its place beside that library, so the modules
    find their data files (``data/``) and their submodules where the sources are."""

    def __init__(self, name: str, path: str, shown: Path) -> None:
        super().__init__(name, path)
        self.shown = shown

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        module.__file__ = str(self.shown)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules in the build directory, the rest where they always are."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname.endswith("__mypyc") and "." not in fullname:
            lib = _extension(self.root / LIB / fullname)
            if lib is None:
                return None
            return importlib.machinery.ModuleSpec(
                fullname, _Loader(fullname, str(lib), PACKAGE.parent / lib.name), origin=str(lib))
        if not fullname.startswith("meeple."):
            return None
        module = fullname[len("meeple."):]
        if module not in _COMPILED:
            return None
        found = _module_file(self.root / "meeple", module)
        if found is None:
            return None
        shown = PACKAGE / found.relative_to(self.root / "meeple")
        loader = _Loader(fullname, str(found), shown)
        package = source_path(module).endswith("__init__.py")
        spec = importlib.machinery.ModuleSpec(fullname, loader, origin=str(found),
                                              is_package=package)
        if package:  # its submodules are found beside its sources
            spec.submodule_search_locations = [str(PACKAGE / module.replace(".", "/"))]
        return spec


_COMPILED: frozenset[str] = frozenset()


def read_stamp(where: Path) -> dict[str, object] | None:
    try:
        data = json.loads((where / STAMP).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def activate() -> str:
    """Decide the build of this process (once, as the package is imported): the compiled
    modules of the checkout's fresh build, the installed ones, or the pure sources."""
    global _STATE, _COMPILED
    if _STATE != "pure: not decided yet":
        return _STATE
    if os.environ.get("MEEPLE_BUILD", "").lower() == "pure":
        _STATE = "pure: asked for (MEEPLE_BUILD=pure)"
        return _STATE
    if any(_module_file(PACKAGE, m) for m in MODULES):
        _STATE = "installed"
        return _STATE
    where = build_dir()
    stamp = read_stamp(where)
    if stamp is None:
        reason = str(stamp_note(where) or "not built (scripts/compile.sh builds it)")
        _STATE = f"pure: {reason}"
        return _STATE
    if stamp.get("sources") != sources_hash():
        _STATE = ("pure: the compiled build is stale (a compiled source changed since it was "
                  "built); ./test or ./run builds it again")
        print(f"meeple: {_STATE[len('pure: '):]}: running the pure package",
              file=sys.stderr)
        return _STATE
    modules = stamp.get("modules")
    _COMPILED = frozenset(m for m in modules if isinstance(m, str)) if isinstance(
        modules, list) else frozenset()
    sys.meta_path.insert(0, _Finder(where))
    _STATE = "compiled"
    return _STATE


def stamp_note(where: Path) -> str | None:
    """Why a checkout has no build, where the bootstrap wrote it down (no C compiler):
    ``build/mypyc.unavailable`` beside ``build/mypyc``."""
    try:
        return where.with_name(where.name + ".unavailable").read_text().strip() or None
    except OSError:
        return None


def compiled_modules() -> list[str]:
    """The modules of MODULES this process runs compiled (read from the modules it has
    imported and, for the others, from where they would come from)."""
    if _STATE == "compiled":
        return [m for m in MODULES if m in _COMPILED]
    if _STATE == "installed":
        return [m for m in MODULES if _module_file(PACKAGE, m)]
    return []


def is_compiled() -> bool:
    return bool(compiled_modules())


def build_name() -> str:
    """What ``meeple --version`` and every benchmark line say of the build: per game, how
    many of its rules modules are compiled, then per other package (bots, core) how many
    of its modules; or that the package is pure Python, and why."""
    found = compiled_modules()
    if not found:
        return f"pure Python ({_STATE.partition(': ')[2] or _STATE})"

    def group(module: str) -> str:
        parts = module.split(".")
        return parts[1] if parts[0] == "games" else parts[0]

    def counts(names: list[str]) -> str:
        shown = []
        for name in names:
            done = [m for m in found if group(m) == name]
            if done:
                shown.append(f"{name} {len(done)}/{sum(group(m) == name for m in MODULES)}")
        return ", ".join(shown)

    rules = counts(sorted({group(m) for m in MODULES if m.startswith("games.")}))
    others = counts(sorted({group(m) for m in MODULES if not m.startswith("games.")}))
    said = "; ".join(part for part in (rules and f"{rules} rules modules",
                                        others and f"{others} modules") if part)
    where = build_dir() if _STATE == "compiled" else PACKAGE
    return f"mypyc: {said} compiled ({where})"


_CHILD = "MEEPLE_BUILD_CHILD"


def run_build(pure: bool, argv: list[str]) -> str:
    """Start this command again (``python -m meeple ARGV``) on the other build, in place
    of this process; returns the reason when it cannot (nothing is started)."""
    if not pure and _STATE.startswith("pure"):
        return f"the compiled build cannot run: {_STATE[len('pure: '):]}"
    if os.environ.get(_CHILD):
        return f"the build did not change on a second start ({build_name()})"
    env = dict(os.environ, **{_CHILD: "1"})
    if pure:
        env["MEEPLE_BUILD"] = "pure"
    os.execve(sys.executable, [sys.executable, "-m", "meeple", *argv], env)
    raise AssertionError("unreachable: execve returns only by raising")
