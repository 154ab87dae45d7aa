"""Miracle and conspiracy cards: which plays are legal, and what they do.

A card "cannot be played unless all of its effect applies" (the source), so every play
listed here does everything its card says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action, Arg
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.model import (
    CONSPIRACY,
    GREATNESS,
    LICENCE,
    PATRIARCH,
    card_token,
    level_token,
    made,
    parse_card,
    parse_level,
)

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

token = card_token
name = shared.card_name


# Every card's code by its token, made once: applying a card action reads its token.
_CODES: Final = {card_token(c): c for base in (0, CONSPIRACY, LICENCE) for c in
          range(base, base + 30)} | {card_token(GREATNESS): GREATNESS}


def code(tok: Arg) -> int:
    c = _CODES.get(tok) if isinstance(tok, str) else None
    if c is None:
        c = parse_card(tok)
    assert c is not None, tok
    return c


def own_slots(s: CultState, d: int, p: int, tokens_only: bool = False) -> list[int]:
    """1-based slots of p's priests in d, one per distinct priest (same level, bonus, stack)."""
    seen: set[tuple[int, int, int]] = set()
    out = []
    for i, pr in enumerate(s.board[d - 1]):
        if pr[0] != p or (tokens_only and pr[1] == PATRIARCH):
            continue
        sig = (pr[1], pr[2], pr[3])
        if sig not in seen:
            seen.add(sig)
            out.append(i + 1)
    return out


# --- miracles -------------------------------------------------------------------------

def miracle_plays(s: CultState, p: int, d: int, c: int) -> list[Action]:
    m = B.DATA.miracles[c]
    if m.dark and not B.dark_side(s, p):
        return []
    t = token(c)
    pl = s.players[p]
    if m.effect == "add":
        return [made("miracle", t, level_token(lv)) for lv in B.levels(pl.free)]
    if m.effect == "move":
        return [made("miracle", t, slot, to) for slot in own_slots(s, d, p)
                for to in range(1, 14) if to != d]
    if m.effect == "boost":
        return [made("miracle", t, slot) for slot in own_slots(s, d, p)]
    if m.effect == "altar":
        if pl.followers < m.followers or p in s.altars[d - 1]:
            return []
        return [made("miracle", t, slot) for slot in own_slots(s, d, p, tokens_only=True)]
    if m.effect == "mob":
        return [made("miracle", t)] if pl.followers >= m.followers else []
    out = [made("miracle", t, "coins")]
    if pl.followers < B.MAX_FOLLOWERS:
        out.append(made("miracle", t, "followers"))
    return out


def miracle_effect(s: CultState, p: int, d: int, a: Action) -> None:
    c = code(a.args[0])
    m = B.DATA.miracles[c]
    pl = s.players[p]
    who = T.seat(s, p)
    if m.effect == "add":
        lv = parse_level(a.args[1])
        assert lv is not None
        pl.free.remove(lv)
        s.log.add(s.round_no, T.t("adds", who=who, lv=level_token(lv), priest=T.priest_a(lv),
                                  d=d))
        shared.place_priest(s, p, d, lv)
    elif m.effect == "move":
        pr = shared.take_priest(s, d, int(a.args[1]) - 1)
        to = int(a.args[2])
        s.board[to - 1] += ((pr[0], pr[1], pr[2], 0),)
        s.log.add(s.round_no, T.t("moves", who=who, lv=level_token(pr[1]),
                                  priest=T.priest_a(pr[1]), to=to))
    elif m.effect == "boost":
        i = int(a.args[1]) - 1
        o, lv, bonus, stack = s.board[d - 1][i]
        shared.put_priest(s, d, i, (o, lv, bonus + m.value, stack))
        s.log.add(s.round_no, T.t("boosts", who=who, n=m.value, d=d))
    elif m.effect == "altar":
        pl.followers -= m.followers
        shared.build_altar(s, p, d, int(a.args[1]) - 1)
    elif m.effect == "mob":
        pl.followers -= m.followers
        pl.mobs += 1
        s.log.add(s.round_no, T.t("raises_mob", who=who, n=pl.mobs))
    elif a.args[1] == "followers":
        B.gain_followers(s, p, m.followers)
        s.log.add(s.round_no, T.t("gains.followers", who=who, n=m.followers))
    else:
        pl.coins += m.coins
        s.log.add(s.round_no, T.t("gains.coins", who=who, n=m.coins))


# --- conspiracies ---------------------------------------------------------------------

def richest_targets(s: CultState, p: int, values: list[int]) -> list[int]:
    """Opponents holding the largest value, when the player does not hold it too."""
    best = max(values)
    if values[p] == best:
        return []
    return [q for q in B.turn_order(s, p) if q != p and values[q] == best]


def plot_plays(s: CultState, p: int, d: int, c: int) -> list[Action]:
    k = B.DATA.conspiracies[c - CONSPIRACY]
    if k.light and B.dark_side(s, p):
        return []
    t = token(c)
    here = s.board[d - 1]
    opp = B.opponents_with_priests(s, d, p)
    key = k.key
    if key == "blackmail":
        coins = [pl.coins for pl in s.players]
        return [made("plot", t, q) for q in richest_targets(s, p, coins) if coins[q] >= 2]
    if key == "exorcism":
        return [made("plot", t, q) for q in B.turn_order(s, p)[1:]]
    if key == "massacre":
        ok = any(s.players[q].followers for q in opp)
        return [made("plot", t)] if ok else []
    if key == "scatter":
        return [made("plot", t)] if any(s.players[q].mobs for q in opp) else []
    if key == "search":
        return [made("plot", t)] if any(s.players[q].hand for q in opp) else []
    if key == "crown":
        levels = [B.patriarch_level(s, q) for q in range(s.n)]
        return [made("plot", t, token(lic)) for q in richest_targets(s, p, levels)
                for lic in sorted(s.players[q].licences)]
    if key == "vandalism":
        for dd in range(13, 0, -1):
            owners = [q for q in B.turn_order(s, p)[1:] if q in s.altars[dd - 1]]
            if owners:
                return [made("plot", t, q) for q in owners]
        return []
    if key == "ambush":
        ok = len(here) == 1 and here[0][0] != p and here[0][1] != PATRIARCH
        return [made("plot", t)] if ok else []
    if key == "raid":
        if len(here) < k.params["min_priests"]:
            return []
        return [made("plot", t, slot) for q in opp
                for slot in own_slots(s, d, q, tokens_only=True)]
    return [made("plot", t)]  # seizure


def plot_effect(s: CultState, p: int, d: int, a: Action) -> None:
    c = code(a.args[0])
    k = B.DATA.conspiracies[c - CONSPIRACY]
    who = T.seat(s, p)
    opp = B.opponents_with_priests(s, d, p)
    s.log.add(s.round_no, T.t("plays", who=who, name=T.card_title(c)))
    if k.key == "blackmail":
        q = int(a.args[1])
        half = s.players[q].coins // 2
        s.players[q].coins -= half
        s.players[p].coins += half
        s.log.add(s.round_no, T.t("hands_coins", who=T.seat(s, q), n=half))
    elif k.key == "exorcism":
        q = int(a.args[1])
        s.players[q].flipped = not s.players[q].flipped
        s.log.add(s.round_no, T.t("exorcised", who=T.seat(s, q)))
    elif k.key == "massacre":
        for q in opp:
            lost = min(k.params["followers"], s.players[q].followers)
            s.players[q].followers -= lost
            s.log.add(s.round_no, T.t("loses.followers", who=T.seat(s, q), n=lost))
    elif k.key == "scatter":
        for q in opp:
            if s.players[q].mobs:
                s.players[q].mobs -= 1
                s.log.add(s.round_no, T.t("loses.mob", who=T.seat(s, q)))
    elif k.key == "search":
        for q in reversed(opp):
            if s.players[q].hand:
                s.stack.append(("give", q, p, 1, "hand"))
    elif k.key == "crown":
        lic = code(a.args[1])
        q = next(q for q in range(s.n) if lic in s.players[q].licences)
        shared.transfer_card(s, q, p, lic)
        s.log.add(s.round_no, T.t("takes_licence", who=who, card=T.card(lic),
                                  other=T.seat(s, q)))
    elif k.key == "vandalism":
        q = int(a.args[1])
        dd = next(dd for dd in range(13, 0, -1) if q in s.altars[dd - 1])
        shared.remove_altar(s, dd, q)
        s.log.add(s.round_no, T.t("altar.destroyed", who=T.seat(s, q), d=dd))
    elif k.key == "ambush":
        pr = shared.destroy_priest(s, d, 0)
        s.log.add(s.round_no, T.t("lone.destroyed", who=T.seat(s, pr[0])))
    elif k.key == "raid":
        pr = shared.destroy_priest(s, d, int(a.args[1]) - 1)
        s.log.add(s.round_no, T.t("priest.destroyed", who=T.seat(s, pr[0]), lv=pr[1]))
    else:
        while s.board[d - 1]:
            shared.expel_priest(s, d, 0)
        s.seized[d - 1] = p
        s.log.add(s.round_no, T.t("seizes", who=who, d=d))


# --- playing from the hand, from the deck -----------------------------------------

def card_plays(s: CultState, p: int, d: int, c: int) -> list[Action]:
    return miracle_plays(s, p, d, c) if c < CONSPIRACY else plot_plays(s, p, d, c)


def card_effect(s: CultState, p: int, d: int, a: Action) -> None:
    (miracle_effect if a.kind == "miracle" else plot_effect)(s, p, d, a)


def hand_plays(s: CultState, p: int, d: int) -> list[Action]:
    out: list[Action] = []
    hand = s.players[p].hand
    if hand:
        # Each card once, in order, without a set (compiled, a set of a few ints and its
        # sorting cost more than the plays it leads to).
        first, last = True, 0
        for c in sorted(hand):
            if first or c != last:
                out += card_plays(s, p, d, c)
                first, last = False, c
    return out


def play_from_hand(s: CultState, p: int, d: int, a: Action) -> None:
    c = code(a.args[0])
    s.players[p].hand.remove(c)
    shared.to_bottom(s, c)
    card_effect(s, p, d, a)


def drawn_actions(s: CultState, p: int, d: int, drawn: tuple[int, ...]) -> list[Action]:
    """Cards drawn to be played at once: play one that can be played, else bury them."""
    out: list[Action] = []
    for c in sorted(set(drawn)):
        out += card_plays(s, p, d, c)
    return out or [made("bury")]


def apply_drawn(s: CultState, p: int, a: Action) -> None:
    f = s.stack.pop()
    d, drawn = f[2], f[3]
    if a.kind == "bury":
        for c in drawn:
            shared.to_bottom(s, c)
            s.log.add(s.round_no, T.t("buried", card=T.card(c)))
        return
    c = code(a.args[0])
    rest: list[int] = list(drawn)  # typed: mypyc cannot loop over reversed(list[Any])
    rest.remove(c)
    if rest:
        s.stack.append(("drawn", p, d, tuple(rest)))
    shared.to_bottom(s, c)
    card_effect(s, p, d, a)


def keep_actions(s: CultState, f: tuple[object, ...]) -> list[Action]:
    drawn = f[3]
    assert isinstance(drawn, tuple)
    return [made("keep", token(c)) for c in sorted(set(drawn))]


def apply_keep(s: CultState, p: int, a: Action) -> None:
    """Keep one drawn card; the rest go back on top (Nobles) or are played (Terror)."""
    f = s.stack.pop()
    purpose, d, drawn = f[2], f[4], f[3]
    c = code(a.args[0])
    rest: list[int] = list(drawn)  # typed: mypyc cannot loop over reversed(list[Any])
    rest.remove(c)
    s.players[p].hand.append(c)
    if purpose == "nobles":
        for other in reversed(rest):
            s.conspiracies.insert(0, other)
        s.log.add(s.round_no, T.t("keeps.nobles", who=T.seat(s, p)))
        s.log.add(s.round_no, T.t("you.keep", card=T.card(c)), p)
    else:
        s.log.add(s.round_no, T.t("keeps.terror", who=T.seat(s, p)))
        s.stack.append(("drawn", p, d, tuple(rest)))
