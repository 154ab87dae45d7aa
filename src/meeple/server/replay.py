"""Replays of finished games: the position after any number of actions, as one seat (or
a spectator) saw it then."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.text import DEFAULT_LANG, localize
from meeple.server.store import Appended


def replay(row: dict[str, Any], actions: list[Appended], version: int,
           seat: int | None, lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """The position at ``version`` (0: the start) and the first version of each round."""
    game = get_game(row["game"])
    state: State = game.new_state(row["players"], row["seed"], row["options"])
    rounds: dict[int, int] = {state.round: 0}
    at: dict[str, Any] | None = None
    for i, a in enumerate(actions, 1):
        if i - 1 == version:
            at = _position(state, seat, version, lang)
        state.apply(a.player, Action.parse(a.action))
        rounds.setdefault(state.round, i)
    if at is None:
        at = _position(state, seat, len(actions), lang)
    return {**at, "total": len(actions), "rounds": sorted(rounds.items())}


def _position(state: State, seat: int | None, version: int, lang: str) -> dict[str, Any]:
    # The position's last lines travel beside the view: its own log is not built.
    view = localize(state.view_without_log(seat), lang)
    log = [e.line(lang) for e in state.log.visible(seat)[-30:]]
    return {"version": version, "round": state.round, "view": view,
            "board": state.render(seat), "log": log,
            "finished": state.is_terminal(),
            "result": localize(state.result(), lang) if state.is_terminal() else None}
