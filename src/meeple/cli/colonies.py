"""``meeple colonies``: run a forum game of Colonies 1402 as its Master, from the terminal.

The game file is a game record (options, seed and every accepted action, the Master's
included), so the whole game can be replayed and audited.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import fail
from meeple.core.actions import Action
from meeple.core.errors import MeepleError
from meeple.core.record import GameRecord
from meeple.games.colonies import ColoniesState
from meeple.games.colonies.report import bbcode, lines, markdown

app = typer.Typer(no_args_is_help=True, help="Run a Colonies 1402 forum game as its Master.")

GameFile = Annotated[Path, typer.Argument(help="The game file (a meeple game record).")]


def _load(path: Path) -> tuple[GameRecord, ColoniesState]:
    try:
        record = GameRecord.load(path)
        state = record.replay()
    except MeepleError as e:
        fail(str(e))
    if not isinstance(state, ColoniesState):
        fail(f"{path} is a game of {record.game}, not of Colonies")
    return record, state


def _apply_all(record: GameRecord, state: ColoniesState, seat: int, texts: list[str]) -> int:
    """Apply each action in turn; a refused one is reported and the others still count."""
    refused = 0
    for i, text in enumerate(texts, 1):
        try:
            action = Action.parse(text)
            state.apply(seat, action)
        except MeepleError as e:
            refused += 1
            typer.echo(f"refused (line {i}: {text}): {e}")
            continue
        record.add(seat, action)
        typer.echo(f"accepted: {action}")
    return refused


def _read_orders(path: Path) -> tuple[str | None, list[str]]:
    season = None
    out = []
    for raw in path.read_text("utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower().startswith("season:"):
            season = line.split(":", 1)[1].strip()
            continue
        out.append(line)
    return season, out


@app.command()
def new(
    file: GameFile,
    players: Annotated[int, typer.Option(help="Players, 2 to 8.")] = 4,
    seed: Annotated[int, typer.Option(help="The seed of every die roll of the game.")] = 1,
    teams: Annotated[str, typer.Option(help="random, or a comma list of traders/generals.")]
    = "random",
    seasons: Annotated[int, typer.Option(help="Seasons to play (13: Heat 1402 to Heat 1405).")]
    = 13,
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Start a game with a human Master (the Master's seat is the number after the last player)."""
    if file.exists() and not force:
        fail(f"{file} exists; use --force to replace it")
    record = GameRecord(game="colonies", players=players, seed=seed,
                        options={"master": True, "teams": teams, "seasons": seasons})
    try:
        state = record.replay()
    except MeepleError as e:
        fail(str(e))
    record.save(file)
    typer.echo(state.render(players))
    typer.echo(f"\nSaved {file}. The Master's seat is {players}. Players: swap, goal, ready "
               f"(meeple colonies orders {file} --player N --action ...).")


@app.command()
def orders(
    file: GameFile,
    player: Annotated[int, typer.Option(help="The player giving these orders.")],
    orders_file: Annotated[Path | None, typer.Option(
        "--file", help="A text file: one action per line; 'season: Heat 1402' checks the season."
    )] = None,
    action: Annotated[list[str] | None, typer.Option(help="An action (repeatable).")] = None,
) -> None:
    """Enter or import one player's orders (or set-up choices); each is checked on its own."""
    record, state = _load(file)
    texts = list(action or [])
    if orders_file is not None:
        try:
            season, from_file = _read_orders(orders_file)
        except OSError as e:
            fail(f"cannot read {orders_file}: {e.strerror}")
        if season is not None and season.lower() != state.season_label().lower():
            fail(f"these orders are for {season}, but the game is in {state.season_label()}"
                  + (" (that season is finished)" if state.phase != "setup" else ""))
        texts = from_file + texts
    if not 0 <= player < state.n:
        fail(f"no player {player} (players are 0 to {state.n - 1})")
    refused = _apply_all(record, state, player, texts)
    record.save(file)
    mine = state.view(player)["players"][player]
    typer.echo(f"orders now: {mine.get('orders')}, ravens: {len(mine.get('ravens', []))}")
    if refused:
        raise typer.Exit(1)


@app.command()
def master(
    file: GameFile,
    action: Annotated[list[str], typer.Option(
        help='A Master action: approve P, reject P "why", event P "text" gold -2, award P yes')],
) -> None:
    """The Master's decisions: goals, personal events, awards."""
    record, state = _load(file)
    refused = _apply_all(record, state, state.n, action)
    record.save(file)
    if refused:
        raise typer.Exit(1)


@app.command()
def resolve(
    file: GameFile,
    out: Annotated[Path | None, typer.Option(help="Write the season's reports here.")] = None,
) -> None:
    """Resolve the season: missing orders count as no actions. Successful spies are then
    asked for their new actions; the season ends when they have given them."""
    record, state = _load(file)
    season = state.season_no
    refused = _apply_all(record, state, state.n, ["resolve"])
    record.save(file)
    if refused:
        raise typer.Exit(1)
    if state.phase == "spy":
        spies = ", ".join(str(p) for p in state.current_players())
        typer.echo(f"Espionage succeeded: waiting for the new actions of player(s) {spies} "
                   "(meeple colonies orders ... then submit).")
        return
    _write_reports(state, season, out)


def _write_reports(state: ColoniesState, season: int, out: Path | None) -> None:
    public = lines(state, season, None)
    typer.echo(markdown(public))
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    label = state.season_label(season).replace(" ", "-").lower()
    seats: list[tuple[str, int | None]] = [("public", None), ("master", state.n)]
    seats += [(f"player-{p}", p) for p in range(state.n)]
    for name, seat in seats:
        report = lines(state, season, seat)
        (out / f"{label}-{name}.md").write_text(markdown(report), "utf-8")
        (out / f"{label}-{name}.bbcode").write_text(bbcode(report), "utf-8")
    typer.echo(f"Reports written to {out}/{label}-*.md and .bbcode")


@app.command()
def report(
    file: GameFile,
    season: Annotated[int, typer.Option(help="Season number, 1 = the first.")] = 0,
    seat: Annotated[str, typer.Option(help="public, master, or a player number.")] = "public",
    fmt: Annotated[str, typer.Option("--format", help="md or bbcode.")] = "md",
    out: Annotated[Path | None, typer.Option(help="Write every report of the season here.")]
    = None,
) -> None:
    """Print a season's report (default: the last resolved season)."""
    _record, state = _load(file)
    index = season - 1 if season else max(0, state.season_no - (state.phase == "orders"))
    if out is not None:
        _write_reports(state, index, out)
        return
    who: int | None
    if seat == "public":
        who = None
    elif seat == "master":
        who = state.n
    elif seat.isdecimal() and int(seat) < state.n:
        who = int(seat)
    else:
        fail(f"--seat is public, master or a player number 0 to {state.n - 1}")
    if fmt not in ("md", "bbcode"):
        fail("--format is md or bbcode")
    text = lines(state, index, who)
    typer.echo(markdown(text) if fmt == "md" else bbcode(text))


@app.command()
def status(
    file: GameFile,
    seat: Annotated[str, typer.Option(help="master, or a player number.")] = "master",
) -> None:
    """The game as one seat sees it, and who is expected to act."""
    _record, state = _load(file)
    who = state.n if seat == "master" else int(seat) if seat.isdecimal() else -1
    if not 0 <= who <= state.n:
        fail(f"--seat is master or a player number 0 to {state.n - 1}")
    typer.echo(state.render(who))
    waiting = ", ".join("the Master" if p == state.n else f"player {p}"
                        for p in state.current_players())
    typer.echo(f"\nPhase: {state.phase}. Waiting for: {waiting or 'nobody (game over)'}.")
    if state.is_terminal():
        typer.echo(f"Result: {state.result()}")
