"""Colonies' state pieces: a player's sheet and the order values.

An order is a tuple: ``("offensive", province)``, ``("propaganda", stat, gold)``,
``("recruit", gold)``, ``("colonize", province)``, ``("espionage", player, gold)``.
Its text form is the same words: ``offensive 7``, ``propaganda loyalty 2``.
"""

from __future__ import annotations

from typing import Any

NOBODY = -1
RESOURCES = ("gold", "army", "loyalty", "reputation")
ACTIONS = ("offensive", "propaganda", "recruit", "colonize", "espionage")
Order = tuple[Any, ...]


def order_text(o: Order) -> str:
    return " ".join(str(x) for x in o)


def order_gold(o: Order) -> int:
    """Gold an order spends (colonization: its fixed cost is counted by the caller)."""
    if o[0] in ("propaganda", "espionage"):
        return int(o[2])
    if o[0] == "recruit":
        return int(o[1])
    return 0


class Sheet:
    """One player's character sheet and this season's orders."""

    __slots__ = (
        "army", "forced", "goal", "goal_met", "goal_note", "goal_status", "gold", "heat",
        "loyalty", "orders", "ravens", "ready", "reputation", "submitted", "swaps", "team",
        "thaw", "thaw_bonus",
    )

    def __init__(self, team: str, start: dict[str, int]) -> None:
        self.team = team
        self.gold = start["gold"]
        self.army = start["army"]
        self.loyalty = start["loyalty"]
        self.reputation = start["reputation"]
        self.swaps: list[tuple[str, str]] = []
        self.goal = ""
        self.goal_status = "none"  # none, pending, approved, rejected
        self.goal_note = ""
        self.goal_met: bool | None = None
        self.ready = False
        self.orders: list[Order] = []
        self.ravens: list[tuple[int, str]] = []
        self.submitted = False
        self.thaw_bonus = 0  # units of any resource won by the Thaw roll this season
        self.thaw: list[str] = []  # how they are taken
        self.heat: list[str] = []  # who pays each colony's Heat; the last repeats
        self.forced: list[int] = []  # colonies taxed by force this Leaf-fall

    def get(self, res: str) -> int:
        value: int = getattr(self, res)
        return value

    def add(self, res: str, n: int) -> int:
        """Change a resource, never below 0; returns the change made."""
        new = max(0, self.get(res) + n)
        change = new - self.get(res)
        setattr(self, res, new)
        return change

    def clone(self) -> Sheet:
        c = Sheet.__new__(Sheet)
        for k in Sheet.__slots__:
            v = getattr(self, k)
            setattr(c, k, v[:] if isinstance(v, list) else v)
        return c

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in Sheet.__slots__}
        out["orders"] = [list(o) for o in self.orders]
        out["ravens"] = [list(r) for r in self.ravens]
        out["swaps"] = [list(s) for s in self.swaps]
        return out
