"""``meeple colonies sheet``: the character sheets («заявки») of a forum game.

Every step is an action in the game file (``sheet name "…"``, ``sheet submit``, ``sheet
approve 2``…), so the record replays the sheets as it replays the seasons. Players are
numbered 1 to N here, as people count (``--player 1`` is the first).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from meeple.cli.common import fail
from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.games.colonies import sheets

if TYPE_CHECKING:
    from meeple.core.record import GameRecord
    from meeple.games.colonies import ColoniesState

app = typer.Typer(no_args_is_help=True, help=(
    "Character sheets: written by each player, approved or sent back by the Master "
    "(a game started with --sheets)."))

GameFile = Annotated[Path, typer.Argument(help="The game file (a meeple game record).")]
Player = Annotated[int, typer.Option(help="The player whose sheet it is, 1 to N.")]
Line = Annotated[str | None, typer.Option(show_default=False)]


def _game(path: Path) -> tuple[GameRecord, ColoniesState]:
    from meeple.cli.colonies import _load

    record, state = _load(path)
    if not sheets.enabled(state):
        fail(f"{path} is a game without character sheets (start one with --sheets)")
    return record, state


def _player(state: ColoniesState, player: int) -> int:
    """The engine's index of a player numbered as people count (1 to N)."""
    from meeple.cli.colonies import player_index

    return player_index(state, player)


def _all_or_nothing(file: Path, record: GameRecord, state: ColoniesState, seat: int,
                    actions: list[Action]) -> None:
    """Apply every action or, at the first refusal, save none of them."""
    for action in actions:
        try:
            state.apply(seat, action)
        except MeepleError as e:
            fail(f"refused, nothing saved: {e}")
        record.add(seat, action)
    record.save(file)
    for action in actions:
        typer.echo(f"accepted: {action}")


@app.command()
def write(
    file: GameFile,
    player: Player,
    name: Line = None,
    history: Annotated[str | None, typer.Option(help="Character and history.")] = None,
    race: Line = None,
    team: Annotated[str | None, typer.Option(
        "--class", help="traders or generals (Торговцы, Генералы).")] = None,
    picture: Annotated[str | None, typer.Option(help="An http(s) link to a picture.")] = None,
    looks: Annotated[str | None, typer.Option(help="What the hero looks like.")] = None,
    skill: Line = None,
    goal: Annotated[str | None, typer.Option(help="The personal goal (private).")] = None,
    from_post: Annotated[Path | None, typer.Option(
        help="A forum post in the sheet's form ('Имя: …', 'Раса: …', one label a line).")
    ] = None,
    submit: Annotated[bool, typer.Option(help="Then hand the sheet to the Master.")] = False,
) -> None:
    """Write lines of a player's sheet (those given; a post first, options over it).
    All or nothing: one refused line and nothing is saved."""
    record, state = _game(file)
    player = _player(state, player)
    lines: dict[str, str] = {}
    if from_post is not None:
        try:
            lines.update(sheets.parse_post(from_post.read_text("utf-8")))
        except OSError as e:
            fail(f"cannot read {from_post}: {e.strerror}")
        except ValueError as e:
            fail(f"{from_post}: {e}")
    given = {"name": name, "history": history, "race": race, "class": team,
             "picture": picture, "looks": looks, "skill": skill, "goal": goal}
    lines.update({k: v for k, v in given.items() if v is not None})
    actions = [Action("sheet", (field, lines[field])) for field in sheets.FIELDS
               if field in lines]
    if submit:
        actions.append(Action("sheet", ("submit",)))
    if not actions:
        fail("nothing to write: give lines (--name, --race, --class …), --from-post or --submit")
    _all_or_nothing(file, record, state, player, actions)
    _show(state, player, player)


@app.command("submit")
def submit_sheet(file: GameFile, player: Player) -> None:
    """Hand a player's sheet to the Master."""
    record, state = _game(file)
    _all_or_nothing(file, record, state, _player(state, player),
                    [Action("sheet", ("submit",))])


@app.command()
def approve(file: GameFile, player: Player) -> None:
    """The Master approves a sheet: the player's name, team and goal follow it."""
    record, state = _game(file)
    _all_or_nothing(file, record, state, state.n,
                    [Action("sheet", ("approve", _player(state, player)))])
    _waiting(state)


@app.command("return")
def send_back(
    file: GameFile,
    player: Player,
    comment: Annotated[str, typer.Option(help="What the player should change.")],
) -> None:
    """The Master sends a sheet back with a comment (the player alone reads it)."""
    record, state = _game(file)
    _all_or_nothing(file, record, state, state.n,
                    [Action("sheet", ("return", _player(state, player), comment))])


@app.command()
def show(
    file: GameFile,
    player: Annotated[int | None, typer.Option(help="One player's sheet (default: all).")]
    = None,
    seat: Annotated[str, typer.Option(
        help="Seen by: master, public, or a player number, 1 to N.")] = "master",
) -> None:
    """The sheets as one seat sees them: the goal and unapproved sheets are private."""
    _record, state = _game(file)
    if seat == "public":
        viewer: int | None = None
    elif seat == "master":
        viewer = state.n
    elif seat.isdecimal() and 1 <= int(seat) <= state.n:
        viewer = int(seat) - 1
    else:
        fail(f"--seat is master, public or a player number 1 to {state.n}, not {seat!r}")
    for p in [_player(state, player)] if player is not None else range(state.n):
        _show(state, p, viewer)
    _waiting(state)


def _show(state: ColoniesState, p: int, viewer: int | None) -> None:
    sheet = state.view(viewer)["players"][p]["sheet"]
    typer.echo(f"Player {p + 1}: {sheet['status']}")
    for field in sheets.FIELDS:
        if field in sheet:
            value = str(sheet[field]).replace("\n", "\n    ")
            typer.echo(f"  {sheets.label(field)}: {value or '-'}")
    if sheet.get("note"):
        typer.echo(f"  The Master's comment: {sheet['note']}")
    if sheet.get("missing") and sheet["status"] in ("draft", "returned"):
        typer.echo(f"  Still to write: {', '.join(sheet['missing'])}")


def _waiting(state: ColoniesState) -> None:
    if state.phase != "setup":
        typer.echo(f"The game has begun: {state.season_label()}.")
        return
    who = ", ".join("the Master" if p == state.n else f"player {p + 1}"
                    for p in state.current_players())
    typer.echo(f"Before the game. Waiting for: {who}.")


@app.command()
def post(
    file: GameFile,
    fmt: Annotated[str, typer.Option("--format", help="md or bbcode.")] = "bbcode",
    lang: Annotated[str, typer.Option(help="en or ru.")] = "ru",
    out: Annotated[Path | None, typer.Option(help="Write the post to this file.")] = None,
) -> None:
    """The opening post: every approved sheet's public lines (never a goal)."""
    _record, state = _game(file)
    try:
        text = sheets.opening_post(state, fmt, lang)
    except ValueError as e:
        fail(str(e))
    if out is None:
        typer.echo(text, nl=False)
        return
    out.write_text(text, "utf-8")
    typer.echo(f"Opening post written to {out}")
