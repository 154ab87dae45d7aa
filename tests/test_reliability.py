"""The reliability suite at a small size: every attack runs and finds nothing. (The full
size — 100 kills, 10,000 views per game — is `meeple check reliability`, whose table is
in docs/reliability.md.)"""

from __future__ import annotations

from meeple.check.reliability import run


def test_every_attack_of_the_reliability_suite_runs_and_finds_nothing() -> None:
    result = run(kills=3, views=400, examples=10, clients=8)
    names = [t["test"] for t in result["tests"]]
    assert names == ["sigkill", "storage faults", "hidden information: clash",
                     "hidden information: colonies",
                     "hidden information: cult", "hidden information: cyclades",
                     "fuzz action parser and game import (hypothesis)", "concurrency", "auth",
                     "fuzz HTTP API (schemathesis)"]
    for t in result["tests"]:
        assert t["count"] > 0, t
        assert t["failed"] == 0, t
    assert result["failed"] == 0
