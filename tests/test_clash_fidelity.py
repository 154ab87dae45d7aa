"""Clash of Cultures: rules brought closer to the 2012 game (docs/rules/clash.md names the
source of each) — influence, wonders' points, founding, capture, a player left with
nothing, exploring, mood, tactics per round, the governments' penalties."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalActionError
from meeple.games.clash import status
from meeple.games.clash.state import RULES
from tests.clash_helpers import act, city, fresh, kinds_at, learn, legal, res, unit

CENTRE = 17  # neighbours 6, 7, 16, 18, 19, 20; hex 29 is two hexes away


# ---- influence leaves the building to its city's owner ---------------------------------
def test_an_influenced_building_still_counts_for_its_citys_owner_in_objectives() -> None:
    s = fresh()
    influenced = city(s, 0, 3, bld=("temple", "academy"))
    city(s, 0, 9, bld=("temple", "academy"))
    city(s, 0, 29, bld=("temple", "port"))
    influenced["bld"].update(temple=1, academy=1)  # P1's colour by cultural influence
    assert status.measure(s, 0, "temples") == 3
    assert status.measure(s, 0, "academies") == 2
    assert status.measure(s, 1, "temples") == 0
    assert status.measure(s, 1, "foreign_buildings") == 2  # and they score for P1
    s.objective_hand[0] = ["Temples"]
    status.begin(s)
    assert s.claimed[0] == ["Temples: peaceful"]


# ---- wonders ------------------------------------------------------------------------------
def test_every_wonder_scores_five_the_pyramids_too() -> None:
    s = fresh()
    city(s, 0, CENTRE, wonders=("Pyramids",))
    city(s, 1, 29, wonders=("Great Wall",))
    assert status.score(s, 0) == status.score(s, 1) == 1 + 1 + 5  # centre, 2 advances


def test_the_pyramids_break_a_tie_for_first_place() -> None:
    s = fresh()
    city(s, 0, CENTRE, wonders=("Great Wall",))
    city(s, 1, 29, wonders=("Pyramids",))
    status.finish(s)
    assert s.outcome["winners"] == [1] and s.outcome["scores"] == [7.0, 7.0]


# ---- founding ---------------------------------------------------------------------------------
def test_a_city_cannot_be_founded_on_barren_land() -> None:
    s = fresh()
    s.terrain[29] = "barren"
    unit(s, 0, "settler", 29)
    unit(s, 0, "settler", 32)
    assert "found 29" not in legal(s, 0) and "found 32" in legal(s, 0)
    before = s.hash()
    with pytest.raises(IllegalActionError, match="not legal"):
        act(s, 0, "found 29")
    assert s.hash() == before


# ---- capture ------------------------------------------------------------------------------------
def test_a_captured_citys_buildings_of_the_losers_colour_become_the_captors() -> None:
    s = fresh(3)
    c = city(s, 1, CENTRE, bld=("temple", "academy", "port"))
    c["bld"]["academy"] = 2  # P2 influenced the academy
    c["bld"]["port"] = 0     # and P0 the port
    unit(s, 0, "infantry", 18)
    act(s, 0, "move 18 17 infantry 1")
    assert c["owner"] == 0 and c["bld"] == {"temple": 0, "academy": 2, "port": 0}
    assert status.measure(s, 0, "temples") == 1
    assert status.score(s, 1) == 1.0  # P1 keeps only its advances
    assert status.score(s, 2) == 1 + 1.0


# ---- a player left with nothing ---------------------------------------------------------------
def test_a_player_with_no_city_and_no_unit_takes_no_more_turns() -> None:
    s = fresh()
    city(s, 0, 3)
    city(s, 1, CENTRE)
    unit(s, 0, "infantry", 18)
    act(s, 0, "move 18 17 infantry 1")
    act(s, 0, "stop")
    act(s, 0, "end")
    assert s.current_players() == [0] and s.turn == 2  # P1's turn is passed over


def test_a_player_with_a_settler_but_no_city_still_plays() -> None:
    s = fresh()
    city(s, 0, 3)
    city(s, 1, CENTRE)
    unit(s, 1, "settler", 32)
    unit(s, 0, "infantry", 18)
    act(s, 0, "move 18 17 infantry 1")
    act(s, 0, "stop")
    act(s, 0, "end")
    assert s.current_players() == [1] and "found 32" in legal(s, 1)


def test_the_game_ends_at_the_status_phase_of_a_round_a_player_ends_without_a_city() -> None:
    s = fresh()
    city(s, 0, 3)
    city(s, 1, CENTRE)
    unit(s, 0, "infantry", 18)
    learn(s, 0, "Dogma")
    s.objective_hand[0] = ["Government"]  # claimed before the game ends
    s.turn = 3
    act(s, 0, "move 18 17 infantry 1")
    act(s, 0, "stop")
    act(s, 0, "end")
    assert s.is_terminal() and s.round == 1
    assert s.outcome["winners"] == [0] and "no city" in s.outcome["reason"]
    assert s.claimed[0] == ["Government: peaceful"]


# ---- exploring --------------------------------------------------------------------------------
def _tile(*terrain: str) -> int:
    return [t["terrain"] for t in RULES["tiles"]].index(list(terrain))


def test_an_explored_tile_is_turned_so_a_land_unit_does_not_enter_the_sea() -> None:
    s = fresh()
    s.revealed[5] = False  # hexes 20-23; 20 is next to the centre
    unit(s, 0, "settler", CENTRE)
    s.tiles = [_tile("water", "water", "fertile", "barren")]
    act(s, 0, "move 17 20 settler 1")
    assert [s.terrain[h] for h in range(20, 24)] == ["barren", "fertile", "water", "water"]
    assert kinds_at(s, 20, 0) == ["settler"]


def test_an_explored_tile_is_turned_so_a_ship_enters_the_sea() -> None:
    s = fresh()
    s.terrain[CENTRE] = "water"
    s.revealed[5] = False
    unit(s, 0, "ship", CENTRE)
    s.tiles = [_tile("fertile", "fertile", "forest", "water")]
    act(s, 0, "move 17 20 ship 1")
    assert s.terrain[20] == "water" and kinds_at(s, 20, 0) == ["ship"]


def test_the_explorer_chooses_the_orientation_when_both_suit_the_mover() -> None:
    s = fresh()
    s.revealed[5] = False
    unit(s, 0, "settler", CENTRE)
    s.tiles = [_tile("forest", "forest", "mountain", "fertile")]
    act(s, 0, "move 17 20 settler 1")
    assert s.pending[0]["kind"] == "orient" and legal(s, 0) == {"keep", "rotate"}
    assert s.terrain[20] == "forest" and kinds_at(s, CENTRE, 0) == ["settler"]
    act(s, 0, "rotate")
    assert [s.terrain[h] for h in range(20, 24)] == ["fertile", "mountain", "forest", "forest"]
    assert kinds_at(s, 20, 0) == ["settler"]
    act(s, 0, "stop")
    assert not s.pending and s.actions_left == 2


def test_a_land_unit_still_stays_back_when_the_sea_lies_either_way() -> None:
    s = fresh()
    s.revealed[5] = False
    unit(s, 0, "settler", CENTRE)
    s.tiles = [_tile("water", "water", "water", "water")]
    act(s, 0, "move 17 20 settler 1")
    assert kinds_at(s, CENTRE, 0) == ["settler"] and s.terrain[20] == "water"


# ---- mood: a happy city acts one size larger, an angry one as size 1 --------------------------
def test_a_happy_city_influences_one_hex_further_and_an_angry_one_from_size_one() -> None:
    s = fresh()
    src = city(s, 0, CENTRE, mood=2)  # size 1, happy: reach 2
    city(s, 1, 29, bld=("temple",))
    assert "influence 17 29 temple" in legal(s, 0)
    src["mood"] = 0
    src["bld"]["academy"] = 0  # size 2 but angry: reach 1, one culture token short
    assert not any(a.startswith("influence") for a in legal(s, 0))
    res(s, 0, culture=1)
    assert "influence 17 29 temple" in legal(s, 0)


def test_a_wonder_is_built_by_a_non_angry_city() -> None:
    s = fresh()
    c = city(s, 0, CENTRE, mood=1)
    s.wonder_hand[0] = ["Pyramids"]
    res(s, 0, food=2, wood=3, ore=7, culture=5)
    learn(s, 0, "Engineering", "Myths", "Rituals")
    assert "wonder 17 Pyramids" in legal(s, 0)
    c["mood"] = 0
    assert "wonder 17 Pyramids" not in legal(s, 0)


# ---- tactics: one card per combat round -------------------------------------------------------
def test_tactics_cards_are_played_one_per_combat_round() -> None:
    s = fresh()
    unit(s, 0, "infantry", 18, 2)
    unit(s, 1, "infantry", CENTRE, 2)
    learn(s, 0, "Tactics")
    s.action_hand[0] = ["Great Philosopher", "Wealth"]  # Siege +2, Charge +3 (attacking)
    s.loaded = [1, 1, 1, 1]  # round 1: P0 1+1+2 = 4, P1 2: no hits
    act(s, 0, "move 18 17 infantry 2")
    act(s, 0, 'tactic "Great Philosopher"')
    assert s.pending[0]["kind"] == "retreat" and s.army_at(CENTRE, 1) == 2
    act(s, 0, "continue")
    assert legal(s, 0) == {"tactic Wealth", "none"}  # a second card for the second round
    s.loaded = [1, 1, 1, 1]  # round 2: P0 1+1+3 = 5, one hit; Siege no longer counts
    act(s, 0, "tactic Wealth")
    assert s.army_at(CENTRE, 1) == 1 and s.action_hand[0] == []


# ---- governments' penalties --------------------------------------------------------------------
def test_dogma_limits_ideas_to_two() -> None:
    s = fresh()
    city(s, 0, CENTRE)
    learn(s, 0, "Myths", "State Religion")
    res(s, 0, ideas=6)
    act(s, 0, "advance Dogma")
    assert s.res[0]["ideas"] == 2  # 6 - 2 paid, then 4 cut to the limit
    s.gain(0, {"ideas": 3}, "test")
    assert s.res[0]["ideas"] == 2


def test_forced_labor_costs_a_mood_token_each_turn_it_is_used() -> None:
    s = fresh()
    s.terrain[6], s.terrain[7] = "forest", "mountain"
    city(s, 0, CENTRE, mood=0, bld=("temple",))
    learn(s, 0, "Draft", "Forced Labor")
    assert "collect 17 food:1+ore:1" not in legal(s, 0)  # angry: size 1
    assert "forced" not in legal(s, 0)  # no mood token to pay
    res(s, 0, mood=1)
    act(s, 0, "forced")
    assert s.res[0]["mood"] == 0 and s.actions_left == 3
    assert "collect 17 food:1+ore:1" in legal(s, 0) and "forced" not in legal(s, 0)
