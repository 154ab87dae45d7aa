"""What a Jaipur player sees: the facts (bots, adapters), the table (the browser and the
terminal), the sentences of the choices, and the bots' judgement of a position. A hand,
the goods an exchange is giving back and the values of one's bonus tokens are shown to
their owner only; the deck's order and the bonus piles to nobody."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.actions import Action
from meeple.core.text import Message, Text
from meeple.games.jaipur.state import BONUS_SIZES, CAMEL, GOODS, RULES, good, goods_list, min_sale
from meeple.kit import Piece, Seat, Stat, Table, Zone

if TYPE_CHECKING:
    from meeple.games.jaipur.state import JaipurState

COLOURS = {"diamond": "red", "gold": "gold", "silver": "grey", "cloth": "purple",
           "spice": "green", "leather": "brown", CAMEL: "yellow"}


def t(key: str, **args: Any) -> Text:
    return Text(f"jaipur.{key}", **args)


def facts(s: JaipurState, viewer: int | None) -> dict[str, Any]:
    return {
        "market": list(s.market), "deck": len(s.deck), "discard": list(s.discard),
        "tokens": {g: list(s.tokens[g]) for g in GOODS},
        "bonus_left": [len(pile) for pile in s.bonus],
        "hand": list(s.hands[viewer]) if viewer is not None else None,
        "hand_sizes": [len(h) + (len(s.giving) if p == s.turn else 0)
                       for p, h in enumerate(s.hands)],
        "herds": list(s.herds), "goods_tokens": [list(w) for w in s.goods_won],
        "bonus_tokens": [[len(pile) for pile in won] for won in s.bonus_won],
        "my_bonus": ([list(pile) for pile in s.bonus_won[viewer]]
                     if viewer is not None else None),
        "seals": list(s.seals), "results": [list(r) for r in s.results],
        "turn": s.turn, "starter": s.starter,
        "exchange": {"taking": list(s.taking), "camels": s.giving_camels,
                     "giving": list(s.giving) if viewer == s.turn else len(s.giving)},
    }


def _next_tokens(s: JaipurState, g: str) -> Text:
    pile = s.tokens[g]
    return t("pile_help", good=good(g), values=pile) if pile else t("pile_empty", good=good(g))


def _card(s: JaipurState, ident: str, card: str, actions: list[str],
          tag: Text | None = None) -> Piece:
    if card == CAMEL:
        return Piece(ident, good(CAMEL), kind="card", icon="camel", colour=COLOURS[CAMEL],
                     help=t("camel_help"), actions=actions, tag=tag)
    top = s.tokens[card][0] if s.tokens[card] else None
    return Piece(ident, good(card), kind="card", colour=COLOURS[card], value=top,
                 text=_next_tokens(s, card), actions=actions, tag=tag,
                 help=t("card_help", good=good(card), n=min_sale(card)))


def _market(s: JaipurState) -> Zone:
    pieces = []
    for i, card in enumerate(s.market):
        if s.taking:
            actions = [] if card == CAMEL or i in s.taking or s.giving or s.giving_camels \
                else [f"pick {card}"]
        else:
            actions = ["camels"] if card == CAMEL else [f"take {card}", f"trade {card}"]
        tag = t("picked") if i in s.taking else None
        pieces.append(_card(s, f"market-{i}-{card}", card, actions, tag))
    return Zone("market", "row", t("market"), pieces=pieces, count=len(s.deck),
                help=t("market_help"))


def _supply(s: JaipurState) -> list[Zone]:
    tokens = [Piece(f"tokens-{g}", good(g), kind="token", colour=COLOURS[g],
                    value=s.tokens[g][0] if s.tokens[g] else None, count=len(s.tokens[g]),
                    help=_next_tokens(s, g)) for g in GOODS]
    low = {size: min(RULES["bonus"][size]) for size in BONUS_SIZES}
    high = {size: max(RULES["bonus"][size]) for size in BONUS_SIZES}
    bonus = [Piece(f"bonus-{size}", t("bonus_pile", size=size), kind="token", icon="token",
                   value="?", count=len(s.bonus[i]),
                   help=t("bonus_help", size=size, low=low[size], high=high[size]))
             for i, size in enumerate(BONUS_SIZES)]
    bonus.append(Piece("camel-token", t("camel_token"), kind="token", icon="camel",
                       value=RULES["camel_token"], help=t("camel_token_help",
                                                          n=RULES["camel_token"])))
    return [Zone("tokens", "supply", t("tokens"), pieces=tokens, help=t("tokens_help")),
            Zone("bonus", "supply", t("bonus"), pieces=bonus)]


def _exchange(s: JaipurState, viewer: int | None) -> list[Zone]:
    if not s.taking:
        return []
    given = [_card(s, f"given-{k}-{c}", c, []) if viewer == s.turn
             else Piece(f"given-{k}", t("a_card"), kind="card", face_down=True)
             for k, c in enumerate(s.giving)]
    given += [_card(s, f"given-camel-{k}", CAMEL, []) for k in range(s.giving_camels)]
    taken = goods_list([s.market[i] for i in s.taking])
    return [Zone("exchange", "row", t("exchange", player=s.seat(s.turn), taken=taken),
                 pieces=given, help=t("exchange_help"))]


def _hand(s: JaipurState, viewer: int) -> list[Zone]:
    hand = s.hands[viewer]
    cards = []
    for k, card in enumerate(hand):
        n = hand.count(card)
        actions = [f"sell {card} {m}" for m in range(min_sale(card), n + 1)]
        cards.append(_card(s, f"hand-{card}-{k - hand.index(card)}", card,
                           [*actions, f"give {card}"]))
    herd = [Piece(f"herd-{viewer}-camels", good(CAMEL), kind="card", icon="camel",
                  colour=COLOURS[CAMEL], count=s.herds[viewer], help=t("herd_help"),
                  actions=["give camel"])] if s.herds[viewer] else []
    bonus = [Piece(f"my-bonus-{size}-{k}", t("bonus_pile", size=size), kind="token",
                   icon="token", value=v, help=t("my_bonus_help", size=size, n=v))
             for i, size in enumerate(BONUS_SIZES) for k, v in enumerate(s.bonus_won[viewer][i])]
    out = [Zone("hand", "hand", t("hand"), pieces=cards, owner=viewer,
                help=t("hand_help", n=RULES["hand_limit"])),
           Zone("herd", "stack", t("herd"), pieces=herd, owner=viewer)]
    if bonus:
        out.append(Zone("my-bonus", "row", t("my_bonus"), pieces=bonus, owner=viewer))
    return out


def table(s: JaipurState, viewer: int | None) -> Table:
    board = [_market(s), Zone("deck", "deck", t("deck"), count=len(s.deck)),
             Zone("discard", "deck", t("discard"), count=len(s.discard),
                  pieces=[_card(s, "discard-top", s.discard[-1], [])] if s.discard else []),
             *_supply(s), *_exchange(s, viewer)]
    sizes = facts(s, None)["hand_sizes"]
    seats = [Seat(stats=[
        Stat("card", sizes[p], t("hand_size")),
        Stat("camel", s.herds[p], t("herd_size"), colour=COLOURS[CAMEL]),
        Stat("coin", sum(s.goods_won[p]), t("goods_rupees"), help=t("goods_rupees_help")),
        Stat("token", sum(len(x) for x in s.bonus_won[p]), t("bonus_count"),
             help=t("bonus_count_help")),
        Stat("seal", s.seals[p], t("seals"), colour="gold")],
        score=s.seals[p]) for p in range(2)]
    mine = _hand(s, viewer) if viewer is not None else []
    rules: list[Message] = [t("rules", n=RULES["hand_limit"], seals=s.options["seals"])]
    return Table(board, seats, mine, rules=rules, score_label=t("seals"))


def describe(s: JaipurState, player: int, action: Action) -> Message:
    kind, args = action.kind, action.args
    if kind == "sell":
        g, n = str(args[0]), int(args[1])
        values = s.tokens[g][:n]
        key = "do.sell" if values else "do.sell_none"
        bonus = t("do.with_bonus", size=min(n, BONUS_SIZES[-1])) if n >= BONUS_SIZES[0] \
            else t("do.no_bonus")
        return t(key, n=n, good=good(g), values=values, rupees=sum(values), bonus=bonus)
    if kind == "camels":
        return t("do.camels", n=s.market.count(CAMEL))
    if kind == "give" and args[0] == CAMEL:
        return t("do.give_camel")
    if kind == "cancel":
        taken = [s.market[i] for i in s.taking]
        return t("do.cancel", taken=goods_list(taken))
    return t(f"do.{kind}", good=good(str(args[0])))


def _held(s: JaipurState, g: str, n: int) -> float:
    """What n cards of g in hand are worth: part of the tokens they would sell for now,
    and something towards a bonus."""
    return 0.6 * sum(s.tokens[g][:n]) + (1.5 * (n - 2) if n >= 3 else 0.0)


def _herd(herd: int, other: int) -> float:
    token = float(RULES["camel_token"]) * (0.5 if herd > other else -0.5 if herd < other else 0.0)
    return token + 0.4 * min(herd, 4)


def _goods(s: JaipurState, counts: dict[str, int]) -> float:
    return sum(_held(s, g, n) for g, n in counts.items() if n)


def _paid(s: JaipurState, counts: dict[str, int], taken: list[str], herd: int, other: int,
          due: int) -> float:
    """The best value of the hand and herd once ``due`` more cards are given back for the
    goods ``taken`` (counted in ``counts``): at least enough goods for the hand limit, the
    cheapest first, the rest camels; -inf when it cannot be paid."""
    hand = sum(counts.values()) - len(taken)
    kinds = [g for g in counts if g not in taken]
    fewest = max(0, sum(counts.values()) - RULES["hand_limit"], due - herd)
    left = dict(counts)
    best = float("-inf")
    for m in range(due + 1):
        if m >= fewest and m <= hand:
            best = max(best, _goods(s, left) + _herd(herd - (due - m), other))
        cheapest = min((g for g in kinds if left[g]),
                       key=lambda g: _held(s, g, left[g]) - _held(s, g, left[g] - 1),
                       default=None)
        if cheapest is None:
            break
        left[cheapest] -= 1
    return best


def _exchange_value(s: JaipurState, counts: dict[str, int], herd: int, other: int) -> float:
    """An exchange under way judged by its best end: as it stands, or with one more good
    when it has only one."""
    taken = [s.market[i] for i in s.taking]
    due = len(taken) - len(s.giving) - s.giving_camels
    if len(taken) >= 2:
        return _paid(s, counts, taken, herd, other, due)
    best = float("-inf")
    for y in s.market_goods():
        more = dict(counts)
        more[y] = more.get(y, 0) + 1
        best = max(best, _paid(s, more, [*taken, y], herd, other, due + 1))
    return best


def standing(s: JaipurState) -> list[float]:
    """Rupees in tokens, the camel token as it stands, what the goods held would sell for,
    with a seal worth a round's margin. An exchange under way counts as its best end; a
    turn where an exchange was called off counts far less, so that a bot judging by it
    never calls one off to start it again."""
    out = []
    for p in range(2):
        counts = {g: 0 for g in GOODS}
        for c in s.hands[p]:
            counts[c] += 1
        herd, other = s.herds[p], s.herds[1 - p]
        if p == s.turn and s.taking:
            for i in s.taking:
                counts[s.market[i]] += 1
            value = _exchange_value(s, counts, herd, other)
            if value == float("-inf"):  # not in a lawful position: judged as it stands
                value = _goods(s, counts) + _herd(herd, other)
        else:
            value = _goods(s, counts) + _herd(herd, other)
            if p == s.turn and s.called_off:
                value -= 50.0
        out.append(30.0 * s.seals[p] + s.rupees(p) + value)
    return out
