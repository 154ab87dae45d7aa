"""``meeple golden record|check DIR``: the golden game records that prove a change of the
engine changed no result (docs/performance.md)."""

from __future__ import annotations

import time
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import fail
from meeple.core.errors import MeepleError

app = typer.Typer(no_args_is_help=True,
                  help="Golden game records: record them once, check every replay against them.")

GameOption = Annotated[str, typer.Option(
    help="A game, or 'all' (cult, cyclades, clash, colonies, counter).")]


def _games(game: str) -> list[str]:
    from meeple.check.golden import GAMES

    if game == "all":
        return list(GAMES)
    if game not in GAMES:
        fail(f"no golden records for game {game!r} (games: {', '.join(GAMES)}, or all)")
    return [game]


@app.command("record")
def record(
    folder: Annotated[Path, typer.Argument(help="Folder of the golden files (GAME.json.gz).")],
    game: GameOption = "all",
    replace: Annotated[bool, typer.Option(
        help="Overwrite existing files (their rules fingerprints are compared first).")] = False,
    fresh: Annotated[bool, typer.Option(
        help="With --replace: play the games anew instead of taking the recorded actions "
        "again (the bots may have changed: the games may then differ).")] = False,
) -> None:
    """Play each game's fixed list of games and store them with their hashes. An existing
    file is kept unless --replace; with it, the recorded games are replayed (not played
    again) and their hashes taken anew; the rules fingerprints (what no change of texts or
    views can alter) must equal the old ones, else the old file is kept and each difference
    listed."""
    from meeple.check.golden import (
        GoldenError,
        compare_stable,
        load,
        path_for,
        plan_key,
        plans,
        save,
    )
    from meeple.check.golden import record as record_one

    names = _games(game)
    for name in names:
        if path_for(folder, name).exists() and not replace:
            fail(f"{path_for(folder, name)} exists; give --replace to record it again")
    changed = 0
    for name in names:
        t0 = time.perf_counter()
        old = load(folder, name) if path_for(folder, name).exists() else None
        kept = {} if old is None or fresh else {plan_key(r): r["actions"] for r in old}
        try:
            records = []
            for plan in plans(name):
                before = kept.get(plan_key(asdict(plan)))
                records.append(record_one(plan, None if before is None else
                                          [(int(p), str(a)) for p, a in before]))
        except (GoldenError, MeepleError) as e:
            fail(str(e))
        diffs = [] if old is None else compare_stable(old, records)
        actions = sum(len(r["actions"]) for r in records)
        line = f"{name}: {len(records)} games, {actions} actions, {time.perf_counter() - t0:.1f} s"
        if diffs and not fresh:
            # the old file is the evidence: it stays
            changed += len(diffs)
            line += (f"; {len(diffs)} rules fingerprints differ from the recorded ones, "
                     f"{path_for(folder, name)} kept")
        else:
            line += f" -> {save(folder, name, records, replace)}"
            if old is not None and not fresh:
                line += "; rules fingerprints identical to the previous recording"
        for d in diffs[:20]:
            line += f"\n    {d}"
        typer.echo(line)
    if changed:
        raise typer.Exit(1)


@app.command("check")
def check(
    folder: Annotated[Path, typer.Argument(help="Folder of the golden files (GAME.json.gz).")],
    game: GameOption = "all",
    stable_only: Annotated[bool, typer.Option(
        help="Compare only what no text change can alter (the rules fingerprints).")] = False,
    every: Annotated[int, typer.Option(help="Replay each N-th record only.")] = 1,
) -> None:
    """Replay every golden record and compare its hashes with the recorded ones."""
    from meeple.check.golden import GoldenError, check_game

    failed = 0
    for name in _games(game):
        try:
            report = check_game(folder, name, stable_only, every)
        except GoldenError as e:
            fail(str(e))
        failed += len(report.failures)
        status = "identical" if not report.failures else f"{len(report.failures)} differences"
        typer.echo(f"{name}: {report.records} records replayed in {report.seconds:.1f} s, "
                   f"{status}")
        for line in report.failures[:30]:
            typer.echo(f"    {line}")
    if failed:
        raise typer.Exit(1)
