"""Atheism: Triumph of Science, Strategy of Terror | Debunking the Myth, Denial of Foundations."""

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


def science_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    alone = not B.opponents_with_priests(s, d, p)
    return when(alone and s.players[p].followers < B.MAX_FOLLOWERS)


def science(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    B.gain_followers(s, p, ab.params["followers"])
    log(s, "science", who=T.seat(s, p), d=d)


def terror_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(s.conspiracies))


def terror(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    drawn = [c for c in (shared.draw(s, s.conspiracies, shared.DECK_CONSPIRACIES)
                         for _ in range(ab.params["draw"])) if c is not None]
    log(s, "terror", who=T.seat(s, p), n=len(drawn))
    s.log.add(s.round_no, T.fresh("you.draw", cards=T.chain([T.card(c) for c in drawn])), p)
    if len(drawn) == 1:
        s.players[p].hand.append(drawn[0])
    else:
        s.stack.append(("keep", p, "terror", tuple(drawn), d))


def debunk_targets(s: CultState, p: int, d: int) -> list[int]:
    return [q for q in B.turn_order(s, p)[1:]
            if q in s.altars[d - 1] and B.card_count(s, q) > 0]


def debunk_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    return when(bool(debunk_targets(s, p, d)))


def debunk(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    targets = debunk_targets(s, p, d)
    log(s, "debunk", who=T.seat(s, p), d=d)
    for q in reversed(targets):
        s.stack.append(("give", q, p, 1, "any"))


def denial_options(s: CultState, p: int, d: int, ab: Ability) -> list[Args]:
    if s.altars[d - 1]:
        return []
    return [(slot,) for slot in own_slots(s, d, p, tokens_only=True)]


def denial(s: CultState, p: int, d: int, ab: Ability, a: Action) -> None:
    shared.build_altar(s, p, d, int(a.args[0]) - 1)


ABILITIES: dict[str, tuple[Options, Effect]] = {
    "science": (science_options, science),
    "terror": (terror_options, terror),
    "debunk": (debunk_options, debunk),
    "denial": (denial_options, denial),
}
