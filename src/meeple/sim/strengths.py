"""Balance under strong play: the same tables for several bot strengths side by side, and
for each faction, seat, card and victory condition a verdict on whether its result holds
across strengths or is an artefact of weak play.

A win-rate finding is a group's 95% interval lying wholly above or below parity (1/players).
Strengths are listed from the weakest to the strongest; the strongest decides:
- ``holds``: significant at the strongest, and every strength's interval overlaps the
  strongest's (the same result whoever plays);
- ``holds, margin changes``: significant on the same side at every strength, but some
  strengths' intervals do not overlap (the effect is there whoever plays, its size is not);
- ``strong play only``: significant at the strongest, but some weaker strength is not
  beyond parity on that side and its interval does not overlap — the effect shows when the
  game is played well;
- ``weak play only``: significant at some weaker strength but not at the strongest — an
  artefact of weak play;
- ``changes``: nowhere significant, but two strengths' intervals do not overlap;
- ``even``: nowhere significant, all intervals overlap.
Shares with no parity (victory conditions, completion of cards) get ``holds`` when all
intervals overlap and ``changes`` otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

TABLES = ("by_faction", "by_seat", "by_reason")


def _tables(summary: dict[str, Any]) -> list[str]:
    extra = sorted(k for k in summary if (k.startswith("by_") or k.startswith("completion_"))
                   and k not in TABLES and k != "by_bot")
    return [k for k in TABLES if k in summary] + extra


def _value(cell: dict[str, Any]) -> float:
    v = cell.get("rate", cell.get("share"))
    return float(v) if v is not None else 0.0


def _side(cell: dict[str, Any], parity: float) -> str:
    lo, hi = cell["ci95"]
    return "above" if lo > parity else "below" if hi < parity else "even"


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["ci95"][0] <= b["ci95"][1] and b["ci95"][0] <= a["ci95"][1])


def verdict(cells: Sequence[dict[str, Any] | None], parity: float | None) -> dict[str, Any]:
    """The verdict for one group over the strengths (weakest first; None: not seen)."""
    seen = [c for c in cells if c is not None and c.get("games", 0) > 0]
    if not seen:
        return {"verdict": "unseen", "direction": None}
    strongest = cells[-1]
    apart = any(not _overlap(a, b) for i, a in enumerate(seen) for b in seen[i + 1:])
    if parity is None or strongest is None:
        return {"verdict": "changes" if apart else "holds", "direction": None}
    top = _side(strongest, parity)
    weaker = [_side(c, parity) for c in seen[:-1]]
    if top != "even":
        if all(_overlap(c, strongest) for c in seen):
            return {"verdict": "holds", "direction": top}
        if all(s == top for s in weaker):
            return {"verdict": "holds, margin changes", "direction": top}
        return {"verdict": "strong play only", "direction": top}
    if any(s != "even" for s in weaker):
        return {"verdict": "weak play only",
                "direction": next(s for s in weaker if s != "even")}
    return {"verdict": "changes" if apart else "even", "direction": None}


def compare(summaries: dict[str, dict[str, Any]], players: int) -> dict[str, Any]:
    """Side-by-side tables: ``summaries`` maps each strength (weakest first) to its
    ``summarize`` output."""
    order = list(summaries)
    keys: list[str] = []
    for s in summaries.values():
        keys += [k for k in _tables(s) if k not in keys]
    out: dict[str, Any] = {"strengths": order, "parity": round(1 / players, 4), "tables": {}}
    for key in keys:
        parity = 1 / players if key.startswith("by_") and key != "by_reason" else None
        groups = sorted({g for s in summaries.values() for g in s.get(key, {})})
        rows = {}
        for g in groups:
            cells = [summaries[st].get(key, {}).get(g) for st in order]
            rows[g] = {"cells": dict(zip(order, cells, strict=True)), **verdict(cells, parity)}
        out["tables"][key] = rows
    out["findings"] = findings(out)
    return out


def _fmt(cells: dict[str, dict[str, Any] | None]) -> str:
    return ", ".join(f"{st} {_value(c):.2f}" for st, c in cells.items() if c is not None)


def _label(table: str) -> str:
    return table.removeprefix("by_").removeprefix("completion_").replace("_", " ")


def findings(comparison: dict[str, Any]) -> list[str]:
    """The verdicts in words, robust findings first."""
    robust, strong, weak, changes = [], [], [], []
    for table, rows in comparison["tables"].items():
        what = _label(table)
        for group, r in rows.items():
            values = _fmt(r["cells"])
            more = "more" if r["direction"] == "above" else "less"
            if r["verdict"] == "holds" and r["direction"]:
                robust.append(f"{what} {group}: wins {more} than parity at every strength "
                              f"({values}).")
            elif r["verdict"] == "holds, margin changes":
                robust.append(f"{what} {group}: wins {more} than parity at every strength, "
                              f"by a margin that changes with the strength ({values}).")
            elif r["verdict"] == "strong play only":
                strong.append(f"{what} {group}: {r['direction']} parity under the strongest "
                              f"play, not under weaker play ({values}).")
            elif r["verdict"] == "weak play only":
                weak.append(f"{what} {group}: {r['direction']} parity only under weaker play, "
                            f"even under the strongest — an artefact of weak play ({values}).")
            elif r["verdict"] == "changes":
                changes.append(f"{what} {group}: changes with the players' strength "
                               f"({values}).")
    return ([f"Robust: {x}" for x in robust] + [f"Strong play: {x}" for x in strong]
            + [f"Artefact: {x}" for x in weak] + [f"Depends on strength: {x}" for x in changes])


def markdown(comparison: dict[str, Any], title: str) -> str:
    """The comparison as Markdown: the findings in words, then every table side by side."""
    order = comparison["strengths"]
    lines = [f"# {title}", "", f"Parity: {comparison['parity']}. Each cell: rate (95% "
             "interval, games); strengths from the weakest to the strongest.", "",
             "## Findings", ""]
    lines += [f"- {f}" for f in comparison["findings"]] or ["- No group differs from parity "
                                                            "at any strength."]
    for table, rows in comparison["tables"].items():
        lines += ["", f"## {_label(table).capitalize()}", "",
                  "| group | " + " | ".join(order) + " | verdict |",
                  "| --- | " + " | ".join("---" for _ in order) + " | --- |"]
        for group, r in rows.items():
            cells = []
            for st in order:
                c = r["cells"][st]
                cells.append("—" if c is None else
                             f"{_value(c):.3f} ({c['ci95'][0]:.2f}–{c['ci95'][1]:.2f}, "
                             f"{c['games']})")
            v = r["verdict"] + (f", {r['direction']}" if r["direction"] else "")
            lines.append(f"| {group} | " + " | ".join(cells) + f" | {v} |")
    return "\n".join(lines) + "\n"
