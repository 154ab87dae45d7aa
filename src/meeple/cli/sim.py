"""``meeple simulate`` and ``meeple arena``: many games between bots, with statistics."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from meeple.cli.common import (
    AsJson,
    MaxRounds,
    OptionList,
    RayAddress,
    Workers,
    fail,
    parse_options,
)
from meeple.core.registry import get_game
from meeple.sim.runner import run_games
from meeple.sim.stats import summarize


def _options(name: str, max_rounds: int, pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {"max_rounds": max_rounds} if "max_rounds" in get_game(
        name).options else {}
    options.update(parse_options(pairs))
    try:
        get_game(name).resolve_options(options)
    except ValueError as e:
        fail(str(e))
    return options


def _check(game: str, players: int | None, bots: str) -> tuple[str, int, list[str]]:
    from meeple.bots.base import make_bot

    g = get_game(game)
    kinds = [b.strip() for b in bots.split(",") if b.strip()]
    n = players or (len(kinds) if len(kinds) > 1 else g.default_players)
    g.check_players(n)
    for k in set(kinds):
        make_bot(k, g.name, 0)
    return g.name, n, kinds


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]:.2f} games/s"), TimeRemainingColumn())


def simulate(
    game: Annotated[str, typer.Argument(help="Game name.")],
    games: Annotated[int, typer.Option(help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(help="Players per game.")] = None,
    bots: Annotated[str, typer.Option(help="Bot kinds, rotated over the seats game by game.")]
    = "random",
    workers: Workers = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    out: Annotated[Path, typer.Option(help="Folder for summary.json, games.csv, report.html.")]
    = Path("report"),
    max_rounds: MaxRounds = 100,
    ray: RayAddress = None,
    strengths: Annotated[str | None, typer.Option(
        help="Bot kinds from the weakest to the strongest, e.g. random,heuristic,learned: "
             "the games once per kind, compared side by side.")] = None,
    option: OptionList = None,
) -> None:
    """Bots play GAMES games; win rates with 95% intervals per faction, seat, bot, victory
    condition (and for Cult per licence and card kind played). An interrupted run resumes:
    games already in OUT/games.jsonl are not played again. With --strengths, the games are
    played once per bot kind (every seat that kind), and OUT/strengths.md sets the tables
    side by side with a verdict per faction, seat, card and victory condition."""
    try:
        name, n, kinds = _check(game, players, strengths or bots)
    except (KeyError, ValueError) as e:
        fail(str(e))
    options = _options(name, max_rounds, option)
    if not strengths:
        _simulate(name, n, kinds, seed, games, options, workers, out, ray)
        return
    from meeple.sim.strengths import compare, markdown

    summaries = {k: _simulate(name, n, [k], seed, games, options, workers,
                              out / k.replace(":", "_").replace("+", "_"), ray) for k in kinds}
    comparison = compare(summaries, n)
    comparison.update({"game": name, "players": n, "games": games, "first_seed": seed,
                       "options": options})
    (out / "strengths.json").write_text(json.dumps(comparison, indent=1))
    page = out / "strengths.md"
    page.write_text(markdown(comparison, f"{name}, {n} players: {games} games per strength "
                             f"({', '.join(kinds)})"))
    typer.echo(f"{len(comparison['findings'])} findings. Side by side: {page}")


def _simulate(name: str, n: int, kinds: list[str], seed: int, games: int,
              options: dict[str, Any], workers: int, out: Path, ray: str | None
              ) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    log = out / "games.jsonl"
    done: dict[int, dict[str, Any]] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                if seed <= row["seed"] < seed + games:
                    done[row["seed"]] = row
    todo = games - len(done)
    start = time.perf_counter()
    with _progress() as bar, log.open("a") as sink:
        task = bar.add_task(f"{name} x{games} {','.join(kinds)}", total=games,
                            completed=len(done), rate=0.0)

        def record(row: dict[str, Any]) -> None:
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            finished = bar.tasks[0].completed + 1 - len(done)
            bar.update(task, advance=1, rate=finished / max(1e-9, time.perf_counter() - start))

        run_games(name, n, kinds, seed, games, options, workers, set(done), record, ray)
    rows = sorted({**done, **{r["seed"]: r for r in _read(log, seed, games)}}.values(),
                  key=lambda r: r["seed"])
    summary = summarize(rows)
    summary.update({"game": name, "players": n, "bots": kinds, "first_seed": seed,
                    "options": options, "played_now": todo})
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    _csv(out / "games.csv", rows)
    from meeple.sim.report import write_report

    page = write_report(out, f"{name}: {len(rows)} games, bots {', '.join(kinds)}", summary,
                        [r["rounds"] for r in rows], n)
    typer.echo(f"{len(rows)} games ({todo} played now). Report: {page}")
    return summary


def _read(log: Path, seed: int, games: int) -> list[dict[str, Any]]:
    rows = [json.loads(x) for x in log.read_text().splitlines() if x.strip()]
    return [r for r in rows if seed <= r["seed"] < seed + games]


def _csv(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["seed", "players", "bots", "factions", "winners", "reason", "rounds",
                    "actions", "hash"])
        for r in rows:
            w.writerow([r["seed"], r["players"], " ".join(r["bots"]), " ".join(r["factions"]),
                        " ".join(map(str, r["winners"])), r["reason"], r["rounds"],
                        r["actions"], r["hash"]])


def arena(
    game: Annotated[str, typer.Argument(help="Game name.")],
    bots: Annotated[str, typer.Option(
        help="One bot per seat, e.g. heuristic,random,random,random.")],
    games: Annotated[int, typer.Option(help="How many games (seats rotate game by game).")] = 20,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    workers: Workers = 1,
    as_json: AsJson = False,
    max_rounds: MaxRounds = 100,
    option: OptionList = None,
) -> None:
    """Seat-rotated matches between bots; win rate per bot with its 95% interval."""
    try:
        name, n, kinds = _check(game, len(bots.split(",")), bots)
    except (KeyError, ValueError) as e:
        fail(str(e))
    options = _options(name, max_rounds, option)
    rows = run_games(name, n, kinds, seed, games, options, workers)
    summary = summarize(rows)
    result = {"game": name, "games": games, "bots": kinds, "first_seed": seed,
              "parity": round(1 / n, 4), "by_bot": summary["by_bot"],
              "by_reason": summary["by_reason"], "rounds": summary["rounds"]}
    if as_json:
        typer.echo(json.dumps(result))
        return
    for k, v in result["by_bot"].items():
        lo, hi = v["ci95"]
        typer.echo(f"{k:<16} win rate {v['rate']:.3f}  95% CI {lo:.3f}-{hi:.3f}"
                   f"  ({v['wins']} of {v['games']} seat-games)")


def ladder(
    game: Annotated[str, typer.Argument(help="Game name.")],
    bots: Annotated[str, typer.Option(
        help="Bot kinds to rate, e.g. random,heuristic,ismcts:200 (at least two).")]
    = "random,heuristic",
    games: Annotated[int, typer.Option(help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option(help="Players per game.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    workers: Workers = 1,
    as_json: AsJson = False,
    max_rounds: MaxRounds = 100,
    ray: RayAddress = None,
    option: OptionList = None,
) -> None:
    """Bots of several kinds at mixed tables; an openskill rating per kind with its 95%
    interval, win rates and who finishes ahead of whom."""
    from rich.console import Console
    from rich.table import Table

    from meeple.sim.ladder import run_ladder

    if games < 1:
        fail("--games must be 1 or more")
    try:
        name, n, kinds = _check(game, players or get_game(game).default_players, bots)
        options = _options(name, max_rounds, option)
        start = time.perf_counter()
        with _progress() as bar:
            task = bar.add_task(f"{name} ladder x{games}", total=games, rate=0.0)

            def tick(_row: dict[str, Any]) -> None:
                done = bar.tasks[0].completed + 1
                bar.update(task, advance=1,
                           rate=done / max(1e-9, time.perf_counter() - start))

            result = run_ladder(name, n, kinds, games, seed, options, workers, tick, ray)
    except (KeyError, ValueError) as e:
        fail(str(e))
    if as_json:
        typer.echo(json.dumps(result))
        return
    table = Table(title=f"{name}, {n} players, {result['games']} games")
    for col in ("bot", "rating (mu)", "95% interval", "win rate", "95% CI", "mean place"):
        table.add_column(col)
    for kind, r in result["ratings"].items():
        lo, hi = r["interval95"]
        w = r["wins"]
        table.add_row(kind, f"{r['mu']:.1f}", f"{lo:.1f}-{hi:.1f}", f"{w['rate']:.3f}",
                      f"{w['ci95'][0]:.3f}-{w['ci95'][1]:.3f}", f"{r['mean_place']:.2f}")
    Console().print(table)


def train(
    game: Annotated[str, typer.Argument(help="Game name (one with a learned evaluation).")],
    games: Annotated[int, typer.Option(help="Self-play games per generation.")] = 200,
    generations: Annotated[int, typer.Option(help="Rounds of play-then-fit.")] = 2,
    players: Annotated[int | None, typer.Option(help="Players per game.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    stride: Annotated[int, typer.Option(help="Record a position every this many moves.")] = 4,
    hidden: Annotated[str, typer.Option(
        help="Hidden layer sizes, e.g. 64,32; 0 for a logistic regression.")] = "64,32",
    model: Annotated[str, typer.Option(
        help="network (of the --hidden sizes), linear (a logistic regression) or trees "
             "(gradient-boosted).")] = "network",
    workers: Workers = 1,
    bot: Annotated[str, typer.Option(
        help="The bot kind whose self-play games generation 1 learns from.")] = "heuristic",
    games_file: Annotated[Path | None, typer.Option(
        help="Generation 1's games: read from this file if it exists (to fit again "
             "without playing), else played and written to it.")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Model file (default: the one the package ships, games/GAME/data/value.npz).")]
    = None,
    as_json: AsJson = False,
    max_rounds: MaxRounds = 100,
    ray: RayAddress = None,
    option: OptionList = None,
) -> None:
    """Fit the game's learned evaluation from self-play: generation 1 from the heuristic
    bot's games (or --bot's), each next one from games of the bot using the last model. Needs
    scikit-learn (the `train` extra); playing with the model needs only numpy."""
    from meeple.bots.learned import model_path
    from meeple.sim.train import train as run_train

    try:
        g = get_game(game)
        n = players or g.default_players
        sizes = tuple(int(x) for x in hidden.split(",") if x.strip() and int(x) != 0)
        options = _options(g.name, max_rounds, option)
        target = out or model_path(g.name)
        start = time.perf_counter()
        with _progress() as bar:
            task = bar.add_task(f"{g.name} self-play", total=games * generations, rate=0.0)

            def tick(_game: object) -> None:
                done = bar.tasks[0].completed + 1
                bar.update(task, advance=1,
                           rate=done / max(1e-9, time.perf_counter() - start))

            result = run_train(g.name, n, games, generations, target, seed, options, stride,
                               workers, sizes, ray, tick, games_file, bot, model)
    except (KeyError, ValueError) as e:
        fail(str(e))
    except ImportError:
        fail("training needs scikit-learn: pip install 'meeple[train]'")
    if as_json:
        typer.echo(json.dumps(result))
        return
    for h in result["generations"]:
        typer.echo(f"generation {h['generation']}: {h['games']} games, {h['positions']} "
                   f"positions, validation log loss {h['valid_log_loss']} (base rate "
                   f"{h['baseline_log_loss']}), AUC {h['valid_auc']}, {h['seconds']} s")
    typer.echo(f"model: {result['model']} ({result['model_bytes']} bytes)")
