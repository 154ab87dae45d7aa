"""Cyclades' shortcuts for speed give exactly what the plain rules give (docs/performance.md):
a random action drawn without listing every action, the players asked without their
prompts' sentences."""

from __future__ import annotations

from collections import Counter
from typing import Any

from meeple.core.conformance import every_position
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.cyclades import flow
from meeple.games.cyclades.state import CycladesState

SHAPES: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (5, {}), (4, {"titans": True}), (6, {"titans": True}),
    (4, {"map": "titans", "teams": True}), (4, {"kronos": True}), (4, {"artifacts": True}),
]


def _positions(games_per_shape: int) -> list[CycladesState]:
    """Every position of a few random games of each shape (the shortcuts must hold in each)."""
    out: list[CycladesState] = []
    game = get_game("cyclades")
    for shape, (n, opts) in enumerate(SHAPES):
        for g in range(games_per_shape):
            seed = 100 * shape + g
            for state in every_position(game.new_state(n, seed, {**opts, "max_rounds": 8}),
                                        seed):
                assert isinstance(state, CycladesState)
                out.append(state)
    return out


POSITIONS = _positions(2)


def test_random_action_draws_what_choice_over_the_legal_list_draws() -> None:
    # Replays of random play and seeded simulations depend on the same draw giving the
    # same action, so the lazy draw must pick index for index what the list would.
    kinds: Counter[str] = Counter()
    for i, state in enumerate(POSITIONS):
        p = state.current_players()[0]
        lazy, listed = Rng(i), Rng(i)
        drawn = state.random_action(p, lazy)
        assert drawn == listed.choice(state.legal_actions(p))
        assert lazy.state == listed.state
        kinds[drawn.kind] += 1
    # the lazy parts (bid amounts, sails, troop and Titan moves) were all drawn from
    assert {"bid", "sail", "march", "titan"} <= set(kinds)
    assert len(POSITIONS) > 2000


def test_every_index_of_the_lazy_listing_is_the_legal_action_at_that_index() -> None:
    # The set a random player can draw from is the legal list, each action once: the draw
    # is uniform over the legal actions as rng.choice over the list is.
    lazy_parts = 0
    for state in POSITIONS[::3]:
        p = state.current_players()[0]
        listing = flow.options(state, p)
        legal = state.legal_actions(p)
        assert listing.total == len(legal)
        assert [listing.nth(i) for i in range(listing.total)] == legal
        lazy_parts += sum(1 for count, _, whole in listing.parts if count > 1)
    assert lazy_parts > 500


def test_draws_over_many_seeds_cover_the_legal_list_uniformly() -> None:
    # A wide position (sails or moves with many troop counts): 200 draws per action on
    # average, each action's count within a loose band around the mean.
    state = max(POSITIONS, key=lambda s: len(s.legal_actions(s.current_players()[0])))
    p = state.current_players()[0]
    legal = state.legal_actions(p)
    draws = 200 * len(legal)
    counts = Counter(state.random_action(p, Rng(seed)) for seed in range(draws))
    assert set(counts) == set(legal)
    assert all(100 < c < 300 for c in counts.values())


def test_players_asked_are_the_players_of_the_prompts() -> None:
    for state in POSITIONS:
        assert state.current_players() == [pr.player for pr in state.prompts()]


def test_clone_copies_every_field_as_the_plain_copy_does() -> None:
    # The written-out clone against clone_value field by field: equal values, no list or
    # dict shared with the original (a search plays on the copy), the same hash.
    from meeple.games.cyclades.state import FIELDS

    def containers(v: Any) -> list[int]:
        if isinstance(v, list):
            return [id(v)] + [i for x in v for i in containers(x)]
        if isinstance(v, dict):
            return [id(v)] + [i for x in v.values() for i in containers(x)]
        return []

    for state in POSITIONS[::7]:
        c = state.clone()
        assert c.hash() == state.hash()
        for f in FIELDS:
            mine, theirs = getattr(c, f), getattr(state, f)
            assert mine == CycladesState.clone_value(theirs), f
            assert not set(containers(mine)) & set(containers(theirs)), f
        assert set(vars(c)) == set(vars(state))


def _plain_strength(s: CycladesState, p: int) -> float:
    """The evaluation as first written, from the state's own helpers (the reference)."""
    from meeple.games.cyclades import economy
    from meeple.games.cyclades.evaluate import WEIGHTS, _coming
    from meeple.games.cyclades.state import BUILDINGS

    if p in s.eliminated:
        return 0.0
    mine = s.territories_of(p)
    kind_set = {k for k in BUILDINGS if any(k in s.buildings[t] for t in mine)}
    need = economy.philosophers_needed(s, p)
    income, _ = economy.income(s, p)
    coming, promised = _coming(s, p, kind_set, need, mine)
    gold = s.gold[p] - promised
    return coming + (
        WEIGHTS["metropolis"] * s.metropolises(p)
        + WEIGHTS["kinds"] * len(kind_set) / 4
        + WEIGHTS["philosophers"] * min(s.philosophers[p], need) / need
        + WEIGHTS["territory"] * len(mine)
        + WEIGHTS["income"] * min(income, 10)
        + WEIGHTS["gold"] * min(gold, 20)
        + WEIGHTS["troops"] * (s.troops_total(p) + s.titans_total(p))
        + WEIGHTS["fleets"] * s.fleets_total(p)
        + WEIGHTS["priests"] * min(s.priests[p], 4)
        + 0.01
    )


def _plain_income(s: CycladesState, p: int) -> tuple[int, list[Any]]:
    """Income as first written: every territory, sea, artifact and special in turn."""
    from meeple.games.cyclades import texts as T
    from meeple.games.cyclades.economy import RULES

    parts: list[Any] = []
    total = 0
    horn = s.artifacts.get("cornucopia")
    for t in s.territories_of(p):
        markers = s.board.territories[t].prosperity + s.markers[t]
        if horn and horn[1] == t:
            markers *= 2
        total += markers
    for sea, n in enumerate(s.fleets):
        if n and s.fleet_owner[sea] == p:
            total += s.board.seas[sea].prosperity
    if total:
        parts.append(T.t("income.prosperity", n=total))
    arts = sum(1 for k, (o, _) in s.artifacts.items() if o == p and k != "cornucopia")
    if arts:
        total += arts
        parts.append(T.t("income.artifacts", n=arts))
    for t, kind in enumerate(s.specials):
        if kind == "commercial" and s.owner[t] == p:
            bonus = int(RULES["special_metropolises"]["commercial"]["income"])
            total += bonus
            parts.append(T.t("income.commercial", n=bonus))
    return total, parts


def test_evaluation_equals_the_plain_formulation_float_for_float() -> None:
    # The search and the heuristic bot choose by these numbers: counting over the player's
    # territories once must give the very same floats.
    from meeple.games.cyclades import economy
    from meeple.games.cyclades.evaluate import strength

    incomes = set()
    for state in POSITIONS:
        for p in range(state.n):
            assert strength(state, p) == _plain_strength(state, p)
            total = economy.income_total(state, p)
            assert economy.income(state, p) == _plain_income(state, p)
            assert total == _plain_income(state, p)[0]
            incomes.add(total)
    assert len(incomes) > 5


def test_a_repeated_log_line_is_the_same_text_and_equal_to_one_made_anew() -> None:
    # t() keeps the texts it made: the same key and arguments give the same immutable object,
    # equal (and the same JSON) to a text made from scratch; a number and a truth value are
    # different arguments; a list argument (not hashable) still makes its text.
    from meeple.core.text import Text
    from meeple.games.cyclades import texts as T

    a = T.t("log.ends", who=T.seat(2))
    assert T.t("log.ends", who=T.seat(2)) is a
    assert a == Text("cyclades.log.ends", who=T.seat(2))
    assert a.to_json() == Text("cyclades.log.ends", who=T.seat(2)).to_json()
    assert T.t("paid", n=1).args == (("n", 1),)
    flag = T.t("paid", n=True).args[0][1]
    assert flag is True
    group = T.t("log.moves", who=T.seat(0), units=[T.count("troop", 2)])
    assert dict(group.args)["units"] == [T.count("troop", 2)]
