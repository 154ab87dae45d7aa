"""What a Splendor player sees: the facts (for bots and adapters), the table (for the
browser and the terminal), the sentences of the choices, and the bots' judgement of a
position. A card reserved from the top of a deck is shown to its owner alone; the others
see its level."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.text import Message, Text
from meeple.games.splendor.state import (
    CARDS,
    COLOURS,
    GEMS,
    GOLD,
    LEVELS,
    NOBLES,
    RULES,
    card_name,
    needs_text,
    paid_text,
)
from meeple.kit import Piece, Seat, Stat, Table, Zone

if TYPE_CHECKING:
    from meeple.games.splendor.state import SplendorState

# The colour of each level's card backs, as the printed decks
BACKS = {1: "green", 2: "yellow", 3: "blue"}


def _gem(c: int) -> Text:
    return Text(f"splendor.gem.{COLOURS[c]}")


def _name(c: int) -> Text:
    return Text(f"splendor.name.{COLOURS[c]}")


def card_fact(card: int) -> dict[str, Any]:
    c = CARDS[card]
    return {"id": c.id, "level": c.level, "bonus": GEMS[c.bonus], "points": c.points,
            "cost": {GEMS[i]: n for i, n in enumerate(c.cost) if n}}


def facts(s: SplendorState, viewer: int | None) -> dict[str, Any]:
    def reserved(p: int) -> list[dict[str, Any]]:
        return [card_fact(c) if p == viewer or not s.blind[p][i] else {"level": CARDS[c].level}
                for i, c in enumerate(s.reserved[p])]

    return {
        "turn": s.turn, "step": s.step, "taking": [GEMS[c] for c in s.taking],
        "bank": dict(zip(COLOURS, s.bank, strict=True)),
        "market": [[card_fact(c) for c in row] for row in s.market],
        "decks": [len(d) for d in s.decks],
        "nobles": [{"id": x, "needs": {GEMS[i]: n for i, n in enumerate(NOBLES[x]) if n}}
                   for x in s.nobles],
        "players": [{"points": s.points(p), "gems": dict(zip(COLOURS, s.gems[p], strict=True)),
                     "bonuses": dict(zip(GEMS, s.bonuses(p), strict=True)),
                     "bought": list(s.bought[p]), "reserved": reserved(p),
                     "nobles": list(s.visited[p])} for p in range(s.n)],
    }


def _card(card: int, actions: list[str]) -> Piece:
    c = CARDS[card]
    col = GEMS[c.bonus]
    cost = [Stat("gem", n, _name(i), colour=GEMS[i]) for i, n in enumerate(c.cost) if n]
    return Piece(f"card-{card}", _name(c.bonus), kind="card", icon="gem", colour=col,
                 value=c.points or None, cost=cost, tag=Text("splendor.level", level=c.level),
                 help=Text("splendor.card_help", gem=_gem(c.bonus),
                           points=Text("splendor.points", n=c.points),
                           cost=paid_text(list(c.cost))),
                 actions=actions)


def _back(ident: str, level: int) -> Piece:
    return Piece(ident, Text("splendor.back", level=level), kind="card", colour=BACKS[level],
                 face_down=True, help=Text("splendor.back_help", level=level))


def _noble(x: int) -> Piece:
    needs = NOBLES[x]
    return Piece(f"noble-{x}", Text("splendor.noble"), kind="card", icon="crown", colour="purple",
                 value=RULES["noble_points"],
                 cost=[Stat("card", n, Text(f"splendor.bonus.{GEMS[i]}"), colour=GEMS[i])
                       for i, n in enumerate(needs) if n],
                 help=Text("splendor.noble_help", needs=needs_text(needs),
                           n=RULES["noble_points"]),
                 actions=[f"noble {x}"])


def _chips(ident: str, counts: list[int], verb: str, colours: range) -> list[Piece]:
    return [Piece(f"{ident}-{COLOURS[c]}", _name(c), kind="chip",
                  icon="coin" if c == GOLD else "gem", colour=COLOURS[c], count=counts[c],
                  help=Text(f"splendor.{ident}_help.{'gold' if c == GOLD else 'gem'}", gem=_gem(c)),
                  actions=[f"{verb} {COLOURS[c]}"] if verb else [])
            for c in colours]


def table(s: SplendorState, viewer: int | None) -> Table:
    board = [Zone("nobles", "row", Text("splendor.nobles"), pieces=[_noble(x) for x in s.nobles],
                  help=Text("splendor.nobles_help"))]
    for lv in reversed(range(LEVELS)):
        board.append(Zone(
            f"level-{lv + 1}", "row", Text("splendor.level_row", level=lv + 1),
            pieces=[_card(c, [f"buy {c}", f"reserve {c}"]) for c in s.market[lv]],
            count=len(s.decks[lv]), help=Text("splendor.deck_help", level=lv + 1),
            actions=[f"reserve deck {lv + 1}"]))
    board.append(Zone("bank", "supply", Text("splendor.bank"),
                      pieces=_chips("bank", s.bank, "take", range(GOLD + 1)),
                      help=Text("splendor.bank_help")))
    seats = []
    for p in range(s.n):
        bonus = s.bonuses(p)
        stats = [Stat("coin" if c == GOLD else "gem", s.gems[p][c], _name(c), colour=COLOURS[c],
                      id=f"gems-{p}-{COLOURS[c]}") for c in range(GOLD + 1)]
        stats += [Stat("card", bonus[c], Text(f"splendor.bonus.{GEMS[c]}"), colour=GEMS[c],
                       id=f"bonus-{p}-{GEMS[c]}") for c in range(GOLD)]
        stats.append(Stat("card", len(s.bought[p]), Text("splendor.bought"), id=f"bought-{p}"))
        zones = []
        if p != viewer:
            held = [_back(f"hidden-{p}-{i}", CARDS[c].level) if s.blind[p][i] else _card(c, [])
                    for i, c in enumerate(s.reserved[p])]
            zones.append(Zone(f"reserved-{p}", "row", Text("splendor.reserved"), pieces=held,
                              owner=p))
        if s.visited[p]:
            zones.append(Zone(f"visited-{p}", "row", Text("splendor.visited"), owner=p,
                              pieces=[_noble(x) for x in s.visited[p]]))
        seats.append(Seat(stats=stats, zones=zones, score=s.points(p)))
    mine = []
    if viewer is not None:
        mine = [Zone("my-gems", "supply", Text("splendor.my_gems"), owner=viewer,
                     pieces=_chips("my", s.gems[viewer], "return", range(GOLD + 1))),
                Zone("my-reserved", "hand", Text("splendor.my_reserved"), owner=viewer,
                     pieces=[_card(c, [f"buy {c}"]) for c in s.reserved[viewer]])]
    return Table(board, seats, mine, rules=[Text("splendor.rules", n=RULES["goal"])],
                 score_label=Text("splendor.score_label"))


def describe(s: SplendorState, player: int, action: Action) -> Message:
    kind, args = action.kind, action.args
    if kind in ("take", "return"):
        c = COLOURS.index(str(args[0]))
        pair = kind == "take" and c in s.taking
        return Text(f"splendor.do.{'take_pair' if pair else kind}",
                    gem=Text(f"splendor.count.{COLOURS[c]}", n=1))
    gold = "_gold" if s.bank[GOLD] > 0 else ""
    if kind == "buy":
        pay = s.payment(player, int(args[0])) or []
        return Text("splendor.do.buy", card=card_name(int(args[0])), paid=paid_text(pay))
    if kind == "reserve" and args[0] == "deck":
        return Text(f"splendor.do.reserve_deck{gold}", level=int(args[1]))
    if kind == "reserve":
        return Text(f"splendor.do.reserve{gold}", card=card_name(int(args[0])))
    if kind == "noble":
        return Text("splendor.do.noble", needs=needs_text(NOBLES[int(args[0])]))
    return Text(f"splendor.do.{kind}")


# The bots' weights for what is not yet points (tuned by arena runs, docs/rules/splendor.md)
W_BONUS, W_GEM, W_GOLD, W_REACH, W_NOBLE = 1.5, 0.15, 0.3, 0.6, 0.5


def standing(s: SplendorState) -> list[float]:
    """Points, and what brings points: bonuses (cheaper cards, nobles' needs), tokens, the
    nobles within reach, and the cards the player could soon pay for."""
    shown = [c for row in s.market for c in row]
    out = []
    for p in range(s.n):
        bonus, have = s.bonuses(p), s.gems[p]
        value = s.points(p) + W_BONUS * sum(bonus) + W_GEM * sum(have[:GOLD])
        value += W_GOLD * have[GOLD]
        for x in s.nobles:
            short = sum(max(0, need - bonus[c]) for c, need in enumerate(NOBLES[x]))
            value += RULES["noble_points"] * W_NOBLE ** short
        best = 0.0
        for card in shown + s.reserved[p]:
            c = CARDS[card]
            due = sum(max(0, price - bonus[i] - have[i]) for i, price in enumerate(c.cost))
            best = max(best, (c.points + W_BONUS) * W_REACH ** max(0, due - have[GOLD]))
        out.append(value + best)
    return out
