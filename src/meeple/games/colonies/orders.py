"""Orders: what a player may order this season, and why an order is refused.

The legal list is made by filtering candidate orders through the same check that
explains a refusal, so the two can never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.colonies.data import load
from meeple.games.colonies.model import RESOURCES, Order, order_gold

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules
PROVINCES = len(DATA.provinces)
HEAT_PAYS = ("gold", "loyalty")


def season_key(s: ColoniesState) -> str:
    return DATA.season(s.season_no)[0]


def harvest_income(s: ColoniesState, p: int) -> int:
    """Gold the Leaf-fall harvest brings p at the start of this season."""
    if season_key(s) != "leaf-fall":
        return 0
    per: int = RULES["events"]["leaf-fall"]["income"]
    if s.players[p].team == "traders":
        per += RULES["teams"]["traders"]["gold_on_harvest"]
    sheet = s.players[p]
    n = sum(1 for prov, _roll, ok in s.harvest
            if s.owner[prov - 1] == p and (ok or prov in sheet.forced))
    return n * per


def _harvested(s: ColoniesState, p: int) -> int:
    sheet = s.players[p]
    return sum(1 for prov, _roll, ok in s.harvest
               if s.owner[prov - 1] == p and (ok or prov in sheet.forced))


def _cost(o: Order) -> int:
    return order_gold(o) + (RULES["colonize_cost"] if o[0] == "colonize" else 0)


def available_gold(s: ColoniesState, p: int, orders: list[Order] | None = None) -> int:
    """Gold p can still promise: what p holds, what the season's start brings, less what
    p's orders already spend. A spy writing new orders has received the season's start
    and paid for espionage already: the gold held is all there is."""
    sheet = s.players[p]
    todo = sheet.orders if orders is None else orders
    if s.phase == "spy":
        return sheet.gold - sum(_cost(o) for o in todo if o[0] != "espionage")
    return (sheet.gold + sheet.thaw.count("gold") + harvest_income(s, p)
            - sum(_cost(o) for o in todo))


def possible_colonies(s: ColoniesState, p: int) -> int:
    """Colonies p may hold at the end of the season, for the Heat's choices: those held,
    those ordered colonized, and colonies p attacks (a captured colony stays one)."""
    held = sum(1 for i, o in enumerate(s.owner) if o == p and s.colonized[i])
    orders = s.players[p].orders
    return held + sum(1 for o in orders if o[0] == "colonize" or (
        o[0] == "offensive" and isinstance(o[1], int) and s.colonized[o[1] - 1]))


def max_orders(s: ColoniesState, p: int) -> int:
    for spy, _target, kept in s.spies:
        if spy == p:
            return kept + 2
    return int(RULES["actions_per_season"])


def order_problem(s: ColoniesState, p: int, o: Order) -> str | None:
    """Why p may not add order o now, or None if p may."""
    sheet = s.players[p]
    kind = o[0]
    limit = max_orders(s, p)
    if len(sheet.orders) >= limit:
        return (f"you already have {len(sheet.orders)} actions this season, the most allowed "
                "(cancel one first)")
    avail = available_gold(s, p)
    if kind == "offensive":
        if len(o) != 2:
            return "write: offensive PROVINCE"
        prov = o[1]
        if not isinstance(prov, int) or not 1 <= prov <= PROVINCES:
            return f"unknown province {prov} (provinces are 1 to {PROVINCES})"
        if s.owner[prov - 1] == p:
            return f"you already hold province {prov}"
        if any(x[0] == "offensive" and x[1] == prov for x in sheet.orders):
            return f"you already attack province {prov} this season"
        if s.options.get("adjacency"):
            mine = [i + 1 for i, o_ in enumerate(s.owner) if o_ == p]
            if not any(prov in DATA.provinces[m - 1].next for m in mine):
                return f"province {prov} borders none of your provinces"
        return None
    if kind == "colonize":
        if len(o) != 2:
            return "write: colonize PROVINCE"
        prov = o[1]
        if not isinstance(prov, int) or not 1 <= prov <= PROVINCES:
            return f"unknown province {prov} (provinces are 1 to {PROVINCES})"
        if s.colonized[prov - 1]:
            return f"province {prov} is already colonized"
        # Colonization comes after the Offensives: a province attacked now may be held then.
        attacking = any(x[0] == "offensive" and x[1] == prov for x in sheet.orders)
        if s.owner[prov - 1] != p and not attacking:
            return f"you do not hold province {prov} and make no Offensive on it"
        if any(x[0] == "colonize" and x[1] == prov for x in sheet.orders):
            return f"you already colonize province {prov} this season"
        cost = RULES["colonize_cost"]
        if avail < cost:
            return f"colonizing costs {cost} gold and you have {avail} left for orders"
        return None
    if kind == "propaganda":
        if len(o) != 3 or o[1] not in ("loyalty", "reputation"):
            return "write: propaganda loyalty|reputation GOLD"
        gold = o[2]
    elif kind == "recruit":
        if len(o) != 2:
            return "write: recruit GOLD"
        gold = o[1]
    elif kind == "espionage":
        if any(spy == p for spy, _t, _k in s.spies):
            return "replacement actions cannot be espionage"
        if len(o) != 3:
            return "write: espionage PLAYER GOLD"
        target, gold = o[1], o[2]
        if target == p:
            return "you cannot spy on yourself"
        if not isinstance(target, int) or not 0 <= target < s.n:
            shown = target + 1 if isinstance(target, int) else target
            return f"no player {shown} to spy on: the players are 1 to {s.n}"
        if isinstance(gold, int) and gold < RULES["espionage"]["min_gold"]:
            return "espionage costs at least 1 gold"
    else:
        return f"unknown action {kind!r} (offensive, propaganda, recruit, colonize, espionage)"
    if not isinstance(gold, int):
        return f"gold must be a whole number, not {gold!r}"
    if gold > avail:
        return f"not enough gold: {gold} asked, {avail} left for orders"
    return None


def candidates(s: ColoniesState, p: int) -> list[Order]:
    gold = max(0, available_gold(s, p))
    out: list[Order] = [("offensive", prov) for prov in range(1, PROVINCES + 1)]
    out += [("colonize", prov) for prov in range(1, PROVINCES + 1)]
    out += [("propaganda", stat, g) for stat in ("loyalty", "reputation") for g in range(gold + 1)]
    out += [("recruit", g) for g in range(gold + 1)]
    out += [("espionage", q, g) for q in range(s.n) if q != p for g in range(1, gold + 1)]
    return out


def order_actions(s: ColoniesState, p: int) -> list[Action]:
    sheet = s.players[p]
    out: list[Action] = []
    if len(sheet.orders) < max_orders(s, p):
        out += [Action(o[0], o[1:]) for o in candidates(s, p) if order_problem(s, p, o) is None]
    first_cancellable = next((k for spy, _t, k in s.spies if spy == p), 0)
    out += [Action("cancel", (i + 1,)) for i in range(first_cancellable, len(sheet.orders))]
    key = season_key(s)
    if key == "heat":
        # The Heat is paid at the season's end: a spy's new colony gets its choice too.
        if len(sheet.heat) < possible_colonies(s, p):
            out += [Action("heat", (res,)) for res in HEAT_PAYS]
        if sheet.heat:
            out.append(Action("unheat"))
    if s.phase == "spy":
        # The season's start is over: no Thaw, force or ravens any more.
        return [*out, Action("submit")]
    out += [Action("unraven", (i + 1,)) for i in range(len(sheet.ravens))]
    if sheet.thaw_bonus > len(sheet.thaw):
        out += [Action("thaw", (res,)) for res in RESOURCES]
    if sheet.thaw and (sheet.thaw[-1] != "gold" or available_gold(s, p) >= 1):
        out.append(Action("unthaw"))
    if key == "leaf-fall":
        per = harvest_income(s, p) // max(1, _harvested(s, p))
        for prov, _roll, ok in s.harvest:
            if s.owner[prov - 1] != p or ok:
                continue
            if prov not in sheet.forced:
                out.append(Action("force", (prov,)))
            elif available_gold(s, p) >= per:
                out.append(Action("unforce", (prov,)))
    out.append(Action("submit"))
    return out


def side_problem(s: ColoniesState, p: int, a: Action) -> str:
    """Why an action beside the five orders (thaw, heat, force, cancel...) is refused."""
    sheet = s.players[p]
    k, args = a.kind, a.args
    key = season_key(s)
    if s.phase == "spy" and k not in ("cancel", "submit", "heat", "unheat"):
        return f"{k}: the season has started; only your new actions can be given now"
    if k == "cancel":
        first = next((kept for spy, _t, kept in s.spies if spy == p), 0)
        if len(args) == 1 and isinstance(args[0], int) and 1 <= args[0] <= first:
            return f"action {args[0]} is already under way (espionage has been resolved)"
        return f"there is no action {args[0] if args else '?'} of yours to cancel"
    if k == "unraven":
        return f"there is no raven {args[0] if args else '?'} of yours to take back"
    if k in ("thaw", "unthaw"):
        if key != "thaw":
            return f"supplies from home come only in Thaw, not in {s.season_label()}"
        if k == "unthaw":
            if not sheet.thaw:
                return "no supply unit is chosen yet"
            return "the gold of that unit is promised by your orders (cancel one first)"
        if len(args) != 1 or args[0] not in RESOURCES:
            return f"write: thaw RESOURCE, with resources {', '.join(RESOURCES)}"
        if not sheet.thaw_bonus:
            return f"your reputation does not beat the Thaw roll {s.thaw_roll}: no supplies"
        return f"the Thaw units are used up ({sheet.thaw_bonus} chosen)"
    if k in ("heat", "unheat"):
        if key != "heat":
            return f"the Heat's payments are chosen only in Heat, not in {s.season_label()}"
        if k == "unheat":
            return "no Heat payment is chosen yet"
        if len(args) != 1 or args[0] not in HEAT_PAYS:
            return "write: heat gold or heat loyalty (one for each colony)"
        n = possible_colonies(s, p)
        if not n:
            return "you have no colony to pay the Heat for"
        return (f"each of your {n} colon{'y' if n == 1 else 'ies'} already has its Heat "
                "payment chosen (unheat to change one)")
    if k in ("force", "unforce"):
        if key != "leaf-fall":
            return f"taxes are collected by force only in Leaf-fall, not in {s.season_label()}"
        prov = args[0] if len(args) == 1 else None
        roll = next((h for h in s.harvest if h[0] == prov), None)
        if roll is None or s.owner[roll[0] - 1] != p:
            return f"province {prov} is not a colony of yours with a harvest roll"
        if roll[2]:
            return f"this colony already paid: the harvest of province {prov} succeeded"
        if k == "force":
            return f"taxes in province {prov} are already collected by force"
        if prov not in sheet.forced:
            return f"taxes in province {prov} are not collected by force"
        return f"the gold of province {prov}'s harvest is promised by your orders"
    return f"{k} is not an order this season"


def raven_problem(s: ColoniesState, p: int, a: Action) -> str | None:
    if len(a.args) != 2 or not isinstance(a.args[0], int) or not isinstance(a.args[1], str):
        return 'write: raven PLAYER "message"'
    to, text = int(a.args[0]), str(a.args[1])
    if to == p:
        return "a raven flies to another player, not to yourself"
    if not 0 <= to < s.n:
        return f"no player {to + 1} to send a raven to: the players are 1 to {s.n}"
    if not text.strip():
        return "a raven needs a message"
    if len(text) > RULES["raven_max_chars"]:
        return f"a raven carries at most {RULES['raven_max_chars']} characters"
    if len(s.players[p].ravens) >= RULES["ravens_per_season"]:
        return f"you already send {RULES['ravens_per_season']} ravens this season, the most allowed"
    if any(spy == p for spy, _t, _k in s.spies):
        return "ravens go with the first orders of the season"
    return None


def apply_order_action(s: ColoniesState, p: int, a: Action) -> None:
    sheet = s.players[p]
    k = a.kind
    if k == "cancel":
        sheet.orders.pop(int(a.args[0]) - 1)
    elif k == "raven":
        sheet.ravens.append((int(a.args[0]), str(a.args[1])))
    elif k == "unraven":
        sheet.ravens.pop(int(a.args[0]) - 1)
    elif k == "thaw":
        sheet.thaw.append(str(a.args[0]))
    elif k == "unthaw":
        sheet.thaw.pop()
    elif k == "heat":
        sheet.heat.append(str(a.args[0]))
    elif k == "unheat":
        sheet.heat.pop()
    elif k == "force":
        sheet.forced.append(int(a.args[0]))
    elif k == "unforce":
        sheet.forced.remove(int(a.args[0]))
    elif k == "submit":
        sheet.submitted = True
    else:
        sheet.orders.append((k, *a.args))


