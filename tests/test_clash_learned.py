"""Clash of Cultures' learned evaluation (meeple.games.clash.features, ``meeple train
clash``): a seat's features read the public board and its own cards only, come with the
judged seat first, and the shipped model loads, judges a position and plays a game."""

from __future__ import annotations

import pytest

from meeple.bots.greedy import Greedy
from meeple.bots.learned import learned_evaluate, model_path, shipped_model
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.clash import features as F
from meeple.games.clash.state import ClashState
from meeple.sim.match import play_match
from tests.bot_helpers import choices_when_only_hidden_facts_differ
from tests.clash_helpers import city, fresh, unit

GAME = get_game("clash")


def _position(players: int, seed: int, moves: int) -> ClashState:
    """Up to ``moves`` random moves into a game, stopping before a move that would end it
    (a random player often loses its last city early)."""
    state = GAME.new_state(players, seed, {})
    rng = Rng(seed)
    for _ in range(moves):
        p = state.current_players()[0]
        after = state.clone()
        after.apply_unchecked(p, after.random_action(p, rng))
        if after.is_terminal():
            break
        state = after
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


def test_the_shipped_clash_model_loads_reads_the_features_and_beat_the_base_rate() -> None:
    path = model_path("clash")
    assert path.exists() and path.stat().st_size <= 2_000_000
    model = shipped_model("clash")
    assert model is not None and model.meta["game"] == "clash"
    assert model.mean.shape == (len(F.names()),)
    assert model.meta["valid_log_loss"] < model.meta["baseline_log_loss"]
    chances = learned_evaluate("clash")(_position(2, 2, 150))
    assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-9
    assert all(0.0 < c < 1.0 for c in chances)


def test_the_learned_bot_chooses_the_same_when_only_hidden_facts_differ() -> None:
    real = _position(2, 8, 90)
    evaluate = learned_evaluate("clash")
    choices = choices_when_only_hidden_facts_differ(
        GAME, real, lambda: Greedy(1234, GAME, evaluate), 99)
    assert choices[0] == choices[1]
    assert choices[0] in real.legal_actions(real.current_players()[0])


def test_the_learned_bot_plays_a_legal_game_of_clash() -> None:
    chosen: list[tuple[int, Action]] = []

    def check(state: State, player: int, action: Action) -> None:
        chosen.append((player, action))

    result = play_match("clash", 2, 21, ["learned", "heuristic"], {"rounds": 2},
                        on_action=check)
    assert result.state.is_terminal() and any(p == 0 for p, _ in chosen)
    # the record replays to the same end: every move it chose was legal
    assert result.record.replay().to_json() == result.state.to_json()
