"""Tiamat: Change of Guise, Ritual of Incarnation | Invasion, Harvest of Chaos."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cults.common import Args, Effect, Options, log, token_combos, when
from meeple.games.cult.data import Ability

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def guise_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    mine = []
    seen: set[tuple[int, int, int]] = set()
    for dd, district in enumerate(s.board, start=1):
        for i, pr in enumerate(district):
            if pr[0] == p and not pr[3] and (dd, pr[1], pr[2]) not in seen:
                seen.add((dd, pr[1], pr[2]))
                mine.append((dd, i + 1, pr[1], pr[2]))
    return [(a[0], a[1], b[0], b[1]) for i, a in enumerate(mine) for b in mine[i + 1:]
            if a[0] != b[0] and (a[2], a[3]) != (b[2], b[3])]


def guise(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    d1, s1, d2, s2 = (int(x) for x in a.args)
    p1, p2 = s.board[d1 - 1][s1 - 1], s.board[d2 - 1][s2 - 1]
    shared.put_priest(s, d1, s1 - 1, p2)
    shared.put_priest(s, d2, s2 - 1, p1)
    log(s, "guise", who=T.seat(s, p), a=d1, b=d2)


def incarnation_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    k, level = ab.params["discard"], ab.params["level"]
    return [c for c in token_combos(s, p, k) if B.can_take_tokens(s, p, [level], list(c))]


def incarnation(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    pl = s.players[p]
    for lv in a.args:
        pl.free.remove(int(lv))
    pl.free.append(ab.params["level"])
    log(s, "incarnation", who=T.seat(s, p), lv=ab.params["level"])


def invasion_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(any(s.players[q].followers for q in B.opponents_with_priests(s, d, p)))


def invasion(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    for q in B.opponents_with_priests(s, d, p):
        n = min(sum(1 for pr in s.board[d - 1] if pr[0] == q), s.players[q].followers)
        s.players[q].followers -= n
        log(s, "invasion", who=T.seat(s, q), n=n)


def harvest_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.miracles))


def harvest(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    c = shared.draw(s, s.miracles, shared.DECK_MIRACLES)
    assert c is not None
    s.players[p].coins += ab.params["coins"]
    log(s, "harvest", who=T.seat(s, p), card=T.card(c), n=ab.params["coins"])
    s.stack.append(("drawn", p, d, (c,)))


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "guise": (guise_options, guise),
    "incarnation": (incarnation_options, incarnation),
    "invasion": (invasion_options, invasion),
    "harvest": (harvest_options, harvest),
}
