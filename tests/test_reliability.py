"""The reliability suite at a small size: every attack runs over every registered game and
finds nothing. (The full size — 100 kills, 10,000 views per game — is `meeple check
reliability`, whose table is in docs/reliability.md.)"""

from __future__ import annotations

import re

import pytest

from meeple.check import leaks
from meeple.check.reliability import run
from meeple.core.registry import game_names, get_game


def test_hidden_information_cycles_through_a_game_with_fewer_than_four_set_ups() -> None:
    # Clash has three set-ups; the fourth random game takes the first again.
    [out] = leaks.hidden(views_per_game=60, steps=2, names=["clash"])
    assert out.failed == 0, out.problems
    assert "3 of 3 set-ups" in out.tried
    games = re.search(r"over (\d+) random games", out.tried)
    assert games is not None and int(games.group(1)) > 3, out.tried


def test_hidden_information_of_a_game_the_table_omits_uses_its_default_player_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(leaks.SETUPS, "cult")
    assert leaks.setups("cult") == [(get_game("cult").default_players, {})]
    [out] = leaks.hidden(views_per_game=40, steps=2, names=["cult"])
    assert out.failed == 0, out.problems
    assert "1 of 1 set-ups" in out.tried


def test_every_hidden_information_set_up_is_a_valid_game_of_a_registered_game() -> None:
    for name, choices in leaks.SETUPS.items():
        assert name in game_names(), name
        game = get_game(name)
        for players, options in choices:
            game.check_players(players)
            game.resolve_options(options)


def test_every_attack_of_the_reliability_suite_runs_over_every_game_and_finds_nothing() -> None:
    # steps=10 makes the random games short enough for 200 views to go through every
    # set-up of every game.
    result = run(kills=1, views=200, examples=2, clients=4, steps=10)
    names = [t["test"] for t in result["tests"]]
    hidden = [n for n in game_names() if get_game(n).has_chance]
    assert names == ["sigkill", "storage faults", "database outage", "rating updates racing",
                     *[f"hidden information: {n}" for n in hidden],
                     "fuzz action parser and game import (hypothesis)", "concurrency", "auth",
                     "fuzz HTTP API (schemathesis)"]
    for t in result["tests"]:
        assert t["count"] > 0, t
        assert t["failed"] == 0, t
        if t["test"].startswith("hidden information: "):
            n = t["test"].split(": ")[1]
            assert t["games"] == [n]
            k = len(leaks.setups(n))
            assert f"{k} of {k} set-ups" in t["tried"], t["tried"]
        elif t["test"] == "rating updates racing":  # accounts' ratings, not a game's rules
            assert t["games"] == ["cult"]
        else:
            assert t["games"] == game_names(), t
    assert result["failed"] == 0
