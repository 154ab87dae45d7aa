"""Cult's tables of log lines are full within a server's first games (issue 41): a table
still filling is memory that grows with every new game, which a server that should stay
flat cannot afford; the lines that seldom repeat are made afresh instead of kept."""

from __future__ import annotations

from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.cult import texts as T
from meeple.games.cult.state import CultState


def _play(seeds: range) -> None:
    game = get_game("cult")
    for seed in seeds:
        state = game.new_state(4, seed, {"max_rounds": 2})
        rng = Rng(seed)
        while not state.is_terminal():
            p = state.current_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))


def test_a_district_won_with_scores_is_a_new_line_made_of_kept_scores() -> None:
    state = get_game("cult").new_state(4, 1, {})
    assert isinstance(state, CultState)
    influence = {0: 5, 2: 3}
    first = T.wins(state, 0, 5, [0, 2], influence)
    again = T.wins(state, 0, 5, [0, 2], influence)
    assert first == again and first is not again
    assert first.render("en") == again.render("en")
    assert all(memo[0] != T._WINS or len(memo) == 4 for memo in T._KEPT)
    # each player's score in it is the kept one
    assert T._score(state, 2, 3) is T._score(state, 2, 3)
    claimed = T.wins(state, 1, 7, [], {})
    assert T.wins(state, 1, 7, [], {}) is claimed


def test_the_line_cache_is_full_after_a_hundred_short_games_and_stays_at_its_bound() -> None:
    _play(range(100))
    info = T.t.cache_info()
    assert info.currsize == info.maxsize  # full: more games change what it holds, not its size
    _play(range(100, 140))
    assert T.t.cache_info().currsize == info.maxsize
    assert len(T._KEPT) <= T._KEPT_MAX
