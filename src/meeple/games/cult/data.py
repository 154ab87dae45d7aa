"""Cult's numbers, loaded from the YAML files in ``data/`` (documented in docs/rules/cult.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from meeple.core.saves import load_data


def _load(name: str) -> Any:
    return load_data(__package__ or "", name)


@dataclass(frozen=True)
class District:
    number: int
    key: str
    name: str
    name_ru: str
    access: int
    donation: int
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ability:
    key: str
    name: str
    name_ru: str
    kind: str  # "sacrifice" or "ritual"
    cost: dict[str, int]
    master_min: int
    master_max: int
    patriarch_min: int  # > 0: the master must be the free Patriarch with this level
    params: dict[str, Any]


@dataclass(frozen=True)
class Cult:
    index: int
    key: str
    name: str
    name_ru: str
    light_power: int
    dark_power: int
    abilities: tuple[Ability, Ability, Ability, Ability]

    def side(self, dark: bool) -> tuple[Ability, Ability]:
        return (self.abilities[2], self.abilities[3]) if dark else (
            self.abilities[0], self.abilities[1])


@dataclass(frozen=True)
class Miracle:
    id: int
    effect: str
    value: int
    followers: int
    coins: int
    dark: bool


@dataclass(frozen=True)
class Conspiracy:
    id: int
    key: str
    name: str
    name_ru: str
    reward: int
    light: bool
    params: dict[str, Any]


@dataclass(frozen=True)
class Licence:
    id: int
    kind: str  # approval, community, tithe, office, honour
    value: int  # approval ordinal
    districts: tuple[int, ...]  # community/office: one; tithe: the set
    name: str
    price: int
    bonus: int


@dataclass(frozen=True)
class Festival:
    key: str
    name: str
    name_ru: str
    followers: int
    coins: int
    miracles: int
    licence: int
    mobs: int


@dataclass(frozen=True)
class CultData:
    rules: dict[str, Any]
    districts: tuple[District, ...]
    cults: tuple[Cult, ...]
    miracles: tuple[Miracle, ...]
    conspiracies: tuple[Conspiracy, ...]
    licences: tuple[Licence, ...]
    festival: tuple[Festival, ...]
    greatness_bonus: int

    def cult_by_key(self, key: str) -> Cult:
        for c in self.cults:
            if c.key == key:
                return c
        raise KeyError(f"unknown cult {key!r}; cults: {', '.join(c.key for c in self.cults)}")


def _ability(raw: dict[str, Any]) -> Ability:
    known = {"key", "name", "name_ru", "kind", "cost", "master"}
    master = raw.get("master", {})
    return Ability(
        key=raw["key"], name=raw["name"], name_ru=raw["name_ru"], kind=raw["kind"],
        cost=dict(raw.get("cost", {})),
        master_min=int(master.get("min", 0)), master_max=int(master.get("max", 0)),
        patriarch_min=int(master.get("patriarch_min", 0)),
        params={k: v for k, v in raw.items() if k not in known},
    )


def _licence_name(raw: dict[str, Any], districts: tuple[District, ...]) -> str:
    kind = raw["kind"]
    if kind == "approval":
        return f"Approval {raw['value']}"
    if kind == "community":
        return f"Community of {districts[raw['district'] - 1].name}"
    if kind == "tithe":
        return "Tithe " + ",".join(str(d) for d in raw["districts"])
    if kind == "office":
        return f"{raw['name']} (office {raw['district']})"
    return str(raw["name"])


@cache
def load() -> CultData:
    rules = _load("rules.yaml")
    districts = tuple(
        District(
            number=d["number"], key=d["key"], name=d["name"], name_ru=d["name_ru"],
            access=d["access"], donation=d["donation"],
            extra={k: v for k, v in d.items()
                   if k not in {"number", "key", "name", "name_ru", "access", "donation"}},
        )
        for d in _load("districts.yaml")
    )
    cults = tuple(
        Cult(
            index=i, key=c["key"], name=c["name"], name_ru=c["name_ru"],
            light_power=c["power"]["light"], dark_power=c["power"]["dark"],
            abilities=tuple(_ability(a) for a in c["abilities"]),  # type: ignore[arg-type]
        )
        for i, c in enumerate(_load("cults.yaml"))
    )
    miracles: list[Miracle] = []
    for m in _load("miracles.yaml"):
        for _ in range(m["count"]):
            miracles.append(Miracle(
                id=len(miracles), effect=m["effect"], value=m.get("value", 0),
                followers=m.get("followers", 0), coins=m.get("coins", 0),
                dark=bool(m.get("dark", False)),
            ))
    conspiracies: list[Conspiracy] = []
    known = {"key", "name", "name_ru", "reward", "light"}
    for c in _load("conspiracies.yaml"):
        for _ in range(3):
            conspiracies.append(Conspiracy(
                id=len(conspiracies), key=c["key"], name=c["name"], name_ru=c["name_ru"],
                reward=c["reward"], light=bool(c.get("light", False)),
                params={k: v for k, v in c.items() if k not in known},
            ))
    licences = tuple(
        Licence(
            id=i, kind=raw["kind"], value=raw.get("value", 0),
            districts=tuple(raw.get("districts", [raw["district"]] if "district" in raw else [])),
            name=_licence_name(raw, districts), price=raw["price"], bonus=raw["bonus"],
        )
        for i, raw in enumerate(_load("licences.yaml"))
    )
    g = _load("greatness.yaml")
    festival = tuple(
        Festival(key=f["key"], name=f["name"], name_ru=f["name_ru"],
                 followers=f.get("followers", 0), coins=f.get("coins", 0),
                 miracles=f.get("miracles", 0), licence=f.get("licence", 0),
                 mobs=f.get("mobs", 0))
        for f in g["festival"]
    )
    return CultData(rules=rules, districts=districts, cults=cults, miracles=tuple(miracles),
                    conspiracies=tuple(conspiracies), licences=licences, festival=festival,
                    greatness_bonus=int(g["bonus"]))
