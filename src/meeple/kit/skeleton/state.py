"""Skeleton's rules: every player holds three number cards that the others cannot see;
on your turn play one, move your pawn that many spaces and draw a card. The first pawn
on the goal wins."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.saves import load_data
from meeple.core.text import Message, Text
from meeple.kit import Hidden, KitState, Table

RULES: dict[str, Any] = load_data("meeple.kit.skeleton", "rules.yaml")


class SkeletonState(KitState):
    position: list[int]  # each pawn's space, 0 the start
    hands: list[list[int]]  # each player's cards, hidden from the others
    deck: list[int]  # face down, top last
    discard: list[int]
    turn: int

    def setup(self) -> None:
        self.deck = [value for value, copies in RULES["cards"].items() for _ in range(copies)]
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(RULES["hand"])] for _ in range(self.n)]
        self.position, self.discard, self.turn = [0] * self.n, [], 0

    def check(self) -> None:
        cards = sorted(self.deck + self.discard + [c for h in self.hands for c in h])
        want = sorted(v for v, copies in RULES["cards"].items() for _ in range(copies))
        if cards != want:
            raise ValueError("the cards in the deck, the discard pile and the hands are not "
                             "the game's cards")
        if len(self.position) != self.n or len(self.hands) != self.n:
            raise ValueError(f"a position and a hand for each of the {self.n} players")
        if not 0 <= self.turn < self.n:
            raise ValueError(f"turn {self.turn} is not a player")

    # --- the rules -------------------------------------------------------------------

    def prompts(self) -> list[Prompt]:
        if self.is_terminal():
            return []
        return self.prompt(self.turn, "play", "play")

    def legal_actions(self, player: int) -> list[Action]:
        if self.is_terminal() or player != self.turn:
            return []
        return [Action.of("play", v) for v in sorted(set(self.hands[player]))]

    def apply_unchecked(self, player: int, action: Action) -> None:
        value = int(action.args[0])
        self.hands[player].remove(value)
        self.discard.append(value)
        goal = self.options["length"]
        self.position[player] = min(goal, self.position[player] + value)
        self.say("moved", player=self.seat(player), n=value, space=self.position[player])
        if self.position[player] == goal:
            self.finish([player], "goal", Text("skeleton.log.won", player=self.seat(player)))
            return
        if not self.deck:  # the discard pile, shuffled, is the new deck
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        self.hands[player].append(self.deck.pop())
        self.turn = (self.turn + 1) % self.n
        if self.turn == 0:
            self.round_no += 1

    def hidden(self, viewer: int | None) -> Hidden:
        others = [h for p, h in enumerate(self.hands) if p != viewer]
        return [[self.deck, *others]]

    def scores(self) -> list[int]:
        return list(self.position)

    def describe(self, player: int, action: Action) -> Message:
        value = int(action.args[0])
        return Text("skeleton.do.play", n=value,
                    space=min(self.options["length"], self.position[player] + value))

    # --- what a player sees (view.py) ------------------------------------------------

    def facts(self, viewer: int | None) -> dict[str, Any]:
        from meeple.kit.skeleton.view import facts

        return facts(self, viewer)

    def table(self, viewer: int | None) -> Table:
        from meeple.kit.skeleton.view import table

        return table(self, viewer)
