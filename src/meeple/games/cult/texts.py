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
from typing import TYPE_CHECKING, Final

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


# A text made once and used in many lines (a seat, a district, a card): every text keeps
# its hash once computed, so the lines that hold a name find it in :func:`t`'s cache
# without hashing it again.
Name = Text


def name(key: str, /, **args: Arg) -> Name:
    return Text(f"{CATALOG}.{key}", **args)


# A game adds about 160 new lines (and a server renders each in its readers' languages): a
# cache of 65,536 grew a long-running server by tens of MB before it was full, and one of
# 8,192 still grew it after 200 games of two rounds (4.5 new entries a game, each holding
# its sentences; issue 41). 2,048 is full within the first hundred games; it answers 59%
# of the calls of long random games against 69% for 8,192.
def _line(key: str, /, **args: Arg) -> Text:
    return Text.of(f"{CATALOG}.{key}", args)


# t(key, **args): the text of catalog entry ``key`` with its arguments (numbers, strings,
# names); the same line twice is usually the same object (texts are immutable). Final, so
# that compiled rules read it from this module's statics instead of looking it up in the
# module at every line (100 places of the compiled Cult code did, session 15).
t: Final = lru_cache(maxsize=1 << 11)(_line)


def fresh(key: str, /, **args: Arg) -> Text:
    """A text whose arguments are seldom the same twice (lists of scores or cards)."""
    return Text.of(f"{CATALOG}.{key}", args)


def chain(items: Sequence[Arg]) -> Arg:
    """Items joined by ``, `` in every language (the last one too: a list of scores or
    cards, not a sentence)."""
    if not items:
        return ""
    # A list and an index: compiled, a Sequence's items, slices and ``reversed`` are
    # Python's generic operations (a district's winning line with its scores, made at
    # every resolution, spent 3% of random play here).
    listed: list[Arg] = list(items)
    out = listed[-1]
    i = len(listed) - 2
    while i >= 0:
        out = Text.of("cult.comma", {"a": listed[i], "b": out})  # fresh(), without its call
        i -= 1
    return out


@cache
def cult_name(cult: int) -> Name:
    return name(f"cult.{DATA.cults[cult].key}")


@cache
def seat_of(p: int, cult: int) -> Name:
    """"Player 1", as the table names a seat (its cult kept for the line's record and
    shown where the game begins: :func:`seats_with_cults`)."""
    return name("seat", p=p, cult=cult_name(cult))


# Every seat with every cult, made once: most log lines name a seat, and compiled code
# reads a table in C where a cached function is a look-up in the module and the cache.
# (Seats beyond the table, none in a game of at most 5, come from the cache.)
_SEATS: Final = [[seat_of(p, c) for c in range(len(DATA.cults))] for p in range(5)]


def seat(s: CultState, p: int) -> Name:
    cult = s.players[p].cult
    return _SEATS[p][cult] if p < 5 else seat_of(p, cult)


def seats(s: CultState) -> Arg:
    return chain([seat(s, p) for p in range(s.n)])


def seats_with_cults(s: CultState) -> Arg:
    """"Player 1 (Anubis), Player 2 (Lolth)": who leads which cult, where the game begins."""
    return chain([name("seat.cult", p=p, cult=cult_name(s.players[p].cult)) for p in range(s.n)])


@cache
def district_name(d: int) -> Name:
    return name(f"district.{DATA.districts[d - 1].key}")


def _district(d: int) -> Name:
    return name("district", d=d, name=district_name(d))


_DISTRICTS: Final = [_district(d) for d in range(1, len(DATA.districts) + 1)]


def district(d: int) -> Name:
    """"5 Temple": the district's number and name."""
    return _DISTRICTS[d - 1] if 0 < d <= len(_DISTRICTS) else _district(d)


# The lines written most often (a placement, a pass, a district's winner and its scores, a
# donation, a tithe, a service declined or unusable) are kept by their numbers: compiled, a
# tuple of ints is hashed and looked up in C, where a call of t() packs its keywords for
# Python's generic call and builds its key, and a line with scores builds them all (a
# placement's line alone was a twentieth of compiled random play, session 14). A key starts
# with its line's code; a seat is kept by its number and its cult. The winners' scores can
# make many keys: the table starts again when full.
_PLACES: Final = 0
_NO_SERVICE: Final = 1
_DECLINES: Final = 2
_DONATION: Final = 3
_TITHE: Final = 4
_WINS: Final = 5
_SCORE: Final = 6
# The lines below kept by their numbers, forgotten all at once when full. Bounded low
# enough to fill within a server's first games: a cache still filling is memory that grows
# with every new game (issue 41).
_KEPT: Final[dict[tuple[int, ...], Text]] = {}
_KEPT_MAX: Final = 1 << 12


# A line missing from the table is made directly, not through t(): its call packs the
# keywords for Python's generic call and its cache would hold the line a second time (the
# key strings below are CATALOG's).
def _keep(memo: tuple[int, ...], line: Text) -> Text:
    if len(_KEPT) >= _KEPT_MAX:
        _KEPT.clear()
    _KEPT[memo] = line
    return line


def placed(s: CultState, p: int, lv: int, d: int, cost: int) -> Text:
    """"P1 Anubis places a level-2 priest in 5 Temple[, sacrificing 1 follower]"."""
    memo = (_PLACES, p, s.players[p].cult, lv, d, cost)
    found = _KEPT.get(memo)
    if found is None:
        found = _keep(memo, Text.of("cult.places.paid" if cost else "cult.places", {
            "who": seat(s, p), "what": priest_a(lv), "where": district(d), "n": cost}))
    return found


_PASSES: Final = [[t("passes", who=who) for who in row] for row in _SEATS]


def passes(s: CultState, p: int) -> Text:
    return _PASSES[p][s.players[p].cult] if p < 5 else t("passes", who=seat(s, p))


_ACTIVE: Final = [t("active", where=where) for where in _DISTRICTS]


def active(d: int) -> Text:
    """"Now active: 5 Temple"."""
    return _ACTIVE[d - 1] if 0 < d <= len(_ACTIVE) else t("active", where=district(d))


def no_service(s: CultState, p: int, d: int) -> Text:
    memo = (_NO_SERVICE, p, s.players[p].cult, d)
    found = _KEPT.get(memo)
    return found if found is not None else _keep(
        memo, Text.of("cult.no_service", {"who": seat(s, p), "d": d}))


def declines(s: CultState, p: int, d: int) -> Text:
    memo = (_DECLINES, p, s.players[p].cult, d)
    found = _KEPT.get(memo)
    return found if found is not None else _keep(
        memo, Text.of("cult.declines", {"who": seat(s, p), "d": d}))


def donation(s: CultState, p: int, n: int) -> Text:
    memo = (_DONATION, p, s.players[p].cult, n)
    found = _KEPT.get(memo)
    return found if found is not None else _keep(
        memo, Text.of("cult.donation", {"who": seat(s, p), "n": n}))


def tithe(s: CultState, p: int, q: int) -> Text:
    """p pays a coin of tithe to q."""
    memo = (_TITHE, p, s.players[p].cult, q, s.players[q].cult)
    found = _KEPT.get(memo)
    return found if found is not None else _keep(
        memo, Text.of("cult.tithe", {"who": seat(s, p), "other": seat(s, q)}))


def wins(s: CultState, winner: int, d: int, present: list[int],
         influence: dict[int, int]) -> Text:
    """"P1 Anubis wins district 5 (P1 Anubis: 4, P2 Lolth: 2)", with the influence of each
    player ``present`` in their order; nobody present: the district was claimed.

    A line with scores is made afresh (its scores kept one by one): the players present and
    their numbers seldom repeat (a fifth of them did in games of two rounds), and keeping
    them was most of what a server's memory gained with every new game (issue 41)."""
    who = seat(s, winner)
    if not present:
        memo = (_WINS, winner, s.players[winner].cult, d)
        found = _KEPT.get(memo)
        return found if found is not None else _keep(
            memo, Text.of("cult.wins.claimed", {"who": who, "d": d}))
    return Text.of("cult.wins", {"who": who, "d": d, "scores": chain(
        [_score(s, q, influence[q]) for q in present])})


def _score(s: CultState, p: int, n: int) -> Text:
    """"P1 Anubis: 4" (a district winner's line holds one per player present)."""
    memo = (_SCORE, p, s.players[p].cult, n)
    found = _KEPT.get(memo)
    return found if found is not None else _keep(
        memo, Text.of("cult.score", {"who": seat(s, p), "n": n}))


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
