"""``meeple bench engine``, ``meeple bench search``, ``meeple bench server`` and ``meeple
bench web``: the engine's speed per game, the server's and the browser table's, one line
each, so that a regression shows (docs/performance.md)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

import typer

from meeple.cli.common import AsJson, OptionList, fail, parse_options

GameOption = Annotated[str, typer.Option(help="Game name, or 'all' (one line per game).")]
CompiledOption = Annotated[bool, typer.Option(
    "--compiled", help="Fail unless this runs the compiled build (the default where it is "
    "built: see 'meeple --version').")]
PureOption = Annotated[bool, typer.Option(
    "--pure", help="Measure the pure-Python package instead of the compiled build.")]


def _build(compiled: bool, pure: bool = False) -> str:
    """The build measured, named on every line: the compiled one where it is built (the
    default), the pure package with --pure (this command again, with MEEPLE_BUILD=pure)."""
    import sys

    from meeple.compiled import build_name, is_compiled, run_build

    if compiled and pure:
        fail("--compiled and --pure ask for two builds: give one")
    if pure and is_compiled():
        fail(run_build(True, sys.argv[1:]))
    if compiled and not is_compiled():
        fail(f"this is not the compiled build: {build_name()}")
    return build_name()


def _names(game: str, known: tuple[str, ...]) -> list[str]:
    from meeple.core.registry import get_game

    if game == "all":
        return list(known)
    try:
        return [get_game(game).name]
    except KeyError as e:
        fail(str(e))


def _run(run: Callable[[str], dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    out = []
    for name in names:
        try:
            out.append(run(name))
        except (KeyError, ValueError) as e:
            fail(f"{name}: {e}")
    return out


def _line(r: dict[str, Any], keys: list[tuple[str, str]]) -> str:
    return f"{r['game']:<10}" + "".join(
        f"  {label} {r[k]:,}" for k, label in keys if r.get(k) is not None)


def _print(results: list[dict[str, Any]], as_json: bool, keys: list[tuple[str, str]]) -> None:
    if as_json:
        typer.echo(json.dumps(results[0] if len(results) == 1 else results))
    elif len(results) == 1:
        typer.echo("\n".join(f"{k:>20}: {v}" for k, v in results[0].items()))
    else:
        for r in results:
            typer.echo(_line(r, keys) + (f"  build {r['build']}" if "build" in r else ""))


def _profile(run: Callable[[str, float], object], seconds: float, names: list[str], top: int,
             as_json: bool) -> None:
    from meeple.sim.bench import profile

    if top < 0:
        fail(f"--profile must be a count of functions, got {top}")
    out: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        run(name, 0.3)  # first: what a process does once (data files, text catalogs)
        out[name] = profile(partial(run, name, seconds), top)
    if as_json:
        typer.echo(json.dumps(out))
        return
    for name, rows in out.items():
        typer.echo(f"{name}: own% cum% calls function")
        for r in rows:
            typer.echo(f"  {r['own_pct']:5.1f} {r['cum_pct']:5.1f} {r['calls']:>9} "
                       f"{r['function']}")


ENGINE_KEYS = [("actions_per_sec", "actions/s"), ("game_ms_median", "game_ms"),
               ("clone_us", "clone_us"), ("legal_us", "legal_us"), ("apply_us", "apply_us"),
               ("view_us", "view_us"), ("vs_openspiel", "x openspiel")]


def bench_engine(
    game: GameOption = "cult",
    players: Annotated[int, typer.Option(help="Players per game.")] = 4,
    seconds: Annotated[float, typer.Option(help="Seconds of self-play to time, per game.")]
    = 5.0,
    vs_openspiel: Annotated[bool, typer.Option(
        "--vs-openspiel", help="Also time OpenSpiel's python_liars_poker in the same run "
        "(needs pyspiel) and give each game's speed as a multiple of it, the two timed in "
        "alternating turns.")] = False,
    as_json: AsJson = False,
    profile: Annotated[int, typer.Option(
        help="Instead of timing: the N costliest functions of random play (cProfile).")] = 0,
    compiled: CompiledOption = False,
    pure: PureOption = False,
) -> None:
    """Random self-play speed on one core, with the cost of clone, legal, apply and view."""
    build = _build(compiled, pure)
    from meeple.sim.bench import (
        ENGINE_GAMES,
        bench_engine,
        bench_openspiel,
        play_for,
        versus_openspiel,
    )

    if profile:
        _profile(lambda name, t: play_for(name, players, t), seconds,
                 _names(game, ENGINE_GAMES), profile, as_json)
        return
    results = _run(lambda name: bench_engine(name, players, seconds),
                   _names(game, ENGINE_GAMES))
    for r in results:
        r["build"] = build
    if vs_openspiel:
        # Each game against the reference in alternating turns (versus_openspiel): the
        # ratio, and both speeds in those turns; the reference's line, its speed alone.
        reference = bench_openspiel(seconds)
        if reference is None:
            fail("--vs-openspiel needs pyspiel (pip install open_spiel)")
        for r in results:
            turns = versus_openspiel(r["game"], players, seconds)
            assert turns is not None
            r["vs_openspiel"] = turns["ratio"]
            r["vs_openspiel_turns"] = {k: turns[k] for k in (
                "turns", "actions_per_sec", "reference_actions_per_sec")}
        results.append(reference)
    _print(results, as_json, ENGINE_KEYS)


def bench_search(
    game: GameOption = "cult",
    players: Annotated[int, typer.Option(help="Players.")] = 4,
    seconds: Annotated[float, typer.Option(help="Seconds of search to time, per game.")] = 5.0,
    as_json: AsJson = False,
    profile: Annotated[int, typer.Option(
        help="Instead of timing: the N costliest functions of the search (cProfile).")] = 0,
    compiled: CompiledOption = False,
    pure: PureOption = False,
) -> None:
    """ISMCTS iterations per second at a fixed mid-game position, with the game's tuning."""
    build = _build(compiled, pure)
    from meeple.sim.bench import SEARCH_GAMES, bench_search

    if profile:
        _profile(lambda name, t: bench_search(name, players, t), seconds,
                 _names(game, SEARCH_GAMES), profile, as_json)
        return
    results = _run(lambda name: bench_search(name, players, seconds),
                   _names(game, SEARCH_GAMES))
    for r in results:
        r["build"] = build
    _print(results, as_json, [("iterations_per_sec", "iterations/s"),
                              ("legal_at_root", "legal_at_root")])


def bench_server(
    game: Annotated[str, typer.Option(help="Game name (counter: the reference workload).")]
    = "counter",
    games: Annotated[int, typer.Option(help="Games played at once.")] = 100,
    clients_per_game: Annotated[int, typer.Option(help="Seats (clients) per game.")] = 4,
    seconds: Annotated[float, typer.Option(help="Seconds of load.")] = 10.0,
    db: Annotated[str | None, typer.Option(help="Database URL (default: a new SQLite file).")]
    = None,
    finish_games: Annotated[int, typer.Option(
        help="Instead: N finished games (played by random players, imported and opened) "
             "and the server's resident memory as they pile up.")] = 0,
    keep_games: Annotated[bool, typer.Option(
        help="With --finish-games: keep every game in memory (for comparison).")] = False,
    warmup: Annotated[int, typer.Option(
        help="With --finish-games: this many finished games first; the growth is counted "
             "from after them.")] = 0,
    option: OptionList = None,
    as_json: AsJson = False,
    compiled: Annotated[bool, typer.Option(
        "--compiled", help="Fail unless the server (and the clients) run the compiled "
        "build (the default where it is built) and the server says it does.")] = False,
    pure: PureOption = False,
    vs_counter: Annotated[bool, typer.Option(
        "--vs-counter", help="Alternate --rounds runs of the game with as many of the "
        "counter (no rules: the server's plumbing alone) and give the game's median run, "
        "every run's rate and the ratio: what the machine allowed in the same minutes.")]
    = False,
    vs_boardgameio: Annotated[bool, typer.Option(
        "--vs-boardgameio", help="The counter on meeple's durable server alternated with "
        "--rounds runs of boardgame.io's server in memory under the same load (npm installs "
        "boardgame.io into a temporary folder where Node is found; where it cannot, says "
        "why and fails) and the ratio of the medians.")] = False,
    rounds: Annotated[int, typer.Option(
        help="With --vs-counter or --vs-boardgameio: runs of each.")] = 3,
    updates: Annotated[str, typer.Option(
        help="The updates the clients ask for: patch (the protocol's default: patches from "
             "the payload each holds, a move's ack inside its update) or full (every update "
             "whole and each ack on its own, as before issue 41).")] = "patch",
) -> None:
    """A server on loopback under real WebSocket clients: moves/s, latency, lost moves,
    bytes sent per move to all the readers."""
    if games < 1 or clients_per_game < 1 or seconds <= 0 or finish_games < 0:
        fail("--games and --clients-per-game must be at least 1, --seconds above 0, "
             "--finish-games 0 or more")
    if (warmup or option) and not finish_games:
        fail("--warmup and --option go with --finish-games")
    if warmup < 0:
        fail("--warmup must be 0 or more")
    if vs_boardgameio and (vs_counter or finish_games or game != "counter" or rounds < 1):
        fail("--vs-boardgameio compares the counter (--game counter, the default) in --rounds "
             "of 1 or more, and not with --vs-counter or --finish-games")
    if updates not in ("patch", "full"):
        fail(f"--updates is patch or full, not {updates!r}")
    if vs_counter and (finish_games or game == "counter" or rounds < 1):
        fail("--vs-counter compares another game than the counter, in --rounds of 1 or "
             "more, and measures moves, not --finish-games")
    build = _build(compiled, pure)  # with --pure: this command again, on the pure package
    from meeple.server.bench import bench_server as run
    from meeple.server.bench import versus_counter

    if finish_games:
        from meeple.core.registry import get_game
        from meeple.server.memory_bench import bench_memory

        players = clients_per_game if game != "counter" else 1
        options = parse_options(option)
        try:
            get_game(game).resolve_options(options)
        except (KeyError, ValueError) as e:
            fail(str(e))
        result = {"build": build, **bench_memory(game, finish_games, players,
                                                 evict=not keep_games, warmup=warmup,
                                                 options=options)}
    elif vs_boardgameio:
        from meeple.server.bgio_bench import Unavailable, versus_boardgameio

        try:
            result = versus_boardgameio(games, clients_per_game, seconds, rounds, db)
        except Unavailable as e:
            fail(f"--vs-boardgameio: {e}")
    else:
        result = (versus_counter(game, games, clients_per_game, seconds, rounds, db, updates)
                  if vs_counter else run(game, games, clients_per_game, seconds, database=db,
                                         updates=updates))
    # The server is a process of its own (``python -m meeple serve``, started with this
    # one's environment): what it imported is what it says, not what we did.
    if result["build"] != build:
        fail(f"the server ran {result['build']!r}, this command {build!r}")
    if as_json:
        typer.echo(json.dumps(result))
        return
    width = max(len(k) + (1 + max(map(len, v)) if isinstance(v, dict) and v else 0)
                for k, v in result.items())
    for k, v in result.items():
        if isinstance(v, dict):  # --vs-counter's or --vs-boardgameio's runs
            for sub, w in v.items():
                shown = " / ".join(map(str, w)) if isinstance(w, list) else w
                typer.echo(f"{k + '.' + sub:<{width}} {shown}")
        else:
            typer.echo(f"{k:<{width}} {v}")


def bench_web(
    moves: Annotated[int, typer.Option(help="Cult moves to click and time.")] = 30,
    players: Annotated[int, typer.Option(help="Players (one person, the rest random bots).")]
    = 2,
    as_json: AsJson = False,
) -> None:
    """The browser table's speed (Debian's chromium through Playwright): the first load,
    cold and warm cache, and the median and p95 from a move's update to the screen."""
    from meeple.web.bench import BenchError, bench_web

    try:
        result = bench_web(moves, players)
    except BenchError as e:
        fail(str(e))
    if as_json:
        typer.echo(json.dumps(result))
        return
    typer.echo(f"cult  {result['moves']} moves, {result['updates']} updates timed  "
               f"update-to-screen median {result['update_median_ms']} ms, "
               f"p95 {result['update_p95_ms']} ms  first load cold "
               f"{result['first_load_cold_ms']} ms, warm {result['first_load_warm_ms']} ms  "
               f"(load {result['load_avg_1m']} on {result['cpus']} CPUs)")
