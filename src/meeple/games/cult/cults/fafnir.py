"""Fafnir: Ode of Greed, Blood for Gold | Ode of Treachery, Hire Marauders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cards import own_slots
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability
from meeple.games.cult.model import CONSPIRACY, NOBODY, level_token, parse_level

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def greed_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    free = sorted(s.players[p].free)
    pairs = sorted({(free[i], free[j]) for i in range(len(free))
                    for j in range(i + 1, len(free))})
    return [(slot, level_token(a), level_token(b))
            for slot in own_slots(s, d, p, tokens_only=True) for a, b in pairs]


def ode_of_greed(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    pl = s.players[p]
    pr = shared.take_priest(s, d, int(a.args[0]) - 1)
    log(s, "greed", who=T.seat(s, p), lv=pr[1], d=d)
    for tok in a.args[1:]:
        lv = parse_level(tok)
        assert lv is not None
        pl.free.remove(lv)
        shared.place_priest(s, p, d, lv)
    shared.return_priest(s, pr)


def richest_opponent(s: CultState, p: int, at_least: int) -> int:
    q = B.unique_max(s, [pl.coins for pl in s.players])
    return q if q not in (p, NOBODY) and s.players[q].coins >= at_least else NOBODY


def blood_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(richest_opponent(s, p, ab.params["coins"]) != NOBODY)


def blood_for_gold(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    q = richest_opponent(s, p, ab.params["coins"])
    n = ab.params["coins"]
    s.players[q].coins -= n
    s.players[p].coins += n
    log(s, "blood", who=T.seat(s, p), n=n, other=T.seat(s, q))


def treachery_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.conspiracies))


def ode_of_treachery(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    c = shared.draw(s, s.conspiracies, shared.DECK_CONSPIRACIES)
    assert c is not None
    reward = B.DATA.conspiracies[c - CONSPIRACY].reward
    s.players[p].coins += reward
    shared.to_bottom(s, c)
    log(s, "treachery", who=T.seat(s, p), card=T.card(c), n=reward)


def marauders_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [()]


def marauders(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.players[p].mobs += ab.params["mobs"]
    log(s, "marauders", who=T.seat(s, p), n=s.players[p].mobs)


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "ode_of_greed": (greed_options, ode_of_greed),
    "blood_for_gold": (blood_options, blood_for_gold),
    "ode_of_treachery": (treachery_options, ode_of_treachery),
    "marauders": (marauders_options, marauders),
}
