"""What each legal action does, in words (the choices a player reads).

An action's text form names things by the engine's ids (``miracle m9 2 5``: card m9, the
second priest of the active district, to district 5; ``plot c1 2``: against seat 2); its
description names them as the table does: the card's name, "the priest of level 3",
"Player 3", the district's number and name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.core.actions import Action, Arg
from meeple.core.text import Arg as TextArg
from meeple.core.text import Text
from meeple.games.cult import board as B
from meeple.games.cult import texts as T
from meeple.games.cult.cults import BY_KEY
from meeple.games.cult.model import CONSPIRACY, parse_card, parse_level

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

# Choices whose English is the action's own text form, with no arguments.
_PLAIN: Final = {"pass", "done", "decline", "take", "recruit", "summon", "bury", "ransom", "refuse"}
# Districts whose service is a plain "take": what the winner gets, with its number.
_TAKE: Final = {1: ("wastelands", None), 3: ("slums", "followers"), 4: ("forum", None),
         6: ("trade", "coins"), 11: ("nobles", "draw"), 12: ("barracks", "followers")}
# Abilities whose argument is a priest of the active district: what happens to it.
_SLOT: Final = {"hand_of_death": "arg.hand_of_death", "cult_of_dead": "arg.altar_from",
         "abyss": "arg.abyss", "charms": "arg.charms", "denial": "arg.altar_from",
         "exile": "arg.exile"}


def _here(s: CultState) -> int:
    """The district the deciding player acts in (an action, a service, drawn cards)."""
    if s.stack:
        f = s.stack[-1]
        if f[0] in ("act", "service", "drawn") and isinstance(f[2], int):
            return f[2]
    return s.district


def _card(tok: Arg) -> Text | str:
    c = parse_card(tok)
    return T.card(c) if c is not None else str(tok)


def _level(tok: Arg) -> Text | str:
    lv = parse_level(tok)
    return T.priest_the(lv) if lv is not None else str(tok)


def _subject(tok: Arg) -> Text | str:
    """A priest as the subject of a phrase (Russian needs the nominative)."""
    lv = parse_level(tok)
    return T.priest_nom(lv) if lv is not None else str(tok)


def _slot(s: CultState, p: int, d: int, slot: Arg) -> Text | str:
    """The priest in place ``slot`` (from 1) of district d: its level, and its owner when
    it is not the deciding player's."""
    row = s.board[d - 1] if 1 <= d <= len(s.board) else []
    i = int(slot) - 1
    if not 0 <= i < len(row):
        return str(slot)
    owner, lv = row[i][0], row[i][1]
    if owner == p:
        return T.t("arg.priest", priest=T.priest_the(lv))
    return T.t("arg.priest.of", who=T.seat(s, owner), priest=T.priest_the(lv))


def _card_args(s: CultState, p: int, card: int, args: tuple[Arg, ...]) -> Text | str:
    d = _here(s)
    if card < CONSPIRACY:
        m = B.DATA.miracles[card]
        if m.effect == "add":
            return _level(args[0])
        if m.effect == "move" and len(args) == 2:
            return T.t("arg.to", priest=_slot(s, p, d, args[0]), where=T.district(int(args[1])))
        if args[0] == "followers":
            return T.t("choice.followers", n=m.followers)
        if args[0] == "coins":
            return T.t("choice.coins", n=m.coins)
        return _slot(s, p, d, args[0])
    key = B.DATA.conspiracies[card - CONSPIRACY].key
    if key == "crown":
        return T.t("arg.take", card=_card(args[0]))
    if key == "raid":
        return _slot(s, p, d, args[0])
    return T.t("arg.against", who=T.seat(s, int(args[0])))


def _ability_args(s: CultState, p: int, key: str, args: tuple[Arg, ...]) -> Text | str:
    d = _here(s)
    if key in _SLOT:
        return T.t(_SLOT[key], priest=_slot(s, p, d, args[0]))
    if key == "loss_of_shackles":
        return T.t("arg.district", where=T.district(int(args[0])))
    if key == "ode_of_greed":
        return T.t("arg.greed", priest=_slot(s, p, d, args[0]), a=_subject(args[1]),
                   b=_subject(args[2]))
    if key == "contempt":
        return T.t("arg.contempt", priest=_level(args[0]))
    if key == "guise":
        d1, d2 = int(args[0]), int(args[2])
        return T.t("arg.guise", a=_slot(s, p, d1, args[1]), da=d1, b=_slot(s, p, d2, args[3]),
                   db=d2)
    if key == "incarnation":
        return T.fresh("arg.levels", levels=T.chain([int(x) for x in args]))
    if key == "initiation":
        return T.t("arg.initiation", n=int(args[0]))
    return " ".join(str(x) for x in args)


def _ability(s: CultState, p: int, args: tuple[Arg, ...]) -> Text:
    key = str(args[0])
    ab = T.ability(key)
    rest = args[1:]
    parts: list[TextArg] = []
    if BY_KEY[key].kind == "ritual" and rest:
        parts.append(T.t("arg.master", priest=T.priest_nom(parse_level(rest[0]) or 0)))
        rest = rest[1:]
    if rest:
        parts.append(_ability_args(s, p, key, rest))
    if not parts:
        return T.t("do.ability", ability=ab)
    return T.fresh("do.ability.args", ability=ab, args=T.chain(parts))


def _take(s: CultState) -> Text:
    d = _here(s)
    if d not in _TAKE:
        return T.t("do.take")
    key, number = _TAKE[d]
    extra = B.DATA.districts[d - 1].extra
    return T.t(f"do.take.{key}", n=int(extra[number])) if number else T.t(f"do.take.{key}")


def describe(s: CultState, p: int, a: Action) -> Text | str:
    k, args = a.kind, a.args
    if k == "place":
        return T.t("do.place", what=_level(args[1]), where=T.district(int(args[0])))
    if k in ("sell", "buy", "keep", "give", "pay"):
        return T.t(f"do.{k}", card=_card(args[0]))
    if k in ("miracle", "plot"):
        c = parse_card(args[0])
        if len(args) == 1 or c is None:
            return T.t("do.play", card=_card(args[0]))
        return T.t("do.play.args", card=_card(args[0]), args=_card_args(s, p, c, args[1:]))
    if k == "ability":
        return _ability(s, p, args)
    if k == "festival":
        name = T.festival(str(args[0]))
        if len(args) == 1:
            return T.t("do.festival", name=name)
        return T.t("do.festival.args", name=name, args=T.t("arg.licence", card=_card(args[1])))
    return _service(s, a)


def _service(s: CultState, a: Action) -> Text | str:
    k, args = a.kind, a.args
    info = B.DATA.districts[_here(s) - 1].extra if 1 <= _here(s) <= 13 else {}
    if k == "steal":
        lv = parse_level(args[0])
        return T.t("do.steal", n=int(args[1]), lv=args[0], where=T.district(int(args[1])),
                   priest=T.priest_nom(lv) if lv is not None else str(args[0]))
    if k == "build":
        return T.t("do.build", where=T.district(int(args[0])), lv=args[1],
                   priest=_level(args[1]), price=int(info.get("price", 0)))
    if k == "study":
        lv, n = int(args[0]), int(args[1])
        price = next((o["price"] for o in info.get("offers", []) if o.get("levels") == n), 0)
        return T.t("do.study", lv=lv, n=n, priest=_level(lv), to=min(B.MAX_LEVEL, lv + n),
                   price=int(price))
    if k == "hire":
        n = int(args[0])
        price = next((o["price"] for o in info.get("offers", []) if o.get("followers") == n), 0)
        return T.t("do.hire", n=n, price=int(price))
    if k == "upgrade":
        lv = int(args[0])
        return T.t("do.upgrade", lv=lv, priest=_level(lv), to=lv + int(info.get("levels", 1)))
    if k == "take" and args:
        return T.t("do.take.card", token=str(args[0]), card=_card(args[0]))
    if k == "take":
        return _take(s)
    if k in _PLAIN and not args:
        return T.t(f"do.{k}")
    return str(a)
