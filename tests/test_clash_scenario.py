"""The Clash of Cultures scenario set-up: what it builds, and every position the rules
could not reach refused with a message naming the problem (docs/scenarios.md)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import ScenarioError
from meeple.games.clash.scenario import inspect, setup
from meeple.games.clash.state import ClashState
from tests.clash_helpers import GAME


def _fresh() -> ClashState:
    s = GAME.new_state(2, 3)
    assert isinstance(s, ClashState)
    return s


def test_setup_places_cities_units_cards_and_decks_and_inspect_reports_them() -> None:
    s = setup(_fresh(), {
        "blank": True, "terrain": {18: "water"}, "order": [1, 0], "player": 0,
        "cities": {17: {"owner": 0, "mood": "happy", "buildings": {"temple": 0, "port": 1},
                        "wonders": ["Great Wall"]}},
        "units": {18: {0: {"ship": 1, "infantry": 2}}},
        "players": {0: {"gold": 3, "learn": ["Myths", "Fishing"], "action_cards": ["Wealth"],
                        "claimed": ["Wealthy: military"]}},
        "deck_top": {"events": ["Famine", "Trade Fair"], "tiles": [12]},
        "dice": [6, 1]})
    f = inspect(s)
    assert f["cities"]["17"] == {"owner": 0, "size": 3, "mood": "happy",
                                 "buildings": {"temple": 0, "port": 1},
                                 "wonders": ["Great Wall"], "activations": 0}
    assert f["units"]["18"] == {"0": {"ship": 1, "infantry": 2}} and f["units"]["17"] == {}
    assert f["players"][0]["gold"] == 3 and f["players"][0]["action_cards"] == ["Wealth"]
    assert f["players"][0]["advances"] == ["Farming", "Mining", "Myths", "Fishing"]
    assert f["deck_order"]["events"][:2] == ["Famine", "Trade Fair"]
    assert f["deck_order"]["tiles"][0] == 12 and f["dice"] == [6, 1]
    assert f["current"] == 0 and f["prompt"] == "turn" and f["order"] == [1, 0]
    assert "Great Wall" not in f["deck_order"]["wonders"]
    # the city, the temple, four advances, an objective, a wonder
    assert f["players"][0]["score"] == 1 + 1 + 2 + 2 + 5


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ({"weather": 1}, "unknown key"),
        ({"blank": True, "units": {17: {0: {"cavalry": 1}}}}, "not a unit of this game"),
        ({"blank": True, "units": {17: {0: {"ship": 1}}}}, "ships sail on water"),
        ({"blank": True, "units": {17: {0: {"infantry": 5}}}}, "4 army units"),
        ({"blank": True, "units": {17: {0: {"infantry": 1}, 1: {"infantry": 1}}}},
         "two colours"),
        ({"blank": True, "cities": {17: {"owner": 1}}, "units": {17: {0: {"infantry": 1}}}},
         "another player's city"),
        ({"blank": True, "units": {17: {"barbarians": {"infantry": 1}}}}, "barbarian city"),
        ({"blank": True, "cities": {17: {"owner": 0}, 18: {"owner": 1}}}, "next to"),
        ({"blank": True, "cities": {17: {"owner": 0, "buildings": ["market"]}}},
         "extra_buildings"),
        ({"blank": True, "cities": {17: {"owner": 0, "size": 3}}}, "centre plus"),
        ({"blank": True, "cities": {17: {"owner": 0, "buildings": ["port"]}}}, "sea hex"),
        ({"blank": True, "terrain": {17: "water"}, "cities": {17: {"owner": 0}}},
         "face-up land"),
        ({"face_down": [4], "units": {17: {0: {"settler": 1}}}}, "face-up hexes"),
        ({"players": {0: {"learn": ["Priesthood"]}}}, "needs Myths"),
        ({"players": {0: {"learn": ["Voting"]}}}, "needs Philosophy"),
        ({"players": {0: {"learn": ["Writing", "Philosophy", "Voting", "Tactics", "Draft",
                                    "Nationalism"]}}}, "one government"),
        ({"players": {0: {"food": 3}}}, "over the limit"),
        ({"players": {0: {"action_cards": ["Wealth", "Wealth", "Wealth"]}}}, "no Wealth"),
        ({"players": {0: {"wonder_cards": ["Pyramids"]}, 1: {"wonder_cards": ["Pyramids"]}}},
         "no Pyramids"),
        ({"players": {0: {"claimed": ["Wealthy"]}}}, "peaceful"),
        ({"players": {2: {"gold": 1}}}, "not a player"),
        ({"players": {0: {"stats": {"battles": 1}}}}, "tallies"),
        ({"deck_top": {"events": ["Snow"]}}, "not an event"),
        ({"deck_top": {"cards": []}}, "unknown deck"),
        ({"dice": [7]}, "1..6"),
        ({"order": [0, 0]}, "not an order"),
        ({"turn": 4}, "1..3"),
        ({"cities": [17]}, "expected {HEX"),
        ({"face_down": 3}, "list of regions"),
        ({"blank": "yes"}, "true or false"),
        ({"players": {0: {"claimed": 1}}}, "expected a list"),
        ({"cities": {17: {"owner": 0, "buildings": [{"a": 1}]}}}, "list of building kinds"),
        ({"units": {17: {0: ["infantry"]}}}, "kind: count"),
    ],
)
def test_an_unreachable_or_malformed_setup_is_refused(spec: dict[str, Any], problem: str) -> None:
    s = _fresh()
    before = s.hash()
    with pytest.raises(ScenarioError, match=problem):
        setup(s, spec)
    assert s.hash() == before


def test_there_are_clash_scenarios_for_each_rule_family_every_event_and_action_card(
        ) -> None:
    from pathlib import Path

    from meeple.core.scenario import collect, load
    from meeple.games.clash.state import DATA

    root = Path(__file__).resolve().parent.parent / "scenarios" / "clash"
    names = [sc.name for f in collect([root]) if not f.stem.startswith("fidelity_")
             for sc in load(f)]
    assert len(names) >= 40
    families = ["Collect", "Build", "Recruit", "Advance", "Found a city", "Move",
                "Increase happiness", "Influence", "Battle", "Capture", "Fortress",
                "Siegecraft", "Sea battle", "Tactics", "Barbarians", "Action card",
                "Objective", "Event", "Status phase", "End", "Score", "Wonder", "Start"]
    assert [f for f in families if not any(n.startswith(f) for n in names)] == []
    told = " ".join(names)
    assert [e for e in DATA.events if e not in told] == []
    assert [c for c in DATA.action_cards if f"Action card - {c}" not in told
            and f"({c}," not in told] == []
    assert [(c, half) for c in DATA.objective_cards for half in ("peaceful", "military")
            if f"Objective - {c}, {half}" not in told] == []
