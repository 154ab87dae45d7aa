"""Simulation: the same seeds give the same rows with any number of workers; the report
and its files are written; an interrupted run resumes; win-rate intervals are right."""

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.sim.runner import run_games, seats_for
from meeple.sim.stats import summarize, wilson

runner = CliRunner()


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0
    assert abs(wilson(10, 10)[1] - 1.0) < 1e-9


def test_seats_rotate_game_by_game() -> None:
    bots = ["a", "b", "c", "d"]
    assert seats_for(bots, 4, 0) == ["a", "b", "c", "d"]
    assert seats_for(bots, 4, 1) == ["b", "c", "d", "a"]


def test_same_seeds_same_rows_with_any_number_of_workers() -> None:
    one = run_games("cult", 3, ["random"], 10, 4, {"max_rounds": 8}, workers=1)
    two = run_games("cult", 3, ["random"], 10, 4, {"max_rounds": 8}, workers=2)
    assert [r["hash"] for r in one] == [r["hash"] for r in two]
    assert [r["seed"] for r in one] == [10, 11, 12, 13]


def test_summary_counts_every_seat_game() -> None:
    rows = run_games("cult", 2, ["random", "random"], 0, 6, {"max_rounds": 6}, workers=1)
    s = summarize(rows)
    assert s["by_bot"]["random"]["games"] == 12
    assert abs(sum(v["wins"] for v in s["by_seat"].values()) - 6) < 1e-9
    assert sum(v["games"] for v in s["by_reason"].values()) == 6
    assert "by_licence" in s and "by_played" in s


def test_simulate_writes_the_report_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "rep"
    args = ["simulate", "cult", "--games", "4", "--players", "2", "--bots", "random",
            "--seed", "3", "--out", str(out), "--max-rounds", "6"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    for name in ("summary.json", "games.csv", "report.html", "by_faction.png", "rounds.png"):
        assert (out / name).exists(), name
    lines = (out / "games.jsonl").read_text().splitlines()
    (out / "games.jsonl").write_text("\n".join(lines[:2]) + "\n")  # as if interrupted
    again = runner.invoke(app, args)
    assert "4 games (2 played now)" in again.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 4
    assert "<img src='by_faction.png'" in (out / "report.html").read_text()


def test_arena_prints_win_rates_per_bot() -> None:
    out = runner.invoke(app, ["arena", "colonies", "--bots", "random,random", "--games", "2",
                              "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["by_bot"]["random"]["games"] == 4
    assert data["parity"] == 0.5


def test_the_clash_report_ranks_objective_and_action_cards_with_intervals(tmp_path: Path
                                                                         ) -> None:
    out = tmp_path / "clash"
    args = ["simulate", "clash", "--games", "4", "--players", "2", "--bots", "heuristic",
            "--seed", "5", "--out", str(out), "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    dealt = summary["by_objective dealt"]
    # two players hold one objective at the start and draw one a round: 7 each, 2 copies
    assert 2 <= len(dealt) <= 16 and all(len(v["ci95"]) == 2 for v in dealt.values())
    done = summary["by_objective completed"]
    for card, v in summary["completion_objective"].items():
        assert v["games"] == dealt[card]["games"]
        assert v["wins"] == (done[card]["games"] if card in done else 0)
    assert summary["by_action card dealt"] and "by_action card played" in summary
    page = (out / "report.html").read_text()
    assert "Win rate of players by objective dealt" in page
    assert "Share of objective cards completed once dealt" in page
    assert (out / "by_action_card_dealt.png").exists()
