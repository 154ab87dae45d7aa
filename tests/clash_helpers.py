"""Small hand-made Clash of Cultures positions for the rule tests: the whole map face
up as fertile land, no cities, units, cards or resources until a test puts them there.
Dice are loaded (``state.loaded``) so the arithmetic is the test's own."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.registry import get_game
from meeple.games.clash.state import RESOURCES, ClashState

GAME = get_game("clash")


def fresh(players: int = 2) -> ClashState:
    s = GAME.new_state(players, 1)
    assert isinstance(s, ClashState)
    s.revealed = [True] * s.board.regions
    s.terrain = ["fertile"] * len(s.terrain)
    s.cities, s.units = [], []
    s.action_hand = [[] for _ in range(players)]
    s.objective_hand = [[] for _ in range(players)]
    s.res = [dict.fromkeys(RESOURCES, 0) for _ in range(players)]
    s.order, s.seat, s.turn, s.phase = list(range(players)), 0, 1, "play"
    s.actions_left, s.used, s.pending = 3, [], []
    return s


def city(s: ClashState, p: int, h: int, mood: int = 1, bld: tuple[str, ...] = (),
         wonders: tuple[str, ...] = ()) -> dict[str, Any]:
    c = {"hex": h, "owner": p, "mood": mood, "acts": 0, "bld": dict.fromkeys(bld, p),
         "wonders": list(wonders)}
    s.cities.append(c)
    return c


def unit(s: ClashState, p: int, kind: str, h: int, n: int = 1) -> None:
    s.units += [[p, kind, h, 0] for _ in range(n)]


def res(s: ClashState, p: int, **amounts: int) -> None:
    s.res[p].update(amounts)


def learn(s: ClashState, p: int, *names: str) -> None:
    s.adv[p] += list(names)


def act(s: ClashState, p: int, text: str) -> None:
    s.apply(p, Action.parse(text))


def legal(s: ClashState, p: int) -> set[str]:
    return {str(a) for a in s.legal_actions(p)}


def kinds_at(s: ClashState, h: int, p: int) -> list[str]:
    return sorted(u[1] for u in s.units if u[2] == h and u[0] == p)
