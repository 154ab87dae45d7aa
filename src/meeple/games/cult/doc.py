"""The card and cult tables of docs/rules/cult.md, made from the data files (a test
checks that the document holds exactly these tables)."""

from __future__ import annotations

from meeple.games.cult.data import load
from meeple.games.cult.model import CONSPIRACY, LICENCE, card_token


def tables() -> str:
    d = load()
    out = ["| cult | light | dark | light abilities | dark abilities |",
           "| --- | --- | --- | --- | --- |"]
    for c in d.cults:
        light = ", ".join(_ability(a) for a in c.abilities[:2])
        dark = ", ".join(_ability(a) for a in c.abilities[2:])
        out.append(f"| {c.name} ({c.name_ru}) | {c.light_power} | {c.dark_power} "
                   f"| {light} | {dark} |")
    out += ["", "| miracle | effect | dark seal |", "| --- | --- | --- |"]
    for m in d.miracles:
        effect = {"add": "add a free priest", "move": "move a priest to another district",
                  "boost": f"+{m.value} influence", "altar": f"altar, lose {m.followers} followers",
                  "mob": f"mob, lose {m.followers} followers",
                  "gain": f"{m.followers} followers or {m.coins} coins"}[m.effect]
        out.append(f"| {card_token(m.id)} | {effect} | {'yes' if m.dark else ''} |")
    out += ["", "| conspiracy | kind | reward | light seal |", "| --- | --- | --- | --- |"]
    for k in d.conspiracies:
        out.append(f"| {card_token(CONSPIRACY + k.id)} | {k.name} ({k.name_ru}) | {k.reward} "
                   f"| {'yes' if k.light else ''} |")
    out += ["", "| licence | card | price | Patriarch bonus |", "| --- | --- | --- | --- |"]
    for lic in d.licences:
        out.append(f"| {card_token(LICENCE + lic.id)} | {lic.name} | {lic.price} | +{lic.bonus} |")
    out += ["", "| festival | effect |", "| --- | --- |"]
    for f in d.festival:
        what = [f"+{f.followers} followers" if f.followers else "",
                f"+{f.coins} coins" if f.coins else "",
                f"draw {f.miracles} miracles" if f.miracles else "",
                "take a face-up licence" if f.licence else "",
                f"+{f.mobs} fanatic mob" if f.mobs else ""]
        out.append(f"| {f.key} ({f.name_ru}) | {', '.join(w for w in what if w)} |")
    return "\n".join(out) + "\n"


def _ability(a: object) -> str:
    from meeple.games.cult.data import Ability

    assert isinstance(a, Ability)
    if a.kind == "ritual":
        master = (f"Patriarch {a.patriarch_min}+" if a.patriarch_min
                  else f"master {a.master_min}" + (f"-{a.master_max}"
                                                   if a.master_max != a.master_min else ""))
        return f"`{a.key}` {a.name} (ritual, {master})"
    cost = ", ".join(f"{v} {k.replace('_per_', ' per ')}" for k, v in a.cost.items())
    return f"`{a.key}` {a.name} ({cost})"
