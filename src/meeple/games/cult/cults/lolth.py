"""Lolth: Initiation of a Priestess, Female Charms | Spider's Grip, Charms of the Goddess."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cards import own_slots
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability
from meeple.games.cult.model import NOT_LENT

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def initiation_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    top = min(B.MAX_LEVEL, s.players[p].followers)
    return [(x,) for x in range(1, top + 1) if B.can_take_tokens(s, p, [x], [])]


def initiation(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    x = int(a.args[0])
    log(s, "initiation", who=T.seat(s, p), n=x, d=d)
    shared.place_priest(s, p, d, x)


def charms_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [(slot,) for slot in own_slots(s, d, p, tokens_only=True)] if d < 13 else []


def charms(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    pr = shared.take_priest(s, d, int(a.args[0]) - 1)
    s.board[d] += ((pr[0], pr[1], pr[2], 0),)
    s.players[p].coins += ab.params["coins"]
    log(s, "charms", who=T.seat(s, p), lv=pr[1], d=d + 1)


def grip_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(B.opponents_with_priests(s, d, p)))


def spider_grip(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    # from the last slot down: expelling one leaves the slots before it where they were
    for i in range(len(s.board[d - 1]) - 1, -1, -1):
        if s.board[d - 1][i][0] != p:
            shared.expel_priest(s, d, i)
    log(s, "spider_grip", who=T.seat(s, p), d=d)


def goddess_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(s.g_holder != p)


def goddess(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    if s.g_lender == NOT_LENT:
        s.g_lender = s.g_holder
    s.g_holder = p
    s.players[p].coins += ab.params["coins"]
    log(s, "goddess", who=T.seat(s, p))


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "initiation": (initiation_options, initiation),
    "charms": (charms_options, charms),
    "spider_grip": (grip_options, spider_grip),
    "goddess": (goddess_options, goddess),
}
