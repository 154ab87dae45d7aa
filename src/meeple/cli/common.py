"""What the command-line modules share: failing with a clear message."""

from __future__ import annotations

from typing import NoReturn

import typer


def fail(message: str) -> NoReturn:
    """Print ``error: message`` and exit with status 2 (bad input, nothing changed)."""
    typer.echo(f"error: {message.strip(chr(39) + chr(34))}", err=True)
    raise typer.Exit(2)
