"""Hare and Tortoise's rules: each turn a runner moves forward, paying carrots on the race
card, or back to the nearest hedgehog, earning carrots; the squares pay out as the rule
book says, the hare squares through a deck of hare cards (cards.py). The first runner home
with its lettuces eaten and few enough carrots wins (docs/rules/hare.md)."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.saves import load_data
from meeple.core.text import Message, Text
from meeple.kit import Hidden, KitState, Table

RULES: dict[str, Any] = load_data("meeple.games.hare", "rules.yaml")
TRACK: list[str] = load_data("meeple.games.hare", "board.yaml")["track"]
HOME = len(TRACK) - 1
LAST_LETTUCE = max(i for i, kind in enumerate(TRACK) if kind == "lettuce")
CARDS: list[str] = sorted(c for c, k in RULES["hare_cards"].items() for _ in range(k))
PHASES = ("turn", "again", "card")  # a normal turn; the card's extra move; its 10 carrots


def cost(spaces: int) -> int:
    """What a move of ``spaces`` forward costs (the race card)."""
    card: list[int] = RULES["race_card"]
    return card[spaces - 1] if spaces <= len(card) else spaces * (spaces + 1) // 2


class HareState(KitState):
    pos: list[int]  # each runner's space: 0 the start, HOME the finish
    carrots: list[int]
    lettuces: list[int]  # lettuce cards still to eat
    eating: list[bool]  # must eat a lettuce on the next turn
    skip: list[bool]  # misses the next turn (a hare card)
    paid: list[int]  # what the runner paid for its last move (the free-move card)
    home: list[int]  # the runners home, in the order they came in
    deck: list[str]  # the hare cards face down, the top last
    known: int  # how many cards at the bottom have been drawn, in order, so everyone knows
    drawn: str  # the card drawn last ("" before any)
    turn: int
    phase: str

    def setup(self) -> None:
        n = self.n
        self.pos, self.carrots = [0] * n, [RULES["start_carrots"]] * n
        self.lettuces, self.eating = [RULES["lettuces"]] * n, [False] * n
        self.skip, self.paid, self.home = [False] * n, [0] * n, []
        self.deck = list(CARDS)
        self.rng.shuffle(self.deck)
        self.known, self.drawn, self.turn, self.phase = 0, "", 0, "turn"

    def settle(self, changed: set[str]) -> None:
        if "deck" in changed and "known" not in changed:
            self.known = 0
        if "pos" in changed and "home" not in changed:
            self.home = [p for p in range(self.n) if self.pos[p] == HOME]

    def check(self) -> None:
        n = self.n
        for name in ("pos", "carrots", "lettuces", "eating", "skip", "paid"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name}: one value for each of the {n} players")
        if sorted(self.deck) != CARDS:
            raise ValueError("the deck must hold the game's hare cards, each once")
        if not 0 <= self.known <= len(self.deck):
            raise ValueError(f"known {self.known} is not a count of the deck's cards")
        if any(not 0 <= x <= HOME for x in self.pos):
            raise ValueError(f"a runner is off the track (spaces 0 to {HOME})")
        taken = [x for x in self.pos if 0 < x < HOME]
        if len(taken) != len(set(taken)):
            raise ValueError("two runners on one square")
        if any(c < 0 for c in self.carrots) or any(not 0 <= k <= 3 for k in self.lettuces):
            raise ValueError("carrots below 0 or lettuces outside 0..3")
        if sorted(self.home) != [p for p in range(n) if self.pos[p] == HOME]:
            raise ValueError("home must list exactly the runners on the finish")
        if not 0 <= self.turn < n or self.phase not in PHASES:
            raise ValueError(f"turn {self.turn} / phase {self.phase!r} is not possible")

    # --- the race ------------------------------------------------------------------

    def place(self, p: int) -> int:
        """Position in the race: 1 + the runners further along (those home first)."""
        if p in self.home:
            return self.home.index(p) + 1
        return 1 + sum(1 for q in range(self.n) if q != p and self.pos[q] > self.pos[p])

    def occupied(self, space: int, me: int) -> bool:
        return 0 < space < HOME and any(self.pos[q] == space for q in range(self.n) if q != me)

    def allowance(self) -> int:
        """The most carrots a runner may bring home now (10 for the first, 20 next...)."""
        return int(RULES["finish_per_place"]) * (len(self.home) + 1)

    def may_land(self, p: int, space: int, spent: int) -> bool:
        """Whether runner ``p`` may end a move forward on ``space`` having paid ``spent``."""
        if space == HOME:
            return self.lettuces[p] == 0 and self.carrots[p] - spent <= self.allowance()
        kind = TRACK[space]
        if kind == "hedgehog" or self.occupied(space, p):
            return False
        return kind != "lettuce" or self.lettuces[p] > 0

    def hedgehog_behind(self, p: int) -> int | None:
        """The nearest hedgehog behind runner p, if it is free (the only way back)."""
        for x in range(self.pos[p] - 1, 0, -1):
            if TRACK[x] == "hedgehog":
                return None if self.occupied(x, p) else x
        return None

    def moves(self, p: int) -> list[int]:
        here, out = self.pos[p], []
        for space in range(here + 1, HOME + 1):
            spent = cost(space - here)
            if spent > self.carrots[p]:
                break
            if self.may_land(p, space, spent):
                out.append(space)
        back = self.hedgehog_behind(p)
        return out + ([back] if back is not None else [])

    def short_of_carrots(self, p: int) -> bool:
        """A runner with no move that some free square ahead would take if it could pay."""
        here = self.pos[p]
        return any(cost(x - here) > self.carrots[p] and self.may_land(p, x, 0)
                   for x in range(here + 1, HOME))

    # --- decisions ------------------------------------------------------------------

    def prompts(self) -> list[Prompt]:
        if self.is_terminal():
            return []
        p = self.turn
        if self.phase == "card":
            return self.prompt(p, "card", "card10")
        if self.eating[p]:
            return self.prompt(p, "eat", "eat")
        first = self.legal_actions(p)[0].kind
        if first in ("pass", "restart"):
            return self.prompt(p, first, f"stuck_{first}")
        return self.prompt(p, "move", "again" if self.phase == "again" else "move")

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_terminal() or player != self.turn:
            return []
        p = player
        if self.phase == "card":
            gives = [Action.of("give")] if self.carrots[p] >= RULES["carrot_exchange"] else []
            return [Action.of("keep"), Action.of("take"), *gives]
        if self.eating[p]:
            return [Action.of("eat")]
        out = [Action.of("move", x) for x in self.moves(p)]
        if self.phase == "turn" and TRACK[self.pos[p]] == "carrot":
            out = [Action.of("take")] + (
                [Action.of("give")] if self.carrots[p] >= RULES["carrot_exchange"] else []
            ) + out
        if not out:  # the card's extra move lapses; a stuck runner short of carrots restarts
            again = self.phase == "again" or not self.short_of_carrots(p)
            out = [Action.of("pass" if again else "restart")]
        return out

    def apply_unchecked(self, player: int, action: Action) -> None:
        from meeple.games.hare.cards import draw

        p, kind, ten = player, action.kind, RULES["carrot_exchange"]
        if kind in ("take", "give", "keep"):
            delta = {"take": ten, "give": -ten, "keep": 0}[kind]
            self.carrots[p] += delta
            self.say(f"stay_{kind}" if self.phase == "turn" else f"card_{kind}",
                     player=self.seat(p), n=ten, total=self.carrots[p])
        elif kind == "eat":
            gain = RULES["lettuce_per_place"] * self.place(p)
            self.lettuces[p] -= 1
            self.carrots[p] += gain
            self.eating[p] = False
            self.say("ate", player=self.seat(p), n=gain, left=self.lettuces[p])
        elif kind == "pass":
            self.say("stuck", player=self.seat(p))
        elif kind == "restart":
            self.pos[p], self.carrots[p] = 0, RULES["start_carrots"]
            self.say("restart", player=self.seat(p), n=self.carrots[p])
        else:
            if self.move(p, int(action.args[0])) and TRACK[self.pos[p]] == "hare":
                self.phase = "turn"
                draw(self, p)
                if self.phase != "turn" or self.is_terminal():
                    return
        self.phase = "turn"
        if not self.is_terminal():
            self.next_turn()

    def move(self, p: int, to: int) -> bool:
        """Carry out a move of runner p's own; True if it went forward (onto a new square)."""
        here = self.pos[p]
        self.pos[p] = to
        if to < here:
            gain = RULES["hedgehog_per_space"] * (here - to)
            self.carrots[p] += gain
            self.paid[p] = 0
            self.say("back", player=self.seat(p), space=to, n=gain)
            return False
        self.paid[p] = cost(to - here)
        self.carrots[p] -= self.paid[p]
        self.say("forward", player=self.seat(p), space=to, n=self.paid[p],
                 kind=Text(f"hare.kind.{TRACK[to]}"))
        self.arrive(p)
        return True

    def arrive(self, p: int) -> None:
        """What a square does the moment a runner ends a move on it."""
        space = self.pos[p]
        if space == HOME:
            self.home.append(p)
            self.say("home", player=self.seat(p), place=len(self.home))
            if len(self.home) == 1 and not self.options["play_on"]:
                self.finish([p], "home")
            elif len(self.home) >= self.n - 1:
                self.finish([self.home[0]], "home")
        elif TRACK[space] == "lettuce":
            self.eating[p] = True

    def next_turn(self) -> None:
        """Pass the turn on, carrying out what happens at the start of one: a missed turn,
        an eating runner with no lettuce left, a number square's payout."""
        p = self.turn
        while True:
            nxt = (p + 1) % self.n
            if nxt <= p:
                self.round_no += 1
                limit = self.options["max_rounds"]
                if limit and self.round_no > limit:
                    self.round_no = limit
                    self.finish(self.leaders(), "round_limit")
                    return
            p = nxt
            if p in self.home:
                continue
            if self.skip[p]:
                self.skip[p] = False
                self.say("missed", player=self.seat(p))
                continue
            if self.eating[p] and self.lettuces[p] == 0:
                self.eating[p] = False
                self.say("no_lettuce", player=self.seat(p))
                continue
            self.turn = p
            self.number_payout(p)
            return

    def number_payout(self, p: int) -> None:
        kind, place = TRACK[self.pos[p]], self.place(p)
        if place in RULES["numbers"].get(kind, []):
            gain = RULES["number_per_place"] * place
            self.carrots[p] += gain
            self.say("number", player=self.seat(p), place=place, n=gain)

    def leaders(self) -> list[int]:
        """The runners in front (the round limit's winners; several only at the start)."""
        if self.home:
            return [self.home[0]]
        best = max(self.pos)
        return [p for p in range(self.n) if self.pos[p] == best]

    # --- information ----------------------------------------------------------------

    def hidden(self, viewer: int | None) -> Hidden:
        unknown = [(self.deck, i) for i in range(self.known, len(self.deck))]
        return [list(unknown)] if len(unknown) > 1 else []

    def scores(self) -> list[int]:
        return list(self.pos)

    def standing(self) -> list[float]:
        from meeple.games.hare.cards import standing

        return standing(self)

    def describe(self, player: int, action: Action) -> Message:
        if action.kind != "move":
            return Text(f"hare.do.{action.kind}", n=RULES["carrot_exchange"])
        to, here = int(action.args[0]), self.pos[player]
        kind = Text(f"hare.kind.{TRACK[to]}")
        if to < here:
            return Text("hare.do.back", space=to, n=RULES["hedgehog_per_space"] * (here - to))
        if to == HOME:
            return Text("hare.do.home", n=cost(to - here))
        return Text("hare.do.forward", space=to, kind=kind, d=to - here, n=cost(to - here))

    def facts(self, viewer: int | None) -> dict[str, Any]:
        from meeple.games.hare.view import facts

        return facts(self, viewer)

    def table(self, viewer: int | None) -> Table:
        from meeple.games.hare.view import table

        return table(self, viewer)
