"""Colonies for people: prompts, what an action does, the map and sheet as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.core.text import DEFAULT_LANG, Arg, Text, term
from meeple.games.colonies import sheets
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, RESOURCES
from meeple.games.colonies.texts import order, province, resource, season, seat, t

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules


def prompt_text(s: ColoniesState, p: int) -> Text:
    if p == s.master:
        if sheets.needs_master(s):
            return t("prompt.master.sheets")
        return t(f"prompt.master.{s.phase if s.phase in ('orders', 'goals') else 'setup'}")
    pl = s.players[p]
    who = seat(s, p)
    if s.phase == "setup" and sheets.enabled(s):
        return t("prompt.sheets", who=who, todo=sheets.prompt(s, p))
    if s.phase == "setup":
        return t("prompt.setup", who=who, swaps=RULES["swap_max"])
    if s.phase == "spy":
        return t("prompt.spy", who=who)
    extra: Text | str = ""
    if pl.thaw_bonus > len(pl.thaw):
        extra = t("prompt.thaw", n=pl.thaw_bonus - len(pl.thaw))
    return t("prompt.orders", who=who, season=season(s), n=len(pl.orders),
             most=RULES["actions_per_season"], ravens=len(pl.ravens),
             ravens_most=RULES["ravens_per_season"], extra=extra)


def prov(i: object) -> str:
    return f"{i} {DATA.provinces[int(str(i)) - 1].name}"


def describe(s: ColoniesState, p: int, a: Action) -> Text | str:
    k, args = a.kind, a.args
    if k == "offensive":
        return t("desc.offensive", province=province(int(args[0])))
    if k == "colonize":
        return t("desc.colonize", province=province(int(args[0])), cost=RULES["colonize_cost"])
    if k == "propaganda":
        return t("desc.propaganda", gain=1 + int(args[1]), stat=resource(str(args[0])),
                 gold=int(args[1]))
    if k == "recruit":
        return t("desc.recruit", gain=1 + int(args[0]), gold=int(args[0]))
    if k == "espionage":
        return t("desc.espionage", who=seat(s, int(args[0])), gold=int(args[1]))
    if k == "cancel":
        return t("desc.cancel", n=int(args[0]),
                 order=order(s.players[p].orders[int(args[0]) - 1]))
    if k == "submit":
        return t("desc.submit")
    if k == "swap":
        return t("desc.swap", give=resource(str(args[0])), get=resource(str(args[1])))
    if k == "sheet":
        verb = str(args[0]) if args else ""
        if verb == "approve" and len(args) == 2:
            return t("desc.sheet.approve", who=seat(s, int(args[1])))
        if verb == "class" and len(args) == 2 and str(args[1]) in RULES["teams"]:
            return t(f"desc.sheet.class.{args[1]}")
        return t("desc.sheet.submit") if verb == "submit" else sheets.describe(s, a)
    if k in ("ready", "unswap", "unthaw", "unheat", "resolve"):
        return t(f"desc.{k}")
    if k == "unforce":
        return t("desc.unforce", province=province(int(args[0])))
    if k == "unraven":
        return t("desc.unraven", n=int(args[0]))
    if k in ("approve", "reject"):
        return t(f"desc.{k}", who=seat(s, int(args[0])))
    if k == "award" and len(args) == 2 and args[1] in ("yes", "no"):
        return t(f"desc.award.{args[1]}", who=seat(s, int(args[0])))
    if k == "force":
        return t("desc.force", province=province(int(args[0])))
    if k == "thaw":
        return t("desc.thaw", res=resource(str(args[0])))
    if k == "heat":
        return t("desc.heat", res=resource(str(args[0])))
    return str(a)


def render(s: ColoniesState, viewer: int | None, lang: str = DEFAULT_LANG) -> str:
    """The map and the sheets as text, in the reader's language (the catalog's ``board.*``
    entries and the names of the table)."""
    def say(key: str, **args: Arg) -> str:
        return Text.of(f"colonies.board.{key}", args).render(lang)

    def who(p: int) -> str:
        return seat(s, p).render(lang)

    lines = [say("title", season=season(s), phase=say(f"phase.{s.phase}"))]
    for i, pr in enumerate(DATA.provinces):
        owner = s.owner[i]
        lines.append(say("province", id=pr.id, name=term("colonies.province", pr.id),
                         who=who(owner) if owner != NOBODY else say("nobody"),
                         colony=say("colony") if s.colonized[i] else ""))
    master = viewer is not None and viewer == s.master
    for p, pl in enumerate(s.players):
        if master or p == viewer:
            res = ", ".join(say("res", res=resource(r), n=pl.get(r)) for r in RESOURCES)
            orders = "; ".join(order(o).render(lang) for o in pl.orders) or say("nobody")
            lines.append(say("sheet", mark=">" if p == viewer else " ", who=who(p), res=res,
                             orders=orders, ravens=len(pl.ravens),
                             goal=pl.goal or say("nobody"),
                             status=say(f"goal.{pl.goal_status}")))
        else:
            lines.append(say("other", who=who(p), team=say(f"team.{pl.team}")))
    return "\n".join(lines)
