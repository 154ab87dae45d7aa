"""Many games between bots, in parallel, each fixed by its seed and seat rotation, so the
same seeds give the same rows with any number of workers."""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from meeple.core.places import places
from meeple.core.registry import get_game
from meeple.sim.collector import batch_collector, tune_for_batch
from meeple.sim.match import play_match

Spec = tuple[str, int, int, int, tuple[str, ...], dict[str, Any]]


def seats_for(bots: Sequence[str], players: int, index: int) -> list[str]:
    """Game ``index`` rotates the bot list by ``index`` seats."""
    k = len(bots)
    return [bots[(seat + index) % k] for seat in range(players)]


def play_row(spec: Spec) -> dict[str, Any]:
    game_name, players, seed, index, bots, options = spec
    seats = seats_for(bots, players, index)
    result = play_match(game_name, players, seed, seats, options)
    state = result.state
    game = get_game(game_name)
    res = state.result()
    winners = res.get("winners") or ([res["winner"]] if res["winner"] is not None else [])
    actions = [(a.player, _parse(a.action)) for a in result.record.actions]
    return {
        "seed": seed, "index": index, "players": players, "bots": seats,
        "factions": game.factions(state), "winners": winners, "places": places(state),
        "reason": res["reason"],
        "rounds": state.round, "actions": len(result.record.actions), "hash": state.hash(),
        "tags": game.tags(state, actions),
    }


def _parse(text: str) -> Any:
    from meeple.core.actions import Action

    return Action.parse(text)


def run_games(
    game_name: str,
    players: int,
    bots: Sequence[str],
    first_seed: int,
    games: int,
    options: dict[str, Any],
    workers: int,
    skip: set[int] | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    ray_address: str | None = None,
) -> list[dict[str, Any]]:
    """Play games ``first_seed + i`` for i < games (those in ``skip`` excepted), in local
    worker processes or, given ``ray_address``, as tasks of that Ray cluster."""
    specs = [(game_name, players, first_seed + i, i, tuple(bots), options)
             for i in range(games) if first_seed + i not in (skip or set())]
    return run_specs(specs, workers, on_row, ray_address)


def run_specs(specs: list[Spec], workers: int,
              on_row: Callable[[dict[str, Any]], None] | None = None,
              ray_address: str | None = None) -> list[dict[str, Any]]:
    """Play each (game, players, seed, rotation, bots, options); rows sorted by seed."""
    rows = parallel_map(play_row, specs, workers, ray_address, on_row)
    return sorted(rows, key=lambda r: r["seed"])


def parallel_map(fn: Callable[[Any], Any], specs: Sequence[Any], workers: int,
                 ray_address: str | None = None,
                 on_result: Callable[[Any], None] | None = None) -> list[Any]:
    """``fn`` over ``specs`` in local worker processes or as tasks of a Ray cluster;
    results in the order they finish."""
    found = []
    with batch_collector():
        for r in (_ray_map(fn, specs, ray_address) if ray_address else _map(fn, specs, workers)):
            found.append(r)
            if on_result is not None:
                on_result(r)
    return found


def _ray_map(fn: Callable[[Any], Any], specs: Sequence[Any], address: str) -> Iterator[Any]:
    """Each spec a Ray task; results come back as tasks finish. The cluster's workers need
    meeple installed (the same package, e.g. through Ray's runtime_env)."""
    import ray

    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    try:
        task = ray.remote(fn)
        pending = [task.remote(spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done)
    finally:
        ray.shutdown()


def _map(fn: Callable[[Any], Any], specs: Sequence[Any], workers: int) -> Iterator[Any]:
    if workers <= 1 or len(specs) <= 1:
        yield from map(fn, specs)
        return
    with mp.get_context("fork").Pool(workers, initializer=tune_for_batch) as pool:
        yield from pool.imap_unordered(fn, specs, chunksize=1)
