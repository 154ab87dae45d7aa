"""Clash of Cultures' game texts: keys of the catalog ``data/texts.yaml`` (English and
Russian; the catalog is the game's glossary too) and the helpers that build them.

A rule module records what happened as a :class:`~meeple.core.text.Text`; nothing is
formatted until somebody reads the log, so a search bot's clones pay only for building
small immutable objects. Names of pieces (advances, cards, wonders...) are terms whose
English is the data files' name.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text, catalog_keys, entry, register_catalog

if TYPE_CHECKING:
    from meeple.games.clash.state import ClashState

CATALOG = "clash"
register_catalog(CATALOG, Path(__file__).with_name("data") / "texts.yaml")
# The names of places (cities, regions, a hex's direction from a city): their own file,
# as long as the map is large.
PLACES = "clashplace"
register_catalog(PLACES, Path(__file__).with_name("data") / "texts_places.yaml")

Pile = dict[str, int]


def t(key: str, **args: Arg) -> Text:
    # Texts are immutable: one without arguments is made once (search bots apply
    # thousands of actions a second, issue 19).
    return Text(f"{CATALOG}.{key}", **args) if args else _const(key)


@cache
def _const(key: str) -> Text:
    return Text(f"{CATALOG}.{key}")


@cache
def name(kind: str, key: str) -> Text:
    """A term of the glossary: ``name("adv", "Tactics")`` is ``clash.adv.Tactics``."""
    return Text(f"{CATALOG}.{kind}.{key}")


@cache
def who(p: int) -> Text:
    """A seat as the table names it ("Player 1" for index 0) or the barbarians."""
    return Text(f"{CATALOG}.barbarians") if p < 0 else Text(f"{CATALOG}.seat", p=p)


def adv(a: str) -> Text:
    return name("adv", a)


def res(r: str) -> Text:
    return name("res", r)


def unit(kind: str) -> Text:
    return name("unit", kind)


def building(kind: str) -> Text:
    return name("building", kind)


@cache
def amount(r: str, n: int) -> Text:
    """``n`` of a resource: "2 food" / "2 еды"."""
    return Text(f"{CATALOG}.amount.{r}", n=n)


@cache
def units(kind: str, n: int) -> Text:
    """``n`` units of a kind: "2 infantrys" (the log's English) / "2 пехоты"."""
    return Text(f"{CATALOG}.units.{kind}", n=n)


@cache
def plus(r: str, n: int) -> Text:
    """A resource gained: "+2 food"."""
    return t("plus", x=amount(r, n))


def region(terrain: list[str]) -> Text:
    """The four terrains of a region, in order."""
    a, b, c, d = (name("terrain", x) for x in terrain)
    return t("region", a=a, b=b, c=c, d=d)


# The direction from a hex to its neighbour, by the step in axial coordinates (the map
# draws q to the east and r to the south-east).
DIRECTIONS = {(1, 0): "e", (-1, 0): "w", (1, -1): "ne", (0, -1): "nw", (0, 1): "se",
              (-1, 1): "sw"}


@cache
def city_name(h: int) -> Text:
    """The name of a city standing on hex ``h`` (it belongs to the hex: a captured city
    keeps it)."""
    return Text(f"{PLACES}.city.{h}")


@cache
def area(r: int) -> Text:
    """The name of region ``r``, as the map writes it."""
    return Text(f"{PLACES}.area.{r}")


@cache
def _near(terrain: str, d: str, city: int) -> Text:
    return Text(f"{PLACES}.place.near", terrain=Text(f"{PLACES}.terrain.{terrain}"),
                dir=Text(f"{PLACES}.dir.{d}"), city=city_name(city))


@cache
def _in(terrain: str, h: int) -> Text:
    return Text(f"{PLACES}.place.in", terrain=Text(f"{PLACES}.terrain.{terrain}"),
                corner=Text(f"{PLACES}.corner.{h % 4}"), area=area(h // 4))


def place(s: ClashState, h: int) -> Text:
    """Hex ``h`` as a player finds it on the map: the city on it; else its terrain and its
    side of a neighbouring city (the one on the lowest hex); else its terrain and its
    quarter of its region. Two hexes never read alike: a city's name is its hex's, a city
    has one neighbour on each side, a region one hex in each quarter."""
    return _place(s, h, {c["hex"] for c in s.cities})


def places(s: ClashState) -> list[Text]:
    """Every hex's name (:func:`place`), the cities looked up once (a view names them all)."""
    cities = {c["hex"] for c in s.cities}
    return [_place(s, h, cities) for h in range(len(s.board.coords))]


def _place(s: ClashState, h: int, cities: set[int]) -> Text:
    if h in cities:
        return city_name(h)
    terrain = (s.terrain[h] or "unexplored") if s.known(h) else "unexplored"
    b = s.board
    for n in b.adj[h]:  # in index order: the lowest city first
        if n in cities:
            (q, r), (q0, r0) = b.coords[h], b.coords[n]
            return _near(terrain, DIRECTIONS[(q - q0, r - r0)], n)
    return _in(terrain, h)


def comma(items: list[Arg]) -> Arg:
    """Items joined by ", " in every language (no "and": the log's lists are tallies)."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t("comma", a=item, b=out)
    return out


def pile(p: Pile) -> Arg:
    """A pile of resources paid or gained: "1 food, 2 ore", or "nothing"."""
    items: list[Arg] = [amount(r, k) for r, k in p.items() if k]
    return comma(items) if items else t("nothing")


def tally(text: str, kind: str) -> Arg:
    """A collect or recruit pile as written in an action, "food:2+ore:1": "food 2, ore 1"."""
    items: list[Arg] = []
    for part in text.split("+"):
        k, _, n = part.partition(":")
        items.append(t("count", what=name(kind, k), n=int(n) if n.isdigit() else n))
    return comma(items)


@cache
def card(c: str) -> Text:
    """An action or objective card by its name."""
    from meeple.games.clash.state import DATA

    return name("action" if c in DATA.action_cards else "objective", c)


# The kinds of term in the glossary (a name, no arguments).
TERMS = ("group", "government", "adv", "wonder", "action", "tactic", "objective", "half",
         "measure", "event", "building", "unit", "unit_pl", "res", "terrain", "mood",
         "mood_is", "act", "phase", "word")


@cache
def _glossary(lang: str) -> dict[str, str]:
    from meeple.core.text import localize
    from meeple.games.clash.render import (
        card_text,
        civil_text,
        objective_half,
        objective_text,
        tactic_text,
    )
    from meeple.games.clash.state import DATA

    out = {k: name("adv", f"{k}.text").render(lang) for k in DATA.advances}
    out.update({k: name("wonder", f"{k}.text").render(lang) for k in DATA.wonders})
    out.update({k: card_text(k).render(lang) for k in DATA.action_cards})
    out.update({k: objective_text(k).render(lang) for k in DATA.objective_cards})
    # Each half of a card on its own, for a table that draws both halves.
    for k in DATA.action_cards:
        out[f"{k}.civil"] = str(localize(civil_text(k), lang))
        out[f"{k}.tactic"] = tactic_text(k).render(lang)
    for k in DATA.objective_cards:
        for half in ("peaceful", "military"):
            out[f"{k}.{half}"] = str(localize(objective_half(k, half), lang))
    out.update({k: name("event", f"{k}.text").render(lang) for k in DATA.events})
    for key in catalog_keys(CATALOG):
        rest = key.partition(".")[2]
        kind, dot, _ = rest.partition(".")
        if dot and kind in TERMS and not rest.endswith(".text"):
            e = entry(key)
            # a sentence of the log filed under a term's kind ("objective.military") is
            # not a name: the glossary is what a player hovers, never a template
            if e is not None and "{" not in str(e["en"]):
                out[rest] = str(e.get(lang, e["en"]))
    # the names the map writes: each region's, and each city's by its hex
    for key in catalog_keys(PLACES):
        rest = key.partition(".")[2]
        e = entry(key)
        if e is not None and rest.partition(".")[0] in ("area", "city"):
            out[rest] = str(e.get(lang, e["en"]))
    return out


def glossary(lang: str = "en") -> dict[str, str]:
    """What each advance, wonder, action card, objective card and event does, keyed by its
    English name (as the client looks it up), in ``lang`` (a card's halves under
    "NAME.civil" / "NAME.tactic", "NAME.peaceful" / "NAME.military"); and every term of the catalog
    under its key without the catalog ("adv.Tactics", "unit.ship"...), named in ``lang``; the
    names of places the map writes under "area.N" (region N) and "city.N" (a city on hex N)."""
    return dict(_glossary(lang))
