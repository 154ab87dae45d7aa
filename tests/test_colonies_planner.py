"""The Colonies planner bot (kind ``planner``): it gives only legal actions, plans the
season from the victory conditions, and plays whole arena games. Its blindness to
hidden facts is checked in tests/test_bots.py with the other bots."""

import pytest

from meeple.bots.base import make_bot
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.games.colonies.model import NOBODY
from meeple.games.colonies.state import ColoniesState
from meeple.sim.match import bot_chooser, play_match
from meeple.sim.runner import run_games

GAME = get_game("colonies")


def _choose(state: State, p: int, seed: int = 7) -> Action:
    bot = make_bot("planner", "colonies", seed)
    return bot_chooser(bot)(state, p)


def _orders_phase(seed: int = 1) -> ColoniesState:
    s = GAME.new_state(4, seed)
    for p in range(4):
        s.apply(p, "ready")
    assert isinstance(s, ColoniesState) and s.phase == "orders"
    return s


def test_the_planner_gives_only_legal_actions_through_a_whole_game() -> None:
    chooser = bot_chooser(make_bot("planner", "colonies", 3))

    def checked(state: State, p: int) -> Action:
        action = chooser(state, p)
        assert action in state.legal_actions(p), f"{action} is not legal for seat {p}"
        return action

    result = play_match("colonies", 4, 11, [checked, "random", checked, "random"])
    assert result.state.is_terminal()


def test_the_planner_plays_colonies_only() -> None:
    with pytest.raises(ValueError, match="Colonies 1402 only"):
        make_bot("planner", "cult", 1)


def test_the_planner_attacks_an_unowned_province_and_spends_its_gold_on_reputation() -> None:
    s = _orders_phase()
    given = []
    while not s.players[0].submitted:
        action = _choose(s, 0)
        s.apply(0, action)
        given.append(action)
    orders = s.players[0].orders
    kinds = sorted(o[0] for o in orders)
    assert kinds == ["offensive", "propaganda"]
    attacked = next(o[1] for o in orders if o[0] == "offensive")
    assert s.owner[attacked - 1] == NOBODY
    gold = s.players[0].gold
    assert ("propaganda", "reputation", gold) in orders
    assert given[-1] == Action("submit")


def test_the_planner_swaps_loyalty_for_reputation_before_the_game() -> None:
    s = GAME.new_state(4, 2)
    assert isinstance(s, ColoniesState)
    start = s.players[1].reputation
    while 1 in s.current_players():
        s.apply(1, _choose(s, 1))
    assert s.players[1].reputation == start + 2
    assert s.players[1].ready


def test_the_planners_last_thaw_puts_units_into_gold_and_army() -> None:
    s = _orders_phase()
    s.season_no = 11  # Thaw 1405, the last Thaw of a whole game
    pl = s.players[0]
    pl.thaw_bonus = 10
    while len(pl.thaw) < pl.thaw_bonus:
        s.apply(0, _choose(s, 0))
    assert pl.thaw.count("gold") >= 4 and pl.thaw.count("army") >= 3


def test_a_tiny_arena_of_the_planner_against_random_plays_every_game() -> None:
    rows = run_games("colonies", 4, ["planner", "random", "random", "random"], 50, 4,
                     {"seasons": 5}, 1)
    assert len(rows) == 4
    assert all(row["winners"] and row["rounds"] == 5 for row in rows)
    assert [row["bots"].index("planner") for row in rows] == [0, 3, 2, 1]
