"""The services of the 13 districts, used by the winner (and Community licence holders)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action, action
from meeple.games.cult import board as B
from meeple.games.cult import cards, shared
from meeple.games.cult import texts as T
from meeple.games.cult.model import (
    NOBODY,
    NOT_LENT,
    PATRIARCH,
    level_token,
    made,
    parse_level,
)

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

DECLINE: Final = action("decline")
# Made once: compiled, ``Action.of`` is a call through Python (a look-up on the class and
# its arguments packed), about 1,500 instructions, and a service is listed twice a turn.
TAKE: Final = action("take")
RECRUIT: Final = action("recruit")
SUMMON: Final = action("summon")


def free_own_priests(s: CultState, p: int, d: int) -> None:
    """Temple and Academy may raise the priests standing in their own district, since
    those leave the district as the service is given (the source)."""
    keep = []
    for pr in s.board[d - 1]:
        if pr[0] == p:
            shared.return_priest(s, pr)
        else:
            keep.append(pr)
    s.board[d - 1] = tuple(keep)


def _free_tokens(s: CultState, p: int) -> list[int]:
    return B.levels(s.players[p].free, PATRIARCH + 1)


def service_actions(s: CultState, p: int, d: int) -> list[Action]:
    pl = s.players[p]
    info = B.DATA.districts[d - 1].extra
    out: list[Action] = []
    if d == 1 and s.miracles:
        out.append(TAKE)
    elif d == 2:
        levels = sorted({pr[1] for pr in s.board[1] if pr[0] == p})
        for n in range(info["min_pay"], min(info["max_pay"], pl.coins) + 1):
            if B.claimed_winner(s, n) == NOBODY:
                out.extend(made("steal", level_token(lv), n) for lv in levels)
    elif d == 3 and pl.followers < B.MAX_FOLLOWERS:
        out.append(TAKE)
    elif d == 4 and not (s.g_holder == p and s.g_lender == NOT_LENT):
        out.append(TAKE)
    elif d == 5:
        if B.can_take_tokens(s, p, [1], []):
            out.append(RECRUIT)
        out += [made("upgrade", lv) for lv in _free_tokens(s, p)
                if B.can_take_tokens(s, p, [lv + info["levels"]], [lv])]
    elif d == 6:
        out.append(TAKE)
    elif d == 7 and pl.coins >= info["price"]:
        # "Алтарь может быть поставлен в 7-13 квартале": the districts below the Craft are
        # resolved; a priest moved back into one gets an altar only by a card or ability.
        for dd in range(d, 14):
            if p not in s.altars[dd - 1]:
                levels = sorted({pr[1] for pr in s.board[dd - 1]
                                 if pr[0] == p and pr[1] != PATRIARCH})
                out.extend(made("build", dd, lv) for lv in levels)
    elif d == 8:
        for offer in info["offers"]:
            if pl.coins < offer["price"]:
                continue
            for lv in _free_tokens(s, p):
                new = min(B.MAX_LEVEL, lv + offer["levels"])
                if new > lv and B.can_take_tokens(s, p, [new], [lv]):
                    out.append(made("study", lv, offer["levels"]))
    elif d == 9 and pl.followers < B.MAX_FOLLOWERS:
        out += [made("hire", o["followers"]) for o in info["offers"]
                if pl.coins >= o["price"]]
    elif d == 10:
        out += [made("take", cards.token(c)) for c in s.palace if c != NOBODY]
    elif d == 11 and s.conspiracies:
        out.append(TAKE)
    elif d == 12 and pl.followers >= info["followers"]:
        out.append(TAKE)
    elif d == 13 and B.influence(s, 13, p) >= B.power(s, p):
        out.append(SUMMON)
    out.append(DECLINE)
    return out


def apply_service(s: CultState, p: int, a: Action) -> None:
    f = s.stack.pop()
    d: int = f[2]  # (typed: compiled arithmetic on a frame's Any is Python's generic kind)
    pl = s.players[p]
    info = B.DATA.districts[d - 1].extra
    who = T.seat(s, p)
    r = s.round_no
    if a.kind == "decline":
        s.log.add(r, T.declines(s, p, d))
    elif d == 1:
        shared.draw_miracle(s, p)
        s.log.add(r, T.t("draws_miracle", who=who))
    elif d == 2:
        lv, n = parse_level(a.args[0]), int(a.args[1])
        slot = next(i for i, pr in enumerate(s.board[1]) if pr[0] == p and pr[1] == lv)
        pr = shared.take_priest(s, 2, slot)
        pl.coins -= n
        s.board[n - 1] += ((p, pr[1], pr[2], n),)
        s.log.add(r, T.t("steals", who=who, n=n))
    elif d == 3:
        B.gain_followers(s, p, info["followers"])
        s.log.add(r, T.t("gains_follower", who=who))
    elif d == 4:
        if s.g_lender != NOT_LENT:
            s.g_lender = NOT_LENT  # taken at the Forum, the card stays (the source)
        shared.give_greatness(s, p)
        s.log.add(r, T.t("takes_greatness", who=who))
    elif d == 5:
        if a.kind == "recruit":
            pl.free.append(1)
            s.log.add(r, T.t("recruits", who=who))
        else:
            lv = int(a.args[0])
            pl.free.remove(lv)
            pl.free.append(lv + info["levels"])
            s.log.add(r, T.t("raises", who=who, a=lv, b=lv + info["levels"]))
    elif d == 6:
        pl.coins += info["coins"]
        s.log.add(r, T.t("collects", who=who, n=info["coins"]))
    elif d == 7:
        dd, lv = int(a.args[0]), int(a.args[1])
        pl.coins -= info["price"]
        slot = next(i for i, pr in enumerate(s.board[dd - 1]) if pr[0] == p and pr[1] == lv)
        shared.build_altar(s, p, dd, slot)
    elif d == 8:
        lv, k = int(a.args[0]), int(a.args[1])
        offer = next(o for o in info["offers"] if o["levels"] == k)
        pl.coins -= offer["price"]
        new = min(B.MAX_LEVEL, lv + k)
        pl.free.remove(lv)
        pl.free.append(new)
        s.log.add(r, T.t("studies", who=who, price=offer["price"], a=lv, b=new))
    elif d == 9:
        k = int(a.args[0])
        offer = next(o for o in info["offers"] if o["followers"] == k)
        pl.coins -= offer["price"]
        got = B.gain_followers(s, p, k)
        s.log.add(r, T.t("hires", who=who, price=offer["price"], n=got))
    elif d == 10:
        c = cards.code(a.args[0])
        shared.take_licence(s, p, c)
        s.log.add(r, T.t("takes_palace", who=who, card=T.card(c)))
    elif d == 11:
        drawn = [c for c in (shared.draw(s, s.conspiracies, shared.DECK_CONSPIRACIES)
                             for _ in range(info["draw"])) if c is not None]
        s.log.add(r, T.t("draws_conspiracies", who=who, n=len(drawn)))
        s.log.add(r, T.fresh("you.draw", cards=T.chain([T.card(c) for c in drawn])), p)
        if len(drawn) == 1:
            pl.hand.append(drawn[0])
        else:
            s.stack.append(("keep", p, "nobles", tuple(drawn), d))
    elif d == 12:
        pl.followers -= info["followers"]
        pl.mobs += 1
        s.log.add(r, T.t("mob_from_followers", who=who, n=pl.mobs))
    else:
        pl.rituals += 1
        if pl.rituals == 1:
            pl.dark = True
            s.log.add(r, T.t("awakens", who=who))
        else:
            s.log.add(r, T.t("comes", who=who))
