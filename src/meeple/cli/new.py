"""``meeple new GAME`` (a working game from the kit's skeleton) and ``meeple kit lines``
(what a kit game costs, in lines of Python, data and JavaScript)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import AsJson, fail

kit_app = typer.Typer(no_args_is_help=True, help="The author's kit (docs/authoring.md).")


def new(
    name: Annotated[str, typer.Argument(help="The game's name: lower-case letters, digits, _.")],
    title: Annotated[str | None, typer.Option(help="Its title in English.")] = None,
    title_ru: Annotated[str | None, typer.Option(help="Its title in Russian.")] = None,
    root: Annotated[Path, typer.Option(help="The meeple checkout to write it in.")] = Path("."),
) -> None:
    """Write a new game that plays at once: rules, data, texts in English and Russian, a
    scenario file, a test and a rules page (docs/authoring.md, step 1)."""
    from meeple.core.registry import forget, game_names
    from meeple.kit.scaffold import ScaffoldError, camel, write_game

    shown = title or camel(name).replace("_", " ")
    try:
        written = write_game(root.resolve(), name, shown, title_ru or shown, game_names())
    except ScaffoldError as e:
        fail(str(e))
    forget()
    typer.echo(f"wrote the game {name!r} ({shown}):")
    for f in written.files:
        typer.echo(f"  {f.relative_to(root.resolve())}")
    typer.echo(f"try it: meeple play {name} --seats human,random  |  "
               f"meeple scenario scenarios/{name}  |  pytest tests/test_{name}_rules.py  |  "
               f"meeple serve, then choose it in the lobby")


@kit_app.command("lines")
def lines(
    games: Annotated[list[str] | None, typer.Argument(help="Games (default: every kit game).")]
    = None,
    as_json: AsJson = False,
) -> None:
    """Lines of Python, data and JavaScript each kit game is made of (docs/authoring.md)."""
    from meeple.kit.lines import count_game, kit_games

    names = games or kit_games()
    try:
        rows = [count_game(n) for n in names]
    except KeyError as e:
        fail(str(e.args[0]))
    if as_json:
        import json

        typer.echo(json.dumps([r.to_json() for r in rows], indent=2))
        return
    typer.echo(f"{'game':<12} {'python':>7} {'(all lines)':>11} {'data':>6} {'texts':>6} "
               f"{'js':>4} {'scenarios':>10} {'tests':>6}")
    for r in rows:
        typer.echo(f"{r.game:<12} {r.python:>7} {r.python_all:>11} {r.data:>6} {r.texts:>6} "
                   f"{r.javascript:>4} {r.scenarios:>10} {r.tests:>6}")
