"""The cults' abilities: one module per cult; here what they all share.

A sacrifice is paid for (coins, followers, mobs, cards) and then takes effect. A ritual
puts a free priest on the shield as its master until the end of the round. The text
form is ``ability KEY [MASTER] ARGS...``; MASTER (a level, or P for the Patriarch) is
given for rituals only. Cards are chosen one by one after the ability is announced
(``pay c3``), unless the player has exactly as many cards as the price.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action, action
from meeple.games.cult import board as B
from meeple.games.cult import shared
from meeple.games.cult import texts as T
from meeple.games.cult.cults import anubis, atheism, cthulhu, fafnir, janus, lolth, nirrti, tiamat
from meeple.games.cult.cults.common import Args, Effect, Options
from meeple.games.cult.data import Ability
from meeple.games.cult.model import (
    PATRIARCH,
    card_token,
    level_token,
    made_from,
    parse_card,
    parse_level,
)

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

RULES: Final[dict[str, tuple[Options, Effect]]] = {}
for _module in (anubis, cthulhu, fafnir, janus, nirrti, tiamat, lolth, atheism):
    RULES.update(_module.ABILITIES)
BY_KEY: Final[dict[str, Ability]] = {ab.key: ab for c in B.DATA.cults for ab in c.abilities}
assert set(RULES) == set(BY_KEY), "every ability in cults.yaml needs its rules"


# Prices already worked out, by ability and X: legal actions ask for them again and again.
_COSTS: Final[dict[tuple[str, int], dict[str, int]]] = {}
_PER_X: Final = {key for key, ab in BY_KEY.items() if any("_per_" in k for k in ab.cost)}


def cost_of(ab: Ability, args: Args) -> dict[str, int]:
    """The price of an ability; "X cards" style prices take X from the first argument.
    The answer is shared between calls: read it, never change it."""
    x = int(args[0]) if ab.key in _PER_X else 0
    found = _COSTS.get((ab.key, x))
    if found is not None:
        return found
    cost = {k: v for k, v in ab.cost.items() if "_per_" not in k}
    for key, per in ab.cost.items():
        if "_per_" in key:
            what = key.split("_per_")[0]
            cost[what] = cost.get(what, 0) + per * x
    _COSTS[(ab.key, x)] = cost
    return cost


def affordable(s: CultState, p: int, cost: dict[str, int]) -> bool:
    return _within(s, p, (cost.get("coins", 0), cost.get("followers", 0),
                          cost.get("mobs", 0), cost.get("cards", 0)))


# A price as (coins, followers, mobs, cards), by ability and X as cost_of's: compiled, the
# four dict.get calls by string of a price's test were most of the cost of a test made for
# every use listed (a fiftieth of random play).
_Price = tuple[int, int, int, int]
_PRICES: Final[dict[tuple[str, int], _Price]] = {}


def price_of(ab: Ability, args: Args) -> _Price:
    x = int(args[0]) if ab.key in _PER_X else 0
    found = _PRICES.get((ab.key, x))
    if found is None:
        cost = cost_of(ab, args)
        found = (cost.get("coins", 0), cost.get("followers", 0), cost.get("mobs", 0),
                 cost.get("cards", 0))
        _PRICES[(ab.key, x)] = found
    return found


def _within(s: CultState, p: int, price: _Price) -> bool:
    pl = s.players[p]
    coins, followers, mobs, cards = price
    return (pl.coins >= coins and pl.followers >= followers and pl.mobs >= mobs
            and (cards == 0 or B.card_count(s, p) >= cards))


def masters(s: CultState, p: int, ab: Ability) -> list[int]:
    free = s.players[p].free
    if ab.patriarch_min:
        ok = PATRIARCH in free and B.patriarch_level(s, p) >= ab.patriarch_min
        return [PATRIARCH] if ok else []
    return B.levels(free, max(PATRIARCH + 1, ab.master_min), ab.master_max)


# Per cult, per side (light, dark): each ability with its options, whether it is a
# sacrifice, and its smallest price (None: free). Made once: every player of every
# district asks whether it has a use (flow.advance), most of them with none.
_Plan = tuple[Ability, Options, bool, "_Price | None"]


def _plans(abilities: tuple[Ability, Ability]) -> tuple[_Plan, ...]:
    return tuple((ab, RULES[ab.key][0], ab.kind == "sacrifice",
                  price_of(ab, (1,)) if ab.cost else None) for ab in abilities)


_PLANS: Final = [(_plans(c.side(False)), _plans(c.side(True))) for c in B.DATA.cults]

def _use(key: str, args: Args) -> Action:
    return made_from("ability", (key, *args))


def side_abilities(s: CultState, p: int) -> tuple[Ability, Ability]:
    return B.DATA.cults[s.players[p].cult].side(B.dark_side(s, p))


def ability_actions(s: CultState, p: int, d: int, first_only: bool = False) -> list[Action]:
    """The legal uses of p's two abilities in district d (with ``first_only``: stop at the
    first one found, to learn cheaply whether there is any)."""
    out: list[Action] = []
    pl = s.players[p]
    for ab, options, sacrifice, least in _PLANS[pl.cult][pl.dark != pl.flipped]:
        if first_only and out:
            return out
        if sacrifice:
            if least is not None and not _within(s, p, least):
                continue  # cannot pay even the smallest price
            if first_only:
                # the first affordable use is enough (advance asks only whether any exists)
                for args in options(s, p, d, ab):
                    if _within(s, p, price_of(ab, args)):
                        return [_use(ab.key, args)]
                continue
            out += [_use(ab.key, args) for args in options(s, p, d, ab)
                    if _within(s, p, price_of(ab, args))]
            continue
        for m in masters(s, p, ab):
            free, shield = pl.free, pl.shield
            pl.free = free[:]
            pl.free.remove(m)
            pl.shield = [*shield, m]
            try:
                found = options(s, p, d, ab)
            finally:
                pl.free, pl.shield = free, shield
            master = level_token(m)
            out += [_use(ab.key, (master, *args)) for args in found]
            if first_only and out:
                return out
    return out


def apply_ability(s: CultState, p: int, d: int, a: Action) -> None:
    ab = BY_KEY[str(a.args[0])]
    pl = s.players[p]
    rest = a.args[1:]
    if ab.kind == "ritual":
        m = parse_level(rest[0])
        assert m is not None
        pl.free.remove(m)
        pl.shield.append(m)
        rest = rest[1:]
        s.log.add(s.round_no, T.t("performs", who=T.seat(s, p), ability=T.ability(ab.key),
                                  lv=level_token(m), master=T.priest_nom(m)))
    else:
        s.log.add(s.round_no, T.t("sacrifices", who=T.seat(s, p), ability=T.ability(ab.key)))
    cost = cost_of(ab, rest)
    pl.coins -= cost.get("coins", 0)
    pl.followers -= cost.get("followers", 0)
    pl.mobs -= cost.get("mobs", 0)
    n = cost.get("cards", 0)
    if n and B.card_count(s, p) > n:
        s.stack.append(("pay", p, n, d, ab.key, rest))
        return
    for c in B.payable_cards(s, p)[:n]:
        shared.pay_card(s, p, c)
    RULES[ab.key][1](s, p, d, ab, Action(ab.key, rest))


def pay_actions(s: CultState, p: int) -> list[Action]:
    return [action("pay", card_token(c)) for c in sorted(set(B.payable_cards(s, p)))]


def apply_pay(s: CultState, p: int, a: Action) -> None:
    _, _, n, d, key, rest = s.stack.pop()
    c = parse_card(a.args[0])
    assert c is not None
    shared.pay_card(s, p, c)
    if n > 1:
        s.stack.append(("pay", p, n - 1, d, key, rest))
        return
    RULES[key][1](s, p, d, BY_KEY[key], Action(key, rest))
