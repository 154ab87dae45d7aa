"""``meeple colonies``: run a forum game of Colonies 1402 as its Master, from the terminal.

The game file is a game record (options, seed and every accepted action, the Master's
included), so the whole game can be replayed and audited.

Players are numbered as people number them, 1 to N, everywhere here: ``--player 2``,
``--seat 2``, ``espionage 2 3``, ``raven 2 "…"``, ``event 2 "…"``, ``approve 2``, report
files ``…-player-2.md``. The game record keeps the engine's numbers (from 0), so this
module turns one into the other at its edge and nowhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.colonies_sheet import app as sheet_app
from meeple.cli.common import fail
from meeple.core.actions import Action
from meeple.core.errors import ActionParseError, MeepleError
from meeple.core.record import GameRecord
from meeple.core.text import render
from meeple.games.colonies import ColoniesState
from meeple.games.colonies.report import LANGS, bbcode, lines, markdown, spy_lines
from meeple.games.colonies.texts import order

app = typer.Typer(no_args_is_help=True, help="Run a Colonies 1402 forum game as its Master.")
app.add_typer(sheet_app, name="sheet")

GameFile = Annotated[Path, typer.Argument(help="The game file (a meeple game record).")]
Lang = Annotated[str, typer.Option(help="The reports' language: en or ru (the forum's).")]
# Where an action names a player (its argument's position): turned from 1..N to the index.
PLAYER_ARG = {"espionage": 0, "raven": 0, "event": 0, "approve": 0, "reject": 0, "award": 0}
SHEET_PLAYER_ARG = {"approve": 1, "return": 1}


def player_index(state: ColoniesState, number: int, what: str = "--player") -> int:
    """A player number as people count (1 to N) made the engine's index, or a clear error."""
    if not 1 <= number <= state.n:
        master = " (the Master acts with meeple colonies master / resolve)" \
            if state.master is not None and number == state.n + 1 else ""
        fail(f"{what} {number}: no such player; players are 1 to {state.n}{master}")
    return number - 1


def _engine_action(state: ColoniesState, text: str) -> Action:
    """An action as typed (players numbered from 1) in the engine's form (from 0)."""
    action = Action.parse(text)
    where = PLAYER_ARG.get(action.kind)
    if action.kind == "sheet" and action.args:
        where = SHEET_PLAYER_ARG.get(str(action.args[0]))
    if where is None or len(action.args) <= where:
        return action
    number = action.args[where]
    if not isinstance(number, int) or not 1 <= number <= state.n:
        raise ActionParseError(f"no player {number}: players are 1 to {state.n}")
    args = list(action.args)
    args[where] = number - 1
    return Action(action.kind, tuple(args))


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        fail(f"--lang is {' or '.join(LANGS)}, not {lang!r}")


def _load(path: Path) -> tuple[GameRecord, ColoniesState]:
    try:
        record = GameRecord.load(path)
        state = record.replay()
    except MeepleError as e:
        fail(str(e))
    if not isinstance(state, ColoniesState):
        fail(f"{path} is a game of {record.game}, not of Colonies")
    return record, state


def _not_waiting(state: ColoniesState, seat: int) -> str | None:
    """Why ``seat`` has nothing to decide now, in the Master's words, or None."""
    waiting = state.current_players()
    if state.is_terminal() or seat in waiting:
        return None
    names = ", ".join(state.name(p) for p in waiting)
    if state.phase == "spy":
        what = f"the new actions of {names}, whose espionage succeeded"
    else:
        what = names
    if seat == state.master:
        return f"the Master has nothing to decide now: waiting for {what}"
    if state.phase in ("orders", "spy"):
        return (f"{state.name(seat)} has already submitted the orders of "
                f"{state.season_label()}: waiting for {what}")
    return f"{state.name(seat)} has nothing to decide now: waiting for {what}"


def _apply_all(record: GameRecord, state: ColoniesState, seat: int, texts: list[str]) -> bool:
    """Apply the actions in turn, all or none: with any line refused, each refused line
    is named with its reason and nothing is entered (the draft stays as it was)."""
    accepted: list[tuple[Action, str]] = []
    refused: list[str] = []
    for i, text in enumerate(texts, 1):
        try:
            action = _engine_action(state, text)
        except MeepleError as e:
            refused.append(f"line {i} ({text}): {e}")
            continue
        problem = _not_waiting(state, seat)
        if problem is None:
            try:
                state.apply(seat, action)
            except MeepleError as e:
                problem = str(e).removeprefix(f"{action}: ")
        if problem is not None:
            refused.append(f"line {i} ({text}): {problem}")
            continue
        accepted.append((action, text))
    if refused:
        for line in refused:
            typer.echo(f"refused, {line}")
        typer.echo("Nothing was entered: correct the refused lines and send them all again.")
        return False
    for action, typed in accepted:
        record.add(seat, action)
        typer.echo(f"accepted: {typed}")
    return True


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
    sheets: Annotated[bool, typer.Option(
        help="Character sheets: the game opens when the Master has approved each one.")]
    = False,
) -> None:
    """Start a game with a human Master (players are numbered 1 to N)."""
    if file.exists() and not force:
        fail(f"{file} exists; use --force to replace it")
    options = {"master": True, "teams": teams, "seasons": seasons}
    if sheets:
        options["sheets"] = True
    record = GameRecord(game="colonies", players=players, seed=seed, options=options)
    try:
        state = record.replay()
    except MeepleError as e:
        fail(str(e))
    record.save(file)
    typer.echo(state.render(players))
    typer.echo(f"\nSaved {file}. Players are 1 to {players}: swap, goal, ready "
               f"(meeple colonies orders {file} --player N --action ...); the Master: "
               f"meeple colonies master / resolve.")
    if sheets:
        typer.echo(f"Character sheets: meeple colonies sheet write {file} --player N ... "
                   "--submit; the Master: sheet approve / sheet return.")


@app.command()
def orders(
    file: GameFile,
    player: Annotated[int, typer.Option(help="The player giving these orders, 1 to N.")],
    orders_file: Annotated[Path | None, typer.Option(
        "--file", help="A text file: one action per line; 'season: Heat 1402' checks the season."
    )] = None,
    action: Annotated[list[str] | None, typer.Option(help="An action (repeatable).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Where the season's reports go if these orders finish it (a spy's new actions); "
             "default: the folder resolve --out named.")] = None,
    lang: Lang = "",
) -> None:
    """Enter or import one player's orders (or set-up choices), all or none: with any line
    refused, nothing is entered."""
    record, state = _load(file)
    if lang:
        _check_lang(lang)
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
    number, player = player, player_index(state, player)
    index, phase = state.season_no, state.phase
    ok = _apply_all(record, state, player, texts)
    if not ok:
        raise typer.Exit(1)
    record.save(file)
    sheet = state.players[player]
    orders_now = "; ".join(render(order(o)) for o in sheet.orders) or "none"
    typer.echo(f"Player {number}'s orders now: {orders_now}; ravens: {len(sheet.ravens)}")
    if phase == "spy" and state.phase != "spy":
        # The last spy's new actions finished the season: its reports, as resolve writes.
        where, said = _remembered(file)
        _write_reports(state, index, out or where, lang or said)


@app.command()
def master(
    file: GameFile,
    action: Annotated[list[str], typer.Option(
        help='A Master action, players 1 to N: approve 2, reject 2 "why", '
             'event 2 "text" gold -2, award 2 yes')],
) -> None:
    """The Master's decisions: goals, personal events, awards."""
    record, state = _load(file)
    if not _apply_all(record, state, state.n, action):
        raise typer.Exit(1)
    record.save(file)


def _out_note(file: Path) -> Path:
    return file.with_name(file.name + ".reports")


def _remembered(file: Path) -> tuple[Path, str]:
    """Where and in which language a season paused for spies writes its reports: as the
    paused ``resolve`` was told, else ``reports`` beside the game file, in English."""
    note = _out_note(file)
    if note.exists():
        where, _, lang = note.read_text("utf-8").strip().partition("\n")
        return Path(where), lang if lang in LANGS else "en"
    return file.with_name("reports"), "en"


@app.command()
def resolve(
    file: GameFile,
    out: Annotated[Path | None, typer.Option(help="Write the season's reports here.")] = None,
    lang: Lang = "en",
) -> None:
    """Resolve the season: missing orders count as no actions. Successful spies are then
    asked for their new actions; the season ends when they have given them."""
    _check_lang(lang)
    record, state = _load(file)
    season = state.season_no
    if not _apply_all(record, state, state.n, ["resolve"]):
        raise typer.Exit(1)
    record.save(file)
    if state.phase == "spy":
        target = out or file.with_name("reports")
        _out_note(file).write_text(f"{target}\n{lang}", "utf-8")
        _write_spy_texts(state, season, target, file, lang)
        return
    _write_reports(state, season, out, lang)


def _write_spy_texts(state: ColoniesState, season: int, out: Path, file: Path,
                     lang: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    label = state.season_label(season).replace(" ", "-").lower()
    spies = state.current_players()
    typer.echo(f"Espionage succeeded: the season waits for the new actions of "
               f"{', '.join(state.name(p) for p in spies)}. Send each spy this text:")
    for p in spies:
        report = spy_lines(state, season, p, lang)
        typer.echo("\n" + markdown(report))
        (out / f"{label}-spy-player-{p + 1}.md").write_text(markdown(report), "utf-8")
        (out / f"{label}-spy-player-{p + 1}.bbcode").write_text(bbcode(report), "utf-8")
    typer.echo(f"Also written to {out}/{label}-spy-player-*.md and .bbcode. Then: meeple "
               f"colonies orders {file} --player N --action ... --action submit; the season's "
               f"reports will be written to {out}/.")


def _write_reports(state: ColoniesState, season: int, out: Path | None, lang: str) -> None:
    public = lines(state, season, None, lang)
    typer.echo(markdown(public))
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    label = state.season_label(season).replace(" ", "-").lower()
    seats: list[tuple[str, int | None]] = [("public", None), ("master", state.n)]
    seats += [(f"player-{p + 1}", p) for p in range(state.n)]
    for name, seat in seats:
        report = lines(state, season, seat, lang)
        (out / f"{label}-{name}.md").write_text(markdown(report), "utf-8")
        (out / f"{label}-{name}.bbcode").write_text(bbcode(report), "utf-8")
    typer.echo(f"Reports written to {out}/{label}-*.md and .bbcode")


@app.command()
def report(
    file: GameFile,
    season: Annotated[int, typer.Option(help="Season number, 1 = the first.")] = 0,
    seat: Annotated[str, typer.Option(help="public, master, or a player number, 1 to N.")]
    = "public",
    fmt: Annotated[str, typer.Option("--format", help="md or bbcode.")] = "md",
    out: Annotated[Path | None, typer.Option(help="Write every report of the season here.")]
    = None,
    lang: Lang = "en",
) -> None:
    """Print a season's report (default: the last resolved season)."""
    _check_lang(lang)
    _record, state = _load(file)
    index = season - 1 if season else max(0, state.season_no - (state.phase == "orders"))
    if out is not None:
        _write_reports(state, index, out, lang)
        return
    who: int | None
    if seat == "public":
        who = None
    elif seat == "master":
        who = state.n
    elif seat.isdecimal() and 1 <= int(seat) <= state.n:
        who = int(seat) - 1
    else:
        fail(f"--seat is public, master or a player number 1 to {state.n}, not {seat!r}")
    if fmt not in ("md", "bbcode"):
        fail("--format is md or bbcode")
    text = lines(state, index, who, lang)
    typer.echo(markdown(text) if fmt == "md" else bbcode(text))


@app.command()
def status(
    file: GameFile,
    seat: Annotated[str, typer.Option(help="master, or a player number, 1 to N.")] = "master",
) -> None:
    """The game as one seat sees it, and who is expected to act."""
    _record, state = _load(file)
    who = state.n if seat == "master" else int(seat) - 1 if seat.isdecimal() else -1
    if not 0 <= who <= state.n or (seat != "master" and who == state.n):
        fail(f"--seat is master or a player number 1 to {state.n}, not {seat!r}")
    typer.echo(state.render(who))
    view = state.view(who)
    waiting = ", ".join(state.name(p) for p in state.game.visible_waiting(state, who))
    if view["phase"] == "resolving":
        waiting = "the Master, who is resolving the season"
    typer.echo(f"\nPhase: {view['phase']}. Waiting for: {waiting or 'nobody (game over)'}.")
    if state.is_terminal():
        typer.echo(f"Result: {state.result()}")
