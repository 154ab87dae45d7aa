"""Hidden information, for every game that hides something: over random games, each
seat's payload (what the HTTP view, the log route and every WebSocket message carry) must
stay the same when everything hidden from that seat is dealt again at random, and must
not carry the random generator's state."""

from __future__ import annotations

import json
import time
from typing import Any

from meeple.check.common import Outcome
from meeple.core.registry import game_names, get_game
from meeple.core.rng import Rng
from meeple.server.hub import Hub, Live

SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "cult": [(2, {}), (3, {}), (4, {}), (5, {})],
    "colonies": [(2, {}), (3, {"master": True}), (4, {"master": True}), (5, {})],
    "clash": [(2, {}), (3, {}), (4, {})],
    "cyclades": [(3, {}), (4, {"titans": True, "teams": True}), (5, {"titans": True}),
                 (2, {})],
}


def _payload(hub: Hub, live: Live, seat: int | None) -> str:
    return json.dumps([hub.payload(live, seat), hub.visible_log(live, seat)], sort_keys=True)


def hidden(views_per_game: int = 10_000, seed: int = 1) -> list[Outcome]:
    hub = Hub.__new__(Hub)  # payloads only: no database, no bots
    outcomes = []
    for name in game_names():
        game = get_game(name)
        if not game.has_chance:
            continue
        started = time.perf_counter()
        out = Outcome(f"hidden information: {name}", "")
        rng = Rng(seed)
        games = 0
        while out.count < views_per_game:
            players, options = SETUPS.get(name, [(game.default_players, {})])[games % 4]
            state = game.new_state(players, rng.below(1 << 40), options)
            seats = [{"seat": i, "kind": "human", "name": None, "joined": True}
                     for i in range(state.num_players)]
            row = {"players": players, "seed": 0, "options": options, "settings": {}}
            games += 1
            for step in range(400):
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
        out.tried = (f"{out.count} payloads over {games} random games of {name} (every seat "
                     "and a spectator at every step): each compared with the payload of the "
                     "same seat after dealing again all it cannot see")
        out.seconds = round(time.perf_counter() - started, 1)
        outcomes.append(out)
    return outcomes
