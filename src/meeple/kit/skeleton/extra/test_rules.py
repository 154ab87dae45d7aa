"""Skeleton's rules: its scenarios pass, and the engine's checks hold for it (made by
`meeple new`; each rule gets a test named after it)."""

from pathlib import Path

import pytest

from meeple.core.conformance import random_playout
from meeple.core.registry import get_game
from meeple.core.scenario import run_paths
from meeple.core.text import missing

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "skeleton"


def test_every_scenario_of_skeleton_holds() -> None:
    results = run_paths([SCENARIOS])
    assert results, "no scenarios found"
    failed = [f"{r.name}: {c.path} {c.detail}" for r in results for c in r.checks if not c.ok]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_of_skeleton_keeps_every_engine_rule(players: int) -> None:
    stats = random_playout(get_game("skeleton"), players, seed=players)
    assert stats.result["reason"] == "goal"


def test_every_text_of_skeleton_has_english_and_russian() -> None:
    assert missing("skeleton") == []
