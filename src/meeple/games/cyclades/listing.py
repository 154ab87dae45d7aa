"""A legal-action list kept in parts, so that a random player can draw one action without
building the others (python-chess's lazy ``legal_moves``).

A part is either a short list already made, or a count with two functions: the action at
an index, and the whole part as a list. ``listed()`` is the legal list in its order;
``draw(rng)`` is ``rng.choice(listed())`` — the same index from the same draw — made only
for the part the index falls in. Both come from the same parts, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.core.actions import Action
from meeple.core.rng import Rng

Nth = Callable[[int], Action]
Whole = Callable[[], list[Action]]


class Listing:
    __slots__ = ("parts", "total")

    def __init__(self) -> None:
        self.parts: list[tuple[int, Nth, Whole]] = []  # (count, nth, whole)
        self.total = 0

    def add(self, actions: list[Action]) -> None:
        if actions:
            self.parts.append((len(actions), actions.__getitem__, lambda: actions))
            self.total += len(actions)

    def each(self, kind: str, args: list[int]) -> None:
        """``KIND X`` for each ``X`` of ``args`` (made one by one only when listed)."""
        if args:
            self.parts.append((len(args), lambda i: Action(kind, (args[i],)),
                               lambda: [Action(kind, (x,)) for x in args]))
            self.total += len(args)

    def lazy(self, count: int, nth: Nth, whole: Whole) -> None:
        if count > 0:
            self.parts.append((count, nth, whole))
            self.total += count

    def listed(self) -> list[Action]:
        if len(self.parts) == 1:
            return self.parts[0][2]()
        out: list[Action] = []
        for _, _, whole in self.parts:
            out += whole()
        return out

    def nth(self, i: int) -> Action:
        for count, nth, _ in self.parts:
            if i < count:
                return nth(i)
            i -= count
        raise IndexError("no such legal action")

    def draw(self, rng: Rng) -> Action:
        """``rng.choice(self.listed())``: the same draw from ``rng``, the same action."""
        return self.nth(rng.below(self.total))
