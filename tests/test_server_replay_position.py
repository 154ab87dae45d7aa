"""A replay's position is what its seat saw then: the view without its log (in the
reader's language) and the last 30 lines that seat could read, never another seat's."""

from __future__ import annotations

import pytest

from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.text import localize
from meeple.server.replay import replay
from meeple.server.store import Appended


@pytest.mark.parametrize("name", ["cult", "clash"])
def test_a_replay_position_is_the_seats_view_and_its_last_thirty_lines(name: str) -> None:
    game = get_game(name)
    players = game.min_players + 1
    state = game.new_state(players, 7)
    rng = Rng(8)
    actions: list[Appended] = []
    snapshots: dict[int, State] = {}
    for i in range(120):
        if state.is_terminal():
            break
        if i in (0, 40, 119):
            snapshots[i] = state.clone()
        p = state.current_players()[0]
        a = state.random_action(p, rng)
        state.apply(p, a)
        actions.append(Appended(i + 1, p, str(a), "test", None))
    assert len(snapshots) >= 2, "the game ended before the positions the test reads"
    row = {"game": name, "players": players, "seed": 7, "options": {}}
    for version, then in snapshots.items():
        for seat in [None, *range(players)]:
            for lang in ("en", "ru"):
                at = replay(row, actions, version, seat, lang)
                seen = then.log.visible(seat)
                expected_view = then.view(seat)
                expected_view.pop("log", None)
                assert at["view"] == localize(expected_view, lang)
                assert at["log"] == [e.line(lang) for e in seen][-30:]
                assert at["version"] == version
