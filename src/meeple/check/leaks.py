"""Hidden information, for every game that hides something: over random games, each
seat's payload (what the HTTP view, the log route and every WebSocket message carry) must
stay the same when everything hidden from that seat is dealt again at random, and must
not carry the random generator's state."""

from __future__ import annotations

import json
import time
from typing import Any

from meeple.check.common import Outcome, every_game
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.server.hub import Hub
from meeple.server.live import Live

SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "cult": [(2, {}), (3, {}), (4, {}), (5, {})],
    "colonies": [(2, {}), (3, {"master": True}), (4, {"master": True}), (5, {})],
    "clash": [(2, {}), (3, {}), (4, {})],
    "cyclades": [(3, {}), (4, {"titans": True, "teams": True}), (5, {"titans": True}),
                 (2, {})],
}


def setups(name: str) -> list[tuple[int, dict[str, Any]]]:
    """The player counts and options the random games of ``name`` go through in turn: the
    table's, or the game's default player count for a game the table does not list."""
    return SETUPS.get(name) or [(get_game(name).default_players, {})]


def _payload(hub: Hub, live: Live, seat: int | None) -> str:
    return json.dumps([hub.payload(live, seat), hub.visible_log(live, seat)], sort_keys=True)


def hidden(views_per_game: int = 10_000, seed: int = 1, steps: int = 400,
           names: list[str] | None = None) -> list[Outcome]:
    """``steps``: the most moves of one random game; fewer make more, shorter games, which
    go through more of the set-ups for the same number of views."""
    hub = Hub.__new__(Hub)  # payloads only: no database, no bots
    outcomes = []
    for name in names or every_game():
        game = get_game(name)
        if not game.has_chance:
            continue  # nothing is dealt, so nothing is hidden
        started = time.perf_counter()
        out = Outcome(f"hidden information: {name}", "", games=[name])
        rng = Rng(seed)
        games = 0
        choices = setups(name)
        while out.count < views_per_game:
            players, options = choices[games % len(choices)]
            state = game.new_state(players, rng.below(1 << 40), options)
            seats = [{"seat": i, "kind": "human", "name": None, "joined": True}
                     for i in range(state.num_players)]
            row = {"players": players, "seed": 0, "options": options, "settings": {}}
            games += 1
            for step in range(steps):
                live = Live("g", row, seats, state, step, None)
                for seat in [*range(state.num_players), None]:
                    mine = _payload(hub, live, seat)
                    other = Live("g", row, seats, game.redeal_hidden(
                        state, seat, rng.below(1 << 40)), step, None)
                    out.count += 1
                    if mine != _payload(hub, other, seat):
                        out.fail(f"{name} game {games} step {step}: seat {seat}'s payload "
                                 "changes with facts hidden from it")
                    if str(getattr(getattr(state, "rng", None), "state", "-")) in mine:
                        out.fail(f"{name} game {games} step {step}: the RNG state is shown")
                if state.is_terminal() or out.count >= views_per_game:
                    break
                waiting = state.current_players()
                p = waiting[rng.below(len(waiting))]
                legal = state.legal_actions(p)
                state.apply_unchecked(p, legal[rng.below(len(legal))])
        used = min(games, len(choices))
        out.tried = (f"{out.count} payloads over {games} random games of {name} ({used} of "
                     f"{len(choices)} set-ups; every seat and a spectator at every step): each "
                     "compared with the payload of the same seat after dealing again all it "
                     "cannot see")
        out.seconds = round(time.perf_counter() - started, 1)
        outcomes.append(out)
    return outcomes
