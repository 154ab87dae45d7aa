"""``meeple stats GAME``: the publisher's numbers of a game, from a server's database."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from meeple.cli.common import fail


def stats(
    game: Annotated[str, typer.Argument(help="Game name, e.g. cult.")],
    since: Annotated[str | None, typer.Option(
        help="Only games created on or after this date (2026-11-01, UTC).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
    csv: Annotated[Path | None, typer.Option(help="Also write the numbers as CSV here.")] = None,
    plots: Annotated[Path | None, typer.Option(
        help="Also write the simulation report's page and plots here, one folder per "
             "group of games that has finished games.")] = None,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (default: $MEEPLE_DATABASE_URL, or meeple.db here).")
    ] = None,
) -> None:
    """Games started, finished and abandoned, players, lengths, win rates with 95%
    intervals, cards and licences, and decision times — games among people, with bots,
    and of bots only, apart."""
    from meeple.core.registry import game_names
    from meeple.server import stats as numbers
    from meeple.server.db import default_url
    from meeple.server.store import Store

    if game not in game_names():
        fail(f"no game {game!r}; the games are: {', '.join(game_names())}")
    try:
        start = numbers.parse_since(since) if since else None
    except ValueError as e:
        fail(str(e))
    store = Store(db or os.environ.get("MEEPLE_DATABASE_URL") or default_url())
    try:
        out = numbers.compute(store.engine, game, start, keep_rounds=plots is not None)
    finally:
        store.close()
    if csv is not None:
        csv.write_text(numbers.to_csv(out), "utf-8")
    if plots is not None:
        for group in numbers.GROUPS:
            numbers.write_plots(out, group, plots / group)
        for g in out["groups"].values():
            g.pop("rounds_list", None)
    if as_json:
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    _print(out)


def _print(out: dict[str, Any]) -> None:
    for group, g in out["groups"].items():
        if not g["started"]:
            continue
        typer.echo(f"{group.replace('_', ' ')}: {g['started']} started, {g['finished']} "
                   f"finished, {g['abandoned']} abandoned, {g['in_progress']} in progress; "
                   f"{g['players']['accounts']} accounts, {g['players']['guest_seats']} "
                   f"guest seats; median {g['median_rounds']} rounds, "
                   f"{g['median_seconds']} s")
        res = g["results"] or {}
        for table in ("by_faction", "by_seat", "by_reason"):
            for name, v in (res.get(table) or {}).items():
                value = v.get("rate", v.get("share"))
                typer.echo(f"  {table[3:]:<8} {name:<24} {value} "
                           f"[{v['ci95'][0]}, {v['ci95'][1]}] of {v['games']}")
        for kind, v in g["decisions"].items():
            typer.echo(f"  decision {kind:<16} median {v['median_seconds']} s "
                       f"({v['decisions']} decisions)")
