"""Cult's shortcuts for speed give exactly what the plain rules give (docs/performance.md):
a random placement drawn without listing the placements, cached derived values."""

from __future__ import annotations

from meeple.core.conformance import every_position
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.cult import flow
from meeple.games.cult.state import CultState


def _positions(games: int, players: int) -> list[CultState]:
    """Every position of a few random games (the shortcuts must hold in each)."""
    out: list[CultState] = []
    game = get_game("cult")
    for seed in range(games):
        for state in every_position(game.new_state(players, seed, {"max_rounds": 12}), seed):
            assert isinstance(state, CultState)
            out.append(state)
    return out


def test_random_action_draws_what_choice_over_the_legal_list_draws() -> None:
    # Replays of random play and seeded simulations depend on the same draw giving the
    # same action, so the lazy draw must pick index for index what the list would.
    positions = _positions(6, 4) + _positions(3, 2) + _positions(3, 5)
    kinds = set()
    festivals = 0
    for i, state in enumerate(positions):
        p = state.current_players()[0]
        lazy, listed = Rng(i), Rng(i)
        assert state.random_action(p, lazy) == listed.choice(state.legal_actions(p))
        assert lazy.state == listed.state
        kinds.add(state.stack[-1][0])
        festivals += bool(
            state.stack[-1][0] == "place" and flow._festival_actions(state, p))
    # the lazy path (with and without the festival's options) and the plain one all ran
    assert "place" in kinds and "act" in kinds and festivals > 0


def test_evaluation_in_one_pass_equals_the_plain_functions_float_for_float() -> None:
    # The search and the heuristic bot choose by these numbers: the one-pass evaluation
    # must give the very same floats as strength() over _influences() and _counts().
    from meeple.games.cult.evaluate import _counts, _influences, evaluate, strength

    checked = 0
    for state in _positions(6, 4) + _positions(3, 3) + _positions(3, 5):
        influences, counts = _influences(state), _counts(state)
        values = [strength(state, p, influences, counts) for p in range(state.n)]
        total = sum(values)
        assert evaluate(state) == [v / total for v in values]
        checked += any(influences.values())
    assert checked > 1000  # most positions had districts still to decide


def test_influences_in_one_pass_equal_each_players_influence() -> None:
    # A district is won by these numbers (step_resolve reads them for every player).
    from meeple.games.cult import board as B

    seen = 0
    for state in _positions(4, 4) + _positions(2, 5):
        for d in range(1, 14):
            expected = [B.influence(state, d, q) for q in range(state.n)]
            assert B.influences(state, d) == expected
            seen += any(expected)
    assert seen > 1000


def test_the_first_use_of_an_ability_is_found_exactly_when_the_full_list_has_one() -> None:
    # advance() passes for a player without cards when no ability can be used; it asks
    # with first_only, which stops at the first use (of a ritual or a sacrifice) found.
    from meeple.games.cult.cults import ability_actions

    checked = with_use = 0
    for state in _positions(4, 4) + _positions(2, 5):
        for p in range(state.n):
            for d in range(1, 14):
                full = ability_actions(state, p, d)
                first = ability_actions(state, p, d, True)
                assert bool(first) == bool(full)
                assert set(first) <= set(full)
                checked += 1
                with_use += bool(full)
    assert with_use > 1000 and checked > with_use


def test_open_districts_are_those_the_followers_reach_or_an_office_opens() -> None:
    # The table of districts by followers must say what the access rule says for every
    # number of followers a cult can have, an Office licence adding its district.
    from meeple.games.cult import board as B
    from meeple.games.cult.model import LICENCE

    state = get_game("cult").new_state(4, 1, {})
    assert isinstance(state, CultState)
    pl = state.players[0]
    offices = [LICENCE + i for i, lic in enumerate(B.DATA.licences) if lic.kind == "office"]
    assert offices
    for followers in range(-1, B.MAX_FOLLOWERS + 2):
        for licences in ([], offices[:1]):
            pl.followers, pl.licences = followers, list(licences)
            want = {d for d in range(1, 14) if followers >= B.ACCESS[d - 1]}
            want |= {B.DATA.licences[c - LICENCE].districts[0] for c in licences}
            got = B.open_districts(state, 0)
            assert set(got) == want and len(got) == len(want)
            assert B.open_districts(state, 0) is not got  # a new list each time


def test_whether_a_player_may_deal_is_whether_the_deal_lists_more_than_done() -> None:
    # A player who passes is asked to deal only when there is a card to sell or a
    # licence to buy: the short test must say what the full list says.
    checked = offered = 0
    for state in _positions(4, 4) + _positions(2, 5):
        for p in range(state.n):
            listed = flow.deal_actions(state, p)
            assert flow.can_deal(state, p) == (len(listed) > 1)
            assert [a.kind for a in listed].count("sell") == len(
                {c for c in state.players[p].hand if 100 <= c < 200})
            checked += 1
            offered += len(listed) > 1
    assert offered > 100 and checked > offered


def test_a_copy_given_an_action_leaves_the_original_board_and_altars_as_they_were() -> None:
    # A district's priests and its altars are tuples that a change replaces: a clone
    # copies only the lists of them, so no rule may change one in place (a list put back
    # would be shared by the copy and its original).
    from meeple.core.rng import Rng

    game = get_game("cult")
    changed = 0
    for seed in range(6):
        state = game.new_state(4, seed, {"max_rounds": 12})
        assert isinstance(state, CultState)
        rng = Rng(seed)
        while not state.is_terminal():
            assert all(type(d) is tuple for d in state.board)
            assert all(type(a) is tuple for a in state.altars)
            before = state.to_json()
            p = state.current_players()[0]
            action = rng.choice(state.legal_actions(p))
            for copy in (state.clone(), state.clone().silence()):
                copy.apply_unchecked(p, action)
                assert state.to_json() == before
                assert isinstance(copy, CultState)
                changed += copy.board != state.board or copy.altars != state.altars
            state.apply_unchecked(p, action)
    assert changed > 1000
