"""Clash's speed-ups change nothing (issue 19): a copied state shares no mutable part with
its original, and the hex index used while listing actions never outlives the listing."""

from __future__ import annotations

from typing import Any

from meeple.core.rng import Rng
from meeple.games.clash.game import ClashGame
from meeple.games.clash.state import FIELDS, ClashState


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
