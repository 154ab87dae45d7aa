"""A kit game's table as text, for the terminal (``meeple play``) and the server's text
board: the same description the browser draws, zone by zone."""

from __future__ import annotations

from typing import Any

from meeple.core.text import DEFAULT_LANG, render


def _t(value: Any, lang: str) -> str:
    return "" if value is None else render(value, lang)


def _piece(p: dict[str, Any], lang: str) -> str:
    if p.get("face_down"):
        word = "▒"
    else:
        word = _t(p["label"], lang)
        if p.get("value") is not None:
            word += f" ({p['value']})"
        if p.get("cost"):
            # "ruby ×3": a name before its number reads right in every language (Russian
            # would need "3 рубина" but "5 рубинов" after the number)
            word += " [" + ", ".join(f"{_t(c['label'], lang)} ×{c['value']}"
                                     for c in p["cost"]) + "]"
    return f"{p['count']}× {word}" if p.get("count") is not None else word


def _zone(z: dict[str, Any], lang: str, indent: str = "") -> list[str]:
    head = f"{indent}{_t(z['label'], lang)}"
    if z.get("count") is not None:
        head += f" [{z['count']}]"
    lines = [head + ":" if z.get("pieces") or z.get("spaces") else head]
    if z.get("pieces"):
        lines.append(indent + "  " + " · ".join(_piece(p, lang) for p in z["pieces"]))
    occupied = [s for s in z.get("spaces", []) if s.get("pieces")]
    for s in occupied:
        lines.append(f"{indent}  {_t(s['label'], lang)}: "
                     + ", ".join(_piece(p, lang) for p in s["pieces"]))
    return lines


def render_table(table: dict[str, Any], names: list[str], lang: str = DEFAULT_LANG) -> str:
    lines: list[str] = []
    for z in table.get("zones", []):
        lines += _zone(z, lang)
    for i, seat in enumerate(table.get("seats", [])):
        stats = ", ".join(f"{_t(s['label'], lang)} {s['value']}" for s in seat.get("stats", []))
        score = f" — {seat['score']}" if seat.get("score") is not None else ""
        lines.append(f"{names[i] if i < len(names) else i + 1}{score}: {stats}")
        for z in seat.get("zones", []):
            lines += _zone(z, lang, "  ")
    for z in table.get("mine", []):
        lines += _zone(z, lang)
    return "\n".join(lines)
