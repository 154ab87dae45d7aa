"""The server builds every reader's view after a move in one call
(``State.views_without_log``): each must be exactly the view that reader gets alone,
the same keys in the same order, and no seat's hand or choices in another's."""

from __future__ import annotations

import json

import pytest

from meeple.core.conformance import play_random
from meeple.core.registry import get_game
from meeple.core.text import localized_json


@pytest.mark.parametrize("game", ["cult", "cyclades", "clash", "colonies", "counter"])
def test_views_built_together_are_the_views_built_alone(game: str) -> None:
    g = get_game(game)
    players = min(max(g.min_players, 4), g.max_players)
    for seed in (1, 2):
        for steps in (0, 25, 90, 400):
            s = play_random(g.new_state(players, seed, {}), steps, seed)
            readers: list[int | None] = [None, *range(players)]
            together = s.views_without_log(readers)
            # the asked seats' options as the server lists them for the update's choices
            listed = s.views_without_log(readers, options={
                p: [str(a) for a in s.legal_actions(p)] for p in s.current_players()})
            assert list(together) == list(listed) == readers
            for r in readers:
                alone = localized_json(s.view_without_log(r), "en")
                assert localized_json(together[r], "en") == alone, (game, seed, steps, r)
                assert localized_json(listed[r], "en") == alone, (game, seed, steps, r)


def test_a_cult_seat_sees_its_own_hand_and_choices_only_in_its_own_view() -> None:
    g = get_game("cult")
    s = play_random(g.new_state(4, 3, {}), 60, 3)
    asked = s.current_players()[0]
    views = s.views_without_log([None, 0, 1, 2, 3])
    for r, v in views.items():
        hands = [p["index"] for p in v["players"] if "hand" in p]
        assert hands == ([] if r is None else [r])
        options = [item for item in v["pending"] if "options" in item]
        assert len(options) == (1 if r == asked else 0)
    # the shared part is one object, the seat's own entry a copy
    assert views[0]["districts"] is views[1]["districts"]
    assert views[0]["players"][0] is not views[1]["players"][0]
    assert json.loads(localized_json(views[None], "en"))["viewer"] is None
