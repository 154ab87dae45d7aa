"""The checks every game must pass (after OpenSpiel's random_sim_test), usable from tests
and tools: random playouts reach the end with legal actions only; every legal action's
text and JSON forms round-trip; JSON round-trip and clone are exact at every step; a
replay gives the same hash; no view shows what its player may not see."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.game import Game, State
from meeple.core.record import GameRecord
from meeple.core.rng import Rng
from meeple.core.text import localize


class ConformanceError(AssertionError):
    """A rule of the engine interface that a game broke, with where it happened."""


@dataclass
class PlayoutStats:
    seed: int
    steps: int
    hash: str
    result: dict[str, Any]
    views_checked: int


def _fail(where: str, what: str) -> None:
    raise ConformanceError(f"{where}: {what}")


def check_actions_round_trip(legal: list[Action], where: str) -> None:
    if len(set(legal)) != len(legal):
        _fail(where, "the legal actions list the same action twice")
    for a in legal:
        if Action.parse(str(a)) != a:
            _fail(where, f"action {a!r} does not survive its text form {str(a)!r}")
        if Action.from_json(json.loads(json.dumps(a.to_json()))) != a:
            _fail(where, f"action {a!r} does not survive its JSON form")


def check_json_round_trip(game: Game, state: State, where: str) -> None:
    data = json.loads(json.dumps(state.to_json()))
    again = game.state_from_json(data)
    if again.to_json() != data or again.hash() != state.hash():
        _fail(where, "state -> JSON -> state is not the same state")


def check_clone(state: State, rng: Rng, where: str) -> None:
    before = state.hash()
    c = state.clone()
    if c.hash() != before:
        _fail(where, "a clone differs from its original")
    if not c.is_terminal():
        p = c.current_players()[0]
        c.apply_unchecked(p, rng.choice(c.legal_actions(p)))
        if state.hash() != before:
            _fail(where, "changing a clone changed the original")


def check_views(game: Game, state: State, seed: int, where: str) -> int:
    """Each player's view (and the spectator's) is the same after the information hidden
    from that player is dealt again, so the view can carry none of it."""
    n = 0
    for p in [*range(state.num_players), None]:
        view = state.view(p)
        json.dumps(localize(view))  # texts are rendered as a reader reads them
        problems = game.view_problems(view)
        if problems:
            _fail(where, f"player {p}'s view: " + "; ".join(problems[:5]))
        other = game.redeal_hidden(state, p, seed + (p if p is not None else 99))
        if other.view(p) != view:
            _fail(where, f"player {p}'s view changes when hidden information is redealt")
        # the actions a player is offered are theirs to see, in the same order (a search
        # lists them once for all its samples)
        if p is not None and other.legal_actions(p) != state.legal_actions(p):
            _fail(where, f"player {p}'s legal actions change when hidden information is "
                         "redealt")
        n += 1
    return n


def check_wrong_player(state: State, where: str) -> None:
    waiting = set(state.current_players())
    others = [p for p in range(state.num_players) if p not in waiting]
    if not others:
        return
    p = others[0]
    legal = state.legal_actions(next(iter(waiting)))
    before = state.hash()
    try:
        state.apply(p, legal[0])
    except IllegalActionError:
        pass
    else:
        _fail(where, f"player {p} acted out of turn")
    if state.hash() != before:
        _fail(where, "a refused action changed the state")


def play_random(state: State, steps: int, seed: int) -> State:
    """Take up to ``steps`` random legal actions (stopping at the end of the game)."""
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.current_players()[0]
        state.apply_unchecked(p, state.random_action(p, rng))
    return state


def every_position(state: State, seed: int) -> list[State]:
    """A copy of every position of one random game from ``state`` to its end (each action
    drawn from the listed legal actions, as the golden records draw them)."""
    rng = Rng(seed)
    out: list[State] = []
    while not state.is_terminal():
        out.append(state.clone())
        p = state.current_players()[0]
        state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
    return out


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    deep_every: int = 1,
    views_every: int = 1,
    max_steps: int = 100_000,
) -> PlayoutStats:
    """Play one random game, checking the interface at every step (the costly checks every
    ``deep_every`` / ``views_every`` steps)."""
    state = game.new_state(players, seed, options)
    record = GameRecord(game=game.name, players=players, seed=seed, options=dict(options or {}))
    rng = Rng(seed ^ 0xC0FFEE)
    steps = views = 0
    while not state.is_terminal():
        where = f"{game.name} seed {seed} step {steps}"
        if steps >= max_steps:
            _fail(where, "the game did not end")
        prompts = state.prompts()
        if not prompts:
            _fail(where, "the game is not over but nobody is asked to decide")
        p = prompts[0].player
        legal = state.legal_actions(p)
        if not legal:
            _fail(where, f"player {p} is asked to decide but has no legal action")
        if len(legal) > game.max_actions:
            _fail(where, f"{len(legal)} legal actions, over the game's max_actions "
                         f"({game.max_actions})")
        check_actions_round_trip(legal, where)
        if steps % deep_every == 0:
            check_json_round_trip(game, state, where)
            check_clone(state, rng, where)
            check_wrong_player(state, where)
        if steps % views_every == 0:
            views += check_views(game, state, seed + steps, where)
        action = rng.choice(legal)
        state.apply(p, action)
        record.add(p, action)
        steps += 1
    returns = state.returns()
    winners = [r for r in returns if r > 0]
    if not winners or any(abs(r - 1 / len(winners)) > 1e-9 for r in winners):
        _fail(f"{game.name} seed {seed}", f"returns {returns} do not share one victory")
    check_json_round_trip(game, state, f"{game.name} seed {seed} end")
    replayed = GameRecord.model_validate(json.loads(record.model_dump_json())).replay()
    if replayed.hash() != state.hash():
        _fail(f"{game.name} seed {seed}", "replaying the record gives another state")
    return PlayoutStats(seed, steps, state.hash(), state.result(), views)
