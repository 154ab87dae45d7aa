"""Decisions asked of a player because of someone else's card or ability: which card to
hand over, whether to buy back an exiled priest."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.model import CONSPIRACY, LICENCE, Frame, card_token, level_token, parse_card

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def give_actions(s: CultState, f: Frame) -> list[Action]:
    p, scope = f[1], f[4]
    pool = sorted(s.players[p].hand) if scope == "hand" else B.payable_cards(s, p)
    return [Action.of("give", card_token(c)) for c in sorted(set(pool))]


def apply_give(s: CultState, p: int, a: Action) -> None:
    _, _, taker, n, scope = s.stack.pop()
    c = parse_card(a.args[0])
    assert c is not None
    shared.transfer_card(s, p, taker, c)
    # A card from the hand stays hidden: the table learns only its kind.
    kind = "hands.miracle" if c < CONSPIRACY else (
        "hands.conspiracy" if c < LICENCE else "hands")
    s.log.add(s.round_no, T.t(kind, who=T.seat(s, p), other=T.seat(s, taker),
                              card=T.card(c) if c >= LICENCE else ""))
    s.log.add(s.round_no, T.t("you.hand", card=T.card(c)), p)
    s.log.add(s.round_no, T.t("you.receive", card=T.card(c)), taker)
    if n > 1 and B.card_count(s, p) > 0:
        s.stack.append(("give", p, taker, n - 1, scope))


def ransom_actions(s: CultState, f: Frame) -> list[Action]:
    return [Action.of("ransom"), Action.of("refuse")]


def apply_ransom(s: CultState, p: int, a: Action) -> None:
    _, _, actor, d, level = s.stack.pop()
    if a.kind == "refuse":
        s.log.add(s.round_no, T.t("ransom.refused", who=T.seat(s, p)))
        return
    s.players[p].followers -= 1
    B.gain_followers(s, actor, 1)
    s.players[p].free.remove(level)
    s.board[d - 1] += ((p, level, 0, 0),)
    s.log.add(s.round_no, T.t("ransom.paid", who=T.seat(s, p), other=T.seat(s, actor),
                              lv=level_token(level), priest=T.priest_a(level), d=d))
