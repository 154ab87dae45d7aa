"""``meeple db``: back up the server's database while it runs, restore it, verify it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import fail

app = typer.Typer(no_args_is_help=True, help="Back up, restore and verify the server's database.")

DbOption = Annotated[str | None, typer.Option(
    "--db", help="Database URL (default: $MEEPLE_DATABASE_URL, or meeple.db here).")]


def _url(db: str | None) -> str:
    from meeple.server.db import default_url

    return db or os.environ.get("MEEPLE_DATABASE_URL") or default_url()


@app.command("backup")
def backup_command(
    file: Annotated[Path, typer.Argument(help="Where to write the backup.")],
    db: DbOption = None,
) -> None:
    """A consistent copy of the database, taken while the server runs."""
    from meeple.server.backup import BackupError, backup

    try:
        done = backup(_url(db), file)
    except BackupError as e:
        fail(str(e))
    typer.echo(f"backed up the {done.kind} database to {done.path} ({done.bytes:,} bytes)")


@app.command("restore")
def restore_command(
    file: Annotated[Path, typer.Argument(help="A backup made by 'meeple db backup'.")],
    db: DbOption = None,
    force: Annotated[bool, typer.Option(
        help="Replace a database that is not empty.")] = False,
) -> None:
    """Load a backup into a new (empty) database and bring its schema up to date."""
    from meeple.server.backup import BackupError, restore

    try:
        done = restore(file, _url(db), force=force)
    except BackupError as e:
        fail(str(e))
    typer.echo(f"restored {done.path} into the {done.kind} database")


@app.command("verify")
def verify_command(
    db: DbOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Every game's version and hash.")]
    = False,
) -> None:
    """Rebuild every game from the database: one digest of every version and state."""
    from meeple.core.errors import MeepleError
    from meeple.server.backup import digest, game_hashes

    try:
        hashes = game_hashes(_url(db))
    except MeepleError as e:
        fail(f"a game cannot be rebuilt: {e}")
    if as_json:
        typer.echo(json.dumps({"games": len(hashes), "digest": digest(hashes),
                               "hashes": {g: {"version": v, "hash": h}
                                          for g, (v, h) in hashes.items()}}, indent=1))
    else:
        typer.echo(f"{len(hashes)} games rebuilt; digest {digest(hashes)}")
