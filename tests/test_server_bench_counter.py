"""``meeple bench server --vs-counter``: the game's runs alternated with runs of the counter
(no rules: the server's plumbing alone) on the same machine in the same minutes, the
game's median run given with every run's rate beside the counter's (issue 19, session 19:
the same build ran at half speed for an hour, and a rate alone could not tell)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.compiled import build_name
from meeple.server import bench

runner = CliRunner()


def _fake(order: list[str], rates: dict[str, list[float]], build: str = "pure Python"
          ) -> Any:
    def run(game: str, games: int, clients: int, seconds: float, seed: int = 1,
            database: str | None = None, updates: str = "patch") -> dict[str, Any]:
        order.append(f"{game} {updates}")
        rate = rates[game].pop(0)
        return {"game": game, "moves_per_sec": rate, "p99_ms": 100.0, "lost": 0,
                "server_cpu_ms_per_move": round(1000 / rate, 3), "build": build,
                "bytes_per_move": 4 * rate if updates == "full" else rate}
    return run


def test_the_game_and_the_counter_run_in_turns_and_the_median_run_is_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    rates = {"cult": [900.0, 1200.0, 1000.0], "counter": [1300.0, 1500.0, 1250.0]}
    monkeypatch.setattr(bench, "bench_server", _fake(order, rates))
    out = bench.versus_counter("cult", 100, 4, 10.0, rounds=3, updates="full")
    assert order == ["cult full", "counter full"] * 3  # both asked for the same updates
    assert out["game"] == "cult" and out["moves_per_sec"] == 1000.0  # the median run
    seen = out["vs_counter"]
    assert seen["moves_per_sec"] == [900.0, 1200.0, 1000.0]
    assert seen["counter_moves_per_sec"] == [1300.0, 1500.0, 1250.0]
    assert seen["bytes_per_move"] == [3600.0, 4800.0, 4000.0]
    assert seen["counter_bytes_per_move"] == [5200.0, 6000.0, 5000.0]
    assert seen["ratio"] == round(1000.0 / 1300.0, 2)  # the medians' ratio
    assert seen["counter_lost"] == 0 and seen["rounds"] == 3


def test_a_move_lost_in_any_of_the_games_runs_is_counted(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    # (rate, lost) of each run in turn: the game's second run lost 2 moves, and it is not
    # the median one.
    runs = iter([(1000.0, 0), (1300.0, 0), (1200.0, 2), (1300.0, 0), (900.0, 0), (1300.0, 0)])

    def run(game: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        rate, lost = next(runs)
        return {"game": game, "moves_per_sec": rate, "p99_ms": 1.0, "lost": lost,
                "server_cpu_ms_per_move": 1.0, "build": "pure Python", "bytes_per_move": 1}

    monkeypatch.setattr(bench, "bench_server", run)
    out = bench.versus_counter("cult", 1, 1, 1.0, rounds=3)
    assert out["moves_per_sec"] == 1000.0 and out["lost"] == 2


def test_runs_on_different_builds_fail_the_build_check(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    builds = iter(["pure Python", "mypyc: cult 25/25"])

    def run(game: str, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return {"game": game, "moves_per_sec": 1000.0, "p99_ms": 1.0, "lost": 0,
                "server_cpu_ms_per_move": 1.0, "build": next(builds), "bytes_per_move": 1}

    monkeypatch.setattr(bench, "bench_server", run)
    out = runner.invoke(app, ["bench", "server", "--game", "cult", "--vs-counter",
                              "--rounds", "1", "--json"])
    assert out.exit_code != 0
    assert "mypyc: cult 25/25 / pure Python" in out.output


@pytest.mark.parametrize("args", [["--game", "counter"], ["--rounds", "0"],
                                  ["--finish-games", "3"]])
def test_vs_counter_refuses_what_it_cannot_compare(args: list[str]) -> None:
    out = runner.invoke(app, ["bench", "server", "--game", "cult", "--vs-counter", *args])
    assert out.exit_code != 0
    assert "--vs-counter compares another game than the counter" in out.output


def test_a_short_real_run_against_the_counter() -> None:
    out = runner.invoke(app, ["bench", "server", "--game", "cult", "--games", "1",
                              "--clients-per-game", "2", "--seconds", "0.5",
                              "--vs-counter", "--rounds", "1", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["game"] == "cult" and result["build"] == build_name()
    seen = result["vs_counter"]
    assert seen["moves_per_sec"][0] > 0 and seen["counter_moves_per_sec"][0] > 0
    assert result["lost"] == 0 and seen["counter_lost"] == 0
    assert seen["ratio"] == pytest.approx(
        seen["moves_per_sec"][0] / seen["counter_moves_per_sec"][0], abs=0.01)
