"""Colonies for people: prompts, what an action does, the map and sheet as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.colonies import sheets
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, RESOURCES, order_text

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()


def prompt_text(s: ColoniesState, p: int) -> str:
    if p == s.master:
        if sheets.needs_master(s):
            return "the Master: approve the character sheets handed in, or send them back"
        return {"setup": "the Master: approve or send back the personal goals",
                "orders": "the Master: write personal events, then resolve the season",
                "goals": "the Master: was each personal goal achieved?"}.get(s.phase, "")
    pl = s.players[p]
    who = s.name(p)
    if s.phase == "setup" and sheets.enabled(s):
        return f"{who}: {sheets.prompt(s, p)}"
    if s.phase == "setup":
        return f"{who}: swap up to 2 resource units, state a personal goal, then ready"
    if s.phase == "spy":
        return f"{who}: your spies succeeded; give two actions instead of your second, then submit"
    extra = ""
    if pl.thaw_bonus > len(pl.thaw):
        extra = f"; choose {pl.thaw_bonus - len(pl.thaw)} supply units (thaw RESOURCE)"
    return (f"{who}, {s.season_label()}: {len(pl.orders)}/2 actions, {len(pl.ravens)}/3 "
            f"ravens{extra}; submit when done")


def prov(i: object) -> str:
    return f"{i} {DATA.provinces[int(str(i)) - 1].name}"


def describe(s: ColoniesState, p: int, a: Action) -> str:
    k, args = a.kind, a.args
    if k == "offensive":
        return f"Offensive on {prov(args[0])}"
    if k == "colonize":
        return f"Colonize {prov(args[0])} (2 gold)"
    if k == "propaganda":
        return f"Propaganda: +{1 + int(args[1])} {args[0]} for {args[1]} gold"
    if k == "recruit":
        return f"Recruitment: +{1 + int(args[0])} army at most, for {args[0]} gold"
    if k == "espionage":
        return f"Espionage on {s.name(int(args[0]))} with {args[1]} gold"
    if k == "cancel":
        return f"cancel action {args[0]}: {order_text(s.players[p].orders[int(args[0]) - 1])}"
    if k == "submit":
        return "submit these orders"
    if k == "swap":
        return f"swap 1 {args[0]} for 1 {args[1]}"
    if k == "sheet":
        return sheets.describe(s, a)
    if k == "force":
        return f"collect taxes in {prov(args[0])} by force (−1 army this season)"
    return str(a)


def render(s: ColoniesState, viewer: int | None) -> str:
    lines = [f"== Colonies 1402, {s.season_label()} ({s.phase}) =="]
    for i, pr in enumerate(DATA.provinces):
        owner = s.owner[i]
        who = s.name(owner) if owner != NOBODY else "-"
        lines.append(f"  {pr.id:>2} {pr.name:<16} {who}{' (colony)' if s.colonized[i] else ''}")
    master = viewer is not None and viewer == s.master
    for p, pl in enumerate(s.players):
        if master or p == viewer:
            res = ", ".join(f"{r} {pl.get(r)}" for r in RESOURCES)
            orders = "; ".join(order_text(o) for o in pl.orders) or "-"
            lines.append(f"{'>' if p == viewer else ' '}{s.name(p)}: {res} | orders: {orders}"
                         f" | ravens {len(pl.ravens)} | goal: {pl.goal or '-'} ({pl.goal_status})")
        else:
            lines.append(f" {s.name(p)} ({pl.team})")
    return "\n".join(lines)
