"""Changes to a Cult position used by several rules: moving cards and priests, altars,
the Palace refill, festival, and the end-of-game checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action
from meeple.core.text import Arg, Text
from meeple.games.cult import board as B
from meeple.games.cult import texts as T
from meeple.games.cult.model import (
    CONSPIRACY,
    GREATNESS,
    LICENCE,
    NOBODY,
    PATRIARCH,
    Priest,
    card_token,
)

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

DECK_MIRACLES: Final = 0
DECK_CONSPIRACIES: Final = 1
DECK_LICENCES: Final = 2


def deck_of(s: CultState, code: int) -> tuple[list[int], int]:
    if code >= LICENCE:
        return s.licence_deck, DECK_LICENCES
    if code >= CONSPIRACY:
        return s.conspiracies, DECK_CONSPIRACIES
    return s.miracles, DECK_MIRACLES


def to_bottom(s: CultState, code: int) -> None:
    """A played, sold or paid card goes face up under its deck: everyone knows it is there."""
    deck, i = deck_of(s, code)
    # (``x[i] = x[i] + n``, not ``x[i] += n``: mypyc compiles the augmented form on a
    # list item as a generic in-place add of boxed objects)
    deck.append(code)
    s.known[i] = s.known[i] + 1


def draw(s: CultState, deck: list[int], i: int, bottom: bool = False) -> int | None:
    if not deck:
        return None
    if bottom:
        s.known[i] = max(0, s.known[i] - 1)
        return deck.pop()
    if len(deck) <= s.known[i]:
        s.known[i] = s.known[i] - 1
    return deck.pop(0)


def draw_miracle(s: CultState, p: int, bottom: bool = False) -> int | None:
    code = draw(s, s.miracles, DECK_MIRACLES, bottom)
    if code is not None:
        s.players[p].hand.append(code)
        s.log.add(s.round_no, T.t("you.draw.miracle", token=card_token(code),
                                  effect=B.DATA.miracles[code].effect, card=T.card(code)), p)
    return code


def draw_conspiracy(s: CultState, p: int) -> int | None:
    code = draw(s, s.conspiracies, DECK_CONSPIRACIES)
    if code is not None:
        s.players[p].hand.append(code)
        s.log.add(s.round_no, T.t("you.draw.conspiracy", token=card_token(code),
                                  name=T.card_title(code), card=T.card(code)), p)
    return code


def take_licence(s: CultState, p: int, code: int) -> None:
    s.palace[s.palace.index(code)] = NOBODY
    s.players[p].licences.append(code)


def give_greatness(s: CultState, p: int) -> None:
    """A new owner always turns the Greatness card face up (the source)."""
    if s.g_holder != p:
        s.g_up = True
    s.g_holder = p


def remove_card(s: CultState, p: int, code: int) -> None:
    """Take a card from p (hand, licences or the Greatness card) without placing it."""
    pl = s.players[p]
    if code == GREATNESS:
        s.g_holder = NOBODY
    elif code >= LICENCE:
        pl.licences.remove(code)
    else:
        pl.hand.remove(code)


def pay_card(s: CultState, p: int, code: int) -> None:
    remove_card(s, p, code)
    if code != GREATNESS:
        to_bottom(s, code)
    s.log.add(s.round_no, T.t("discards", who=T.seat(s, p), card=T.card(code)))


def transfer_card(s: CultState, giver: int, taker: int, code: int) -> None:
    remove_card(s, giver, code)
    if code == GREATNESS:
        give_greatness(s, taker)
    elif code >= LICENCE:
        s.players[taker].licences.append(code)
    else:
        s.players[taker].hand.append(code)


def card_name(code: int) -> str:
    """A card's name in English, for the text board (texts use :func:`texts.card`)."""
    return T.card(code).render()


# A district's priests and its altars are tuples (state.py): a change puts a new one in
# the district's place.

def take_priest(s: CultState, d: int, slot: int) -> Priest:
    """The priest at ``slot`` (0-based) of district d, taken off the board."""
    here = s.board[d - 1]
    pr = here[slot]
    s.board[d - 1] = here[:slot] + here[slot + 1:]
    return pr


def put_priest(s: CultState, d: int, slot: int, pr: Priest) -> None:
    """``pr`` in place of the priest at ``slot`` (0-based) of district d."""
    here = s.board[d - 1]
    s.board[d - 1] = (*here[:slot], pr, *here[slot + 1:])


def remove_altar(s: CultState, d: int, p: int) -> None:
    """One of p's altars in district d gone."""
    owners = s.altars[d - 1]
    i = owners.index(p)
    s.altars[d - 1] = owners[:i] + owners[i + 1:]


def return_priest(s: CultState, pr: Priest) -> None:
    """A priest leaves the board for its owner's free priests; a coin stack goes to the bank."""
    s.players[pr[0]].free.append(pr[1])


def place_priest(s: CultState, p: int, d: int, level: int) -> None:
    """Put p's priest of ``level`` into district d, paying every Tithe holder there.

    The Tithe is owed "при размещении каждого жреца": a priest coming onto the board by
    the decision phase, a miracle or an ability alike (D-22); moves and a ransomed
    priest's return are not placements and come in through ``s.board`` directly.
    """
    s.board[d - 1] += ((p, level, 0, 0),)
    pl = s.players[p]
    if pl.coins <= 0:
        return  # no coin to pay a Tithe with
    for q in B.turn_order(s, p)[1:]:
        if pl.coins > 0 and s.players[q].licences and B.has_licence(s, q, "tithe", district=d):
            pl.coins -= 1
            s.players[q].coins += 1
            s.log.add(s.round_no, T.tithe(s, p, q))


def clear_district(s: CultState, d: int) -> None:
    for pr in s.board[d - 1]:
        return_priest(s, pr)
    s.board[d - 1] = ()


def destroy_priest(s: CultState, d: int, slot: int) -> Priest:
    """The token goes back to the bank (the Patriarch can never be destroyed)."""
    pr = take_priest(s, d, slot)
    assert pr[1] != PATRIARCH
    return pr


def expel_priest(s: CultState, d: int, slot: int) -> Priest:
    pr = take_priest(s, d, slot)
    return_priest(s, pr)
    return pr


def build_altar(s: CultState, p: int, d: int, slot: int) -> None:
    """Flip p's priest in d into an altar: the priest is spent, +4 permanent influence."""
    pr = take_priest(s, d, slot)
    assert pr[0] == p and pr[1] != PATRIARCH
    s.altars[d - 1] += (p,)
    s.log.add(s.round_no, T.t("altar", who=T.seat(s, p), d=d))


def refill_palace(s: CultState) -> None:
    if NOBODY not in s.palace:
        return
    for code in s.palace:
        if code != NOBODY:
            to_bottom(s, code)
    s.palace = [NOBODY] * B.RULES["palace_slots"]
    for i in range(len(s.palace)):
        dealt = draw(s, s.licence_deck, DECK_LICENCES)
        if dealt is None:
            break
        s.palace[i] = dealt
    shown = [T.card(c) for c in s.palace if c != NOBODY]
    s.log.add(s.round_no, T.fresh("palace", cards=T.chain(shown)) if shown else T.t("palace.empty"))


def festival(s: CultState, p: int, a: Action) -> None:
    f = next(x for x in B.DATA.festival if x.key == a.args[0])
    pl = s.players[p]
    s.g_up = False
    pl.passed = True
    pl.skip = True
    got: list[Arg] = []
    if f.followers:
        got.append(T.t("got.followers", n=B.gain_followers(s, p, f.followers)))
    if f.coins:
        pl.coins += f.coins
        got.append(T.t("got.coins", n=f.coins))
    for _ in range(f.miracles):
        if draw_miracle(s, p) is not None:
            got.append(T.t("got.miracle"))
    if f.mobs:
        pl.mobs += f.mobs
        got.append(T.t("got.mob", n=f.mobs))
    if f.licence:
        from meeple.games.cult.cards import code as card_code

        code = card_code(a.args[1])
        take_licence(s, p, code)
        got.append(T.card(code))
    s.log.add(s.round_no, T.fresh("festival", who=T.seat(s, p), name=T.festival(f.key),
                                  got=T.chain(got)))


def victories(s: CultState) -> dict[int, str]:
    """The players meeting a victory condition, and which."""
    v = B.RULES["victory"]
    reasons: dict[int, str] = {}
    for p, pl in enumerate(s.players):
        if pl.rituals >= v["rituals"]:
            reasons[p] = "summoning"
        elif B.altar_count(s, p) >= v["altars"]:
            reasons[p] = "altars"
        elif pl.mobs >= v["mobs"]:
            reasons[p] = "mobs"
    return reasons


def check_victory(s: CultState) -> bool:
    reasons = victories(s)
    if not reasons:
        return False
    winner = max(reasons, key=lambda p: B.power(s, p))
    finish(s, winner, reasons[winner])
    return True


def progress(s: CultState, p: int, altars: int | None = None) -> float:
    """The share of the nearest victory condition p has reached (``altars``: p's altar
    count, when the caller has it)."""
    v = B.RULES["victory"]
    pl = s.players[p]
    built = B.altar_count(s, p) if altars is None else altars
    return max(built / int(v["altars"]), pl.mobs / int(v["mobs"]),
               pl.rituals / int(v["rituals"]))


def round_limit_victory(s: CultState) -> None:
    """House rule for simulations: the most progress towards any victory condition wins,
    ties by the higher mystic power."""
    winner = max(range(s.n), key=lambda p: (progress(s, p), B.power(s, p)))
    finish(s, winner, "round_limit")


def finish(s: CultState, winner: int, reason: str) -> None:
    s.winner = winner
    s.reason = reason
    s.stack = []
    s.log.add(s.round_no, finish_text(s))


def finish_text(s: CultState) -> Text:
    """Who won and why: the log's last line and the result's sentence."""
    note: Text | str = ""
    if s.reason == "round_limit":
        note = T.t("won.limit", n=s.round_no)
    elif len(victories(s)) > 1:
        note = T.t("won.tie", n=len(victories(s)))
    return T.t(f"won.{s.reason}", who=T.seat(s, s.winner), note=note)
