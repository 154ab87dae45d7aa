"""The engine benchmarks: random self-play speed with the cost of each engine call, the
search's iterations per second, and OpenSpiel's reference game timed in the same run."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.core.game import Game, State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.sim.collector import batch_collector

ENGINE_GAMES = ("cult", "cyclades", "clash", "colonies", "counter")
SEARCH_GAMES = ("cult", "cyclades", "clash", "colonies")

# The collector is set as `meeple simulate` sets it (meeple.sim.collector), for our games
# and OpenSpiel's reference alike.
# Every timing is this process's CPU time: on a shared machine, wall time also counts the
# turns of other processes (the same code read 2-7x slower under load by the wall clock).
_clock = time.process_time


def _random_play_options(game: Game) -> dict[str, Any]:
    """The options every timing of random play uses: a limit of 60 rounds where the game
    has one."""
    return {"max_rounds": 60} if "max_rounds" in game.options else {}


def _random_game(game_name: str, players: int, seed: int, options: dict[str, Any],
                 keep_every: int = 0) -> tuple[int, float, list[State]]:
    game = get_game(game_name)
    state = game.new_state(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    actions = 0
    kept: list[State] = []
    t0 = _clock()
    while not state.is_terminal():
        player = state.current_players()[0]
        state.apply_unchecked(player, state.random_action(player, rng))
        actions += 1
        if keep_every and actions % keep_every == 0:
            kept.append(state.clone())
    return actions, _clock() - t0, kept


@batch_collector()
def play_for(game_name: str, players: int = 4, seconds: float = 5.0, seed: int = 1) -> int:
    """Random games as the engine benchmark plays them, for about ``seconds``: the actions
    taken (what a profile of random play runs)."""
    game = get_game(game_name)
    options = _random_play_options(game)
    actions, spent, g = 0, 0.0, 0
    while spent < seconds:
        n, dt, _ = _random_game(game_name, players, seed + g, options)
        actions, spent, g = actions + n, spent + dt, g + 1
    return actions


@batch_collector()
def bench_engine(game_name: str, players: int = 4, seconds: float = 5.0,
                 seed: int = 1) -> dict[str, Any]:
    """Random self-play on one core for about ``seconds``; then clone and legal timings
    over positions sampled from those games (mid-game: past the first tenth)."""
    game = get_game(game_name)
    options = _random_play_options(game)
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
    live = [s for s in samples if not s.is_terminal()]
    clone_us = _per_call_us([s.clone for s in samples])
    legal_us = _per_call_us([(lambda s=s: s.legal_actions(s.current_players()[0]))
                             for s in live])
    view_us = _per_call_us([(lambda s=s: s.view(s.current_players()[0])) for s in live],
                           repeat=3)
    # apply: a clone takes each sampled position's first legal action; the clone's own
    # cost, measured above, is taken off
    firsts = [(s, s.current_players()[0]) for s in live]
    moves = [(s, p, s.legal_actions(p)[0]) for s, p in firsts]
    both_us = _per_call_us([(lambda s=s, p=p, a=a: s.clone().apply_unchecked(p, a))
                            for s, p, a in moves])
    return {
        "game": game_name,
        "players": players,
        "games": g,
        "actions": total_actions,
        "actions_per_sec": round(total_actions / total_time),
        "game_ms_median": round(statistics.median(game_ms), 2),
        "clone_us": round(clone_us, 2),
        "legal_us": round(legal_us, 2),
        "apply_us": round(max(both_us - clone_us, 0.0), 2),
        "view_us": round(view_us, 2),
        "positions_sampled": len(samples),
        "options": options,
    }


def _per_call_us(calls: list[Any], repeat: int = 20) -> float:
    if not calls:
        return 0.0
    t0 = _clock()
    for _ in range(repeat):
        for c in calls:
            c()
    return (_clock() - t0) / (repeat * len(calls)) * 1e6


@batch_collector()
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
    # A position with one legal action has nothing to search: the next one that has two.
    while not state.is_terminal() and steps < 3000 \
            and len(state.legal_actions(state.current_players()[0])) < 2:
        steps += 1
        state = play_random(game.new_state(players, seed, {}), steps, seed)
    player = state.current_players()[0]
    bot = ISMCTS(seed, game, seconds=seconds)
    t0 = _clock()
    action = bot.choose(state.view(player), state.legal_actions(player),
                        lambda s: game.redeal_hidden(state, player, s))
    elapsed = _clock() - t0
    return {"game": game_name, "players": players, "position": {"seed": seed, "steps": steps},
            "iterations": bot.last_iterations,
            "iterations_per_sec": round(bot.last_iterations / elapsed),
            "legal_at_root": len(state.legal_actions(player)), "chosen": str(action)}


def _pyspiel() -> Any:
    """pyspiel with OpenSpiel's Python games registered, or None when not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def _openspiel_for(game: Any, rng: Rng, seconds: float) -> tuple[int, int, float]:
    """OpenSpiel's random play (chance outcomes drawn by their probabilities) for about
    ``seconds``: (actions, games, CPU seconds)."""
    actions = games = 0
    t0 = _clock()
    while _clock() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = _weighted(rng, outcomes, probs)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        games += 1
    return actions, games, _clock() - t0


@batch_collector()
def bench_openspiel(seconds: float = 5.0, seed: int = 1,
                    name: str = "python_liars_poker") -> dict[str, Any] | None:
    """OpenSpiel's pure-Python reference game in random play on one core, or None when
    pyspiel is not installed."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    actions, games, elapsed = _openspiel_for(pyspiel.load_game(name), Rng(seed), seconds)
    return {"game": f"openspiel:{name}", "games": games, "actions": actions,
            "actions_per_sec": round(actions / elapsed)}


@batch_collector()
def versus_openspiel(game_name: str, players: int = 4, seconds: float = 5.0, seed: int = 1,
                     name: str = "python_liars_poker", turns: int = 10
                     ) -> dict[str, Any] | None:
    """``game_name``'s random play and OpenSpiel's reference, each ``seconds`` in all, in
    ``turns`` alternating turns: both then run on the same machine in the same moments.
    On this shared machine the speed of the same code drifts by half within a minute (the
    reference read 49k-82k actions/s in one session's runs), and two runs one after the
    other compared different moments. None when pyspiel is not installed."""
    pyspiel = _pyspiel()
    if pyspiel is None:
        return None
    reference = pyspiel.load_game(name)
    game = get_game(game_name)
    options = _random_play_options(game)
    rng = Rng(seed)
    own = [0, 0.0]
    ref = [0, 0.0]
    g = 0
    for _ in range(turns):
        spent = 0.0
        while spent < seconds / turns:
            n, dt, _ = _random_game(game_name, players, seed + g, options)
            own[0], own[1], spent, g = own[0] + n, own[1] + dt, spent + dt, g + 1
        n, _, dt = _openspiel_for(reference, rng, seconds / turns)
        ref[0], ref[1] = ref[0] + n, ref[1] + dt
    own_speed, ref_speed = own[0] / own[1], ref[0] / ref[1]
    return {"game": game_name, "reference": f"openspiel:{name}", "turns": turns,
            "actions_per_sec": round(own_speed), "reference_actions_per_sec": round(ref_speed),
            "ratio": round(own_speed / ref_speed, 2)}


def _weighted(rng: Rng, outcomes: tuple[int, ...], probs: tuple[float, ...]) -> int:
    x = rng.next64() / 2**64
    for outcome, p in zip(outcomes, probs, strict=True):
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1]


def profile(run: Callable[[], object], top: int = 15) -> list[dict[str, Any]]:
    """cProfile over ``run()``: the ``top`` functions by their own time, with their share
    of the whole and their cumulative share (what guided each speed-up, docs/performance.md)."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    run()
    prof.disable()
    stats = pstats.Stats(prof)
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in table.values()) or 1.0
    rows = sorted(table.items(), key=lambda kv: -kv[1][2])[:top]
    return [{"function": f"{Path(file).parent.name}/{Path(file).name}:{line}({name})",
             "calls": row[1], "own_pct": round(100 * row[2] / total, 1),
             "cum_pct": round(100 * row[3] / total, 1)}
            for (file, line, name), row in rows]
