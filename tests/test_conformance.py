"""The conformance suite every game passes: random playouts with legal actions only,
text/JSON round-trips, JSON and clone exact at each step, replays reproduce the hash,
and views that hold nothing hidden from their player."""

import pytest

from meeple.core.conformance import random_playout
from meeple.core.registry import game_names, get_game

SEEDS = range(12)


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_passes_every_check(name: str, seed: int) -> None:
    game = get_game(name)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    options = {"max_rounds": 25} if "max_rounds" in game.options else {}
    stats = random_playout(game, players, seed, options, deep_every=3, views_every=7)
    assert stats.steps > 0
    assert stats.result["winner"] in range(players) or stats.result.get("winners")
    assert stats.views_checked > 0


@pytest.mark.parametrize("name", game_names())
def test_a_full_length_game_without_round_limit_ends(name: str) -> None:
    game = get_game(name)
    stats = random_playout(game, game.default_players, 1234, {}, deep_every=50, views_every=50)
    assert stats.result["reason"] != "round_limit"


@pytest.mark.parametrize("name", game_names())
def test_same_seed_and_actions_give_the_same_game(name: str) -> None:
    game = get_game(name)
    a = random_playout(game, 3, 77, {"max_rounds": 10}, deep_every=1000, views_every=1000)
    b = random_playout(game, 3, 77, {"max_rounds": 10}, deep_every=1000, views_every=1000)
    c = random_playout(game, 3, 78, {"max_rounds": 10}, deep_every=1000, views_every=1000)
    assert a.hash == b.hash
    assert a.hash != c.hash
