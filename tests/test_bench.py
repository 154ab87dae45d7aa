"""The shipped benchmarks (issue 19): one line per game so a regression shows, OpenSpiel's
reference game in the same run, a profile of what costs most."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.bots.base import RandomBot, Sampler
from meeple.cli.main import app
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.sim.bench import ENGINE_GAMES
from meeple.sim.match import bot_chooser, bot_seed, play_match

runner = CliRunner()


def test_bench_engine_for_all_games_prints_one_line_per_game_with_each_cost() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "all", "--seconds", "0.1"])
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert [line.split()[0] for line in lines] == list(ENGINE_GAMES)
    for line in lines:
        for label in ("actions/s", "clone_us", "legal_us", "apply_us", "view_us"):
            assert label in line


def test_bench_engine_json_keeps_its_keys_and_adds_apply_and_view() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "cyclades", "--seconds", "0.2",
                              "--json"])
    data = json.loads(out.output)
    for key in ("actions_per_sec", "game_ms_median", "clone_us", "legal_us", "view_us"):
        assert data[key] > 0
    assert data["apply_us"] >= 0


def test_bench_engine_against_openspiel_gives_the_reference_and_each_ratio() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "counter", "--seconds", "0.2",
                              "--vs-openspiel", "--json"])
    assert out.exit_code == 0, out.output
    counter, reference = json.loads(out.output)
    assert reference["game"] == "openspiel:python_liars_poker"
    assert reference["actions_per_sec"] > 0
    turns = counter["vs_openspiel_turns"]
    assert turns["turns"] == 10 and turns["reference_actions_per_sec"] > 0
    assert counter["vs_openspiel"] == pytest.approx(
        turns["actions_per_sec"] / turns["reference_actions_per_sec"], abs=0.01)


def test_the_ratio_to_openspiel_is_timed_in_alternating_turns(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.sim import bench

    order: list[str] = []
    real_game, real_reference = bench._random_game, bench._openspiel_for

    def game(*args: Any, **kwargs: Any) -> Any:
        order.append("game")
        return real_game(*args, **kwargs)

    def reference(*args: Any) -> Any:
        order.append("reference")
        return real_reference(*args)

    monkeypatch.setattr(bench, "_random_game", game)
    monkeypatch.setattr(bench, "_openspiel_for", reference)
    out = bench.versus_openspiel("counter", 2, 0.2, turns=4)
    assert out is not None and out["turns"] == 4
    switches = [b for a, b in itertools.pairwise(order) if a != b]
    assert switches.count("reference") == 4 and switches.count("game") == 3


def test_bench_profile_names_the_rules_functions_that_cost_most() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "counter", "--seconds", "0.2",
                              "--profile", "5", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)["counter"]
    assert len(rows) == 5
    assert all(0 <= r["own_pct"] <= 100 for r in rows)
    assert any(r["function"].startswith(("counter/", "core/")) for r in rows)


def test_bench_of_an_unknown_game_is_an_error_naming_it() -> None:
    out = runner.invoke(app, ["bench", "engine", "--game", "chess"])
    assert out.exit_code == 2 and "chess" in out.output


def test_random_action_draws_what_choosing_from_the_legal_list_draws() -> None:
    """The default of the lazy API: the same action from the same stream, so random games
    and simulations stay what they were."""
    game = get_game("cult")
    state = game.new_state(4, 3, {"max_rounds": 5})
    a, b = Rng(11), Rng(11)
    for _ in range(200):
        if state.is_terminal():
            break
        p = state.current_players()[0]
        drawn = state.random_action(p, a)
        assert drawn == b.choice(state.legal_actions(p))
        state.apply(p, drawn)


def test_random_seats_are_given_no_view_and_choose_as_they_did(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A uniform choice reads no view (building one costs a hundred moves), so a random
    seat gets none; a bot of another class still gets its view. The games are the same."""
    views: list[dict[str, Any]] = []

    class Watching(RandomBot):
        def choose(self, view: dict[str, Any], legal: list[Action],
                   sample: Sampler | None = None) -> Action:
            views.append(view)
            return super().choose(view, legal, sample)

    state_class = type(get_game("cult").new_state(3, 5, {}))
    calls = [0]
    real_view = state_class.view

    def counted(self: State, player: int | None) -> dict[str, Any]:
        calls[0] += 1
        return real_view(self, player)

    monkeypatch.setattr(state_class, "view", counted)
    options = {"max_rounds": 4}
    blind = play_match("cult", 3, 5, ["random"] * 3, options)
    assert calls[0] == 0
    watched = play_match("cult", 3, 5, [bot_chooser(Watching(bot_seed(5, i)))
                                        for i in range(3)], options)
    assert calls[0] == len(watched.record.actions) == len(views) and all(views)
    assert watched.record.actions == blind.record.actions
