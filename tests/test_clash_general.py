"""The ``general`` bot of Clash of Cultures (issue 21): its evaluation weighs the armies
near each city (an undefended city is taken by the first enemy infantry that enters it)
and where settlers stand (no city may be founded beside another); it is blind to hidden
facts and plays whole games with legal actions only."""

import pytest

from meeple.bots.base import make_bot
from meeple.core.actions import Action
from meeple.core.conformance import play_random
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.games.clash.evaluate import evaluate_guarded, worth_guarded
from meeple.games.clash.features import danger, settler_sites
from meeple.sim.match import bot_chooser, play_match
from tests.bot_helpers import choices_when_only_hidden_facts_differ
from tests.clash_helpers import city, fresh, unit

GAME = get_game("clash")


def _two_hexes_apart() -> tuple[int, int, int]:
    """A city hex, a neighbour and a hex two steps away (on the all-fertile test map)."""
    s = fresh()
    h = 20
    near = s.board.adj[h][0]
    far = next(x for x in s.board.adj[near] if x != h and x not in s.board.adj[h])
    return h, near, far


def test_an_undefended_city_beside_enemy_infantry_is_in_danger() -> None:
    h, near, _ = _two_hexes_apart()
    s = fresh()
    city(s, 0, h)
    city(s, 1, 0)
    assert danger(s, 0) == 0.0  # no enemy army anywhere
    unit(s, 1, "infantry", near)
    exposed = danger(s, 0)
    assert exposed > 0.0
    unit(s, 0, "infantry", h, 2)  # two defenders against one attacker
    assert danger(s, 0) == 0.0
    assert worth_guarded(s, 0) > 0.0


def test_a_nearer_army_threatens_more_and_the_last_city_weighs_most() -> None:
    h, near, far = _two_hexes_apart()
    s = fresh()
    city(s, 0, h)
    unit(s, 1, "infantry", far)
    at_two = danger(s, 0)
    s.units = []
    unit(s, 1, "infantry", near)
    at_one = danger(s, 0)
    assert 0.0 < at_two < at_one
    other = next(x for x in range(len(s.terrain)) if x not in s.board.adj[h] and x != h
                 and x not in s.board.adj[near] and x != near
                 and all(y not in s.board.adj[near] for y in s.board.adj[x]))
    city(s, 0, other)  # a second city, out of reach: losing the first is no longer the end
    assert danger(s, 0) < at_one


def test_the_guarded_evaluation_prefers_the_defended_capital() -> None:
    h, near, _ = _two_hexes_apart()
    s = fresh()
    city(s, 0, h)
    city(s, 1, 0)
    unit(s, 1, "infantry", near)
    unit(s, 0, "infantry", s.board.adj[h][-1])
    away = evaluate_guarded(s)[0]
    s.units[-1][2] = h  # the same infantry back home
    home = evaluate_guarded(s)[0]
    assert home > away


def test_a_settler_is_worth_more_where_a_city_may_be_founded() -> None:
    h, near, far = _two_hexes_apart()
    s = fresh()
    city(s, 0, h)
    unit(s, 0, "settler", h)
    in_city = settler_sites(s, 0)
    s.units[0][2] = near  # beside the city: founding is barred, but a site is next door
    beside = settler_sites(s, 0)
    s.units[0][2] = far  # two hexes out: a city may stand here
    on_site = settler_sites(s, 0)
    assert in_city < on_site and beside < on_site
    s.terrain[far] = "barren"
    assert settler_sites(s, 0) < on_site


def test_the_general_plays_only_legal_actions_through_a_whole_game() -> None:
    chooser = bot_chooser(make_bot("general", "clash", 3))

    def checked(state: State, p: int) -> Action:
        action = chooser(state, p)
        assert action in state.legal_actions(p), f"{action} is not legal for seat {p}"
        return action

    result = play_match("clash", 2, 11, [checked, "heuristic"])
    assert result.state.is_terminal()


def test_the_general_plays_clash_and_cult_only() -> None:
    with pytest.raises(ValueError, match="Clash of Cultures and Cult only"):
        make_bot("general", "colonies", 1)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [3, 8, 21])
@pytest.mark.parametrize("steps", [20, 150])
def test_the_general_chooses_the_same_when_only_hidden_facts_differ(
        players: int, seed: int, steps: int) -> None:
    real = play_random(GAME.new_state(players, seed), steps, seed)
    if real.is_terminal():
        pytest.skip("the random game ended before the position")
    choices = choices_when_only_hidden_facts_differ(
        GAME, real, lambda: make_bot("general", "clash", 1234), seed + 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])
