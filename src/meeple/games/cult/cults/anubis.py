"""Anubis: Ritual of Departure, Hand of Death | Cult of the Dead, Loss of Shackles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cards import own_slots
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def departure_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.board[d - 1]))


def departure(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.players[p].shield.pop()  # the master dies: its token goes back to the bank
    got = B.gain_followers(s, p, len(s.board[d - 1]))
    log(s, "departure", who=T.seat(s, p), n=got)


def hand_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    up = ab.params["levels"]
    return [(slot,) for slot in own_slots(s, d, p, tokens_only=True)
            if B.can_take_tokens(s, p, [s.board[d - 1][slot - 1][1] + up],
                                 [s.board[d - 1][slot - 1][1]])]


def hand_of_death(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    pr = shared.destroy_priest(s, d, int(a.args[0]) - 1)
    s.players[p].free.append(pr[1] + ab.params["levels"])
    log(s, "hand_of_death", who=T.seat(s, p), lv=pr[1], d=d, to=pr[1] + ab.params["levels"])


def dead_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    altars = s.altars[d - 1]
    if p in altars or not altars:
        return []
    return [(slot,) for slot in own_slots(s, d, p, tokens_only=True)]


def cult_of_dead(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    shared.build_altar(s, p, d, int(a.args[0]) - 1)


def shackles_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    if p not in s.altars[d - 1]:
        return []
    return [(x,) for x in range(1, 14) if x != d and p not in s.altars[x - 1]]


def loss_of_shackles(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    x = int(a.args[0])
    shared.remove_altar(s, d, p)
    s.altars[x - 1] += (p,)
    log(s, "shackles", who=T.seat(s, p), d=d, to=x)


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "departure": (departure_options, departure),
    "hand_of_death": (hand_options, hand_of_death),
    "cult_of_dead": (dead_options, cult_of_dead),
    "loss_of_shackles": (shackles_options, loss_of_shackles),
}
