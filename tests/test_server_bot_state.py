"""A bot seat's decision is computed in a worker from the state sent to it. The state
is sent without its log: no bot reads the log, and sending it made every bot move cost
the length of the game so far. The decision must be the one the whole state gives."""

from __future__ import annotations

import pytest

from meeple.core.conformance import play_random
from meeple.core.registry import get_game
from meeple.server.bots import decide
from meeple.server.hub import bot_state

KINDS = {
    "cult": ["random", "heuristic", "general", "ismcts:30"],
    "cyclades": ["random", "heuristic", "ismcts:20"],
    "clash": ["random", "heuristic", "general", "learned"],
    "colonies": ["random", "heuristic", "planner"],
    "counter": ["random", "heuristic"],
}


@pytest.mark.parametrize("game", sorted(KINDS))
def test_a_bot_decides_alike_on_the_state_sent_without_its_log(game: str) -> None:
    g = get_game(game)
    players = min(max(g.min_players, 3), g.max_players)
    for seed, steps in ((1, 30), (2, 120)):
        s = play_random(g.new_state(players, seed, {}), steps, seed)
        if s.is_terminal():
            continue
        seat = s.current_players()[0]
        sent = bot_state(s)
        assert sent["log"] == [] and len(s.log) > 0
        for kind in KINDS[game]:
            whole = decide(game, s.to_json(), seat, kind, 7)
            assert decide(game, sent, seat, kind, 7) == whole, (game, kind, seed)
