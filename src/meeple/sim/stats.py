"""Win rates with 95% confidence intervals (Wilson score), from game rows."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

Z95 = 1.959964


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": round(wins, 3), "games": n, "rate": round(wins / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)]}


def share(row: dict[str, Any], seat: int) -> float:
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def group_rates(rows: list[dict[str, Any]], key: Any) -> dict[str, dict[str, Any]]:
    """Win rate of each group of (game, seat) pairs; ``key(row, seat)`` names the groups
    a seat belongs to (a list)."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for row in rows:
        for seat in range(row["players"]):
            for name in key(row, seat):
                wins[name] += share(row, seat)
                games[name] += 1
    return {k: rate(wins[k], games[k]) for k in sorted(games)}


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    reasons: dict[str, int] = defaultdict(int)
    for row in rows:
        reasons[str(row["reason"])] += 1
    rounds = sorted(row["rounds"] for row in rows)
    out: dict[str, Any] = {
        "games": n,
        "by_bot": group_rates(rows, lambda r, s: [r["bots"][s]]),
        "by_faction": group_rates(rows, lambda r, s: [r["factions"][s]]),
        "by_seat": group_rates(rows, lambda r, s: [f"seat {s}"]),
        "by_reason": {k: {"games": v, "share": round(v / n, 4),
                          "ci95": [round(x, 4) for x in wilson(v, n)]}
                      for k, v in sorted(reasons.items())},
        "rounds": {"mean": round(sum(rounds) / n, 2) if n else None,
                   "median": rounds[n // 2] if n else None,
                   "min": rounds[0] if n else None, "max": rounds[-1] if n else None},
    }
    categories = sorted({c for row in rows for c in row.get("tags", {})})
    for cat in categories:
        out[f"by_{cat}"] = group_rates(rows, lambda r, s, c=cat: r["tags"].get(c, [[]] * 9)[s])
    # "X dealt" and "X completed" tags (Clash's objectives): how often a card once dealt
    # gets completed, as a proportion with its interval.
    for cat in categories:
        base = cat.removesuffix(" dealt")
        if base != cat and f"{base} completed" in categories:
            dealt, done = out[f"by_{cat}"], out[f"by_{base} completed"]
            out[f"completion_{base}"] = {k: rate(done[k]["games"] if k in done else 0,
                                                 v["games"]) for k, v in dealt.items()}
    return out
