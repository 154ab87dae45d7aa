"""Clash of Cultures: exploring, the defenders' wonders and governments in battle,
what shields a city from influence, wonders' requirements — one test per rule of
docs/rules/clash.md (positions made by hand in tests/clash_helpers.py; dice loaded).
The other rules of moving, battles, influence, wonders, action and objective cards are
scenarios in scenarios/clash/."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.clash import status
from meeple.games.clash.state import RULES, ClashState
from tests.clash_helpers import act, city, fresh, kinds_at, learn, legal, res, unit

CENTRE = 17  # neighbours 6, 7, 16, 18, 19, 20


# ---- moving and exploring -------------------------------------------------------------
def test_entering_a_face_down_region_turns_it_up_and_water_turns_land_units_back() -> None:
    s = fresh()
    region = 17 // 4
    s.revealed[region + 1] = False  # hexes 20-23
    unit(s, 0, "settler", CENTRE)
    s.tiles = [RULES["tiles"].index({"terrain": ["water", "water", "water", "water"]})]
    act(s, 0, "move 17 20 settler 1")
    assert s.revealed[region + 1] and s.terrain[20] == "water"
    assert kinds_at(s, CENTRE, 0) == ["settler"] and s.explored_by[0] == 1


def test_a_barbarian_tile_brings_a_barbarian_city_with_an_infantry() -> None:
    s = fresh()
    s.revealed[5] = False  # hexes 20-23
    unit(s, 0, "settler", CENTRE)
    s.tiles = [next(i for i, t in enumerate(RULES["tiles"]) if t.get("barbarians"))]
    act(s, 0, "move 17 20 settler 1")
    act(s, 0, "keep")  # land either way: the explorer lays it as dealt
    barb = s.cities_of(-1)
    assert len(barb) == 1 and barb[0]["hex"] != 20 and s.army_at(barb[0]["hex"], -1) == 1


# ---- battles ------------------------------------------------------------------------------
@pytest.mark.parametrize("power", ["Great Wall", "Fanaticism", "Colosseum"])
def test_a_defenders_wonder_or_government_changes_the_first_round(power: str) -> None:
    s = fresh()
    c = city(s, 1, CENTRE, mood=2, bld=("temple",))
    unit(s, 1, "infantry", CENTRE)
    unit(s, 0, "infantry", 18)
    if power == "Fanaticism":
        learn(s, 1, "Myths", "State Religion", "Dogma", "Fanaticism")
    else:
        c["wonders"].append(power)
    # Great Wall: P0's 5 becomes 3, no hit. Fanaticism / Colosseum: P1's 3 becomes 5 / 4.
    s.loaded = [5, 3] if power == "Great Wall" else [1, 3]
    act(s, 0, "move 18 17 infantry 1")
    alive = (s.army_at(CENTRE, 1), s.army_at(CENTRE, 0) + len(kinds_at(s, 18, 0)))
    assert alive == {"Great Wall": (1, 1), "Fanaticism": (1, 0), "Colosseum": (1, 1)}[power]


# ---- cultural influence ------------------------------------------------------------------
def _culture() -> tuple[ClashState, dict[str, Any], dict[str, Any]]:
    s = fresh()
    src = city(s, 0, CENTRE, bld=("temple",))  # size 2: reach 2
    tgt = city(s, 1, 29, bld=("temple", "obelisk"))  # two hexes away
    return s, src, tgt


@pytest.mark.parametrize("shield", ["Separation of Power", "Totalitarianism", "Monuments"])
def test_influence_is_barred_by_the_defenders_advances(shield: str) -> None:
    s, _, tgt = _culture()
    learn(s, 1, shield)
    tgt["mood"] = 2
    unit(s, 1, "infantry", 29)
    tgt["wonders"].append("Pyramids")
    assert not any(a.startswith("influence") for a in legal(s, 0))


def test_devotion_needs_a_six_conversion_adds_one_sculpture_reaches_further_arts_is_free() -> None:
    s, src, tgt = _culture()
    learn(s, 1, "Devotion")
    s.loaded = [5]
    act(s, 0, "influence 17 29 temple")
    assert tgt["bld"]["temple"] == 1
    s.adv[1].remove("Devotion")
    learn(s, 0, "Conversion")
    s.loaded = [4]
    act(s, 0, "influence 17 29 temple")
    assert tgt["bld"]["temple"] == 0
    tgt["bld"]["temple"] = 1
    src["bld"].clear()
    learn(s, 0, "Arts", "Sculpture")
    res(s, 0, culture=1)
    s.loaded = [6]
    act(s, 0, "influence 17 29 temple arts")
    assert tgt["bld"]["temple"] == 0 and s.res[0]["culture"] == 0 and s.actions_left == 1


# ---- wonders -------------------------------------------------------------------------------
def test_a_wonder_needs_engineering_its_advance_a_non_angry_city_and_its_price() -> None:
    s = fresh()
    c = city(s, 0, CENTRE, mood=0)
    s.wonder_hand[0] = ["Pyramids"]
    res(s, 0, food=2, wood=3, ore=7, culture=5)
    learn(s, 0, "Engineering", "Myths")
    assert "wonder 17 Pyramids" not in legal(s, 0)
    learn(s, 0, "Rituals")
    assert "wonder 17 Pyramids" not in legal(s, 0)  # angry city
    c["mood"] = 1
    act(s, 0, "wonder 17 Pyramids")
    assert c["wonders"] == ["Pyramids"] and s.res[0]["culture"] == 0 and s.wonder_hand[0] == []
    assert status.score(s, 0) == 1 + 5 + 2.5
