"""Which build of meeple is running: the pure-Python package, or the copy in which
``scripts/compile.sh`` compiled Cult's, Cyclades' and Clash's rules modules with mypyc
(docs/performance.md, "Compiling the rules with mypyc").

The compiled copy is a whole package in its own directory (``build/mypyc`` by default),
put first on the import path by ``PYTHONPATH``; nothing here imports the rules.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from pathlib import Path

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
    # the readers' payloads, a fifth of the hub's update work a move interpreted
    # (docs/performance.md, "Server: updates as patches").
    "server.patch",
)



def source_path(module: str) -> str:
    """``games.cult.cults`` -> ``games/cult/cults/__init__.py`` (relative to the package);
    a module file wins over a directory of the same name (``games/clash/data.py`` beside
    the ``games/clash/data/`` folder of data files)."""
    here = Path(__file__).parent
    base = module.replace(".", "/")
    return f"{base}.py" if (here / f"{base}.py").is_file() else f"{base}/__init__.py"


def build_dir() -> Path:
    """Where compile.sh puts the compiled copy: ``MEEPLE_COMPILED_DIR``, else
    ``build/mypyc`` in the checkout this package comes from."""
    given = os.environ.get("MEEPLE_COMPILED_DIR")
    if given:
        return Path(given)
    package = Path(__file__).resolve().parent
    # src/meeple in a checkout; build/mypyc/meeple when this already is the compiled copy
    root = package.parent.parent
    return root / "mypyc" if package.parent.name == "mypyc" else root / "build" / "mypyc"


def compiled_modules(package: Path | None = None) -> list[str]:
    """The modules of MODULES that the package (this one by default) holds as extension
    modules (read from the files, importing nothing)."""
    here = package or Path(__file__).parent
    found = []
    for module in MODULES:
        base = here / module.replace(".", "/")
        # a package's extension is its __init__; a module's sits beside its folder of the
        # same name, if any (games/clash/data and data/): either stem counts
        stems = (base / "__init__", base)
        if any(stem.with_name(stem.name + suffix).exists()
               for stem in stems for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            found.append(module)
    return found


def is_compiled() -> bool:
    """True when the package this process imports is a compiled copy (any module of
    MODULES is an extension module)."""
    return bool(compiled_modules())


def build_name(package: Path | None = None) -> str:
    """What a benchmark prints about the build it measured: per game, how many of its
    rules modules are compiled, then per other package (bots, core) how many of its
    modules (a build of only some modules, MEEPLE_COMPILED_MODULES, says so)."""
    here = package or Path(__file__).parent
    found = compiled_modules(here)
    if not found:
        return "pure Python"

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
    return f"mypyc: {said} compiled ({here.parent})"


# Set in the process started by run_compiled, so that a build that does not load (a stale
# or broken build directory) fails instead of starting itself again and again.
_CHILD = "MEEPLE_COMPILED_CHILD"


def run_compiled(argv: list[str]) -> str:
    """Start this command again (``python -m meeple ARGV``) on the compiled copy, in
    place of this process; returns the reason when it cannot (nothing is started)."""
    where = build_dir()
    if not (where / "meeple" / "compiled.py").exists():
        return (f"no compiled build in {where}: build it first with scripts/compile.sh "
                "(needs mypyc, a C compiler and Python's headers)")
    if os.environ.get(_CHILD):
        return f"the build in {where} does not load compiled rules: build it again"
    env = dict(os.environ, **{_CHILD: "1"})
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(where), env.get("PYTHONPATH", "")) if p)
    os.execve(sys.executable, [sys.executable, "-m", "meeple", *argv], env)
    raise AssertionError("unreachable: execve returns only by raising")
