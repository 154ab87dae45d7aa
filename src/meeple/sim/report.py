"""The balance report: PNG plots (matplotlib) in one HTML page, from the summary."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

PLOTS = [
    ("by_faction", "Win rate by faction"),
    ("by_seat", "Win rate by seat"),
    ("by_bot", "Win rate by bot"),
    ("by_licence", "Win rate of licence holders (at the end)"),
    ("by_played", "Win rate of players who played each card kind"),
]


def _bar(path: Path, title: str, table: dict[str, dict[str, Any]],
         baseline: float | None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(table)
    rates = [table[k]["rate"] or 0.0 for k in names]
    lo = [r - table[k]["ci95"][0] for r, k in zip(rates, names, strict=True)]
    hi = [table[k]["ci95"][1] - r for r, k in zip(rates, names, strict=True)]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.45 * len(names) + 2), 4.2))
    ax.bar(range(len(names)), rates, yerr=[lo, hi], capsize=3, color="#4a6fa5")
    if baseline is not None:
        ax.axhline(baseline, color="#b33", linestyle="--", linewidth=1, label="parity")
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=45 if len(names) > 6 else 0, ha="right", fontsize=8)
    ax.set_ylabel("win rate (95% CI)" if baseline is not None else "share (95% CI)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    if baseline is not None:
        ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _histogram(path: Path, rounds: list[int]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.hist(rounds, bins=min(30, max(5, len(set(rounds)))), color="#4a6fa5")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def write_report(out: Path, title: str, summary: dict[str, Any], rounds: list[int],
                 players: int) -> Path:
    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>{summary['games']} games. Bars: win rate with its 95% confidence interval "
             f"(Wilson); the dashed line is parity, 1/{players}.</p>"]
    known = {k for k, _ in PLOTS}
    # Each game's own tag categories (Clash: objective and action cards dealt, completed,
    # played), best first, so the strongest and weakest cards stand at the ends.
    extra = [(k, f"Win rate of players by {k[3:]}", True) for k in sorted(summary)
             if k.startswith("by_") and k not in known and k != "by_reason"]
    extra += [(k, f"Share of {k[11:]} cards completed once dealt", True)
              for k in sorted(summary) if k.startswith("completion_")]
    for key, heading, ranked in [(k, h, False) for k, h in PLOTS] + extra:
        table = summary.get(key)
        if not table:
            continue
        if ranked:
            table = dict(sorted(table.items(), key=lambda kv: -(kv[1]["rate"] or 0.0)))
        png = f"{key.replace(' ', '_')}.png"
        _bar(out / png, heading, table, None if key.startswith("completion_") else 1 / players)
        alt = html.escape(heading)
        parts.append(f"<h2>{alt}</h2><img src='{png}' alt='{alt}'>")
        rows = "".join(
            f"<tr><td>{html.escape(k)}</td><td>{v['rate']}</td><td>{v['ci95'][0]}–"
            f"{v['ci95'][1]}</td><td>{v['games']}</td></tr>" for k, v in table.items())
        parts.append("<table><tr><th>group</th><th>rate</th><th>95% CI</th>"
                     f"<th>seat-games</th></tr>{rows}</table>")
    _histogram(out / "rounds.png", rounds)
    parts.append("<h2>Victory conditions</h2><table><tr><th>reason</th><th>share</th>"
                 "<th>95% CI</th></tr>" + "".join(
                     f"<tr><td>{html.escape(k)}</td><td>{v['share']}</td><td>{v['ci95'][0]}–"
                     f"{v['ci95'][1]}</td></tr>" for k, v in summary["by_reason"].items())
                 + "</table>")
    parts.append("<h2>Game length</h2><img src='rounds.png' alt='game length'>"
                 f"<pre>{html.escape(json.dumps(summary['rounds']))}</pre>")
    page = ("<!doctype html><html lang='en'><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;"
            "max-width:60em;margin:2em auto;color:#111}table{border-collapse:collapse}"
            "td,th{border:1px solid #999;padding:.2em .6em}</style>" + "".join(parts)
            + "</html>")
    path = out / "report.html"
    path.write_text(page, "utf-8")
    return path
