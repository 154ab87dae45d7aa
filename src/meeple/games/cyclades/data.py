"""Cyclades numbers, creatures and boards, loaded from ``data/`` (docs/rules/cyclades.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.core.saves import load_data


def _load(name: str) -> Any:
    return load_data(__package__ or "", name)


@dataclass(frozen=True)
class Territory:
    id: int
    name: str
    island: int
    x: int
    y: int
    seas: tuple[int, ...]
    next: tuple[int, ...]
    slots: int
    prosperity: int

    @property
    def metropolis_space(self) -> bool:
        """Territories with two or more building spaces have room for a Metropolis."""
        return self.slots >= 2


@dataclass(frozen=True)
class Sea:
    id: int
    x: int
    y: int
    next: tuple[int, ...]
    territories: tuple[int, ...]
    prosperity: int


@dataclass(frozen=True)
class Board:
    name: str
    rows: int
    cols: int
    territories: tuple[Territory, ...]
    seas: tuple[Sea, ...]
    starts: dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]]
    start_buildings: tuple[int, ...]


@dataclass(frozen=True)
class CycladesData:
    rules: dict[str, Any]
    creatures: dict[str, dict[str, Any]]
    artifacts: dict[str, dict[str, Any]]
    boards: dict[str, Board]

    def god(self, name: str) -> dict[str, Any]:
        gods: dict[str, Any] = self.rules["gods"]
        return dict(gods[name])


def _board(name: str, raw: dict[str, Any]) -> Board:
    terr = tuple(Territory(t["id"], t["name"], t["island"], t["x"], t["y"], tuple(t["seas"]),
                           tuple(t["next"]), t["slots"], t["prosperity"])
                 for t in raw["territories"])
    seas = tuple(Sea(s["id"], s["x"], s["y"], tuple(s["next"]), tuple(s["territories"]),
                     s["prosperity"]) for s in raw["seas"])
    starts = {int(n): tuple(((v["territories"][0], v["territories"][1]),
                             (v["seas"][0], v["seas"][1])) for v in lst)
              for n, lst in raw["starts"].items()}
    return Board(name, raw["rows"], raw["cols"], terr, seas, starts,
                 tuple(raw["start_buildings"]))


@cache
def load() -> CycladesData:
    cards = _load("creatures.yaml")
    maps = _load("maps.yaml")
    return CycladesData(_load("rules.yaml"), cards["creatures"], cards["artifacts"],
                        {k: _board(k, v) for k, v in maps.items()})
