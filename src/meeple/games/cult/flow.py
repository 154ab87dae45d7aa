"""The order of play: decision phase, event phase district by district, end of round.

Every pending decision is a frame on ``s.stack``; the top frame is the one being asked.
Frames whose player is -1 are steps the engine takes itself (:func:`advance`).
The lines written at every turn are built only when the log keeps them (``s.log.quiet``:
a search's copy, whose play is the same without them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action, action
from meeple.core.rng import Rng
from meeple.games.cult import board as B
from meeple.games.cult import cards, services, shared
from meeple.games.cult import texts as T
from meeple.games.cult.cults import ability_actions, apply_ability
from meeple.games.cult.model import (
    CONSPIRACY,
    LICENCE,
    NOBODY,
    NOT_LENT,
    Frame,
    level_token,
    parse_level,
)

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

AUTO: Final = -1


def start_round(s: CultState) -> None:
    s.round_no += 1
    s.last_winner = NOBODY
    # fresh: a round's number and first seat seldom repeat (most were cache misses)
    s.log.add(s.round_no, T.fresh("round.begins", n=s.round_no, who=T.seat(s, s.first)))
    s.stack.append(("place", s.first))


# --- decision phase -----------------------------------------------------------------

# Actions made once: listing the legal placements is most of a random game's work.
PASS: Final = action("pass")
DONE: Final = action("done")
# PLACE[d][level]: the action putting the priest of ``level`` (0: the Patriarch) on d.
PLACE: Final = [[action("place", d, level_token(lv)) for lv in range(B.MAX_LEVEL + 1)]
         for d in range(14)]


def _placement_levels(s: CultState, p: int) -> tuple[list[int], list[int]]:
    """The districts and the distinct free priest levels p may place now (both empty when
    p cannot pay for a placement)."""
    pl = s.players[p]
    if pl.followers < B.placement_cost(s, p) or not pl.free:
        return [], []
    return B.open_districts(s, p), B.levels(pl.free)


def _festival_actions(s: CultState, p: int) -> list[Action]:
    pl = s.players[p]
    out: list[Action] = []
    if s.g_holder == p and s.g_up and pl.placed == 0:
        for f in B.DATA.festival:
            if f.licence:
                out.extend(action("festival", f.key, cards.token(c))
                           for c in s.palace if c != NOBODY)
            else:
                out.append(action("festival", f.key))
    return out


def only_pass(s: CultState, p: int) -> tuple[str, int] | None:
    """Why a placement turn leaves p nothing but to pass, for the prompt to say so: no
    free priest left, too few followers for the next placement's cost (and that cost), no
    district open to p; None while p has something to place or a festival to hold."""
    if _festival_actions(s, p):
        return None
    pl = s.players[p]
    if not pl.free:
        return "no_priests", 0
    cost = B.placement_cost(s, p)
    if pl.followers < cost:
        return "no_followers", cost
    if not B.open_districts(s, p):
        return "no_district", 0
    return None


def place_actions(s: CultState, p: int) -> list[Action]:
    districts, levels = _placement_levels(s, p)
    out: list[Action] = []
    for d in districts:
        row = PLACE[d]
        out += [row[lv] for lv in levels]
    out += _festival_actions(s, p)
    out.append(PASS)
    return out


def random_place(s: CultState, p: int, rng: Rng) -> Action:
    """``rng.choice(place_actions(s, p))`` without listing the placements: the same draw
    (one ``below`` over the same count) gives the same action."""
    districts, levels = _placement_levels(s, p)
    placements = len(districts) * len(levels)
    festival = _festival_actions(s, p)
    i = rng.below(placements + len(festival) + 1)
    if i < placements:
        return PLACE[districts[i // len(levels)]][levels[i % len(levels)]]
    i -= placements
    return festival[i] if i < len(festival) else PASS


def apply_place(s: CultState, p: int, a: Action) -> None:
    s.stack.pop()
    pl = s.players[p]
    if a.kind == "pass":
        pl.passed = True
        if not s.log.quiet:
            s.log.add(s.round_no, T.passes(s, p))
        s.stack.append(("turn", AUTO, p))
        if can_deal(s, p):
            s.stack.append(("deal", p))
        return
    if a.kind == "festival":
        shared.festival(s, p, a)
        s.stack.append(("turn", AUTO, p))
        return
    d, lv = int(a.args[0]), parse_level(a.args[1])
    assert lv is not None
    cost = B.placement_cost(s, p)
    pl.free.remove(lv)
    pl.placed += 1
    pl.followers -= cost
    if not s.log.quiet:
        s.log.add(s.round_no, T.placed(s, p, lv, d, cost))
    shared.place_priest(s, p, d, lv)
    s.stack.append(("turn", AUTO, p))


_EVENT_PHASE: Final = T.t("event_phase")


def step_turn(s: CultState, f: Frame) -> None:
    s.stack.pop()
    # The next player clockwise who has not passed, the one who just played last: by
    # index over the order, not a list of it made at every placement (compiled, the slice,
    # the list and the generic look-ups of an untyped loop were a twentieth of random play).
    p: int = f[2]
    order = B.turn_order(s, p)
    players = s.players
    n = len(order)
    i = 1
    while i <= n:
        q = order[i] if i < n else p
        if not players[q].passed:
            s.stack.append(("place", q))
            return
        i += 1
    s.log.add(s.round_no, _EVENT_PHASE)
    s.stack.append(("district", AUTO, 1))


SELL: Final = {c: action("sell", cards.token(c)) for c in range(CONSPIRACY, LICENCE)}
BUY: Final = {c: action("buy", cards.token(c)) for c in range(LICENCE, LICENCE + 100)}
PRICE: Final = {LICENCE + i: lic.price for i, lic in enumerate(B.DATA.licences)}


def deal_actions(s: CultState, p: int) -> list[Action]:
    pl = s.players[p]
    # each conspiracy in hand once, in order (written out: compiled, a set comprehension
    # and sorted() were generic calls, and a search lists these at most of its steps)
    sold: list[int] = []
    for c in pl.hand:
        if CONSPIRACY <= c < LICENCE and c not in sold:
            sold.append(c)
    sold.sort()
    out = [SELL[c] for c in sold]
    coins = pl.coins
    for c in s.palace:
        if c != NOBODY and PRICE[c] <= coins:
            out.append(BUY[c])
    out.append(DONE)
    return out


def can_deal(s: CultState, p: int) -> bool:
    """Whether ``deal_actions`` offers more than "done": a conspiracy to sell or a
    licence p can pay for."""
    pl = s.players[p]
    coins = pl.coins
    # (any() of a generator compiles to a loop)
    return any(CONSPIRACY <= c < LICENCE for c in pl.hand) or any(
        c != NOBODY and PRICE[c] <= coins for c in s.palace)


def apply_deal(s: CultState, p: int, a: Action) -> None:
    if a.kind == "done":
        s.stack.pop()
        return
    code = cards.code(a.args[0])
    if a.kind == "sell":
        reward = B.DATA.conspiracies[code - CONSPIRACY].reward
        s.players[p].hand.remove(code)
        s.players[p].coins += reward
        shared.to_bottom(s, code)
        if not s.log.quiet:
            s.log.add(s.round_no, T.t("sells", who=T.seat(s, p), card=T.card(code), n=reward))
    else:
        price = B.DATA.licences[code - LICENCE].price
        s.players[p].coins -= price
        shared.take_licence(s, p, code)
        if not s.log.quiet:
            s.log.add(s.round_no, T.t("buys", who=T.seat(s, p), card=T.card(code), n=price))


# --- event phase --------------------------------------------------------------------

def step_district(s: CultState, f: Frame) -> None:
    s.stack.pop()
    # (typed: a frame holds Any, and compiled arithmetic on Any is Python's generic kind)
    d: int = f[2]
    while d <= 13 and not (s.board[d - 1] or s.altars[d - 1]):
        d += 1
    if d > 13:
        s.district = 0
        s.stack.append(("end_round", AUTO))
        return
    s.district = d
    if not s.log.quiet:
        s.log.add(s.round_no, T.active(d))
    s.stack.append(("resolve", AUTO, d))
    order = tuple(q for q in B.turn_order(s) if not s.players[q].skip)
    if order:
        s.stack.append(("act", order[0], d, order, 0))


def act_actions(s: CultState, p: int, d: int) -> list[Action]:
    out = [PASS]
    out += cards.hand_plays(s, p, d)
    out += ability_actions(s, p, d)
    return out


def apply_act(s: CultState, p: int, a: Action) -> None:
    f = s.stack.pop()
    d: int = f[2]
    order: tuple[int, ...] = f[3]
    k: int = f[4]
    if k + 1 < len(order):
        s.stack.append(("act", order[k + 1], d, order, k + 1))
    if a.kind == "pass":
        return
    if a.kind == "ability":
        apply_ability(s, p, d, a)
    else:
        cards.play_from_hand(s, p, d, a)


def step_resolve(s: CultState, f: Frame) -> None:
    s.stack.pop()
    d: int = f[2]
    everyone = B.influences(s, d)
    influence = {q: everyone[q] for q in B.turn_order(s) if not s.players[q].skip}
    present = [q for q, v in influence.items() if v > 0]
    winner = B.district_winner(s, d, influence)
    if winner == NOBODY:
        s.log.add(s.round_no, T.t("no_winner", d=d))
        s.stack.append(("after", AUTO, d, NOBODY, ()))
        return
    s.last_winner = winner
    if not s.log.quiet:
        s.log.add(s.round_no, T.wins(s, winner, d, present, influence))
    community = tuple(q for q in present if q != winner
                      and B.has_licence(s, q, "community", district=d))
    # Donations go to the other cults with influence; a Community holder takes the
    # service instead ("if he declines it, he gets nothing").
    donors = tuple(q for q in present if q != winner and q not in community)
    s.stack.append(("after", AUTO, d, winner, donors))
    for q in reversed((winner, *community)):
        if d in (5, 8):
            services.free_own_priests(s, q, d)
        s.stack.append(("service", q, d))


def step_after(s: CultState, f: Frame) -> None:
    s.stack.pop()
    d: int = f[2]
    receivers: tuple[int, ...] = f[4]
    donation: int = B.DATA.districts[d - 1].donation
    for q in receivers:
        s.players[q].coins += donation
        if not s.log.quiet:
            s.log.add(s.round_no, T.donation(s, q, donation))
    shared.clear_district(s, d)
    s.stack.append(("district", AUTO, d + 1))


# --- end of round -------------------------------------------------------------------

def step_end_round(s: CultState, _f: Frame) -> None:
    s.stack.pop()
    for d in range(1, 14):
        shared.clear_district(s, d)
    s.seized = [NOBODY] * 13
    s.smile = [0] * 13
    for pl in s.players:
        pl.free.extend(pl.shield)
        pl.shield = []
        pl.flipped = False
        pl.skip = False
        pl.passed = False
        pl.placed = 0
    if s.g_lender != NOT_LENT:
        s.g_holder, s.g_lender = s.g_lender, NOT_LENT
        s.log.add(s.round_no, T.t("greatness.back", who=T.seat(s, s.g_holder))
                  if s.g_holder != NOBODY else T.t("greatness.bank"))
    shared.refill_palace(s)
    if shared.check_victory(s):
        return
    if s.last_winner != NOBODY:
        s.first = s.last_winner
    limit = int(s.options["max_rounds"])
    if limit and s.round_no >= limit:
        shared.round_limit_victory(s)
        return
    start_round(s)


AUTO_STEPS: Final[dict[str, Callable[[CultState, Frame], None]]] = {
    "turn": step_turn,
    "district": step_district,
    "resolve": step_resolve,
    "after": step_after,
    "end_round": step_end_round,
}


def advance(s: CultState) -> None:
    """Run the engine's own steps until a player must decide or the game is over.

    A decision with a single possible answer is taken for the player only where the
    lack of choice is public: no cards in hand, nothing to buy, no service to use.
    """
    stack = s.stack
    while stack:
        f = stack[-1]
        kind: str = f[0]  # typed: compared as strings, not as objects (state.legal_actions)
        # The frequent steps called directly: compiled, a call through the table is
        # Python's generic call (session 15).
        if kind == "turn":
            step_turn(s, f)
            continue
        if kind == "district":
            step_district(s, f)
            continue
        if kind == "resolve":
            step_resolve(s, f)
            continue
        if kind == "after":
            step_after(s, f)
            continue
        if kind == "end_round":
            step_end_round(s, f)
            continue
        # (AUTO_STEPS holds no other step: the look-up was made at every decision asked)
        p: int = f[1]
        if kind == "act" and not s.players[p].hand and not ability_actions(s, p, f[2], True):
            apply_act(s, p, PASS)
            continue
        if kind == "service" and len(services.service_actions(s, p, f[2])) == 1:
            stack.pop()
            if not s.log.quiet:
                s.log.add(s.round_no, T.no_service(s, p, f[2]))
            continue
        return
