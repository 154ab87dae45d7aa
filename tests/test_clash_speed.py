"""Clash's speed-ups change nothing (issue 19): a copied state shares no mutable part with
its original, the hex index used while listing actions never outlives the listing, and a
random player's lazy draw stays uniform over the legal list."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from meeple.core.rng import Rng
from meeple.games.clash.cities import BUILDINGS, build_options, building_cost, can_build_here
from meeple.games.clash.draw import parts
from meeple.games.clash.economy import (
    advance_cost,
    can_learn,
    learnable,
    open_advances,
    payment,
)
from meeple.games.clash.evaluate import evaluate, worth
from meeple.games.clash.game import ClashGame
from meeple.games.clash.state import DATA, FIELDS, RULES, ClashState
from meeple.games.clash.status import met


def _midgame(seed: int, steps: int) -> ClashState:
    s = ClashGame().new_state(3, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        p = s.current_players()[0]
        s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    return s


def _containers(v: Any) -> list[Any]:
    out: list[Any] = []
    if isinstance(v, list | dict):
        out.append(v)
        for x in (v.values() if isinstance(v, dict) else v):
            out += _containers(x)
    return out


def test_clone_copies_every_field_and_shares_no_list_or_dict() -> None:
    for seed in range(4):
        s = _midgame(seed, 150)
        c = s.clone()
        for f in FIELDS:
            assert getattr(c, f) == getattr(s, f), f
            mine = {id(x) for x in _containers(getattr(s, f))}
            assert not mine & {id(x) for x in _containers(getattr(c, f))}, f
        assert c.hash() == s.hash()


def test_clone_evolves_apart_from_its_original() -> None:
    s = _midgame(7, 120)
    before = s.hash()
    c = s.clone()
    rng = Rng(1)
    for _ in range(40):
        if c.is_terminal():
            break
        p = c.current_players()[0]
        c.apply_unchecked(p, rng.choice(c.legal_actions(p)))
    assert s.hash() == before


def test_hex_index_lives_only_while_actions_are_listed() -> None:
    s = _midgame(3, 60)
    p = s.current_players()[0]
    listed = s.legal_actions(p)
    assert s._units_by_hex is None and s._city_by_hex is None
    # the same questions answered from the index and from the lists
    s.index_hexes()
    indexed = [(s.units_at(h), s.enemies_at(h, p), s.army_at(h, p), s.city_at(h))
                for h in range(len(s.terrain))]
    s.drop_index()
    plain = [(s.units_at(h), s.enemies_at(h, p), s.army_at(h, p), s.city_at(h))
             for h in range(len(s.terrain))]
    assert indexed == plain
    assert s.legal_actions(p) == listed


def _turn_positions() -> list[ClashState]:
    """Positions where a turn's actions or a move's next group are asked, from five games."""
    out = []
    for seed in range(5):
        s = ClashGame().new_state(3, seed)
        rng = Rng(seed)
        for step in range(400):
            if s.is_terminal():
                break
            p = s.current_players()[0]
            if step % 7 == 0 and (not s.pending or s.pending[0]["kind"] == "move"):
                out.append(s.clone())
            s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
    return out


def test_current_players_are_the_prompts_players() -> None:
    for s in _turn_positions()[:40]:
        assert s.current_players() == [x.player for x in s.prompts()]


def test_random_draw_parts_hold_each_legal_action_once_within_their_bounds() -> None:
    positions = _turn_positions()
    assert any(x.pending for x in positions) and len(positions) > 100
    for s in positions:
        p = s.current_players()[0]
        listed = s.legal_actions(p)
        s.index_hexes()
        try:
            drawn = parts(s, p)
            bounds = drawn.bounds[:]
            every = drawn.all()  # raises if a part outgrows its bound
        finally:
            s.drop_index()
        assert sorted(map(str, every)) == sorted(map(str, listed))
        assert len(set(every)) == len(every)
        assert all(len(drawn.listed(i)) <= b for i, b in enumerate(bounds))


def test_random_action_is_uniform_over_the_legal_actions() -> None:
    # a mid-game turn with moves, recruits and collections: the drawn set is the legal
    # list, and each action comes up about equally often (5 standard deviations)
    s = next(x for x in _turn_positions()[20:] if not x.pending
             and len(x.legal_actions(x.current_players()[0])) >= 25)
    p = s.current_players()[0]
    listed = s.legal_actions(p)
    per = 150
    rng = Rng(99)
    counts = Counter(s.random_action(p, rng) for _ in range(per * len(listed)))
    assert set(counts) == set(listed)
    spread = 5 * (per * (1 - 1 / len(listed))) ** 0.5
    assert all(abs(k - per) <= spread for k in counts.values()), counts.most_common(3)
    assert s.legal_actions(p) == listed and s._units_by_hex is None


def test_advances_and_buildings_kept_per_set_of_advances_are_the_rules_answers() -> None:
    # the lists kept per set of advances against the rules asked one advance or
    # building at a time, for every player of 100+ positions
    checked = short = 0
    for s in _turn_positions():
        for p in range(s.n):
            assert open_advances(s, p) == tuple(a for a in DATA.advances if can_learn(s, p, a))
            standard = payment(s, p, {"any": int(RULES["advance_cost"])},
                               ("ideas", "food")) is not None
            plain = [a for group in DATA.groups.values() for a in group
                     if can_learn(s, p, a) and (standard or not advance_cost(s, p, a))]
            assert learnable(s, p) == plain
            short += not standard  # the branch that asks each advance its cost
            for c in s.cities_of(p):
                assert build_options(s, p, c) == [
                    k for k, info in BUILDINGS.items()
                    if can_build_here(s, p, c) and k not in c["bld"]
                    and s.has(p, info["advance"])
                    and (not info.get("extra") or s.options["extra_buildings"])
                    and (k != "port" or any(s.known(h) and s.is_water(h)
                                            for h in s.board.adj[c["hex"]]))
                    and payment(s, p, building_cost(s, p, k)) is not None]
                checked += 1
    assert checked > 100 and short > 0


def _plain_evaluate(s: ClashState) -> list[float]:
    """The evaluation as it was written before the one-pass version: ``worth`` per player."""
    if s.is_terminal():
        return s.returns()
    w = [worth(s, p) for p in range(s.n)]
    top = max(w)
    e = [math.exp((x - top) / 2.5) for x in w]
    total = sum(e)
    return [x / total for x in e]


def test_the_one_pass_evaluation_gives_exactly_the_floats_of_worth() -> None:
    checked = met_objectives = buildings = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s = ClashGame().new_state(players, seed)
            rng = Rng(seed)
            step = 0
            while not s.is_terminal():
                if step % 7 == 0:
                    assert evaluate(s) == _plain_evaluate(s)
                    checked += 1
                    met_objectives += sum(
                        met(s, p, card, "peaceful") for p in range(s.n)
                        for card in s.objective_hand[p])
                    buildings += sum(len(c["bld"]) for c in s.cities)
                p = s.current_players()[0]
                s.apply_unchecked(p, rng.choice(s.legal_actions(p)))
                step += 1
            assert evaluate(s) == s.returns()
    # the positions reach what the pass counts: objectives met, buildings in cities
    assert checked > 300 and met_objectives > 0 and buildings > 0
