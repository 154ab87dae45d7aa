"""Colonies' game texts: keys of the catalog ``data/texts.yaml`` (English and Russian,
the Russian words from the rule post) and the helpers that build them.

The log keeps each line as a key with its arguments (meeple.core.text); the report
renders it in the reader's language. Report structure is kept out of the sentences: a
line is wrapped in ``h2``/``h3``/``h4`` (headings) or ``li`` (a list item); the log reads
them as plain sentences and the report writes them as Markdown (then BBCode).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text, catalog_keys, entry, register_catalog, render, term
from meeple.games.colonies.data import load
from meeple.games.colonies.model import Order

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

CATALOG = "colonies"
register_catalog(CATALOG, Path(__file__).with_name("data") / "texts.yaml")
DATA = load()
NEUTRAL = -2  # the natives (battle.NEUTRAL)


def t(key: str, **args: Arg) -> Text:
    return Text(f"{CATALOG}.{key}", **args)


def h2(body: Text) -> Text:
    return t("h2", t=body)


def h3(body: Text) -> Text:
    return t("h3", t=body)


def h4(body: Text) -> Text:
    return t("h4", t=body)


def li(body: Text) -> Text:
    return t("li", t=body)


def chain(items: list[Arg], sep: str = "semi") -> Arg:
    """Items joined by ``; `` (sep "semi") or ``, `` (sep "comma"), in every language."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = t(sep, a=item, b=out)
    return out


def province(prov: int) -> Text:
    return t("province", id=prov, name=term(CATALOG, "province", prov))


def resource(res: str) -> Text:
    return term(CATALOG, "res", res)


def change(n: int, res: str) -> Text:
    return t("change", n=n, res=resource(res))


def resources(s: ColoniesState, p: int) -> Text:
    pl = s.players[p]
    return t("resources", gold=pl.gold, army=pl.army, loyalty=pl.loyalty,
             reputation=pl.reputation)


def season(s: ColoniesState, index: int | None = None) -> Text:
    key, year = DATA.season(s.season_no if index is None else index)
    return t("season", name=term(CATALOG, "season", key), year=year)


def seat(s: ColoniesState, p: int) -> Text:
    """A seat's name: "Player 1", or the approved character's; the natives; the Master."""
    if p == NEUTRAL:
        return t("natives")
    if p == s.master:
        return Text("core.master")
    sheets = getattr(s, "sheets", None)
    if sheets and sheets[p].status == "approved":
        return t("seat.named", p=p, name=sheets[p].fields["name"])
    return t("seat", p=p, team=term(CATALOG, "team", s.players[p].team))


def seats(s: ColoniesState, players: list[int]) -> list[Arg]:
    return [seat(s, p) for p in players]


def order(o: Order) -> Text:
    """An order as the player wrote it (English: the very text form)."""
    kind = o[0]
    if kind == "propaganda":
        return t("order.propaganda", stat=resource(str(o[1])), gold=int(o[2]))
    if kind == "espionage":
        return t("order.espionage", target=int(o[1]), gold=int(o[2]))
    if kind == "recruit":
        return t("order.recruit", gold=int(o[1]))
    return t(f"order.{kind}", province=int(o[1]))


GLOSSARY = ("province.", "season.", "season_event.", "team.", "ability.", "res.", "role.")


def glossary(lang: str) -> dict[str, str]:
    """Every name of the catalog, by key without ``colonies.``, in ``lang`` (sentences
    with arguments, such as ``res.start``, are not names)."""
    prefix = f"{CATALOG}."
    return {key[len(prefix):]: render(Text(key), lang) for key in catalog_keys(CATALOG)
            if key[len(prefix):].startswith(GLOSSARY) and not _has_arguments(key)}


def _has_arguments(key: str) -> bool:
    return any("{" in str(v) for v in (entry(key) or {}).values())
