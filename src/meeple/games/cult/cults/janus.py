"""Janus: Smile of Fortune, Mystery of Virtue | Ritual of Duplicity, Mystery of Vices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cults.common import Args, Effect, Options, log, when
from meeple.games.cult.data import Ability

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def smile_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(not s.smile[d - 1])


def smile(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.smile[d - 1] = 1
    log(s, "smile.stolen" if B.claimed_winner(s, d) >= 0 else "smile", who=T.seat(s, p), d=d)


def virtue_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.board[d - 1]) and bool(s.miracles))


def virtue(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    n = sum(1 for _ in range(len(s.board[d - 1])) if shared.draw_miracle(s, p) is not None)
    log(s, "virtue", who=T.seat(s, p), n=n)


def duplicity_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.conspiracies))


def duplicity(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.players[p].shield.pop()
    n = sum(1 for _ in range(ab.params["cards"]) if shared.draw_conspiracy(s, p) is not None)
    log(s, "duplicity", who=T.seat(s, p), n=n)


def vices_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return [()]


def vices(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    s.players[p].mobs += ab.params["mobs"]
    B.gain_followers(s, p, ab.params["followers"])
    log(s, "vices", who=T.seat(s, p), n=ab.params["mobs"])


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "smile": (smile_options, smile),
    "virtue": (virtue_options, virtue),
    "duplicity": (duplicity_options, duplicity),
    "vices": (vices_options, vices),
}
