"""Cyclades' game texts: keys of the catalog ``data/texts.yaml`` (English and Russian,
the Russian names from the Titans rule book, shared/seeds/002) and the helpers that
build them. A rule module logs ``t("log.buys", who=seat(p), ...)``, never a sentence: the
reader picks the language (meeple.core.text); nothing is formatted while a bot searches.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text, catalog_keys, register_catalog, render
from meeple.games.cyclades.data import load

if TYPE_CHECKING:
    from meeple.games.cyclades.state import CycladesState

CATALOG = "cyclades"
register_catalog(CATALOG, Path(__file__).with_name("data") / "texts.yaml")
DATA = load()
_NUMBERED = re.compile(r"^(.*\S) (\d+)$")


def _make(key: str, /, **args: Arg) -> Text:
    return Text(f"{CATALOG}.{key}", **args)


# Most lines repeat (a random game's 25,000 texts hold about 5,000 distinct ones), and a
# text is immutable: the same key and arguments give the same object from the cache, which
# is cheaper than making the text again. ``typed``: 1 and True are different arguments.
# 8,192 entries, as Cult's: a long-running server's cache stays a few MB.
_made: Callable[..., Text] = lru_cache(maxsize=1 << 13, typed=True)(_make)


def t(key: str, /, **args: Arg) -> Text:
    """The text of catalog entry ``key`` with its arguments."""
    try:
        return _made(key, **args)
    except TypeError:  # a list among the arguments (a group of units): not hashable
        return _make(key, **args)


def _terms(group: str, keys: list[str]) -> dict[str, Text]:
    return {k: Text(f"{CATALOG}.{group}.{k}") for k in keys}


# Made once: a log line only points at them.
SEATS = [Text(f"{CATALOG}.seat", p=p) for p in range(8)]
GODS = _terms("god", [*DATA.rules["gods"], "apollo"])
CARDS = {**_terms("creature", list(DATA.creatures)), **_terms("artifact", list(DATA.artifacts))}
BUILDINGS = _terms("building", [*DATA.rules["buildings"], "metropolis"])
SPECIALS = _terms("special", list(DATA.rules["special_metropolises"]))
UNITS = _terms("unit", ["troop", "fleet", "priest", "philosopher", "titan"])
NOBODY = t("nobody")


def _island_key(name: str) -> tuple[str, int | None]:
    """``Naxos 3`` → (``Naxos``, 3): the Titans map numbers the territories of an island."""
    m = _NUMBERED.match(name)
    return (m.group(1), int(m.group(2))) if m else (name, None)


def _territory(name: str) -> Text:
    island, number = _island_key(name)
    term = Text(f"{CATALOG}.island.{island}")
    return term if number is None else t("numbered", name=term, n=number)


# One text per territory name of every board, made once.
TERRITORIES = {tr.name: _territory(tr.name) for b in DATA.boards.values() for tr in b.territories}


def island_names() -> set[str]:
    """Every island's name on the boards (territories of the Titans map without their number)."""
    return {_island_key(name)[0] for name in TERRITORIES}


def seat(p: int) -> Text:
    return SEATS[p] if 0 <= p < len(SEATS) else t("seat", p=p)


def place(s: CycladesState, terr: int) -> Text:
    return TERRITORIES[s.board.territories[terr].name]


def sea(x: int) -> Text:
    return t("sea", n=x)


def god(g: str) -> Text:
    return GODS[g]


def card(c: str) -> Text:
    return CARDS.get(c) or Text(f"{CATALOG}.creature.{c}")


def building(b: str) -> Text:
    return BUILDINGS[b]


def special(k: str) -> Text:
    return SPECIALS[k]


def unit(kind: str) -> Text:
    return UNITS[kind]


def count(kind: str, n: int) -> Text:
    """``n`` troops, fleets, Titans... with the plural form the language needs."""
    return t(f"count.{kind}", n=n)


def units(n: int, k: int, what: str = "troop") -> Arg:
    """A group: troops (or fleets) and Titans, "nobody" for none."""
    parts: list[Arg] = []
    if n:
        parts.append(count(what, n))
    if k:
        parts.append(count("titan", k))
    return parts or NOBODY


def paid(cost: int) -> Text:
    """`` (2 gold)`` after an action, empty when free."""
    return t("paid", n=cost) if cost else t("empty")


def both(items: list[Arg]) -> Arg:
    """Items joined by "and" each time (``the Sandals and the Helm and the Caduceus``)."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t("and", a=item, b=out)
    return out


def along(arts: list[str]) -> Text:
    """``, with the Sandals and the Helm``: the artifacts a group carries, if any."""
    if not arts:
        return t("empty")
    return t("along", arts=both([t("the", x=card(a)) for a in arts]))


def commas(parts: list[Text]) -> Arg:
    """Parts joined by commas only (``a, b, c``) in every language."""
    if not parts:
        return ""
    out: Arg = parts[-1]
    for part in reversed(parts[:-1]):
        out = t("comma", a=part, b=out)
    return out


GLOSSARY = ("god.", "creature.", "artifact.", "building.", "special.", "unit.", "island.",
            "board.", "module.", "phase.", "reason.", "cycle", "gold", "prosperity",
            "artifact")


def glossary(lang: str) -> dict[str, str]:
    """Every name of the catalog (and the texts of cards), by key, in ``lang``."""
    prefix = f"{CATALOG}."
    return {key[len(prefix):]: render(Text(key), lang) for key in catalog_keys(CATALOG)
            if key[len(prefix):].startswith(GLOSSARY)}
