"""Jaipur's rules (GameWorks 2009; docs/rules/jaipur.md): two traders take goods from a
market of five cards, exchange several at once, and sell them for tokens whose value
falls as each pile empties; the richer trader of a round takes a Seal of Excellence,
and the first to two seals wins.

Piles are lists whose first item is the top (the deck's next card, the highest token).
The exchange is asked step by step: goods picked from the market one at a time, then
cards given back one at a time, every offered step leading to a finished exchange."""

from __future__ import annotations

from collections import Counter
from typing import Any, Self

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.rng import Rng
from meeple.core.saves import load_data
from meeple.core.text import Message, Text
from meeple.kit import Hidden, KitState, Table

RULES: dict[str, Any] = load_data("meeple.games.jaipur", "rules.yaml")
GOODS: list[str] = list(RULES["goods"])
CAMEL = "camel"
LIMIT: int = RULES["hand_limit"]
ORDER = {g: i for i, g in enumerate([*GOODS, CAMEL])}
BONUS_SIZES = sorted(int(k) for k in RULES["bonus"])  # 3, 4, 5


def good(name: str) -> Text:
    return Text(f"jaipur.good.{name}")


def goods_list(cards: list[str]) -> list[Any]:
    return [good(c) for c in sorted(cards, key=ORDER.__getitem__)]


def flat(lists: Any) -> list[Any]:
    return [x for part in lists for x in part]


MIN_SALE = {g: int(RULES["precious_min_sale"]) if g in RULES["precious"] else 1 for g in GOODS}


def min_sale(g: str) -> int:
    return MIN_SALE[g]


class JaipurState(KitState):
    market: list[str]  # the five cards face up, by slot
    deck: list[str]  # face down, the top first
    discard: list[str]  # the cards sold, face up, the last on top
    hands: list[list[str]]  # each player's goods cards, hidden from the other
    herds: list[int]  # each player's camels, face up
    tokens: dict[str, list[int]]  # each good's token pile, the highest (top) first
    bonus: list[list[int]]  # the bonus piles for 3, 4 and 5+ cards, shuffled, top first
    goods_won: list[list[int]]  # each player's goods tokens (their values are public)
    bonus_won: list[list[list[int]]]  # each player's bonus tokens by pile, hidden values
    seals: list[int]  # Seals of Excellence
    results: list[list[int]]  # each finished round's rupees, by player
    starter: int  # who began this round
    turn: int
    taking: list[int]  # an exchange under way: the market slots picked, in order
    giving: list[str]  # ... the goods given back so far, out of the hand (hidden)
    giving_camels: int  # ... the camels given back so far, out of the herd
    called_off: int  # exchanges called off in this turn (the bots' judgement reads it)

    def setup(self) -> None:
        self.seals, self.results = [0, 0], []
        self.deal(0)

    def deal(self, starter: int) -> None:
        """A round's set-up: three camels in the market, five cards to each player (their
        camels to the herds), two more cards to the market, the tokens sorted again."""
        cards = [c for c, copies in RULES["cards"].items() for _ in range(copies)]
        for _ in range(RULES["market_camels"]):
            cards.remove(CAMEL)
        self.rng.shuffle(cards)
        hands = [cards[i * RULES["hand_deal"]:(i + 1) * RULES["hand_deal"]] for i in range(2)]
        cards = cards[2 * RULES["hand_deal"]:]
        fill = RULES["market_size"] - RULES["market_camels"]
        self.market, self.deck = [CAMEL] * RULES["market_camels"] + cards[:fill], cards[fill:]
        self.herds = [h.count(CAMEL) for h in hands]
        self.hands = [sorted((c for c in h if c != CAMEL), key=ORDER.__getitem__) for h in hands]
        self.discard = []
        self.tokens = {g: list(RULES["tokens"][g]) for g in GOODS}
        self.bonus = []
        for size in BONUS_SIZES:
            pile = list(RULES["bonus"][size])
            self.rng.shuffle(pile)
            self.bonus.append(pile)
        self.goods_won, self.bonus_won = [[], []], [[[] for _ in BONUS_SIZES] for _ in range(2)]
        self.starter = self.turn = starter
        self.taking, self.giving, self.giving_camels, self.called_off = [], [], 0, 0

    def settle(self, changed: set[str]) -> None:
        """A scenario's set-up: the cards it places nowhere are a shuffled deck, or, when
        it gives the deck, the bottom of the discard pile (sold earlier; the camels must
        then all be placed, since none is ever discarded)."""
        placed = Counter(self.market + self.discard + self.giving + flat(self.hands))
        placed[CAMEL] += sum(self.herds) + self.giving_camels
        if "deck" in changed:
            placed.update(self.deck)
        rest = sorted((Counter(RULES["cards"]) - placed).elements(), key=ORDER.__getitem__)
        if "deck" in changed:
            self.discard = rest + self.discard
        else:
            self.rng.shuffle(rest)
            self.deck = rest

    def check(self) -> None:
        cards = Counter(self.market + self.deck + self.discard + self.giving
                        + flat(self.hands))
        cards[CAMEL] += sum(self.herds) + self.giving_camels
        if cards != Counter(RULES["cards"]):
            raise ValueError("the market, deck, discard pile, hands and herds do not hold "
                             "the game's 55 cards")
        if any(CAMEL in h for h in self.hands) or CAMEL in self.giving + self.discard:
            raise ValueError("camels go to the herds, never into a hand or the discard pile")
        if any(len(h) + (len(self.giving) if p == self.turn else 0) > LIMIT
               for p, h in enumerate(self.hands)):
            raise ValueError(f"a hand holds more than {LIMIT} cards")
        if len(self.market) != RULES["market_size"] and not self.is_terminal():
            raise ValueError(f"the market holds {RULES['market_size']} cards")
        taken = sorted(v for g in GOODS
                       for v in RULES["tokens"][g][:len(RULES["tokens"][g]) - len(self.tokens[g])])
        if set(self.tokens) != set(GOODS) or any(
                self.tokens[g] != RULES["tokens"][g][len(RULES["tokens"][g]) - len(self.tokens[g]):]
                for g in GOODS) or taken != sorted(flat(self.goods_won)):
            raise ValueError("the goods token piles are not the rule book's piles less the "
                             "tokens the players took from their tops")
        for i, size in enumerate(BONUS_SIZES):
            held = self.bonus[i] + self.bonus_won[0][i] + self.bonus_won[1][i]
            if sorted(held) != sorted(RULES["bonus"][size]):
                raise ValueError(f"the bonus tokens for {size} cards are not the game's")
        if not (0 <= self.turn < 2 and 0 <= self.starter < 2):
            raise ValueError("turn and starter are player 0 or 1")
        slots = set(self.taking)
        if len(slots) != len(self.taking) or not slots <= set(range(len(self.market))) or \
                any(self.market[i] == CAMEL for i in slots) or \
                len(self.giving) + self.giving_camels > max(len(self.taking) - 1, 0) or \
                any(self.market[i] in self.giving for i in slots):
            raise ValueError("the exchange under way is not one the rules allow")

    # --- the rules -------------------------------------------------------------------

    def prompts(self) -> list[Prompt]:
        if self.is_terminal():
            return []
        if self.taking:
            return self.prompt(self.turn, "trade", "trade", taken=len(self.taking),
                               given=len(self.giving) + self.giving_camels)
        return self.prompt(self.turn, "turn", "turn")

    def market_goods(self) -> list[str]:
        """The kinds of goods in the market not picked for the exchange under way."""
        found = {c for i, c in enumerate(self.market) if c != CAMEL and i not in self.taking}
        return sorted(found, key=ORDER.__getitem__)

    def can_finish(self, picked: list[str], hand: list[str], herd: int, given: int) -> bool:
        """Whether an exchange taking ``picked`` can be finished from ``hand`` and ``herd``
        once ``given`` cards are given back: the rest given back are goods of other kinds
        than those taken, or camels, and the hand ends with at most seven cards."""
        k = len(picked)
        left = k - given
        others = len(hand) - sum(hand.count(g) for g in set(picked))
        fewest_goods = max(0, len(hand) + k - LIMIT, left - herd)
        return k >= 2 and fewest_goods <= min(others, left)

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_terminal() or player != self.turn:
            return []
        hand, herd = self.hands[player], self.herds[player]
        kinds = self.market_goods()
        if self.taking:
            return self._exchange_steps(hand, herd, kinds)
        out = [Action.of("take", g) for g in kinds] if len(hand) < LIMIT else []
        if CAMEL in self.market:
            out.append(Action.of("camels"))
        for g in GOODS:
            out += [Action.of("sell", g, n) for n in range(MIN_SALE[g], hand.count(g) + 1)]
        # can_finish for two goods, g and its cheapest partner, written out: it is asked
        # for every position a search looks at
        fewest = max(0, len(hand) + 2 - LIMIT, 2 - herd)
        held = {g: hand.count(g) for g in kinds}
        for g in kinds:
            partner = 0 if self.market.count(g) >= 2 else \
                min((held[y] for y in kinds if y != g), default=-1)
            if partner >= 0 and len(hand) - held[g] - partner >= fewest:
                out.append(Action.of("trade", g))
        return out

    def _exchange_steps(self, hand: list[str], herd: int, kinds: list[str]) -> list[Action]:
        picked = [self.market[i] for i in self.taking]
        given = len(self.giving) + self.giving_camels
        out = [Action.of("cancel")]
        if not given:
            out += [Action.of("pick", g) for g in kinds
                    if self.can_finish([*picked, g], hand, herd, 0)]
        if len(picked) < 2:
            return out
        for g in sorted(set(hand) - set(picked), key=ORDER.__getitem__):
            less = list(hand)
            less.remove(g)
            if self.can_finish(picked, less, herd, given + 1):
                out.append(Action.of("give", g))
        if herd and self.can_finish(picked, hand, herd - 1, given + 1):
            out.append(Action.of("give", CAMEL))
        return out

    def apply_unchecked(self, player: int, action: Action) -> None:
        kind, args = action.kind, action.args
        hand = self.hands[player]
        if kind in ("trade", "pick"):
            slot = next(i for i, c in enumerate(self.market)
                        if c == args[0] and i not in self.taking)
            self.taking.append(slot)
        elif kind == "give":
            if args[0] == CAMEL:
                self.herds[player] -= 1
                self.giving_camels += 1
            else:
                hand.remove(str(args[0]))
                self.giving.append(str(args[0]))
            if len(self.giving) + self.giving_camels == len(self.taking):
                self._exchange(player)
        elif kind == "cancel":
            hand += self.giving
            hand.sort(key=ORDER.__getitem__)
            self.herds[player] += self.giving_camels
            self.taking, self.giving, self.giving_camels = [], [], 0
            self.called_off += 1
            self.say("cancelled", player=self.seat(player))
        elif kind == "take":
            slot = self.market.index(str(args[0]))
            hand.append(str(args[0]))
            hand.sort(key=ORDER.__getitem__)
            self.say("took", player=self.seat(player), good=good(str(args[0])))
            self._refill(player, [slot])
        elif kind == "camels":
            slots = [i for i, c in enumerate(self.market) if c == CAMEL]
            self.herds[player] += len(slots)
            self.say("camels", player=self.seat(player), n=len(slots),
                     herd=self.herds[player])
            self._refill(player, slots)
        else:
            self._sell(player, str(args[0]), int(args[1]))

    def _end_turn(self) -> None:
        self.turn = 1 - self.turn
        self.called_off = 0

    def _refill(self, player: int, slots: list[int]) -> None:
        """The emptied slots dealt from the deck; a deck that runs out ends the round."""
        dealt = []
        for i in slots:
            if not self.deck:
                break
            self.market[i] = self.deck.pop(0)
            dealt.append(self.market[i])
        if dealt:
            self.say("dealt", cards=goods_list(dealt))
        if len(dealt) < len(slots):
            gone = set(slots[len(dealt):])
            self.market = [c for i, c in enumerate(self.market) if i not in gone]
            self._end_round("deck")
        else:
            self._end_turn()

    def _exchange(self, player: int) -> None:
        taken = [self.market[i] for i in self.taking]
        given = self.giving + [CAMEL] * self.giving_camels
        for slot, card in zip(self.taking, given, strict=True):
            self.market[slot] = card
        self.hands[player] += taken
        self.hands[player].sort(key=ORDER.__getitem__)
        self.taking, self.giving, self.giving_camels = [], [], 0
        self.say("exchanged", player=self.seat(player), taken=goods_list(taken),
                 given=goods_list(given))
        self._end_turn()

    def _sell(self, player: int, g: str, n: int) -> None:
        for _ in range(n):
            self.hands[player].remove(g)
        self.discard += [g] * n
        values = self.tokens[g][:n]
        del self.tokens[g][:n]
        self.goods_won[player] += values
        if values:
            self.say("sold", player=self.seat(player), n=n, good=good(g), rupees=sum(values),
                     values=values)
        else:
            self.say("sold_none", player=self.seat(player), n=n, good=good(g))
        if n >= BONUS_SIZES[0]:
            i = min(n, BONUS_SIZES[-1]) - BONUS_SIZES[0]
            if self.bonus[i]:
                value = self.bonus[i].pop(0)
                self.bonus_won[player][i].append(value)
                self.say("bonus", player=self.seat(player), size=BONUS_SIZES[i])
                self.say("bonus_value", audience=player, rupees=value, size=BONUS_SIZES[i])
        if sum(1 for g in GOODS if not self.tokens[g]) >= RULES["empty_piles_end"]:
            self._end_round("tokens")
        else:
            self._end_turn()

    def rupees(self, p: int) -> int:
        """A player's rupees in the round so far, the camel token aside."""
        return sum(self.goods_won[p]) + sum(sum(pile) for pile in self.bonus_won[p])

    def _end_round(self, why: str) -> None:
        self.say(f"end_{why}", round=self.round_no)
        camel = [0, 0]
        if self.herds[0] != self.herds[1]:
            most = 0 if self.herds[0] > self.herds[1] else 1
            camel[most] = RULES["camel_token"]
            self.say("camel_token", player=self.seat(most), n=self.herds[most],
                     rupees=camel[most])
        totals = [self.rupees(p) + camel[p] for p in range(2)]
        for p in range(2):
            bonus = flat(self.bonus_won[p])
            self.say("total", player=self.seat(p), rupees=totals[p],
                     goods=sum(self.goods_won[p]), n=len(bonus), bonus=sum(bonus),
                     camel=camel[p])
        self.results.append(totals)
        keys = [(totals[p], len(flat(self.bonus_won[p])), len(self.goods_won[p]))
                for p in range(2)]
        if keys[0] == keys[1]:
            self.say("no_seal")
            nxt = 1 - self.starter
        else:
            best = 0 if keys[0] > keys[1] else 1
            self.seals[best] += 1
            by = "rupees" if totals[0] != totals[1] else (
                "bonus" if keys[0][1] != keys[1][1] else "goods")
            self.say(f"seal_{by}", player=self.seat(best), seals=self.seals[best])
            if self.seals[best] >= self.options["seals"]:
                self.finish([best], "seals", Text("jaipur.log.won", player=self.seat(best),
                                                  seals=self.seals[best]))
                return
            nxt = 1 - best
        self.round_no += 1
        self.deal(nxt)
        self.say("new_round", round=self.round_no, player=self.seat(nxt))

    def hidden(self, viewer: int | None) -> Hidden:
        """The bonus tokens: a pile's with the other player's of the same pile. The cards
        unseen (the deck, the other hand) are dealt again by :meth:`redeal`, since a hand
        holds no camels and an exchange gives back no good of a kind it takes."""
        others = [p for p in range(2) if p != viewer]
        return [[self.bonus[i], *(self.bonus_won[p][i] for p in others)]
                for i in range(len(BONUS_SIZES))]

    def redeal(self, viewer: int | None, seed: int) -> Self:
        c = super().redeal(viewer, seed)
        rng = Rng(seed ^ 0x5EED)
        others = [p for p in range(2) if p != viewer]
        giving = c.turn in others and bool(c.giving)
        pool = c.deck + flat(c.hands[p] for p in others) + (c.giving if giving else [])
        goods = [x for x in pool if x != CAMEL]
        rng.shuffle(goods)
        if giving:  # given back: goods of kinds the exchange does not take
            picked = {c.market[i] for i in c.taking}
            fit = [x for x in goods if x not in picked]
            chosen = fit[:len(c.giving)]
            for x in chosen:
                goods.remove(x)
            c.giving = chosen
        for p in others:
            size = len(c.hands[p])
            c.hands[p], goods = sorted(goods[:size], key=ORDER.__getitem__), goods[size:]
        c.deck = goods + [CAMEL] * pool.count(CAMEL)
        rng.shuffle(c.deck)
        return c

    def scores(self) -> list[int]:
        return list(self.seals)

    def standing(self) -> list[float]:
        from meeple.games.jaipur.view import standing

        return standing(self)

    def describe(self, player: int, action: Action) -> Message:
        from meeple.games.jaipur.view import describe

        return describe(self, player, action)

    # --- what a player sees (view.py) ------------------------------------------------

    def facts(self, viewer: int | None) -> dict[str, Any]:
        from meeple.games.jaipur.view import facts

        return facts(self, viewer)

    def table(self, viewer: int | None) -> Table:
        from meeple.games.jaipur.view import table

        return table(self, viewer)
