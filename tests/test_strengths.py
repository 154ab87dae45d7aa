"""Balance under strong play: tables side by side for several bot strengths, with a
verdict per group (meeple.sim.strengths, meeple simulate --strengths)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.sim.stats import rate
from meeple.sim.strengths import compare, verdict


def test_a_result_beyond_parity_at_every_strength_holds() -> None:
    v = verdict([rate(60, 100), rate(62, 100), rate(58, 100)], parity=0.25)
    assert v == {"verdict": "holds", "direction": "above"}


def test_a_result_beyond_parity_only_under_weak_play_is_an_artefact() -> None:
    v = verdict([rate(10, 200), rate(48, 200)], parity=0.25)
    assert v == {"verdict": "weak play only", "direction": "below"}


def test_a_result_that_appears_only_under_strong_play_is_named_so() -> None:
    v = verdict([rate(50, 200), rate(100, 200)], parity=0.25)
    assert v == {"verdict": "strong play only", "direction": "above"}


def test_a_result_beyond_parity_on_one_side_at_every_strength_holds_though_its_margin_changes(
) -> None:
    # Cult's Anubis: 0.60 under random play, 0.39 under the heuristic, both above 0.25
    v = verdict([rate(54, 90), rate(35, 90)], parity=0.25)
    assert v == {"verdict": "holds, margin changes", "direction": "above"}


def test_no_result_anywhere_is_even_unless_the_strengths_disagree() -> None:
    assert verdict([rate(25, 100), rate(26, 100)], parity=0.25)["verdict"] == "even"
    assert verdict([rate(1, 4), rate(2, 4)], parity=0.375)["verdict"] == "even"
    assert verdict([None, rate(2, 4)], parity=None)["verdict"] == "holds"


def test_the_comparison_says_in_words_which_findings_are_robust() -> None:
    summaries = {s: {"by_faction": {"anubis": rate(w, 400), "nirrti": rate(100, 400)}}
                 for s, w in (("random", 180), ("heuristic", 190))}
    out = compare(summaries, players=4)
    assert out["tables"]["by_faction"]["anubis"]["verdict"] == "holds"
    assert out["tables"]["by_faction"]["nirrti"]["verdict"] == "even"
    assert any(f.startswith("Robust: faction anubis: wins more than parity")
               for f in out["findings"])
    assert not any("nirrti" in f for f in out["findings"])


def test_simulate_with_strengths_plays_each_and_writes_the_side_by_side_page(
        tmp_path: Path) -> None:
    out = CliRunner().invoke(app, ["simulate", "clash", "--games", "2", "--players", "2",
                                   "--strengths", "random,heuristic", "--out", str(tmp_path),
                                   "--max-rounds", "4"])
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "strengths.json").read_text())
    assert data["strengths"] == ["random", "heuristic"]
    seats = data["tables"]["by_seat"]
    assert set(seats) == {"seat 0", "seat 1"}
    assert all(set(r["cells"]) == {"random", "heuristic"} for r in seats.values())
    page = (tmp_path / "strengths.md").read_text()
    assert "| group | random | heuristic | verdict |" in page
    assert (tmp_path / "heuristic" / "games.jsonl").exists()
