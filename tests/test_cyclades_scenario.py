"""Cyclades scenarios: the set-up refuses positions the rules could not reach, naming
the problem, and the facts read back what the set-up placed (docs/scenarios.md)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import ScenarioError
from meeple.core.registry import get_game

GAME = get_game("cyclades")


def setup(spec: dict[str, Any], players: int = 3, **options: object) -> Any:
    return GAME.scenario_setup(GAME.new_state(players, 0, options), spec)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"players": {0: {"gold": -1}}}, "not a whole number"),
        ({"players": {5: {"gold": 1}}}, "not a player"),
        ({"islands": {"Atlantis": {"owner": 0}}}, "no island 'Atlantis'"),
        ({"islands": {"Naxos": {"owner": 0, "troops": 9}}}, "a colour has 8"),
        ({"seas": {99: {"owner": 0, "fleets": 1}}}, "no sea 99"),
        ({"islands": {"Sifnos": {"owner": 0, "buildings": ["metropolis"]}}}, "no large space"),
        ({"islands": {"Naxos": {"owner": 0, "buildings": ["fort", "port", "temple"]}}},
         "2 building spaces"),
        ({"clear": True, "islands": {"Naxos": {"troops": 1}}}, "troops need an owner"),
        ({"islands": {"Naxos": {"owner": 0, "titans": 1}}}, "kronos module"),
        ({"track": ["dragon"]}, "not a creature"),
        ({"track": ["harpy"], "discard": ["harpy"]}, "placed twice"),
        ({"dice": [4]}, "faces of the battle die"),
        ({"weather": "storm"}, "unknown key"),
        ({"phase": "actions"}, "needs turns"),
        ({"turns": [["hades", 0]]}, "not a god"),
        ({"players": {0: {"priests": 17}}}, "more priests than"),
    ],
)
def test_a_position_the_rules_could_not_reach_is_refused(spec: dict[str, Any],
                                                          problem: str) -> None:
    with pytest.raises(ScenarioError, match=problem):
        setup(spec)


def test_the_facts_read_back_what_the_setup_placed() -> None:
    s = setup({"clear": True, "players": {1: {"gold": 3, "priests": 2}},
               "islands": {"Ios": {"owner": 1, "troops": 2, "buildings": ["metropolis"]}},
               "seas": {7: {"owner": 1, "fleets": 3}},
               "figures": [{"creature": "minotaur", "at": "Ios", "owner": 0}],
               "turns": [["zeus", 1], ["apollo", 0], ["apollo", 2]]})
    facts = GAME.inspect(s)
    assert facts["players"][1]["gold"] == 3 and facts["players"][1]["priests"] == 2
    assert facts["islands"]["Ios"] == facts["islands"]["3"]
    assert facts["islands"]["Ios"]["metropolis"] and facts["islands"]["Ios"]["owner"] == 1
    assert facts["seas"]["7"] == {"owner": 1, "fleets": 3, "prosperity": 0, "figures": []}
    assert facts["islands"]["Ios"]["figures"] == ["minotaur"]
    assert facts["current"] == 1 and facts["players"][1]["god"] == "zeus"
    assert "minotaur" not in facts["track"] + facts["discard"]
