"""Cult's game texts: keys of the catalog ``data/texts.yaml`` (English and Russian, the
Russian words from the Russian rule book) and the helpers that build them.

A log line, a prompt or a choice is a :class:`Text` (a key and its arguments) rendered
only when read. The names a rule module needs again and again (a seat, a district, a
card) are cached: they depend on numbers that never change, so a search that applies
thousands of actions a second pays a dictionary lookup for them, not a new object.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text, register_catalog, term
from meeple.games.cult.data import load
from meeple.games.cult.model import CONSPIRACY, GREATNESS, LICENCE, PATRIARCH, card_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

CATALOG = "cult"
register_catalog(CATALOG, Path(__file__).with_name("data") / "texts.yaml")
DATA = load()
# The catalog's sections that name things of the table (the rest are sentences).
GLOSSARY = ("district", "cult", "ability", "conspiracy", "licence", "festival", "word")


def t(key: str, /, **args: Arg) -> Text:
    return Text(f"{CATALOG}.{key}", **args)


def chain(items: Sequence[Arg]) -> Arg:
    """Items joined by ``, `` in every language (the last one too: a list of scores or
    cards, not a sentence)."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t("comma", a=item, b=out)
    return out


@cache
def cult_name(cult: int) -> Text:
    return term(CATALOG, "cult", DATA.cults[cult].key)


@cache
def seat_of(p: int, cult: int) -> Text:
    """"P0 Anubis": the seat's number and its cult."""
    return t("seat", p=p, cult=cult_name(cult))


def seat(s: CultState, p: int) -> Text:
    return seat_of(p, s.players[p].cult)


def seats(s: CultState) -> Arg:
    return chain([seat(s, p) for p in range(s.n)])


@cache
def district_name(d: int) -> Text:
    return term(CATALOG, "district", DATA.districts[d - 1].key)


@cache
def district(d: int) -> Text:
    """"5 Temple": the district's number and name."""
    return t("district", d=d, name=district_name(d))


@cache
def ability(key: str) -> Text:
    return term(CATALOG, "ability", key)


@cache
def festival(key: str) -> Text:
    return term(CATALOG, "festival", key)


@cache
def priest_a(level: int) -> Text:
    """"a level-2 priest" / "the Patriarch" (the object of a sentence)."""
    return t("patriarch.acc") if level == PATRIARCH else t("priest.a", lv=level)


@cache
def priest_the(level: int) -> Text:
    return t("patriarch.acc") if level == PATRIARCH else t("priest.the", lv=level)


@cache
def priest_nom(level: int) -> Text:
    """The priest as the subject of a sentence (Russian needs the nominative)."""
    return t("patriarch") if level == PATRIARCH else t("priest.nom", lv=level)


@cache
def card_title(code: int) -> Text:
    """A card's name without its token: "Exorcism", "miracle (+2 influence)"."""
    if code == GREATNESS:
        return t("greatness")
    if code >= LICENCE:
        return term(CATALOG, "licence", code - LICENCE + 1)
    if code >= CONSPIRACY:
        return term(CATALOG, "conspiracy", DATA.conspiracies[code - CONSPIRACY].key)
    m = DATA.miracles[code]
    what = {"add": t("miracle.add"), "move": t("miracle.move"),
            "boost": t("miracle.boost", n=m.value),
            "altar": t("miracle.altar", n=m.followers), "mob": t("miracle.mob", n=m.followers),
            "gain": t("miracle.gain", f=m.followers, c=m.coins)}[m.effect]
    return t("miracle.dark" if m.dark else "miracle", what=what)


@cache
def card(code: int) -> Text:
    """A card as sentences name it: its token and name ("c5 Exorcism"), or the
    Greatness card."""
    if code == GREATNESS:
        return t("greatness.acc")
    return t("card", token=card_token(code), name=card_title(code))
