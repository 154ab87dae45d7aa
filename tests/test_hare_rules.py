"""Hare and Tortoise's rules: its scenarios pass, its board and tables are the rule book's,
the engine's checks hold in random games at every player count, what is hidden stays so."""

from collections import Counter
from pathlib import Path

import pytest

from meeple.core.conformance import random_playout
from meeple.core.registry import get_game
from meeple.core.scenario import run_paths
from meeple.core.text import missing
from meeple.games.hare.state import CARDS, HOME, RULES, TRACK, HareState, cost

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "hare"


def test_every_scenario_of_hare_holds() -> None:
    results = run_paths([SCENARIOS])
    assert len(results) >= 25
    failed = [f"{r.name}: {c.path} {c.detail}" for r in results for c in r.checks if not c.ok]
    assert not failed, "\n".join(failed)


def test_the_board_has_the_classic_squares_in_their_counts() -> None:
    assert len(TRACK) == 65 and TRACK[0] == "start" and TRACK[HOME] == "home"
    counts = Counter(TRACK[1:HOME])
    assert counts == {"hare": 12, "carrot": 13, "hedgehog": 9, "lettuce": 4,
                      "n2": 8, "n3": 7, "n4": 5, "n156": 5}
    assert [i for i, k in enumerate(TRACK) if k == "lettuce"] == [10, 22, 42, 57]
    assert [i for i, k in enumerate(TRACK) if k == "hedgehog"] == [
        11, 15, 19, 24, 30, 37, 43, 50, 56]


def test_the_race_card_charges_the_triangular_numbers() -> None:
    assert len(RULES["race_card"]) == HOME
    assert all(cost(n) == n * (n + 1) // 2 for n in range(1, HOME + 1))
    assert cost(10) == 55 and cost(HOME) == 2080


def test_the_hare_deck_holds_twelve_cards_of_nine_kinds() -> None:
    assert len(CARDS) == 12 and len(set(CARDS)) == 9


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_random_game_of_hare_keeps_every_engine_rule(players: int) -> None:
    stats = random_playout(get_game("hare"), players, seed=players, options={"max_rounds": 40},
                           deep_every=2, views_every=5)
    assert stats.result["reason"] in ("home", "round_limit")


def test_the_order_of_undrawn_hare_cards_is_all_a_redeal_changes() -> None:
    game = get_game("hare")
    s = game.new_state(2, 3)
    assert isinstance(s, HareState)
    s.apply(0, s.legal_actions(0)[0])  # onto the hare square 1: a card is drawn
    assert s.known == 1
    for seed in range(20):
        other = game.redeal_hidden(s, 0, seed)
        assert isinstance(other, HareState)
        assert other.deck[0] == s.deck[0] and sorted(other.deck) == sorted(s.deck)
        assert other.view(1) == s.view(1)


def test_a_drawn_card_is_known_to_every_player() -> None:
    s = get_game("hare").new_state(3, 3)
    assert isinstance(s, HareState)
    s.apply(0, s.legal_actions(0)[0])
    for viewer in (None, 0, 1, 2):
        assert s.facts(viewer)["deck_bottom"] == [s.drawn]


def test_a_runner_cannot_move_further_than_its_carrots_pay_for() -> None:
    s = get_game("hare").new_state(2, 0)
    assert isinstance(s, HareState)
    # 65 carrots pay for 10 squares (55) but not 11 (66)
    forward = [int(a.args[0]) for a in s.legal_actions(0) if a.kind == "move"]
    assert max(forward) == 10


def test_bad_options_are_refused_with_the_option_named() -> None:
    with pytest.raises(ValueError, match="max_rounds"):
        get_game("hare").new_state(2, 0, {"max_rounds": -1})


def test_every_text_of_hare_has_english_and_russian() -> None:
    assert missing("hare") == []
