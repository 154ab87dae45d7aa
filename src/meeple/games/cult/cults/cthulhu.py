"""Cthulhu: Abyss Ritual, Wrath of the Ancient | Crushing Storm, Will of the Ancient."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cards import own_slots
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability
from meeple.games.cult.model import NOBODY

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def abyss_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    up, to = ab.params["levels"], ab.params["master_to"]
    out: list[Args] = []
    for slot in own_slots(s, d, p, tokens_only=True):
        lv = s.board[d - 1][slot - 1][1]
        if B.can_take_tokens(s, p, [lv + up, to], [lv, ab.master_max]):
            out.append((slot,))
    return out


def abyss(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    i = int(a.args[0]) - 1
    o, lv, bonus, stack = s.board[d - 1][i]
    shared.put_priest(s, d, i, (o, lv + ab.params["levels"], bonus, stack))
    shield = s.players[p].shield
    shield[len(shield) - 1] = ab.params["master_to"]
    log(s, "abyss", who=T.seat(s, p), a=lv, b=lv + ab.params["levels"], m=ab.params["master_to"])


def wrath_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.altars[d - 1]))


def wrath(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    n = len(s.altars[d - 1])
    s.altars[d - 1] = ()
    got = B.gain_followers(s, p, ab.params["followers"])
    log(s, "wrath", who=T.seat(s, p), n=n, d=d, got=got)


def storm_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [()]


def storm(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    lost = ab.params["coins_lost"]
    for q, pl in enumerate(s.players):
        if pl.coins >= lost:
            pl.coins -= lost
            log(s, "storm", who=T.seat(s, q), n=lost)
    got = B.gain_followers(s, p, ab.params["followers"])
    log(s, "gains.followers", who=T.seat(s, p), n=got)


def will_target(s: CultState, p: int) -> int:
    q = B.unique_max(s, [B.card_count(s, i) for i in range(s.n)])
    return NOBODY if q == p else q


def will_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(will_target(s, p) != NOBODY)


def will(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    q = will_target(s, p)
    n = min(ab.params["cards"], B.card_count(s, q))
    log(s, "will", who=T.seat(s, q), n=n, other=T.seat(s, p))
    s.stack.append(("give", q, p, n, "any"))


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "abyss": (abyss_options, abyss),
    "wrath": (wrath_options, wrath),
    "storm": (storm_options, storm),
    "will": (will_options, will),
}
