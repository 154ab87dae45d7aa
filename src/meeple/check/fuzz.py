"""Bad input: schemathesis generates requests from the server's own OpenAPI schema
(valid and invalid), pointed at a real game (one of every registered game) with a seat's
secret of that game half of the time;
any 5xx is a failure. Hypothesis feeds the action parser random text and the game
import random records: the only acceptable failure is the engine's own error."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx

from meeple.check.common import Outcome, every_game
from meeple.core.registry import get_game


def api(base: str, examples: int = 100, seed: int = 1,
        names: list[str] | None = None) -> Outcome:
    started = time.perf_counter()
    out = Outcome("fuzz HTTP API (schemathesis)", "")
    st = shutil.which("st") or str(Path(sys.executable).parent / "st")
    if not Path(st).exists():
        out.fail("schemathesis is not installed (pip install schemathesis)")
        out.tried = "nothing: schemathesis missing"
        return out
    names = names or every_game()
    games = [httpx.post(f"{base}/api/games", json={"game": name, "seed": 5}).json()
             for name in names]
    # A signed-in account too, so that the account routes are fuzzed past "sign in first".
    signed = httpx.post(f"{base}/api/account/signup",
                        json={"name": f"fuzz{seed}", "password": "fuzzing password"})
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "meeple.check.st_hooks",
           "MEEPLE_FUZZ_SEED": str(seed),
           "MEEPLE_FUZZ_SESSION": signed.cookies.get("meeple_session") or "",
           "MEEPLE_FUZZ_CSRF": signed.cookies.get("meeple_csrf") or "",
           "MEEPLE_FUZZ_GAMES": ",".join(f"{g['id']}:{g['seats'][0]['token']}"
                                         for g in games)}
    cmd = [st, "run", f"{base}/openapi.json", "--checks", "not_a_server_error",
           "--max-examples", str(examples), "--seed", str(seed), "--workers", "1"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=3600)
    text = done.stdout + done.stderr
    m = re.search(r"(\d+) generated, (\d+) passed", text)
    out.count = int(m.group(1)) if m else 0
    failed = re.search(r"(\d+) failed", text)
    if done.returncode != 0 or failed:
        out.failed = int(failed.group(1)) if failed else 1
        out.problems = [line for line in text.splitlines() if "500" in line or "Server error"
                        in line][:20] or [text[-2000:]]
    out.games = sorted(names)
    out.tried = (f"{out.count} generated requests over every route (schemathesis, "
                 f"{examples} examples per operation, seed {seed}), half against a live game "
                 f"of {', '.join(out.games)} with a seat's secret, half signed in to an "
                 "account (session cookie and CSRF header); a 5xx fails")
    out.seconds = round(time.perf_counter() - started, 1)
    return out


def parsers(examples: int = 2000, names: list[str] | None = None) -> Outcome:
    """The action text parser and the record import, on random input; the records name
    every registered game (and one that does not exist) and carry, besides random text,
    the first legal moves of a game of each."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from meeple.core.actions import Action
    from meeple.core.errors import MeepleError
    from meeple.core.record import GameRecord

    started = time.perf_counter()
    names = names or every_game()
    moves = sorted({a for name in names for a in _first_moves(name)})
    out = Outcome("fuzz action parser and game import (hypothesis)", "", games=sorted(names))
    config = settings(max_examples=examples, deadline=None, database=None,
                      suppress_health_check=list(HealthCheck))

    @config
    @given(st.text(max_size=300))
    def parse(text: str) -> None:
        out.count += 1
        try:
            Action.parse(text)
        except MeepleError:
            pass
        except Exception as e:
            out.fail(f"Action.parse({text!r}) raised {type(e).__name__}: {e}")

    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.text(max_size=10), inner, max_size=4), max_leaves=20)
    records = st.fixed_dictionaries({
        "game": st.sampled_from([*names, "chess"]),
        "players": st.integers(-2, 20), "seed": st.integers(-5, 2**64 + 5),
        "options": st.dictionaries(st.text(max_size=12), json_values, max_size=3),
        "actions": st.lists(st.fixed_dictionaries({
            "player": st.integers(-1, 9),
            "action": st.sampled_from(moves) | st.text(max_size=40)}), max_size=8)}) \
        | json_values

    @config
    @given(records)
    def load(data: object) -> None:
        out.count += 1
        try:
            GameRecord.parse(data).replay()
        except MeepleError:
            pass
        except Exception as e:
            out.fail(f"import of {str(data)[:200]} raised {type(e).__name__}: {e}")

    parse()
    load()
    out.tried = (f"{out.count} random inputs: action texts to the parser, JSON records to "
                 f"the import (games {', '.join(out.games)} and an unknown one); anything but "
                 "the engine's own error fails")
    out.seconds = round(time.perf_counter() - started, 1)
    return out


def _first_moves(name: str, moves: int = 3) -> list[str]:
    """Legal moves from the start of a game of ``name``, so that some random records
    replay a few real moves before going wrong."""
    game = get_game(name)
    state = game.new_state(game.default_players, 1)
    out: list[str] = []
    for _ in range(moves):
        waiting = state.current_players()
        if state.is_terminal() or not waiting:
            break
        legal = state.legal_actions(waiting[0])
        if not legal:
            break
        out.append(str(legal[0]))
        state.apply(waiting[0], legal[0])
    return out
