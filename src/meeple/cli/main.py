"""``meeple``: play, replay, simulate and check games from the terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from meeple.cli.common import AsJson, OptionList, fail, parse_options
from meeple.core.errors import MeepleError
from meeple.core.record import GameRecord
from meeple.core.registry import game_names, get_game

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False,
                  help="meeple: strategy board games with every rule enforced.")
bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks that the project ships.")
app.add_typer(bench_app, name="bench")


def _subcommands() -> None:
    from meeple.cli.bench import bench_engine, bench_search, bench_server, bench_web
    from meeple.cli.client import app as client_app
    from meeple.cli.colonies import app as colonies_app
    from meeple.cli.db import app as db_app
    from meeple.cli.golden import app as golden_app
    from meeple.cli.new import kit_app, new
    from meeple.cli.people import admin_app, ratings_app
    from meeple.cli.serve import serve
    from meeple.cli.sim import arena, ladder, simulate, train
    from meeple.cli.stats import stats

    app.add_typer(colonies_app, name="colonies")
    app.add_typer(client_app, name="client")
    app.add_typer(db_app, name="db")
    app.add_typer(golden_app, name="golden")
    app.add_typer(kit_app, name="kit")
    app.command()(new)
    bench_app.command("engine")(bench_engine)
    bench_app.command("search")(bench_search)
    bench_app.command("server")(bench_server)
    bench_app.command("web")(bench_web)
    app.add_typer(admin_app, name="admin")
    app.add_typer(ratings_app, name="ratings")
    app.command()(simulate)
    app.command()(arena)
    app.command()(ladder)
    app.command()(train)
    app.command()(serve)
    app.command()(stats)


_subcommands()


def _version(shown: bool) -> None:
    if shown:
        from meeple import __version__
        from meeple.compiled import build_name

        typer.echo(f"meeple {__version__}, {build_name()}")
        raise typer.Exit()


@app.callback()
def root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Say the version and the build (compiled by mypyc, or pure Python, and why).")]
        = False) -> None:
    """meeple: strategy board games with every rule enforced."""




@app.command()
def games() -> None:
    """List the games, their player counts and options."""
    for name in game_names():
        g = get_game(name)
        typer.echo(f"{name:<10} {g.title}, {g.min_players}-{g.max_players} players "
                   f"(default {g.default_players})")
        for key, spec in g.options.items():
            typer.echo(f"    --option {key}=...  {spec.help} (default {spec.default!r})")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name, e.g. cult.")] = "cult",
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seats: Annotated[str | None, typer.Option(
        help="Comma list, one per seat: human, random, heuristic, ismcts[:N|:Ts].")] = None,
    seed: Annotated[int | None, typer.Option(help="Random seed (default: from the clock).")] = None,
    save: Annotated[Path | None, typer.Option(
        help="Save the game record here after every action.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved game record.")] = None,
    option: OptionList = None,
    lang: Annotated[str, typer.Option(
        help="The language of the game's texts: en or ru.")] = "en",
) -> None:
    """Play in the terminal against bots (or other people at the same keyboard)."""
    from meeple.cli.play import play_terminal
    from meeple.core.text import LANGS

    if lang not in LANGS:
        fail(f"--lang {lang!r}: the languages are {', '.join(LANGS)}")
    record = None
    try:
        if resume is not None:
            record = GameRecord.load(resume)
            record.replay()
            game, players, seed = record.game, record.players, record.seed
            opts = dict(record.options)
            save = save or resume
        else:
            opts = parse_options(option)
        g = get_game(game)
        n = players or g.default_players
        seat_list = (seats or ",".join(["human"] + ["heuristic"] * (n - 1))).split(",")
        if len(seat_list) != n:
            fail(f"--seats names {len(seat_list)} seats for {n} players")
        from meeple.bots.base import make_bot

        for kind in seat_list:
            if kind != "human":
                make_bot(kind, g.name, 0)  # an unknown kind or budget is named here
        if seed is None:
            import time

            seed = int(time.time()) % 1_000_000
        g.check_players(n)
        g.new_state(n, seed, opts)
    except (KeyError, ValueError, MeepleError) as e:
        fail(str(e))
    typer.echo(f"{g.title}: {n} players, seed {seed}. Type 'help' at any prompt.")
    play_terminal(game, n, seat_list, seed, opts, save, resume=record, lang=lang)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record saved by meeple.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
    show: Annotated[bool, typer.Option(help="Print the final board and the log.")] = False,
) -> None:
    """Replay a saved game and print its final state hash."""
    try:
        record = GameRecord.load(file)
        state = record.replay()
    except MeepleError as e:
        fail(str(e))
    if show:
        typer.echo(state.log.text(None))
        typer.echo(state.render(None))
    res = state.result()
    summary = {"game": record.game, "seed": record.seed, "actions": len(record.actions),
               "finished": state.is_terminal(), "winner": res["winner"], "reason": res["reason"],
               "rounds": state.round, "hash": state.hash()}
    typer.echo(json.dumps(summary) if as_json else state.hash())


@app.command()
def selfplay(
    game: Annotated[str, typer.Argument(help="Game name.")],
    players: Annotated[int, typer.Option(help="Players per game.")] = 4,
    bots: Annotated[str, typer.Option(
        help="One bot kind for all seats, or a comma list.")] = "random",
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per game.")] = False,
    max_rounds: Annotated[int, typer.Option(
        help="Round limit house rule for games that have one (0: none).")] = 100,
    option: OptionList = None,
) -> None:
    """Bots play each other; one line per finished game (the same arguments, the same lines)."""
    from meeple.sim.match import play_match

    opts = parse_options(option)
    try:
        g = get_game(game)
        g.check_players(players)
        if "max_rounds" in g.options:
            opts.setdefault("max_rounds", max_rounds)
        kinds = bots.split(",")
        if len(kinds) == 1:
            kinds *= players
        if len(kinds) != players:
            fail(f"--bots names {len(kinds)} bots for {players} players")
        for i in range(games):
            result = play_match(g.name, players, seed + i, kinds, opts)
            line = result.summary()
            if as_json:
                typer.echo(json.dumps(line))
            else:
                typer.echo(f"seed {line['seed']}: player {line['winner']} wins "
                           f"({line['reason']}) in {line['rounds']} rounds, "
                           f"{line['actions']} actions, hash {line['hash']}")
    except (KeyError, ValueError, MeepleError) as e:
        fail(str(e))


@app.command()
def scenario(
    paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders.")],
    quiet: Annotated[bool, typer.Option(help="Only print failures and the total.")] = False,
) -> None:
    """Run rules scenarios; exit status 1 if any expectation fails."""
    from meeple.core.scenario import run_paths

    try:
        results = run_paths(paths)
    except MeepleError as e:
        fail(str(e))
    passed = failed = 0
    for r in results:
        for c in r.checks:
            if c.ok:
                passed += 1
            else:
                failed += 1
            if not c.ok or not quiet:
                mark = "PASS" if c.ok else "FAIL"
                typer.echo(f"{mark} {r.file} :: {r.name} :: {c.path}"
                           + ("" if c.ok else f" — {c.detail}"))
    typer.echo(f"{len(results)} scenarios: {passed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


check_app = typer.Typer(no_args_is_help=True, help="Suites that attack the server and engine.")
app.add_typer(check_app, name="check")


@check_app.command("soak")
def check_soak(
    minutes: Annotated[float, typer.Option(help="How long the load runs.")] = 30.0,
    window: Annotated[float, typer.Option(help="Seconds per reported window.")] = 300.0,
    people: Annotated[int, typer.Option(help="Pairs of people playing games in turn.")] = 4,
    bot_games: Annotated[int, typer.Option(help="Bot games watched by spectators.")] = 2,
    db: Annotated[str | None, typer.Option(help="Database URL (default: a new SQLite file).")]
    = None,
    as_json: AsJson = False,
) -> None:
    """A mixed load for a long time: moves, latency and memory per window, 5xx, lost moves."""
    from meeple.check.soak import soak

    if minutes <= 0 or window <= 0 or people < 0 or bot_games < 0:
        fail("--minutes and --window must be above 0, --people and --bot-games 0 or more")
    result = soak(minutes, window, people, bot_games, database=db)
    if as_json:
        typer.echo(json.dumps(result))
        return
    for k, v in result.items():
        if k != "windows":
            typer.echo(f"{k:<24} {v}")
    for w in result["windows"]:
        typer.echo(f"  from {w['from_s']:>5} s: {w['moves']:>6} moves, p50 {w['p50_ms']} ms, "
                   f"p99 {w['p99_ms']} ms, {w['rss_mb']} MB")


@check_app.command("reliability")
def check_reliability(
    kills: Annotated[int, typer.Option(help="SIGKILLs of a server under load.")] = 100,
    views: Annotated[int, typer.Option(help="Payloads checked per game for leaks.")] = 10_000,
    examples: Annotated[int, typer.Option(
        help="Fuzzing examples per API operation (x10 for the parsers).")] = 100,
    clients: Annotated[int, typer.Option(help="Clients racing on one game.")] = 50,
    seed: Annotated[int, typer.Option(help="Seed of every random choice.")] = 1,
    only: Annotated[str | None, typer.Option(
        help="Comma list: sigkill, storage, database, ratings, hidden, parsers, concurrency, "
             "auth, fuzz.")]
    = None,
    as_json: AsJson = False,
) -> None:
    """Kill, race, leak, fuzz and auth attacks; prints what each tried and what failed."""
    from meeple.check.reliability import run

    result = run(kills, views, examples, clients, seed,
                 set(only.split(",")) if only else None)
    if as_json:
        typer.echo(json.dumps(result))
    else:
        for t in result["tests"]:
            typer.echo(f"{'FAIL' if t['failed'] else 'ok  '} {t['test']}: {t['tried']}"
                       f" ({t['failed']} failed, {t['seconds']} s)")
            for p in t["problems"]:
                typer.echo(f"      {p}")
    if result["failed"]:
        raise typer.Exit(1)


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
