"""The ``general`` bot of Cult (issue 21): its evaluation counts the Forum (its winner
takes the Greatness card face up, whose festival is a fanatic mob) and breaks ties in a
district by mystic power as the rules do; it blocks a cult about to gather its fourth
mob, judges its best placements by how the round ends, is blind to hidden facts and plays
whole games with legal actions only."""

import pytest

from meeple.bots.base import make_bot
from meeple.bots.cult import round_end_value
from meeple.core.actions import Action
from meeple.core.conformance import play_random
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.cult import board as B
from meeple.games.cult.evaluate_deep import evaluate_deep, near_progress
from meeple.games.cult.state import CultState
from meeple.sim.match import bot_chooser, play_match
from tests.bot_helpers import choices_when_only_hidden_facts_differ

GAME = get_game("cult")
FORUM, BARRACKS = 4, 12


def _fresh(seed: int = 1) -> CultState:
    s = GAME.new_state(4, seed)
    assert isinstance(s, CultState)
    return s


def _put(s: CultState, p: int, d: int, level: int) -> None:
    """p's free priest of ``level`` onto district d, as a placement leaves it."""
    s.players[p].free.remove(level)
    s.players[p].placed += 1
    s.board[d - 1] += ((p, level, 0, 0),)


def test_leading_the_forum_counts_as_the_greatness_festival_to_come() -> None:
    s = _fresh()
    before = near_progress(s)[0][0]
    _put(s, 0, FORUM, 3)
    assert near_progress(s)[0][0] > before  # the card would change hands: a festival
    s.g_holder, s.g_up = 0, False
    assert near_progress(s)[0][0] == before  # its holder gains nothing by winning it again


def test_a_face_up_greatness_card_counts_before_its_festival() -> None:
    s = _fresh()
    before = near_progress(s)[0][2]
    s.g_holder, s.g_up = 2, True
    assert near_progress(s)[0][2] > before
    s.g_up = False  # celebrated already: the card stays face down with its holder
    assert near_progress(s)[0][2] == before


def test_a_tie_in_a_district_is_led_by_the_higher_mystic_power() -> None:
    s = _fresh()
    strong, weak = sorted(range(4), key=lambda p: -B.power(s, p))[:2]
    for p in (strong, weak):
        s.players[p].followers = 5
    _put(s, weak, BARRACKS, 3)
    _put(s, strong, BARRACKS, 3)
    near = near_progress(s)[0]
    assert near[strong] > near[weak]


def test_the_general_blocks_a_cult_about_to_gather_its_fourth_mob() -> None:
    s = _fresh(3)
    me = s.current_players()[0]
    rival = (me + 1) % 4
    s.players[rival].mobs = 3
    s.players[rival].followers = 5
    s.players[me].followers = 5
    s.players[me].free = [2]  # one priest only, so the choice is where it stands
    _put(s, rival, BARRACKS, 1)
    before = evaluate_deep(s)[me]
    bot = make_bot("general", "cult", 5)
    choice = bot.choose(s.view(me), s.legal_actions(me),
                        lambda seed: GAME.redeal_hidden(s, me, seed))
    assert choice == Action("place", (BARRACKS, 2))
    after = s.clone()
    after.apply(me, choice)
    assert evaluate_deep(after)[me] > before


def test_a_cult_with_three_mobs_leading_the_forum_is_about_to_win() -> None:
    s = _fresh()
    s.players[1].mobs = 3
    _put(s, 1, FORUM, 3)
    assert near_progress(s)[1][1] > 0.0  # the card face up, its Uprising the fourth mob
    s.g_holder, s.g_up = 1, False  # its own card stays face down: no festival to come
    assert near_progress(s)[1][1] == 0.0


def test_the_general_celebrates_the_uprising_that_brings_its_fourth_mob() -> None:
    s = _fresh(4)
    me = s.current_players()[0]
    s.players[me].mobs = 3
    s.g_holder, s.g_up = me, True
    bot = make_bot("general", "cult", 7)
    choice = bot.choose(s.view(me), s.legal_actions(me),
                        lambda seed: GAME.redeal_hidden(s, me, seed))
    assert choice == Action("festival", ("uprising",))


def test_a_placement_is_judged_once_its_round_has_been_resolved() -> None:
    s = _fresh(5)
    me = s.current_players()[0]
    s.apply(me, s.legal_actions(me)[0])
    value = round_end_value(s, me, Rng(1))
    assert s.is_terminal() or s.round_no == 2
    # the event phase is over: every priest is back with its owner
    assert all(not district for district in s.board)
    assert value == evaluate_deep(s)[me]


def test_the_general_plays_only_legal_actions_through_a_whole_game() -> None:
    chooser = bot_chooser(make_bot("general", "cult", 3))

    def checked(state: State, p: int) -> Action:
        action = chooser(state, p)
        assert action in state.legal_actions(p), f"{action} is not legal for seat {p}"
        return action

    result = play_match("cult", 4, 11, [checked, "heuristic", "heuristic", "heuristic"])
    assert result.state.is_terminal()


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [3, 8, 21])
@pytest.mark.parametrize("steps", [10, 60, 140])
def test_the_general_chooses_the_same_when_only_hidden_facts_differ(
        players: int, seed: int, steps: int) -> None:
    real = play_random(GAME.new_state(players, seed, {"max_rounds": 40}), steps, seed)
    if real.is_terminal():
        pytest.skip("the random game ended before the position")
    choices = choices_when_only_hidden_facts_differ(
        GAME, real, lambda: make_bot("general", "cult", 1234), seed + 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])
