"""The build with the rules compiled by mypyc (scripts/compile.sh): it replays the golden
Cult records to the same hashes, and the pure-Python package stays what runs by default."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from meeple.compiled import MODULES, build_name, is_compiled, source_path

ROOT = Path(__file__).resolve().parent.parent
# A small set keeps the suite's time down (the busiest module, one with a class, and the
# texts every server message is written with); MEEPLE_COMPILED_FULL=1 compiles every module
# of MODULES, as scripts/compile.sh does.
SMALL_SET = "games.cult.model games.cult.flow core.text"


# Run under the compiled build: which build, where the busiest rules module comes from, and
# whether a mid-game state survives pickling (worker processes) with compiled players.
PROBE = """
import pickle
import meeple.compiled as c, meeple.games.cult.flow as f
from meeple.core.registry import get_game
from meeple.core.rng import Rng
s, rng = get_game("cult").new_state(4, seed=3), Rng(5)
for _ in range(200):
    p = s.current_players()[0]
    s.apply_unchecked(p, s.random_action(p, rng))
print(c.build_name()); print(f.__file__)
print(pickle.loads(pickle.dumps(s)).to_json() == s.to_json())
# A message written leaves nothing for the cyclic collector (the server writes five a move)
import gc, meeple.core.text as t
gc.collect(); gc.disable()
for lang in ("en", "ru", "de"):
    t.localized_json({"log": s.log.events_from(0)[-1].message, 1: {"x": t.escaped("é")}}, lang)
    t.localized_json({"big": 2**70, 2: t.escaped("é")}, lang)  # the standard encoder
print(t.__file__.endswith(".so"), gc.collect())
"""

CLASH_PROBE = """
import pickle
import meeple.games.clash.state as st
from meeple.core.registry import get_game
from meeple.core.rng import Rng
s, rng = get_game("clash").new_state(4, seed=3), Rng(5)
for _ in range(200):
    p = s.current_players()[0]
    s.apply_unchecked(p, s.random_action(p, rng))
print(st.__file__.endswith(".so"), pickle.loads(pickle.dumps(s)).to_json() == s.to_json())
"""


# The search at a mid-game Cult and Clash position: its choice and its RNG afterwards, which
# the compiled search bot, RNG and rules must give exactly as the pure package does.
SEARCH_PROBE = """
import meeple.bots.ismcts as ism, meeple.core.actions as act
from meeple.bots.ismcts import ISMCTS
from meeple.core.conformance import play_random
from meeple.core.registry import get_game
print(ism.__file__.endswith(".so") and act.__file__.endswith(".so"))
for name, seed, steps, n in (("cult", 2, 300, 200), ("clash", 3, 120, 10)):
    game = get_game(name)
    s = play_random(game.new_state(4, seed, {}), steps, seed)
    p = s.current_players()[0]
    bot = ISMCTS(seed, game, iterations=n)
    a = bot.choose(s.view(p), s.legal_actions(p), lambda x: game.redeal_hidden(s, p, x))
    print(name, a, bot.rng.state)
"""


def _missing_compiler() -> str | None:
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed"
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        return "no C compiler (cc or gcc) on PATH"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's headers (Python.h) are not installed"
    return None


def _env(build: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(build), MEEPLE_COMPILED_DIR=str(build))


def test_tests_run_the_pure_python_package() -> None:
    assert not is_compiled()
    assert build_name() == "pure Python"
    assert not list((ROOT / "src" / "meeple").rglob("*.so")), "no extension inside src/"


def test_every_compiled_module_exists_in_the_sources() -> None:
    for module in MODULES:
        assert (ROOT / "src" / "meeple" / source_path(module)).is_file(), module


def test_bench_compiled_without_a_build_names_the_missing_build(tmp_path: Path) -> None:
    missing = tmp_path / "none"
    out = subprocess.run(
        [sys.executable, "-m", "meeple", "bench", "engine", "--seconds", "0.1", "--compiled"],
        env=dict(os.environ, MEEPLE_COMPILED_DIR=str(missing)), capture_output=True,
        text=True, timeout=120)
    assert out.returncode != 0
    assert f"no compiled build in {missing}" in out.stdout + out.stderr


def test_compiled_cult_rules_replay_the_golden_records_identically(tmp_path: Path) -> None:
    reason = _missing_compiler()
    if reason:
        pytest.skip(f"cannot compile with mypyc: {reason}")
    build = tmp_path / "mypyc"
    modules = "" if os.environ.get("MEEPLE_COMPILED_FULL") else SMALL_SET
    subprocess.run([str(ROOT / "scripts" / "compile.sh")], check=True, timeout=1200,
                   env=dict(os.environ, MEEPLE_COMPILED_DIR=str(build),
                            MEEPLE_COMPILED_MODULES=modules, PYTHON=sys.executable),
                   capture_output=True)
    assert not list((ROOT / "src" / "meeple").rglob("*.so")), "the build stays outside src/"
    probe = subprocess.run([sys.executable, "-c", PROBE], env=_env(build),
                           capture_output=True, text=True, check=True, timeout=120)
    name, flow_file, pickled, texts = probe.stdout.splitlines()
    assert name.startswith("mypyc:")
    assert flow_file.startswith(str(build)) and flow_file.endswith(".so")
    assert pickled == "True", "a compiled state pickles to an equal state"
    assert texts == "True 0", f"compiled texts, no cyclic garbage written: {texts}"
    every = "1" if os.environ.get("MEEPLE_COMPILED_FULL") else "4"
    check = subprocess.run(
        [sys.executable, "-m", "meeple", "golden", "check", str(ROOT / "tests" / "golden"),
         "--game", "cult", "--every", every],
        env=_env(build), capture_output=True, text=True, timeout=1200)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "identical" in check.stdout
    if os.environ.get("MEEPLE_COMPILED_FULL"):
        # Clash's compiled state and board pickle through their constructors (a worker
        # process gets them so), and its golden records replay to the same hashes too
        clash = subprocess.run([sys.executable, "-c", CLASH_PROBE], env=_env(build),
                               capture_output=True, text=True, check=True, timeout=120)
        assert clash.stdout.split() == ["True", "True"], clash.stdout
        check = subprocess.run(
            [sys.executable, "-m", "meeple", "golden", "check", str(ROOT / "tests" / "golden"),
             "--game", "clash"], env=_env(build), capture_output=True, text=True, timeout=1200)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "identical" in check.stdout
        # the compiled search bot chooses as the pure one does (the same draws)
        compiled = subprocess.run([sys.executable, "-c", SEARCH_PROBE], env=_env(build),
                                  capture_output=True, text=True, check=True, timeout=300)
        pure_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        pure = subprocess.run([sys.executable, "-c", SEARCH_PROBE], env=pure_env,
                              capture_output=True, text=True, check=True, timeout=300)
        assert compiled.stdout.splitlines()[0] == "True", compiled.stdout
        assert pure.stdout.splitlines()[0] == "False", pure.stdout
        assert compiled.stdout.splitlines()[1:] == pure.stdout.splitlines()[1:]


def test_build_name_counts_the_compiled_modules_of_each_game(tmp_path: Path) -> None:
    package = tmp_path / "meeple"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    # games.clash.data's extension sits beside the data/ folder of the same name
    (package / "games" / "clash" / "data").mkdir(parents=True)
    for module in ("games.cult.flow", "games.cyclades.flow", "games.cyclades.state",
                   "games.clash.data", "games.clash.draw", "games.clash.flow"):
        path = package / (module.replace(".", "/") + suffix)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    cult = sum(m.startswith("games.cult.") for m in MODULES)
    cyclades = sum(m.startswith("games.cyclades.") for m in MODULES)
    clash = sum(m.startswith("games.clash.") for m in MODULES)
    assert (cult, cyclades, clash) == (25, 9, 16)
    # outside the rules: what every search runs (core.game and bots.base are left out:
    # docs/performance.md, "Core and the search compiled")
    assert [m for m in MODULES if not m.startswith("games.")] == [
        "core.actions", "core.log", "core.rng", "core.text", "bots.greedy", "bots.ismcts",
        "server.patch"]
    assert len(MODULES) == 57
    assert build_name(package) == (f"mypyc: clash 3/{clash}, cult 1/{cult}, cyclades "
                                   f"2/{cyclades} rules modules compiled ({tmp_path})")
    assert build_name(tmp_path / "none") == "pure Python"
    # the bots and core are counted apart from the games' rules
    (package / "bots").mkdir()
    (package / "bots" / ("ismcts" + suffix)).write_bytes(b"")
    assert build_name(package) == (f"mypyc: clash 3/{clash}, cult 1/{cult}, cyclades "
                                   f"2/{cyclades} rules modules; bots 1/2 modules compiled "
                                   f"({tmp_path})")


def test_a_module_beside_a_folder_of_its_name_is_compiled_from_its_file() -> None:
    # games/clash/data.py and games/clash/data/ (the YAML files): compile.sh must be given
    # the module, not a package __init__ that does not exist
    assert source_path("games.clash.data") == "games/clash/data.py"
    assert source_path("games.cult.cults") == "games/cult/cults/__init__.py"
    assert source_path("games.clash.flow") == "games/clash/flow.py"
