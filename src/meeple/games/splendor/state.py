"""Splendor's rules (Marc André, Space Cowboys 2014; docs/rules/splendor.md): take gems,
reserve a card and a gold joker, or buy a card whose bonus lowers every later price;
nobles visit the player whose bonuses meet their needs; at 15 prestige points the round
is played out and the most points win."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.saves import load_data
from meeple.core.text import Message, Text
from meeple.kit import Hidden, KitState, Table

RULES: dict[str, Any] = load_data("meeple.games.splendor", "rules.yaml")
_DATA: dict[str, Any] = load_data("meeple.games.splendor", "cards.yaml")
GEMS: list[str] = list(RULES["gems"])
COLOURS: list[str] = [*GEMS, RULES["gold"]]  # token colours: the five gems, then gold
GOLD = len(GEMS)
LEVELS = 3


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    level: int
    bonus: int  # the gem colour it gives, an index of GEMS
    points: int
    cost: tuple[int, ...]  # gems of each colour, in the order of GEMS


def _counts(need: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(need.get(g, 0)) for g in GEMS)


CARDS: dict[int, Card] = {
    int(c["id"]): Card(int(c["id"]), int(c["level"]), GEMS.index(c["bonus"]),
                       int(c["points"]), _counts(c["cost"]))
    for c in _DATA["cards"]}
NOBLES: dict[int, tuple[int, ...]] = {int(x["id"]): _counts(x["needs"]) for x in _DATA["nobles"]}
STEPS = ("act", "take", "return", "noble")


def totals(players: int) -> list[int]:
    """The tokens of each colour in the game for this many players."""
    return [int(RULES["gems_by_players"][players])] * len(GEMS) + [int(RULES["gold_tokens"])]


class SplendorState(KitState):
    bank: list[int]  # tokens in the middle, by colour (gold last)
    gems: list[list[int]]  # each player's tokens, by colour
    decks: list[list[int]]  # each level's face-down deck, top last
    market: list[list[int]]  # each level's face-up cards
    reserved: list[list[int]]  # each player's reserved cards (in hand)
    blind: list[list[bool]]  # beside reserved: drawn from a deck, so its owner alone knows it
    bought: list[list[int]]  # each player's purchased development cards
    nobles: list[int]  # on the table
    visited: list[list[int]]  # the nobles each player has received
    turn: int
    step: str  # act (the turn's one action), take (more gems), return (over ten), noble
    taking: list[int]  # the gem colours taken so far in this turn's take
    ending: bool  # a player has reached the goal: the round is being played out
    passes: int  # turns in a row on which the player could do nothing

    def setup(self) -> None:
        self.decks = [[c.id for c in CARDS.values() if c.level == lv + 1] for lv in range(LEVELS)]
        for deck in self.decks:
            self.rng.shuffle(deck)
        self.market = [[d.pop() for _ in range(RULES["market"])] for d in self.decks]
        nobles = list(NOBLES)
        self.rng.shuffle(nobles)
        self.nobles = sorted(nobles[:self.n + RULES["nobles_extra"]])
        self.bank = totals(self.n)
        self.gems = [[0] * len(COLOURS) for _ in range(self.n)]
        self.reserved, self.blind = [[] for _ in range(self.n)], [[] for _ in range(self.n)]
        self.bought, self.visited = [[] for _ in range(self.n)], [[] for _ in range(self.n)]
        self.turn, self.step, self.taking, self.ending, self.passes = 0, "act", [], False, 0

    # --- positions a scenario may set up ---------------------------------------------

    def settle(self, changed: set[str]) -> None:
        held = {c for r in self.reserved + self.bought for c in r}
        if "market" not in changed:
            self.market = [[c for c in row if c not in held] for row in self.market]
        if "decks" not in changed:
            shown = {c for row in self.market for c in row}
            for lv, deck in enumerate(self.decks):
                mine = [c for c in deck if c not in held and c not in shown]
                out = sorted(c.id for c in CARDS.values() if c.level == lv + 1
                             and c.id not in held and c.id not in shown and c.id not in mine)
                self.decks[lv] = out + mine  # cards the scenario took away go under the deck
        if "market" not in changed:
            for row, deck in zip(self.market, self.decks, strict=True):
                while len(row) < RULES["market"] and deck:
                    row.append(deck.pop())
        if "blind" not in changed:
            self.blind = [[False] * len(r) for r in self.reserved]
        if "bank" not in changed:
            self.bank = [t - sum(g[c] for g in self.gems) for c, t in enumerate(totals(self.n))]
        if "nobles" not in changed:
            owned = {x for v in self.visited for x in v}
            room = self.n + RULES["nobles_extra"] - len(owned)
            self.nobles = [x for x in self.nobles if x not in owned][:max(0, room)]

    def check(self) -> None:
        per_player = (self.gems, self.reserved, self.blind, self.bought, self.visited)
        if any(len(x) != self.n for x in per_player):
            raise ValueError(f"tokens, reserved cards, purchases and nobles for each of the "
                             f"{self.n} players")
        seen: list[int] = [c for r in self.decks + self.market + self.reserved + self.bought
                           for c in r]
        if len(seen) != len(set(seen)) or any(c not in CARDS for c in seen):
            raise ValueError("a development card is unknown or in two places")
        if len(self.decks) != LEVELS or len(self.market) != LEVELS:
            raise ValueError(f"a deck and a row of face-up cards for each of the {LEVELS} levels")
        for lv in range(LEVELS):
            if any(CARDS[c].level != lv + 1 for c in self.decks[lv] + self.market[lv]):
                raise ValueError(f"a card of another level in level {lv + 1}'s deck or row")
            if len(self.market[lv]) > RULES["market"] or (
                    len(self.market[lv]) < RULES["market"] and self.decks[lv]):
                raise ValueError(f"level {lv + 1} shows {RULES['market']} cards while its "
                                 f"deck lasts")
        for p in range(self.n):
            if len(self.reserved[p]) > RULES["reserve_limit"] or \
                    len(self.blind[p]) != len(self.reserved[p]):
                raise ValueError(f"player {p + 1} holds at most {RULES['reserve_limit']} "
                                 f"reserved cards, each marked as drawn or not")
        tokens = [self.bank, *self.gems]
        if any(len(t) != len(COLOURS) or min(t) < 0 for t in tokens) or \
                [sum(t[c] for t in tokens) for c in range(len(COLOURS))] != totals(self.n):
            raise ValueError(f"the tokens in the bank and the players' hands are not the game's "
                             f"{totals(self.n)}")
        nobles = self.nobles + [x for v in self.visited for x in v]
        if len(nobles) != len(set(nobles)) or any(x not in NOBLES for x in nobles) or \
                len(nobles) != self.n + RULES["nobles_extra"]:
            raise ValueError(f"{self.n + RULES['nobles_extra']} different nobles, on the table "
                             f"or received")
        if not 0 <= self.turn < self.n or self.step not in STEPS:
            raise ValueError(f"turn {self.turn} or step {self.step!r} is not of the game")
        if (self.step == "take") != bool(self.taking) or len(self.taking) > 2 or \
                any(not 0 <= c < GOLD for c in self.taking):
            raise ValueError("gems being taken only in the middle of a take, one or two of them")

    # --- what a player has --------------------------------------------------------------

    def bonuses(self, p: int) -> list[int]:
        out = [0] * len(GEMS)
        for c in self.bought[p]:
            out[CARDS[c].bonus] += 1
        return out

    def points(self, p: int) -> int:
        return (sum(CARDS[c].points for c in self.bought[p])
                + int(RULES["noble_points"]) * len(self.visited[p]))

    def payment(self, p: int, card: int, bonus: list[int] | None = None) -> list[int] | None:
        """The tokens ``p`` pays for ``card`` (gems first, gold for what is short), or None."""
        b = self.bonuses(p) if bonus is None else bonus
        have, pay = self.gems[p], [0] * len(COLOURS)
        for c, price in enumerate(CARDS[card].cost):
            due = max(0, price - b[c])
            pay[c] = min(due, have[c])
            pay[GOLD] += due - pay[c]
        return pay if pay[GOLD] <= have[GOLD] else None

    def eligible(self, p: int) -> list[int]:
        b = self.bonuses(p)
        return [x for x in self.nobles if all(b[c] >= need for c, need in enumerate(NOBLES[x]))]

    def scores(self) -> list[int]:
        return [self.points(p) for p in range(self.n)]

    def standing(self) -> list[float]:
        from meeple.games.splendor.view import standing

        return standing(self)

    # --- the rules -------------------------------------------------------------------

    def gem_choices(self) -> tuple[list[int], bool]:
        """The colours the take under way may go on with, and whether it may stop here."""
        t = self.taking
        avail = [c for c in range(GOLD) if self.bank[c] > 0]
        start = len(set(avail) | set(t))  # colours in the bank when the take began
        want = min(3, start) if self.options["fewer_gems"] else 3
        pair = len(t) == 2 and t[0] == t[1]
        nxt = [] if pair or len(t) >= want or start < want else [c for c in avail if c not in t]
        if len(t) == 1 and self.bank[t[0]] >= RULES["two_same_needs"] - 1:
            nxt = sorted([*nxt, t[0]])
        return nxt, pair or len(t) == want

    def can_start_take(self, colour: int) -> bool:
        if self.bank[colour] <= 0:
            return False
        avail = sum(1 for c in range(GOLD) if self.bank[c] > 0)
        return (self.bank[colour] >= RULES["two_same_needs"] or avail >= 3
                or self.options["fewer_gems"])

    def prompts(self) -> list[Prompt]:
        if self.is_terminal():
            return []
        if self.step == "take":
            return self.prompt(self.turn, "take", "take_more", n=len(self.taking) + 1)
        if self.step == "return":
            return self.prompt(self.turn, "return", "return",
                               n=sum(self.gems[self.turn]) - RULES["token_limit"])
        return self.prompt(self.turn, self.step, self.step)

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_terminal() or player != self.turn:
            return []
        if self.step == "take":
            nxt, complete = self.gem_choices()
            out = [Action.of("take", GEMS[c]) for c in nxt]
            return [*out, Action.of("done")] if complete else out
        if self.step == "return":
            return [Action.of("return", COLOURS[c]) for c in range(len(COLOURS))
                    if self.gems[player][c] > 0]
        if self.step == "noble":
            return [Action.of("noble", x) for x in self.eligible(player)]
        out = [Action.of("take", GEMS[c]) for c in range(GOLD) if self.can_start_take(c)]
        bonus = self.bonuses(player)
        shown = [c for row in reversed(self.market) for c in row]
        out += [Action.of("buy", c) for c in shown + self.reserved[player]
                if self.payment(player, c, bonus) is not None]
        if len(self.reserved[player]) < RULES["reserve_limit"]:
            out += [Action.of("reserve", c) for c in shown]
            out += [Action.of("reserve", "deck", lv + 1) for lv in reversed(range(LEVELS))
                    if self.decks[lv]]
        return out or [Action.of("pass")]

    def apply_unchecked(self, player: int, action: Action) -> None:
        kind, args = action.kind, action.args
        if self.step == "act":
            self.passes = 0 if kind != "pass" else self.passes + 1
        if kind == "take":
            colour = GEMS.index(str(args[0]))
            self.bank[colour] -= 1
            self.gems[player][colour] += 1
            self.taking.append(colour)
            self.step = "take"
            if not self.gem_choices()[0]:
                self._took(player)
        elif kind == "done":
            self._took(player)
        elif kind == "buy":
            self._buy(player, int(args[0]))
        elif kind == "reserve":
            self._reserve(player, args)
        elif kind == "return":
            colour = COLOURS.index(str(args[0]))
            self.gems[player][colour] -= 1
            self.bank[colour] += 1
            self.say("returned", player=self.seat(player),
                     gem=Text(f"splendor.gem.{COLOURS[colour]}"))
            if sum(self.gems[player]) <= RULES["token_limit"]:
                self._visit(player)
        elif kind == "noble":
            self._receive(player, int(args[0]))
            self._end_turn(player)
        else:
            self.say("passed", player=self.seat(player))
            self._end_turn(player)

    def _took(self, p: int) -> None:
        self.say("took", player=self.seat(p),
                 gems=[Text(f"splendor.gem.{GEMS[c]}") for c in self.taking])
        self.taking = []
        self._after_action(p)

    def _from_market(self, card: int) -> None:
        lv = CARDS[card].level - 1
        row, deck = self.market[lv], self.decks[lv]
        i = row.index(card)
        if deck:
            row[i] = deck.pop()
        else:
            row.pop(i)

    def _buy(self, p: int, card: int) -> None:
        pay = self.payment(p, card)
        assert pay is not None
        for c, n in enumerate(pay):
            self.gems[p][c] -= n
            self.bank[c] += n
        if card in self.reserved[p]:
            i = self.reserved[p].index(card)
            del self.reserved[p][i], self.blind[p][i]
        else:
            self._from_market(card)
        self.bought[p].append(card)
        self.say("bought", player=self.seat(p), card=card_name(card),
                 paid=paid_text(pay))
        self._after_action(p)

    def _reserve(self, p: int, args: tuple[Any, ...]) -> None:
        if args[0] == "deck":
            lv = int(args[1])
            card = self.decks[lv - 1].pop()
            self.say("reserved_deck", player=self.seat(p), level=lv)
            self.say("you_drew", audience=p, card=card_name(card))
        else:
            card = int(args[0])
            self._from_market(card)
            self.say("reserved", player=self.seat(p), card=card_name(card))
        self.reserved[p].append(card)
        self.blind[p].append(args[0] == "deck")
        if self.bank[GOLD] > 0:
            self.bank[GOLD] -= 1
            self.gems[p][GOLD] += 1
            self.say("gold", player=self.seat(p))
        self._after_action(p)

    def _after_action(self, p: int) -> None:
        self.step = "act"
        if sum(self.gems[p]) > RULES["token_limit"]:
            self.step = "return"
            return
        self._visit(p)

    def _visit(self, p: int) -> None:
        """End of the turn: one noble whose needs the player's bonuses meet comes; the
        player chooses when several could."""
        found = self.eligible(p)
        if len(found) > 1:
            self.step = "noble"
            return
        if found:
            self._receive(p, found[0])
        self._end_turn(p)

    def _receive(self, p: int, noble: int) -> None:
        self.nobles.remove(noble)
        self.visited[p].append(noble)
        self.say("noble", player=self.seat(p), needs=needs_text(NOBLES[noble]))

    def _end_turn(self, p: int) -> None:
        self.step = "act"
        if not self.ending and self.points(p) >= RULES["goal"]:
            self.ending = True
            if p != self.n - 1:
                self.say("last_round", player=self.seat(p), n=RULES["goal"])
        if p == self.n - 1 and self.ending:
            self._final("goal")
        elif self.passes >= self.n:
            self._final("stalled")
        else:
            self.turn = (p + 1) % self.n
            if self.turn == 0:
                self.round_no += 1

    def _final(self, reason: str) -> None:
        """Most points win; a tie goes to fewer purchased cards; then the victory is shared."""
        score = self.scores()
        tied = [p for p in range(self.n) if score[p] == max(score)]
        fewest = min(len(self.bought[p]) for p in tied)
        won = [p for p in tied if len(self.bought[p]) == fewest]
        self.finish(won, reason, Text("splendor.log.won", players=[self.seat(p) for p in won],
                                      n=max(score)))

    def hidden(self, viewer: int | None) -> Hidden:
        """Each deck's order, and the cards others drew from it into their hands: a level's
        deck and those cards may be dealt again among themselves (their level is known)."""
        out: Hidden = []
        for lv in range(LEVELS):
            group: list[Any] = [self.decks[lv]]
            for p in range(self.n):
                if p != viewer:
                    group += [(self.reserved[p], i) for i, c in enumerate(self.reserved[p])
                              if self.blind[p][i] and CARDS[c].level == lv + 1]
            out.append(group)
        return out

    def describe(self, player: int, action: Action) -> Message:
        from meeple.games.splendor.view import describe

        return describe(self, player, action)

    # --- what a player sees (view.py) ------------------------------------------------

    def facts(self, viewer: int | None) -> dict[str, Any]:
        from meeple.games.splendor.view import facts

        return facts(self, viewer)

    def table(self, viewer: int | None) -> Table:
        from meeple.games.splendor.view import table

        return table(self, viewer)


def card_name(card: int) -> Text:
    c = CARDS[card]
    return Text("splendor.card_name", gem=Text(f"splendor.gem.{GEMS[c.bonus]}"), level=c.level,
                points=Text("splendor.points", n=c.points))


def paid_text(pay: list[int]) -> Text | list[Text]:
    got = [Text(f"splendor.count.{COLOURS[c]}", n=n) for c, n in enumerate(pay) if n]
    return got or Text("splendor.nothing")


def needs_text(needs: tuple[int, ...]) -> list[Text]:
    return [Text(f"splendor.bonus_count.{GEMS[c]}", n=n) for c, n in enumerate(needs) if n]
