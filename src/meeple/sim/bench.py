"""The engine benchmark: random self-play speed, clone and legal-move listing cost."""

from __future__ import annotations

import statistics
import time
from typing import Any

from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng


def _random_game(game_name: str, players: int, seed: int, options: dict[str, Any],
                 keep_every: int = 0) -> tuple[int, float, list[State]]:
    game = get_game(game_name)
    state = game.new_state(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    actions = 0
    kept: list[State] = []
    t0 = time.perf_counter()
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply_unchecked(player, rng.choice(state.legal_actions(player)))
        actions += 1
        if keep_every and actions % keep_every == 0:
            kept.append(state.clone())
    return actions, time.perf_counter() - t0, kept


def bench_engine(game_name: str, players: int = 4, seconds: float = 5.0,
                 seed: int = 1) -> dict[str, Any]:
    """Random self-play on one core for about ``seconds``; then clone and legal timings
    over positions sampled from those games (mid-game: past the first tenth)."""
    game = get_game(game_name)
    options = {"max_rounds": 60} if "max_rounds" in game.options else {}
    total_actions, total_time, game_ms = 0, 0.0, []
    samples: list[State] = []
    g = 0
    while total_time < seconds:
        n, dt, kept = _random_game(game_name, players, seed + g, options, keep_every=97)
        total_actions += n
        total_time += dt
        game_ms.append(dt * 1000)
        samples += kept[len(kept) // 10:]
        g += 1
    clone_us = _per_call_us([s.clone for s in samples])
    legal_us = _per_call_us([(lambda s=s: s.legal_actions(s.current_players()[0]))
                             for s in samples if not s.is_terminal()])
    return {
        "game": game_name,
        "players": players,
        "games": g,
        "actions": total_actions,
        "actions_per_sec": round(total_actions / total_time),
        "game_ms_median": round(statistics.median(game_ms), 2),
        "clone_us": round(clone_us, 2),
        "legal_us": round(legal_us, 2),
        "positions_sampled": len(samples),
        "options": options,
    }


def _per_call_us(calls: list[Any], repeat: int = 20) -> float:
    if not calls:
        return 0.0
    t0 = time.perf_counter()
    for _ in range(repeat):
        for c in calls:
            c()
    return (time.perf_counter() - t0) / (repeat * len(calls)) * 1e6


def bench_search(game_name: str, players: int = 4, seconds: float = 5.0, seed: int = 1,
                 steps: int = 300) -> dict[str, Any]:
    """ISMCTS iterations per second on one core, at the position reached by ``steps``
    random actions from the game of ``seed`` (the same position on every machine)."""
    from meeple.bots.ismcts import ISMCTS
    from meeple.core.conformance import play_random

    game = get_game(game_name)
    state = play_random(game.new_state(players, seed, {}), steps, seed)
    while state.is_terminal():  # a game that ended early: take fewer steps
        steps //= 2
        state = play_random(game.new_state(players, seed, {}), steps, seed)
    player = state.current_players()[0]
    bot = ISMCTS(seed, game, seconds=seconds)
    t0 = time.perf_counter()
    action = bot.choose(state.view(player), state.legal_actions(player),
                        lambda s: game.redeal_hidden(state, player, s))
    elapsed = time.perf_counter() - t0
    return {"game": game_name, "players": players, "position": {"seed": seed, "steps": steps},
            "iterations": bot.last_iterations,
            "iterations_per_sec": round(bot.last_iterations / elapsed),
            "legal_at_root": len(state.legal_actions(player)), "chosen": str(action)}
