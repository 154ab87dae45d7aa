"""Clash of Cultures' learned evaluation (meeple.games.clash.features, ``meeple train
clash``): a seat's features read the public board and its own cards only, come with the
judged seat first."""

from __future__ import annotations

import pytest

from meeple.core.conformance import play_random
from meeple.core.registry import get_game
from meeple.games.clash import features as F
from meeple.games.clash.state import ClashState
from tests.clash_helpers import city, fresh, unit

GAME = get_game("clash")


def _position(players: int, seed: int, moves: int) -> ClashState:
    state = play_random(GAME.new_state(players, seed, {}), moves, seed)
    assert isinstance(state, ClashState) and not state.is_terminal()
    return state


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize(("seed", "moves"), [(1, 40), (5, 150), (11, 200)])
def test_a_seats_features_are_the_same_whatever_it_cannot_see(
        players: int, seed: int, moves: int) -> None:
    real = _position(players, seed, moves)
    for p in range(players):
        other = GAME.redeal_hidden(real, p, seed + 77)
        assert isinstance(other, ClashState)
        # the redeal did change what p cannot see (else the check proves nothing)
        assert [other.action_hand[q] for q in range(players) if q != p] != \
            [real.action_hand[q] for q in range(players) if q != p] or \
            other.objective_deck != real.objective_deck
        assert F.features(other, p) == F.features(real, p)
        assert len(F.features(real, p)) == len(F.names())
    assert F.features_all(real) == [F.features(real, p) for p in range(players)]


def test_the_names_are_unique_and_cover_every_seat_a_map_has() -> None:
    names = F.names()
    assert len(set(names)) == len(names)
    assert len(names) == len(F.HEAD) + F.MAX_SEATS * len(F.PER_SEAT)
    assert GAME.max_players == F.MAX_SEATS


def test_a_seat_sees_itself_first_then_the_seats_after_it() -> None:
    state = _position(3, 3, 120)
    head, per_seat = len(F.HEAD), len(F.PER_SEAT)

    def block(x: list[float], k: int) -> list[float]:
        return x[head + k * per_seat:head + (k + 1) * per_seat]

    zero, one = F.features(state, 0), F.features(state, 1)
    assert block(zero, 1) == block(one, 0)  # seat 1's own figures
    assert block(zero, 0) == block(one, 2)  # seat 0, two seats after seat 1
    assert block(zero, 3) == [0.0] * per_seat  # no fourth player


def test_a_city_with_no_defender_and_enemy_infantry_in_reach_is_exposed() -> None:
    s = fresh()
    h = 20
    near = s.board.adj[h][0]
    city(s, 0, h)
    city(s, 1, 0)
    assert F.exposed_cities(s, 0) == 0
    unit(s, 1, "infantry", near)
    assert F.exposed_cities(s, 0) == 1
    at = F.names().index("seat0.exposed_cities")
    assert F.features(s, 0)[at] == 1.0 and F.features(s, 1)[at] == 0.0
    unit(s, 0, "infantry", h)
    assert F.exposed_cities(s, 0) == 0
