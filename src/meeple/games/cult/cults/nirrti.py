"""Nirrti: Road of Loyalty, Road of Contempt | Road of Exile, Road of Triumph."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cards import own_slots
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability
from meeple.games.cult.model import PATRIARCH, level_token, parse_level

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def loyalty_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.miracles))


def loyalty(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    shared.draw_miracle(s, p, bottom=True)
    log(s, "loyalty", who=T.seat(s, p))


def contempt_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [(level_token(lv),) for lv in B.levels(s.players[p].free)]


def contempt(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    lv = parse_level(a.args[0])
    assert lv is not None
    s.players[p].free.remove(lv)
    log(s, "contempt", who=T.seat(s, p), lv=level_token(lv), priest=T.priest_a(lv), d=d)
    # The coin comes after the placement (the source's order), so it cannot pay the Tithe.
    shared.place_priest(s, p, d, lv)
    s.players[p].coins += ab.params["coins"]


def exile_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [(slot,) for q in B.opponents_with_priests(s, d, p) for slot in own_slots(s, d, q)]


def exile(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    pr = shared.expel_priest(s, d, int(a.args[0]) - 1)
    q = pr[0]
    log(s, "exile", who=T.seat(s, p), other=T.seat(s, q), lv=level_token(pr[1]),
        priest=T.priest_a(pr[1]), d=d)
    if s.players[q].followers >= ab.params["ransom"]:
        s.stack.append(("ransom", q, p, d, pr[1]))


def triumph_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(PATRIARCH in s.players[p].free)


def triumph(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.players[p].free.remove(PATRIARCH)
    log(s, "triumph", who=T.seat(s, p), d=d)
    shared.place_priest(s, p, d, PATRIARCH)


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "loyalty": (loyalty_options, loyalty),
    "contempt": (contempt_options, contempt),
    "exile": (exile_options, exile),
    "triumph": (triumph_options, triumph),
}
