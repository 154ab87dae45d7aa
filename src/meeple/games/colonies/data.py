"""Colonies' numbers and map, loaded from ``data/`` (documented in docs/rules/colonies.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.core.saves import load_data


def _load(name: str) -> Any:
    return load_data(__package__ or "", name)


@dataclass(frozen=True)
class Province:
    id: int
    name: str
    name_ru: str
    next: tuple[int, ...]


@dataclass(frozen=True)
class ColoniesData:
    rules: dict[str, Any]
    provinces: tuple[Province, ...]
    start: dict[int, tuple[int, ...]]

    def season(self, index: int) -> tuple[str, int]:
        """The season key and year of the index-th season of the game (0 = the first)."""
        cal = self.rules["calendar"]
        order: list[str] = cal["seasons"]
        first = order.index(cal["start"]["season"])
        pos = first + index
        return order[pos % len(order)], cal["start"]["year"] + pos // len(order)

    def season_count(self) -> int:
        cal = self.rules["calendar"]
        order: list[str] = cal["seasons"]
        start = cal["start"]["year"] * len(order) + order.index(cal["start"]["season"])
        end = cal["end"]["year"] * len(order) + order.index(cal["end"]["season"])
        return int(end - start + 1)


@cache
def load() -> ColoniesData:
    raw = _load("map.yaml")
    provinces = tuple(Province(p["id"], p["name"], p["name_ru"], tuple(p["next"]))
                      for p in raw["provinces"])
    assert [p.id for p in provinces] == list(range(1, len(provinces) + 1))
    start = {int(k): tuple(v) for k, v in raw["start"].items()}
    return ColoniesData(rules=_load("rules.yaml"), provinces=provinces, start=start)
