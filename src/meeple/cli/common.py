"""What the command-line modules share: failing with a clear message, game options."""

from __future__ import annotations

from typing import Annotated, Any, NoReturn

import typer


def fail(message: str) -> NoReturn:
    """Print ``error: message`` and exit with status 2 (bad input, nothing changed)."""
    # str(KeyError(...)) wraps its message in quotes: unwrap that pair only, so a message
    # ending in a quoted value keeps its closing quote.
    if len(message) >= 2 and message[0] == message[-1] and message[0] in "'\"":
        message = message[1:-1]
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


# Options the simulation commands share (simulate, arena, ladder, train).
Workers = Annotated[int, typer.Option(help="Processes to play in.")]
MaxRounds = Annotated[int, typer.Option(help="Round limit for games that have one.")]
RayAddress = Annotated[str | None, typer.Option(
    help="Play on this Ray cluster (address, e.g. 127.0.0.1:6379) instead of --workers.")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
OptionList = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A game option as KEY=VALUE (repeatable); see 'meeple games'.")]


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"option {pair!r} must look like KEY=VALUE")
        low = value.lower()
        out[key] = (low == "true") if low in ("true", "false") else \
            int(value) if value.lstrip("-").isdecimal() else value
    return out
