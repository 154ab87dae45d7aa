"""The tables of docs/rules/clash.md, made from the data files (a test checks that the
document holds exactly these tables)."""

from __future__ import annotations

from meeple.games.clash.data import load
from meeple.games.clash.render import card_text, objective_text


def _pile(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in d.items())


def tables() -> str:
    d = load()
    out = ["| group | advance | token | effect |", "| --- | --- | --- | --- |"]
    for group, names in d.groups.items():
        need = d.governments.get(group, {}).get("requires")
        for i, name in enumerate(names):
            info = d.advances[name]
            label = group + (f" (needs {need})" if need and i == 0 else "") if i == 0 else ""
            out.append(f"| {label} | {name} | {info.get('bonus', '')} | {info['text']} |")
    out += ["", "| wonder | needs | cost | power |", "| --- | --- | --- | --- |"]
    for name, w in d.wonders.items():
        out.append(f"| {name} | Engineering, {w['requires']}{', a port' if w.get('port') else ''}"
                   f" | {_pile(w['cost'])} | {w['text']} |")
    out += ["", "| action card | civil half and tactics half |", "| --- | --- |"]
    out += [f"| {name} | {card_text(name)} |" for name in d.action_cards]
    out += ["", "| objective card | halves (2 VP either way) |", "| --- | --- |"]
    out += [f"| {name} | {objective_text(name)} |" for name in d.objective_cards]
    out += ["", "| event | effect |", "| --- | --- |"]
    out += [f"| {name} | {e['text']} |" for name, e in d.events.items()]
    return "\n".join(out)
