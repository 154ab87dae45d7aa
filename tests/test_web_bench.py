"""``meeple bench web`` (meeple.web.bench, issue 17): a few Cult moves in Debian's chromium,
the page's own timings given back as sane numbers (no timing is judged here)."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app

pytestmark = pytest.mark.skipif(shutil.which("chromium") is None,
                                reason="chromium is not installed (apt-get install chromium)")


def test_bench_web_times_a_few_cult_moves_and_both_first_loads() -> None:
    r = CliRunner().invoke(app, ["bench", "web", "--moves", "3", "--json"])
    assert r.exit_code == 0, r.output
    out: dict[str, Any] = json.loads(r.output.strip().splitlines()[-1])
    assert out["game"] == "cult" and out["moves"] == 3
    # Every update drawn was a message; a message superseded before drawing is not timed.
    assert 1 <= out["updates"] <= out["messages"]
    assert 0 < out["every_message_ms"]["median"] <= out["every_message_ms"]["p95"] < 60_000
    assert 0 < out["update_median_ms"] <= out["update_p95_ms"] < 60_000
    assert 0 < out["first_load_cold_ms"] < 60_000 and 0 < out["first_load_warm_ms"] < 60_000
    own = out["page_measures"]
    assert own["meeple:first-table"]["count"] == 1
    assert own["meeple:update-to-screen"]["count"] >= 1
    assert own["meeple:update-to-screen"]["median"] > 0


def test_bench_web_refuses_a_count_of_moves_below_one() -> None:
    r = CliRunner().invoke(app, ["bench", "web", "--moves", "0"])
    assert r.exit_code != 0 and "--moves must be at least 1, got 0" in r.output
