"""The build with the rules, core and bots compiled by mypyc, which ./run and ./test run
(meeple.compiled): it is loaded only when it was made from the sources as they are, it says
what it is, it plays exactly as the pure package does, and without a compiler the pure
package installs and says why once."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import meeple
from meeple.compiled import MODULES, build_dir, build_name, is_compiled, source_path

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
import sys
lib = next(m for n, m in sys.modules.items() if n.endswith("__mypyc"))
print(c.build_name()); print(f.__file__.endswith(".so") and lib.__loader__.path)
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


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], env=dict(os.environ, **env),
                          capture_output=True, text=True, timeout=300)


def test_the_suite_runs_the_build_people_run() -> None:
    assert not list((ROOT / "src" / "meeple").rglob("*.so")), "no extension inside src/"
    assert is_compiled() == (meeple.BUILD in ("compiled", "installed"))
    if os.environ.get("MEEPLE_REQUIRE_SERVICES") and os.environ.get("MEEPLE_BUILD") != "pure":
        # CI: ./test built it, and the suite tests what ./run runs
        assert meeple.BUILD == "compiled", build_name()
        assert build_name().startswith("mypyc: clash 16/16, cult 25/25, cyclades 9/9")


def test_every_compiled_module_exists_in_the_sources() -> None:
    for module in MODULES:
        assert (ROOT / "src" / "meeple" / source_path(module)).is_file(), module


def test_a_build_made_from_other_sources_is_never_loaded(tmp_path: Path) -> None:
    stale = tmp_path / "mypyc"
    stale.mkdir()
    (stale / "stamp.json").write_text(json.dumps({"sources": "0" * 64, "modules": list(MODULES)}))
    out = _run("import meeple, meeple.games.cult.flow as f; print(meeple.BUILD); print(f.__file__)",
               MEEPLE_COMPILED_DIR=str(stale))
    build, flow = out.stdout.splitlines()
    assert build.startswith("pure: the compiled build is stale")
    assert flow.endswith("flow.py")
    assert out.stderr.count("the compiled build is stale") == 1


def test_meeple_build_pure_runs_the_pure_package_and_the_version_says_so() -> None:
    out = subprocess.run([sys.executable, "-m", "meeple", "--version"], capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, MEEPLE_BUILD="pure"))
    assert out.stdout.strip() == (f"meeple {meeple.__version__}, pure Python "
                                  "(asked for (MEEPLE_BUILD=pure))")


def test_the_version_names_the_build_that_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "meeple", "--version"], capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.strip() == f"meeple {meeple.__version__}, {build_name()}"


def test_a_checkout_without_a_build_says_why_it_is_pure(tmp_path: Path) -> None:
    (tmp_path / "mypyc.unavailable").write_text("no C compiler (cc) was found: meeple runs as "
                                                "pure Python\n")
    out = _run("import meeple.compiled as c; print(c.build_name())",
               MEEPLE_COMPILED_DIR=str(tmp_path / "mypyc"))
    assert out.stdout.strip() == ("pure Python (no C compiler (cc) was found: meeple runs as "
                                  "pure Python)")


def test_the_bootstrap_says_once_that_there_is_no_compiler(tmp_path: Path) -> None:
    venv = ROOT / ".venv"
    if not (venv / "bin" / "python").exists():
        pytest.skip("no .venv made by the bootstrap here")
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "bootstrap.sh", tmp_path / "scripts")
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / ".venv").symlink_to(venv)  # installed already: nothing is installed again
    env = dict(os.environ, CC="no-such-compiler", MEEPLE_COMPILED_DIR=str(tmp_path / "b" / "m"))
    env.pop("MEEPLE_BUILD", None)
    said = [subprocess.run(["bash", "-c", f"source {tmp_path}/scripts/bootstrap.sh"], env=env,
                           capture_output=True, text=True, timeout=300).stderr for _ in range(2)]
    if (venv / ".meeple-installed").read_text().strip() != _sha(ROOT / "pyproject.toml"):
        pytest.skip("the .venv was made from another pyproject.toml")
    assert "no C compiler (no-such-compiler) was found: meeple runs as pure Python" in said[0]
    assert said[1] == "", "said once"
    assert (tmp_path / "b" / "m.unavailable").exists()


def _sha(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_wheel_without_a_compiler_is_the_pure_package(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    import runpy

    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="not_setup")
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("CC", "no-such-compiler")
    monkeypatch.delenv("MEEPLE_PURE", raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])
    assert setup["ext_modules"]() == []
    assert "no C compiler was found: installing the pure-Python package" in capsys.readouterr().err
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel"])
    assert setup["ext_modules"]() == [], "an editable install stays its sources"


def test_compiled_rules_replay_the_golden_records_identically(tmp_path: Path) -> None:
    """On this process's build when it is the compiled one (./test), else on a build of a
    small set made here."""
    if meeple.BUILD == "compiled":
        build, full = build_dir(), True
    else:
        reason = _missing_compiler()
        if reason:
            pytest.skip(f"cannot compile with mypyc: {reason}")
        build = tmp_path / "mypyc"
        full = bool(os.environ.get("MEEPLE_COMPILED_FULL"))
        subprocess.run([str(ROOT / "scripts" / "compile.sh")], check=True, timeout=1200,
                       env=dict(os.environ, MEEPLE_COMPILED_DIR=str(build),
                                MEEPLE_COMPILED_MODULES="" if full else SMALL_SET,
                                PYTHON=sys.executable), capture_output=True)
    assert not list((ROOT / "src" / "meeple").rglob("*.so")), "the build stays outside src/"
    env = dict(os.environ, MEEPLE_COMPILED_DIR=str(build))
    env.pop("MEEPLE_BUILD", None)
    probe = subprocess.run([sys.executable, "-c", PROBE], env=env,
                           capture_output=True, text=True, check=True, timeout=120)
    name, flow_file, pickled, texts = probe.stdout.splitlines()
    assert name.startswith("mypyc:")
    assert flow_file.startswith(str(build / "lib")), "the rules come from the build"
    assert pickled == "True", "a compiled state pickles to an equal state"
    assert texts == "True 0", f"compiled texts, no cyclic garbage written: {texts}"
    check = subprocess.run(
        [sys.executable, "-m", "meeple", "golden", "check", str(ROOT / "tests" / "golden"),
         "--game", "cult", "--every", "1" if full else "4"],
        env=env, capture_output=True, text=True, timeout=1200)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "identical" in check.stdout
    if full:
        # Clash's compiled state and board pickle through their constructors (a worker
        # process gets them so), and its golden records replay to the same hashes too
        clash = subprocess.run([sys.executable, "-c", CLASH_PROBE], env=env,
                               capture_output=True, text=True, check=True, timeout=120)
        assert clash.stdout.split() == ["True", "True"], clash.stdout
        check = subprocess.run(
            [sys.executable, "-m", "meeple", "golden", "check", str(ROOT / "tests" / "golden"),
             "--game", "clash"], env=env, capture_output=True, text=True, timeout=1200)
        assert check.returncode == 0, check.stdout + check.stderr
        assert "identical" in check.stdout
        # the compiled search bot chooses as the pure one does (the same draws)
        compiled = subprocess.run([sys.executable, "-c", SEARCH_PROBE], env=env,
                                  capture_output=True, text=True, check=True, timeout=300)
        pure = subprocess.run([sys.executable, "-c", SEARCH_PROBE], capture_output=True,
                              env=dict(os.environ, MEEPLE_BUILD="pure"), text=True,
                              check=True, timeout=300)
        assert compiled.stdout.splitlines()[0] == "True", compiled.stdout
        assert pure.stdout.splitlines()[0] == "False", pure.stdout
        assert compiled.stdout.splitlines()[1:] == pure.stdout.splitlines()[1:]


def test_the_compiled_modules_are_the_rules_the_core_and_the_bots() -> None:
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


def test_a_module_beside_a_folder_of_its_name_is_compiled_from_its_file() -> None:
    # games/clash/data.py and games/clash/data/ (the YAML files): compile.sh must be given
    # the module, not a package __init__ that does not exist
    assert source_path("games.clash.data") == "games/clash/data.py"
    assert source_path("games.cult.cults") == "games/cult/cults/__init__.py"
    assert source_path("games.clash.flow") == "games/clash/flow.py"
