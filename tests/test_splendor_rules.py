"""Splendor's rules: its scenarios pass, random games keep every engine rule, the card
and noble lists are the published ones, a card reserved unseen stays its owner's secret,
and impossible positions are refused."""

from collections import Counter
from pathlib import Path

import pytest

from meeple.core.conformance import random_playout
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.scenario import run_paths
from meeple.core.text import localize, missing
from meeple.games.splendor.state import CARDS, GEMS, NOBLES, RULES, SplendorState

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "splendor"


def test_every_scenario_of_splendor_holds() -> None:
    results = run_paths([SCENARIOS])
    assert len(results) >= 25
    failed = [f"{r.name}: {c.path} {c.detail}" for r in results for c in r.checks if not c.ok]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("fewer", [False, True])
def test_a_random_game_of_splendor_keeps_every_engine_rule(players: int, fewer: bool) -> None:
    stats = random_playout(get_game("splendor"), players, seed=players,
                           options={"fewer_gems": fewer})
    assert stats.result["reason"] in ("goal", "stalled")
    assert stats.result["winners"]


def test_every_text_of_splendor_has_english_and_russian() -> None:
    assert missing("splendor") == []


def test_the_deck_holds_40_30_and_20_cards_the_same_for_each_bonus_colour() -> None:
    levels = Counter(c.level for c in CARDS.values())
    assert levels == {1: 40, 2: 30, 3: 20}
    assert sorted(CARDS) == list(range(1, 91))
    for lv in (1, 2, 3):
        # the printed cards of a level repeat one pattern of points and prices per colour
        shapes = {g: Counter((c.points, tuple(sorted((x for x in c.cost if x), reverse=True)))
                             for c in CARDS.values() if c.level == lv and c.bonus == g)
                  for g in range(len(GEMS))}
        assert all(s == shapes[0] for s in shapes.values()), f"level {lv}"
        assert sum(shapes[0].values()) == levels[lv] // len(GEMS)
    points = {lv: sum(c.points for c in CARDS.values() if c.level == lv) for lv in (1, 2, 3)}
    assert points == {1: 5, 2: 55, 3: 80}


def test_the_ten_nobles_ask_two_colours_of_4_or_three_colours_of_3() -> None:
    assert len(NOBLES) == 10 and RULES["noble_points"] == 3
    shapes = Counter(tuple(sorted((n for n in need if n), reverse=True))
                     for need in NOBLES.values())
    assert shapes == {(4, 4): 5, (3, 3, 3): 5}
    assert len(set(NOBLES.values())) == 10


def _with_a_card_drawn_unseen(players: int) -> tuple[SplendorState, int]:
    s = get_game("splendor").new_state(players, 11)
    assert isinstance(s, SplendorState)
    top = s.decks[2][-1]
    s.apply(0, s.legal_actions(0)[-3])  # the last three: the decks, level 3 first
    assert s.reserved[0] == [top] and s.blind[0] == [True]
    return s, top


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_reserved_from_a_deck_is_seen_by_its_owner_alone(players: int) -> None:
    s, card = _with_a_card_drawn_unseen(players)
    mine = str(localize(s.view(0)))
    assert f"card-{card}" in mine and f"'id': {card}," in mine
    for viewer in [*range(1, players), None]:
        seen = str(localize(s.view(viewer)))
        assert f"card-{card}" not in seen and f"'id': {card}," not in seen
        assert "hidden-0-0" in seen and "'reserved': [{'level': 3}]" in seen
        assert all(str(card) not in line for line in s.log.text(viewer, "en").splitlines()
                   if "You drew" in line)
    assert "You drew" in s.log.text(0, "en")
    assert "You drew" not in s.log.text(1, "en")


def _reserved_after_redeals(s: SplendorState, viewer: int) -> set[int]:
    out: set[int] = set()
    for seed in range(20):
        other = s.redeal(viewer, seed)
        assert isinstance(other, SplendorState)
        out |= set(other.reserved[0])
    return out


def test_a_redeal_gives_others_another_card_of_the_same_level() -> None:
    s, card = _with_a_card_drawn_unseen(2)
    dealt = _reserved_after_redeals(s, 1)
    assert {CARDS[c].level for c in dealt} == {3} and len(dealt) > 1
    assert _reserved_after_redeals(s, 0) == {card}


@pytest.mark.parametrize(("change", "said"), [
    ({"gems": [[9, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]], "bank": [4, 4, 4, 4, 4, 5]}, "tokens"),
    ({"bought": [[1], [1]]}, "two places"),
    ({"reserved": [[1, 2, 3, 4], []]}, "at most 3"),
    ({"nobles": [1, 2]}, "3 different nobles"),
    ({"market": [[41, 1, 2, 3], [], []], "decks": [[], [], []]}, "another level"),
    ({"taking": [0]}, "middle of a take"),
])
def test_an_impossible_position_is_refused_with_its_fault_named(change: dict[str, object],
                                                                said: str) -> None:
    game = get_game("splendor")
    with pytest.raises(ValueError, match=said):
        game.scenario_setup(game.new_state(2, 0), change)


def test_a_search_of_many_clones_keeps_the_original_unchanged() -> None:
    s = get_game("splendor").new_state(3, 5)
    before = s.hash()
    rng = Rng(1)
    for _ in range(50):
        c = s.clone()
        while not c.is_terminal():
            p = c.current_players()[0]
            c.apply_unchecked(p, c.random_action(p, rng))
    assert s.hash() == before
