"""Cult's game texts: keys of the catalog ``data/texts.yaml`` (English and Russian, the
Russian words from the Russian rule book) and the helpers that build them.

A log line, a prompt or a choice is a :class:`Text` (a key and its arguments) rendered
only when read. Speed (a search applies thousands of actions a second): the names a rule
module needs again and again (a seat, a district, a card) are :class:`Name` objects made
once, and a line is made once per distinct key and arguments (:func:`t`), so most lines
cost a cache lookup; a line holding a list (scores, cards) is made by :func:`fresh`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text, register_catalog
from meeple.games.cult.data import load
from meeple.games.cult.model import CONSPIRACY, GREATNESS, LICENCE, PATRIARCH, card_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

CATALOG = "cult"
register_catalog(CATALOG, Path(__file__).with_name("data") / "texts.yaml")
DATA = load()
# The catalog's sections that name things of the table (the rest are sentences).
GLOSSARY = ("district", "cult", "ability", "conspiracy", "licence", "festival", "word")


class Name(Text):
    """A text made once and used in many lines: its hash is computed once, so the lines
    that hold it are found in :func:`t`'s cache without hashing it again."""

    __slots__ = ("_hash",)
    _hash: int

    def __init__(self, key: str, /, **args: Arg) -> None:
        super().__init__(key, **args)
        object.__setattr__(self, "_hash", Text.__hash__(self))

    def __hash__(self) -> int:
        return self._hash


def name(key: str, /, **args: Arg) -> Name:
    return Name(f"{CATALOG}.{key}", **args)


# A game adds about 160 new lines (and a server renders each in its readers' languages): a
# cache of 65,536 grew a long-running server by tens of MB before it was full.
@lru_cache(maxsize=1 << 13)
def t(key: str, /, **args: int | str | Text) -> Text:
    """The text of catalog entry ``key`` with its arguments (numbers, strings, names);
    the same line twice is usually the same object (texts are immutable)."""
    return Text(f"{CATALOG}.{key}", **args)


def fresh(key: str, /, **args: Arg) -> Text:
    """A text whose arguments are seldom the same twice (lists of scores or cards)."""
    return Text(f"{CATALOG}.{key}", **args)


def chain(items: Sequence[Arg]) -> Arg:
    """Items joined by ``, `` in every language (the last one too: a list of scores or
    cards, not a sentence)."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = fresh("comma", a=item, b=out)
    return out


@cache
def cult_name(cult: int) -> Name:
    return name(f"cult.{DATA.cults[cult].key}")


@cache
def seat_of(p: int, cult: int) -> Name:
    """"P0 Anubis": the seat's number and its cult."""
    return name("seat", p=p, cult=cult_name(cult))


def seat(s: CultState, p: int) -> Name:
    return seat_of(p, s.players[p].cult)


def seats(s: CultState) -> Arg:
    return chain([seat(s, p) for p in range(s.n)])


@cache
def district_name(d: int) -> Name:
    return name(f"district.{DATA.districts[d - 1].key}")


@cache
def district(d: int) -> Name:
    """"5 Temple": the district's number and name."""
    return name("district", d=d, name=district_name(d))


@cache
def ability(key: str) -> Name:
    return name(f"ability.{key}")


@cache
def festival(key: str) -> Name:
    return name(f"festival.{key}")


@cache
def priest_a(level: int) -> Name:
    """"a level-2 priest" / "the Patriarch" (the object of a sentence)."""
    return name("patriarch.acc") if level == PATRIARCH else name("priest.a", lv=level)


@cache
def priest_the(level: int) -> Name:
    return name("patriarch.acc") if level == PATRIARCH else name("priest.the", lv=level)


@cache
def priest_nom(level: int) -> Name:
    """The priest as the subject of a sentence (Russian needs the nominative)."""
    return name("patriarch") if level == PATRIARCH else name("priest.nom", lv=level)


@cache
def card_title(code: int) -> Name:
    """A card's name without its token: "Exorcism", "miracle (+2 influence)"."""
    if code == GREATNESS:
        return name("greatness")
    if code >= LICENCE:
        return name(f"licence.{code - LICENCE + 1}")
    if code >= CONSPIRACY:
        return name(f"conspiracy.{DATA.conspiracies[code - CONSPIRACY].key}")
    m = DATA.miracles[code]
    what = {"add": t("miracle.add"), "move": t("miracle.move"),
            "boost": t("miracle.boost", n=m.value),
            "altar": t("miracle.altar", n=m.followers), "mob": t("miracle.mob", n=m.followers),
            "gain": t("miracle.gain", f=m.followers, c=m.coins)}[m.effect]
    return name("miracle.dark" if m.dark else "miracle", what=what)


@cache
def card(code: int) -> Name:
    """A card as sentences name it: its name ("Exorcism"; the token stays an argument, for
    whoever reads the text as data), or the Greatness card."""
    if code == GREATNESS:
        return name("greatness.acc")
    # A conspiracy's or licence's name is a title: Russian quotes it, so that it needs no
    # declining after a verb ("купить «Община Пустошей»"); a miracle is "чудо (...)".
    key = "card" if code < CONSPIRACY else "card.named"
    return name(key, token=card_token(code), name=card_title(code))
