"""Golden game records: games played once with fixed seeds, kept with the hashes they
reached, so that a change meant to make the engine faster can prove it changed no result.

Each record keeps (game, players, options, seed, seats, actions) and two fingerprints
made by replaying it:

- ``exact``: the final state's hash, every seat's view (and the spectator's) at a quarter,
  half, three quarters and the end of the game, and the result, all as JSON in English.
  A change of a game's texts changes these (views hold rendered sentences).
- ``stable``: the rules fingerprint, what no change of texts or views can alter — the
  state's JSON without its log (texts inside it reduced to a mark), the number of legal
  actions at every step, the legal actions themselves at the marked steps, and the
  returns. When texts or views were changed, re-recording must leave every stable
  fingerprint as it was: that proves the rules did not change. (Views are not in it: the
  texts work adds fields to views, such as a season's calendar, without touching a rule.)

The records are stored gzipped, one file per game (``DIR/GAME.json.gz``).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.bots.base import make_bot
from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.game import State
from meeple.core.registry import game_names, get_game
from meeple.core.rng import Rng
from meeple.core.text import localize
from meeple.sim.match import bot_chooser, bot_seed

FORMAT = "meeple-golden/1"
# Every game: the first five by their own plans, a kit game by the generic one.
GAMES = tuple(game_names())
MAX_STEPS = 50_000


class GoldenError(Exception):
    """A golden file that cannot be read or written, named with the reason."""


@dataclass(frozen=True)
class Plan:
    """One game to record: who plays it and how."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    heuristic: tuple[int, ...] = ()  # seats played by the heuristic bot; the rest random


def plans(game: str) -> list[Plan]:
    """The fixed list of games recorded for ``game``: player counts, options and bots
    varied so that most rules come up (numbers chosen to keep a full check near a minute)."""
    out: list[Plan] = []
    if game == "cult":
        for i in range(200):
            n = 2 + i % 4
            rounds = 0 if i % 25 == 0 else (30, 15, 8)[i % 3]
            out.append(Plan(game, n, 1000 + i, {"max_rounds": rounds},
                            (i % n,) if i % 10 == 9 else ()))
    elif game == "cyclades":
        shapes: list[tuple[int, dict[str, Any]]] = [
            (2, {}), (3, {}), (4, {}), (5, {}),
            (3, {"map": "titans"}), (4, {"map": "titans"}), (5, {"map": "titans"}),
            (6, {"map": "titans", "teams": True}),
            (3, {"titans": True}), (4, {"titans": True}), (6, {"titans": True}),
            (4, {"kronos": True}), (4, {"artifacts": True}),
            (4, {"special_metropolises": True}), (4, {"map": "titans", "teams": True}),
        ]
        for i in range(210):
            n, opts = shapes[i % len(shapes)]
            rounds = 0 if i % 42 == 0 else (6, 10, 14)[i % 4 % 3]
            out.append(Plan(game, n, 2000 + i, {**opts, "max_rounds": rounds},
                            (i % n,) if i % 20 == 19 else ()))
    elif game == "clash":
        for i in range(200):
            n = 2 + i % 3
            clash: dict[str, Any] = {"extra_buildings": (i // 3) % 2 == 1}
            if i % 4 == 3:
                clash["rounds"] = 3
            out.append(Plan(game, n, 3000 + i, clash, (i % n,) if i % 10 == 9 else ()))
    elif game == "colonies":
        for i in range(200):
            n = 2 + i % 7
            opts = {"seasons": (13, 6, 3)[(i // 7) % 3]}
            # a Master seat (played at random too) in every other game; never sheets:
            # they are free text, which random play cannot write (tests of their own)
            if i % 2 == 1:
                opts["master"] = True
            heuristic: tuple[int, ...] = ()
            if i % 50 == 49:  # the heuristic is slow here: short games only
                opts = {"seasons": 2}
                heuristic = (0,)
            out.append(Plan(game, n, 4000 + i, opts, heuristic))
    elif game == "counter":
        for i in range(6):
            out.append(Plan(game, 1 + i, 5000 + i, {"limit": 10 + 7 * i}))
    elif game in game_names():
        # A kit game: 100 games over its player counts and the option sets it names
        # (``golden_options``), random play with a heuristic seat in every tenth.
        g = get_game(game)
        sets: list[dict[str, Any]] = list(getattr(g, "golden_options", [{}]))
        counts = range(g.min_players, g.max_players + 1)
        for i in range(100):
            n = counts[i % len(counts)]
            out.append(Plan(game, n, 6000 + i, dict(sets[(i // len(counts)) % len(sets)]),
                            (i % n,) if i % 10 == 9 else ()))
    else:
        raise GoldenError(f"no golden plan for game {game!r} (games: {', '.join(GAMES)})")
    return out


# ---- fingerprints ----------------------------------------------------------------------

def _h(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _is_text_json(value: dict[Any, Any]) -> bool:
    return isinstance(value.get("k"), str) and set(value) <= {"k", "a"}


def _state_skeleton(value: Any) -> Any:
    """The state's JSON as the rules see it: no log, each text reduced to a mark."""
    if isinstance(value, dict):
        if _is_text_json(value):
            return "T"
        return {k: _state_skeleton(v) for k, v in value.items() if k != "log"}
    if isinstance(value, list | tuple):
        return [_state_skeleton(v) for v in value]
    return value


def _marks(n: int) -> list[int]:
    return sorted({n // 4, n // 2, 3 * n // 4, n})


def _views(state: State) -> list[str]:
    seats: list[int | None] = [*range(state.game.seat_count(state)), None]
    return [_h(localize(state.view(p))) for p in seats]


def fingerprint(game: str, players: int, seed: int, options: dict[str, Any],
                actions: list[tuple[int, str]]) -> dict[str, Any]:
    """Replay the actions and take both fingerprints; an action that is not legal where
    it stands raises GoldenError naming its index."""
    state = get_game(game).new_state(players, seed, options)
    marks = set(_marks(len(actions)))
    counts = hashlib.sha256()
    exact_views: dict[str, list[str]] = {}
    legal_at: dict[str, str] = {}

    def mark(step: int, legal: list[Action] | None) -> None:
        exact_views[str(step)] = _views(state)
        if legal is not None:
            legal_at[str(step)] = _h([str(a) for a in legal])

    for i, (player, text) in enumerate(actions):
        legal = state.legal_actions(player)
        counts.update(f"{player}:{len(legal)};".encode())
        if i in marks:
            mark(i, legal)
        action = Action.parse(text)
        if action not in legal:
            raise GoldenError(f"{game} seed {seed}: action #{i} ({player}: {text!r}) is not "
                              f"legal there ({len(legal)} legal actions)")
        state.apply_unchecked(player, action)
    mark(len(actions), None)
    ended = state.is_terminal()
    return {
        "exact": {"hash": state.hash(), "views": exact_views,
                  "result": _h(localize(state.result())) if ended else None},
        "stable": {"state": _h(_state_skeleton(state.to_json())),
                   "legal_counts": counts.hexdigest()[:16], "legal_at": legal_at,
                   "returns": state.returns() if ended else None},
    }


# ---- playing and recording -------------------------------------------------------------

def play(plan: Plan) -> list[tuple[int, str]]:
    """Play the planned game to its end; random seats draw from their own seeded stream
    (without looking at a view: a uniform choice needs none), heuristic seats see only
    their view, as bots always do."""
    g = get_game(plan.game)
    state = g.new_state(plan.players, plan.seed, plan.options)
    seats = g.seat_count(state)
    rngs = [Rng(bot_seed(plan.seed, s)) for s in range(seats)]
    choosers: dict[int, Callable[[State, int], Action]] = {
        s: bot_chooser(make_bot("heuristic", g.name, bot_seed(plan.seed, s)))
        for s in plan.heuristic}
    actions: list[tuple[int, str]] = []
    while not state.is_terminal():
        if len(actions) >= MAX_STEPS:
            raise GoldenError(f"{plan.game} seed {plan.seed}: no end after {MAX_STEPS} actions")
        player = state.current_players()[0]
        if player in choosers:
            action = choosers[player](state, player)
        else:
            action = rngs[player].choice(state.legal_actions(player))
        state.apply_unchecked(player, action)
        actions.append((player, str(action)))
    return actions


def plan_key(rec: dict[str, Any]) -> tuple[Any, ...]:
    """What identifies a planned game in a record."""
    return (rec.get("players"), rec.get("seed"), json.dumps(rec.get("options"), sort_keys=True),
            tuple(rec.get("heuristic") or ()))


def record(plan: Plan, actions: list[tuple[int, str]] | None = None) -> dict[str, Any]:
    """The planned game with its fingerprints; with ``actions`` (those of an earlier
    recording) the same game is fingerprinted again instead of played anew, so that bots
    changed since cannot make it another game."""
    if actions is None:
        actions = play(plan)
    return {"game": plan.game, "players": plan.players, "seed": plan.seed,
            "options": plan.options, "heuristic": list(plan.heuristic),
            "actions": [[p, a] for p, a in actions],
            **fingerprint(plan.game, plan.players, plan.seed, plan.options, actions)}


def path_for(folder: Path, game: str) -> Path:
    return folder / f"{game}.json.gz"


def save(folder: Path, game: str, records: list[dict[str, Any]], replace: bool) -> Path:
    """Write the game's golden file; an existing one is kept unless ``replace``."""
    path = path_for(folder, game)
    if path.exists() and not replace:
        raise GoldenError(f"{path} exists; give --replace to record it again")
    folder.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, "game": game, "records": records}
    tmp = path.with_suffix(".tmp")
    # mtime=0: the same records give the same bytes, so an unchanged file shows no diff
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write(json.dumps(data, separators=(",", ":")).encode())
    tmp.replace(path)
    return path


def load(folder: Path, game: str) -> list[dict[str, Any]]:
    path = path_for(folder, game)
    try:
        with gzip.open(path, "rb") as f:
            data = json.loads(f.read())
    except FileNotFoundError:
        raise GoldenError(f"no golden records for {game}: {path} is missing "
                          f"(meeple golden record {folder})") from None
    except (OSError, EOFError, json.JSONDecodeError) as e:
        raise GoldenError(f"{path} is not a gzipped JSON golden file: {e}") from e
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != game:
        raise GoldenError(f"{path}: not a {FORMAT} file of {game}")
    records = data.get("records")
    if not isinstance(records, list):
        raise GoldenError(f"{path}: 'records' must be a list")
    return records


# ---- checking --------------------------------------------------------------------------

def _differences(want: dict[str, Any], got: dict[str, Any], part: str) -> Iterator[str]:
    w, g = want.get(part, {}), got[part]
    for key in sorted(set(w) | set(g)):
        if key == "views":
            for step in sorted(set(w.get(key, {})) | set(g[key]), key=int):
                a, b = w.get(key, {}).get(step), g[key].get(step)
                if a != b:
                    a, b = a or [], b or []
                    seats = [i for i in range(max(len(a), len(b))) if a[i:i + 1] != b[i:i + 1]]
                    yield f"{part} views at step {step} differ for seats {seats}"
        elif key == "legal_at":
            for step in sorted(set(w.get(key, {})) | set(g[key]), key=int):
                if w.get(key, {}).get(step) != g[key].get(step):
                    yield f"{part} legal actions at step {step} differ"
        elif w.get(key) != g.get(key):
            yield f"{part} {key}: recorded {w.get(key)!r}, replayed {g.get(key)!r}"


def check_record(rec: dict[str, Any], stable_only: bool = False) -> list[str]:
    """What differs when the record is replayed now (empty: identical)."""
    where = f"{rec.get('game')} seed {rec.get('seed')} ({rec.get('players')} players)"
    try:
        actions = [(int(p), str(a)) for p, a in rec["actions"]]
        got = fingerprint(rec["game"], rec["players"], rec["seed"], rec["options"], actions)
    except (GoldenError, MeepleError, ValueError, KeyError) as e:
        return [f"{where}: cannot replay: {e}"]
    parts = ("stable",) if stable_only else ("stable", "exact")
    return [f"{where}: {d}" for part in parts for d in _differences(rec, got, part)]


@dataclass
class CheckReport:
    game: str
    records: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def check_game(folder: Path, game: str, stable_only: bool = False, every: int = 1,
               on_record: Callable[[], None] | None = None) -> CheckReport:
    """Replay the game's records (each ``every``-th) and compare their fingerprints."""
    import time

    if every < 1:
        raise GoldenError(f"--every must be at least 1, got {every}")
    report = CheckReport(game)
    t0 = time.perf_counter()
    for rec in load(folder, game)[::every]:
        report.records += 1
        report.failures += check_record(rec, stable_only)
        if on_record is not None:
            on_record()
    report.seconds = time.perf_counter() - t0
    return report


def compare_stable(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    """Records whose rules fingerprint differs between two recordings (re-recording after
    a change of texts must give none)."""
    out = []
    if len(old) != len(new):
        out.append(f"{len(old)} records before, {len(new)} now")
    for a, b in zip(old, new, strict=False):
        if a.get("actions") != b.get("actions"):
            out.append(f"{a.get('game')} seed {a.get('seed')}: the game was played differently")
        elif a.get("stable") != b.get("stable"):
            out.append(f"{a.get('game')} seed {a.get('seed')}: rules fingerprint differs")
    return out
