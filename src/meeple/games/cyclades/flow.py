"""The cycle of Cyclades: the creature track, the god track, revenue, the offerings
(auction), then each god's turn in track order and Apollo's last; and who is asked
what at every moment (a pending decision first: a battle, a creature's target...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.text import Text
from meeple.games.cyclades import battle, creatures, economy, titans, turn
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.listing import Listing
from meeple.games.cyclades.state import APOLLO, DATA, CycladesState

RULES: dict[str, Any] = DATA.rules


def prompts(s: CycladesState) -> list[Prompt]:
    if s.phase == "over":
        return []
    if s.pending:
        top = s.pending[-1]
        return [Prompt(int(top["player"]), str(top["type"]), pending_text(s, top))]
    if s.phase == "auction":
        p, banned = s.queue[0]
        if banned:
            text = T.t("prompt.bid.not", name=str(banned), god=T.god(str(banned)))
            return [Prompt(int(p), "bid", text)]
        return [Prompt(int(p), "bid", BID)]
    god, p = s.current()
    return [Prompt(p, "turn", T.t("prompt.turn", god=T.god(god)))]


BID = T.t("prompt.bid")
# The pending decisions' prompts that take no argument, made once.
PENDING = {k: T.t(f"prompt.{k}") for k in ("retreat", "metropolis", "prosper", "special",
                                            "kronos", "place", "kraken", "sphinx", "sylph",
                                            "loss", "transfer")}


def pending_text(s: CycladesState, top: dict[str, object]) -> Text:
    kind = str(top["type"])
    if kind == "target":
        name = str(top.get("creature"))  # English names it in lower case
        return T.t("prompt.target", name=name, card=T.card(name))
    if kind == "share":
        return T.t("prompt.share", n=int(str(top.get("gold"))),
                   why=T.card(str(top.get("why", ""))))
    return PENDING.get(kind) or T.t("prompt.other", kind=kind)


def legal(s: CycladesState, p: int) -> list[Action]:
    return options(s, p).listed()


def options(s: CycladesState, p: int) -> Listing:
    """The legal actions in parts: a random player draws one without listing them all."""
    if s.pending:
        out = Listing()
        out.add(pending_legal(s, s.pending[-1]))
        return out
    if s.phase == "auction":
        return bid_options(s, p)
    return turn.options(s, p)


# Who answers each kind of pending decision: its legal actions, and applying one.
Handler = tuple[Callable[[CycladesState, dict[str, Any]], list[Action]],
                Callable[[CycladesState, dict[str, Any], Action], None]]
CREATURE: Handler = (creatures.target_legal, creatures.apply_target)
ECONOMY: Handler = (economy.choice_legal, economy.apply_choice)
TITANS: Handler = (titans.choice_legal, titans.apply_choice)
HANDLERS: dict[str, Handler] = {
    "retreat": (battle.retreat_legal, battle.apply_retreat),
    "loss": (battle.loss_legal, battle.apply_loss),
    "target": CREATURE, "kraken": CREATURE, "sphinx": CREATURE, "sylph": CREATURE,
    "metropolis": ECONOMY, "special": ECONOMY, "prosper": ECONOMY,
    "kronos": TITANS, "place": TITANS, "share": TITANS, "transfer": TITANS,
}


def pending_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    return HANDLERS[str(top["type"])][0](s, top)


def apply(s: CycladesState, p: int, a: Action) -> None:
    if s.pending:
        top = s.pending[-1]
        HANDLERS[str(top["type"])][1](s, top, a)
    elif s.phase == "auction":
        bid(s, p, a)
    else:
        turn.apply(s, p, a)
    advance(s)


# ---- the cycle ------------------------------------------------------------------
def start_cycle(s: CycladesState) -> None:
    s.cycle += 1
    s.log.add(s.cycle, T.t("log.cycle", n=s.cycle))
    update_creatures(s)
    update_gods(s)
    if not (s.opt("free_start") and s.cycle == 1):
        economy.revenue(s)
    s.bids, s.apollo = {}, []
    s.queue = [[p, ""] for p in s.order if p not in s.eliminated]
    s.phase = "auction"


def update_creatures(s: CycladesState) -> None:
    """The card on the cheapest slot leaves; the others slide towards it; new cards
    fill the empty slots in use (one slot in the first cycle, two in the second)."""
    last = s.track[-1]
    if last:
        s.log.add(s.cycle, T.t("log.unsold", card=T.card(last)))
        if last not in DATA.artifacts:  # unsold artifacts leave the game
            s.discard.append(last)
    slots = RULES["track_slots_by_cycle"]
    active = int(slots[min(s.cycle, len(slots)) - 1])
    cards = [c for c in s.track[:-1] if c][:active]
    s.track = [""] * (active - len(cards)) + cards + [""] * (3 - active)
    for i in range(active):
        if not s.track[i]:
            s.track[i] = draw(s)
            if s.track[i]:
                s.log.add(s.cycle, T.t("log.appears", card=T.card(s.track[i])))
    s.used_temples = [0] * s.n


def draw(s: CycladesState) -> str:
    if not s.deck and s.discard:
        s.deck, s.discard = s.discard, []
        s.rng.shuffle(s.deck)
        s.log.add(s.cycle, T.t("log.reshuffle"))
    return s.deck.pop() if s.deck else ""


def god_pool(s: CycladesState) -> list[str]:
    return [g for g in DATA.rules["gods"] if g != "kronos" or s.opt("kronos")]


def update_gods(s: CycladesState) -> None:
    """Visible gods (besides Apollo): one fewer than offering markers; the face-down
    ones of the last cycle come first (a random part of them if there are more)."""
    pool = god_pool(s)
    markers = len([p for p in s.order if p not in s.eliminated])
    visible = min(len(pool), markers - 1)
    first = s.facedown[:]
    s.rng.shuffle(first)
    first = first[:visible]
    rest = [g for g in pool if g not in first]
    s.rng.shuffle(rest)
    line = first + rest
    s.gods, s.facedown = line[:visible], line[visible:]
    gods = [T.god(g) for g in s.gods]
    if s.facedown:
        s.log.add(s.cycle, T.t("log.gods.hidden", gods=T.commas(gods), n=len(s.facedown)))
    else:
        s.log.add(s.cycle, T.t("log.gods", gods=T.commas(gods)))


# ---- offerings ------------------------------------------------------------------
def payment(s: CycladesState, p: int, amount: int) -> int:
    """Each priest lowers an offering by one; at least one gold is paid."""
    return max(1, amount - s.priests[p])


def bids(s: CycladesState, p: int) -> list[Action]:
    return bid_options(s, p).listed()


def bid_options(s: CycladesState, p: int) -> Listing:
    """Each god not banned nor already ``p``'s, each amount ``p`` can pay from the lowest
    that outbids (the amounts of a god are counted, not listed); Apollo last."""
    _, banned = s.queue[0]
    out = Listing()
    # At two players a player's other standing offering is already promised.
    gold = s.gold[p] - sum(payment(s, p, amt) for g, (q, amt) in s.bids.items() if q == p)
    priests = s.priests[p]
    holder = titans.thunderbolt_holder(s)
    for g in s.gods:
        if g == banned:
            continue
        top = s.bids.get(g)
        if top and top[0] == p:
            continue
        surcharge = 1 if top and holder == top[0] != p else 0
        low = top[1] + 1 if top else 1
        # payment(amount) = max(1, amount - priests) rises with the amount: the amounts
        # paid for (with the Thunderbolt's coin) run from ``low`` to ``high``
        high = gold + priests - surcharge if 1 + surcharge <= gold else low - 1
        _amounts(out, g, low, high)
    if not (s.phase == "auction" and s.cycle == 0 and s.apollo) or not out.total:
        out.add([Action("bid", (APOLLO,))])
    return out


def _amounts(out: Listing, god: str, low: int, high: int) -> None:
    def nth(i: int) -> Action:
        return Action("bid", (god, low + i))

    def whole() -> list[Action]:
        return [Action("bid", (god, amount)) for amount in range(low, high + 1)]

    out.lazy(high - low + 1, nth, whole)


def bid(s: CycladesState, p: int, a: Action) -> None:
    s.queue.pop(0)
    god = str(a.args[0])
    if god == APOLLO:
        s.apollo.append(p)
        s.log.add(s.cycle, T.t("log.to_apollo", who=T.seat(p)))
        return
    amount = int(a.args[1])
    top = s.bids.get(god)
    if top:
        q = top[0]
        if titans.thunderbolt_holder(s) == q:
            s.gold[p] -= 1
            s.gold[q] += 1
            s.log.add(s.cycle, T.t("log.thunderbolt", who=T.seat(p), whom=T.seat(q)))
            titans.offer_share(s, q, 1, "thunderbolt")
        s.queue.insert(0, [q, god])
        s.log.add(s.cycle, T.t("log.outbids", who=T.seat(p), whom=T.seat(q), god=T.god(god),
                               n=amount))
    else:
        s.log.add(s.cycle, T.t("log.offers", who=T.seat(p), n=amount, god=T.god(god)))
    s.bids[god] = [p, amount]


def end_auction(s: CycladesState) -> None:
    s.turns = []
    for g in s.gods:
        if g in s.bids:
            p, amount = s.bids[g]
            paid = payment(s, p, amount)
            s.gold[p] -= paid
            s.turns.append([g, p])
            s.log.add(s.cycle, T.t("log.pays", who=T.seat(p), n=paid, god=T.god(g)))
    s.turns += [[APOLLO, p] for p in s.apollo]
    # The first to play bids last next cycle.
    s.order = [int(turn[1]) for turn in s.turns[::-1]]
    s.turn = 0
    if s.cycle == 0:
        titans.start_placement(s)
        return
    s.phase = "actions"
    turn.start(s)


def advance(s: CycladesState) -> None:
    """Move on until somebody has a decision to make (or the game is over)."""
    while s.phase != "over" and not s.pending:
        if s.phase == "auction":
            if s.queue:
                return
            end_auction(s)
        elif s.phase == "placement":
            if not titans.next_placement(s):
                start_cycle(s)
        elif s.phase == "actions":
            if s.used.get("ended"):
                s.turn += 1
                if s.turn >= len(s.turns):
                    if not economy.end_of_cycle(s):
                        start_cycle(s)
                    continue
                turn.start(s)
            else:
                return
