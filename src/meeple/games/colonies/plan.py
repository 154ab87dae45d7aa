"""A season's plan for one player, for bots: the orders and side choices worth giving,
read from that player's own facts and the public board only (never another player's
resources or orders), and the next action that moves the player's draft towards it.

The numbers a plan weighs (how much gold to keep, when loyalty pays the Heat) are the
bot's judgement, not rules; the rules' numbers come from ``data/rules.yaml``.
"""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.core.rng import Rng
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, Order
from meeple.games.colonies.orders import available_gold, possible_colonies, season_key
from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules
PROVINCES = len(DATA.provinces)

# The bot's judgement (not rules): swaps before the game, the loyalty kept before the
# Heat is paid in gold, the army that dares the Frost's natives, the army the Thaw's
# units build before reputation (base plus so much per Thaw), the armies that go out.
SWAPS = (("loyalty", "reputation"), ("loyalty", "reputation"))
LOYALTY_FLOOR = 3
FROST_ARMY = 4
ARMY_BASE = 4
ARMY_PER_THAW = 3
STRONG_ARMY = 10
EARLY_SEASONS = 2
SAFE_ARMY = 8


def next_action(s: ColoniesState, me: int, rng: Rng) -> Action:
    """The next step towards this season's plan: side choices, then the orders in
    order, then the Heat's payments, then ``submit``."""
    pl = s.players[me]
    if s.phase == "setup":
        if len(pl.swaps) < len(SWAPS):
            give, get = SWAPS[len(pl.swaps)]
            return Action("swap", (give, get))
        return Action("ready")
    if s.phase != "orders":
        return Action("submit")
    if pl.thaw_bonus > len(pl.thaw):
        return Action("thaw", (thaw_unit(s, me),))
    if season_key(s) == "leaf-fall":
        for prov, _roll, ok in s.harvest:
            if s.owner[prov - 1] == me and not ok and prov not in pl.forced:
                return Action("force", (prov,))
    wanted = orders(s, me, rng)
    given = pl.orders
    if given != wanted[:len(given)]:
        return Action("cancel", (len(given),))
    if len(given) < len(wanted):
        o = wanted[len(given)]
        return Action(o[0], o[1:])
    if season_key(s) == "heat" and len(pl.heat) < possible_colonies(s, me):
        return Action("heat", (heat_payment(s, me),))
    return Action("submit")


def heat_payment(s: ColoniesState, me: int) -> str:
    """Loyalty scores nothing at the end and gold does: pay in loyalty while it stays
    above the floor (the Harvest needs loyalty above a d10), and always at the end."""
    pl = s.players[me]
    last = s.season_no >= int(s.options["seasons"]) - 1
    cost = int(RULES["events"]["heat"]["cost"])
    after = pl.loyalty - cost * (pl.heat.count("loyalty") + 1)
    return "loyalty" if last or after >= LOYALTY_FLOOR else "gold"


def _last_thaw(s: ColoniesState) -> bool:
    """This Thaw's supplies are the last before the count."""
    seasons = int(s.options["seasons"])
    return not any(DATA.season(i)[0] == "thaw" for i in range(s.season_no + 1, seasons))


def thaw_unit(s: ColoniesState, me: int) -> str:
    """Reputation wins next year's supplies (one unit per point above a d10), so units
    go to reputation, after an army that deters attacks; the last Thaw's units go where
    the count rewards them: gold and army as well as reputation."""
    pl = s.players[me]
    chosen = pl.thaw
    if _last_thaw(s):
        share = {"gold": 0.4, "army": 0.3, "reputation": 0.3}
        bonus = pl.thaw_bonus
        for res, part in share.items():
            if chosen.count(res) < int(bonus * part):
                return res
        return "gold"
    thaws = sum(1 for i in range(s.season_no + 1) if DATA.season(i)[0] == "thaw")
    target = ARMY_BASE + ARMY_PER_THAW * thaws
    if pl.army + chosen.count("army") < target:
        return "army"
    return "reputation"


def orders(s: ColoniesState, me: int, rng: Rng) -> list[Order]:
    """This season's actions (at most the season's two), in the order they are given:
    propaganda for reputation with the spare gold (gold kept from the last Thaw on, as
    gold scores at the count), and land: an unowned province, or, with an army well
    above the start, another player's."""
    pl = s.players[me]
    key = season_key(s)
    slots = int(RULES["actions_per_season"])
    gold = max(0, available_gold(s, me, []))
    seasons = int(s.options["seasons"])
    thaws = [i for i in range(seasons) if DATA.season(i)[0] == "thaw"]
    keep = bool(thaws) and s.season_no >= thaws[-1]  # gold scores at the count
    unowned = [p for p in range(1, PROVINCES + 1) if s.owner[p - 1] == NOBODY]
    rng.shuffle(unowned)
    others = [p for p in range(1, PROVINCES + 1) if s.owner[p - 1] not in (NOBODY, me)]
    rng.shuffle(others)
    out: list[Order] = [("propaganda", "reputation", 0 if keep else gold)]
    uncolonized = [p for p in range(1, PROVINCES + 1)
                   if s.owner[p - 1] == me and not s.colonized[p - 1]]
    if keep and uncolonized and gold >= int(RULES["colonize_cost"]):
        # A colony or two at the end: the colonies' point is often won with one or two.
        out = [("colonize", uncolonized[0])]
    if key == "frost":
        if unowned and pl.army >= FROST_ARMY:
            out.append(("offensive", unowned[0]))
    elif unowned and (s.season_no < EARLY_SEASONS or pl.army >= SAFE_ARMY):
        # An attack elsewhere halves the defence at home: after the first rush for
        # land, only an army that stays strong when halved goes out.
        out.append(("offensive", unowned[0]))
    if len(out) < slots and others and pl.army >= STRONG_ARMY:
        out.append(("offensive", others[0]))
    while len(out) < slots:
        out.append(("propaganda", "reputation", 0))
    return out
