"""Cult for people: the board as text (what each prompt asks: ``state.prompt_text``; what
each action does: :mod:`meeple.games.cult.choices`), in the reader's language: every word
from the catalog's ``board.*`` entries and the names of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.text import DEFAULT_LANG, Arg, Text
from meeple.games.cult import board as B
from meeple.games.cult import texts as T
from meeple.games.cult.model import NOBODY, level_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def render(s: CultState, viewer: int | None, lang: str = DEFAULT_LANG) -> str:
    def say(key: str, **args: Arg) -> str:
        return Text.of(f"{T.CATALOG}.board.{key}", args).render(lang)

    def where(d: int) -> str:
        return say("district", d=d, name=T.district_name(d))

    def cult(p: int) -> str:
        """A seat on the district lines: its cult's name (one cult per seat)."""
        return T.cult_name(s.players[p].cult).render(lang)

    def seat(p: int) -> str:
        return T.name("seat.cult", p=p, cult=T.cult_name(s.players[p].cult)).render(lang)

    def cards(codes: list[int], sep: str = ", ") -> str:
        return sep.join(T.card(c).render(lang) for c in codes)

    none = say("none")
    lines = [say("title", n=s.round_no,
                 active=say("active", where=where(s.district)) if s.district else "")]
    for p, pl in enumerate(s.players):
        shield = " ".join(str(level_token(lv)) for lv in pl.shield)
        flags = (say("festival") if pl.skip else "") + (
            say("passed") if pl.passed and not pl.skip else "")
        lines.append(say(
            "player", mark=">" if p == viewer else "*" if p == s.first else " ", who=seat(p),
            side=say("dark" if B.dark_side(s, p) else "light"), power=B.power(s, p),
            coins=pl.coins, followers=pl.followers, mobs=pl.mobs, altars=B.altar_count(s, p),
            rituals=pl.rituals, patriarch=B.patriarch_level(s, p),
            free=" ".join(str(level_token(lv)) for lv in sorted(pl.free)) or none,
            shield=say("shield", levels=shield) if shield else "",
            licences=cards(sorted(pl.licences)) or none,
            hand=len(pl.hand),  # the viewer's cards are named below
            flags=flags))
    for d in range(1, 14):
        priests = " ".join(
            say("priest", i=i + 1, cult=cult(pr[0]), lv=str(level_token(pr[1])),
                bonus=say("bonus", n=pr[2]) if pr[2] else "",
                stack=say("stack", n=pr[3]) if pr[3] else "")
            for i, pr in enumerate(s.board[d - 1]))
        altars = " ".join(say("altar", cult=cult(o)) for o in s.altars[d - 1])
        if priests or altars or d == s.district:
            seized = s.seized[d - 1]
            lines.append(say("row", where=where(d), priests=priests, altars=altars,
                             seized=say("seized", who=seat(seized)) if seized != NOBODY
                             else "").rstrip())
    if viewer is not None and s.players[viewer].hand:
        lines.append(say("hand", cards=cards(sorted(s.players[viewer].hand), "; ")))
    palace = cards([c for c in s.palace if c != NOBODY]) or say("palace.empty")
    lines.append(say("palace", cards=palace))
    lines.append(say("decks", miracles=len(s.miracles), conspiracies=len(s.conspiracies),
                     licences=len(s.licence_deck),
                     holder=seat(s.g_holder) if s.g_holder != NOBODY else say("bank"),
                     down="" if s.g_up else say("face_down")))
    return "\n".join(lines)
