"""The conformance suite every game passes: random playouts with legal actions only,
text/JSON round-trips, JSON and clone exact at each step, replays reproduce the hash,
and views that hold nothing hidden from their player."""

import pytest

from meeple.core.conformance import random_playout
from meeple.core.game import Game
from meeple.core.registry import game_names, get_game
from meeple.core.rng import Rng

SEEDS = range(12)


def short(game: object, rounds: int) -> dict[str, int]:
    """Options that keep a game short, for the games that have them."""
    options = getattr(game, "options", {})
    wanted = {"max_rounds": rounds, "seasons": min(rounds, 13)}
    return {k: v for k, v in wanted.items() if k in options}


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_passes_every_check(name: str, seed: int) -> None:
    game = get_game(name)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    options = short(game, 25)
    if "master" in game.options:
        options["master"] = seed % 2 == 1
    stats = random_playout(game, players, seed, options, deep_every=3, views_every=7)
    assert stats.steps > 0
    assert stats.result["winner"] in range(players) or stats.result.get("winners")
    assert stats.views_checked > 0


def greedy_playout(game: Game, players: int, seed: int, max_steps: int = 100_000) -> str:
    """A game played to its end by each player taking the action the game's evaluation
    likes best (ties drawn by lot); the reason it ended."""
    state = game.new_state(players, seed, {})
    rng = Rng(seed)
    for _ in range(max_steps):
        if state.is_terminal():
            return str(state.result()["reason"])
        p = state.prompts()[0].player
        scored = []
        for action in state.legal_actions(p):
            after = state.clone()
            after.apply(p, action)
            scored.append((game.evaluate(after)[p], action))
        top = max(v for v, _ in scored)
        state.apply(p, rng.choice([a for v, a in scored if v >= top - 1e-12]))
    raise AssertionError(f"{game.name}: {max_steps} greedy steps and the game did not end")


@pytest.mark.parametrize("name", game_names())
def test_a_full_length_game_without_round_limit_ends(name: str) -> None:
    game = get_game(name)
    if not getattr(game, "random_play_ends", True):
        assert greedy_playout(game, game.default_players, 1234) != "round_limit"
        return
    stats = random_playout(game, game.default_players, 1234, {}, deep_every=50, views_every=50)
    assert stats.result["reason"] != "round_limit"


@pytest.mark.parametrize("name", game_names())
def test_same_seed_and_actions_give_the_same_game(name: str) -> None:
    game = get_game(name)
    options = short(game, 10)
    n = min(max(3, game.min_players), game.max_players)
    a = random_playout(game, n, 77, options, deep_every=1000, views_every=1000)
    b = random_playout(game, n, 77, options, deep_every=1000, views_every=1000)
    c = random_playout(game, n, 78, options, deep_every=1000, views_every=1000)
    assert a.hash == b.hash
    assert (a.hash != c.hash) == game.has_chance
