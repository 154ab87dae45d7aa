"""Clash of Cultures: moving, exploring, battles, cultural influence, wonders, action
cards and objectives — one test per rule of docs/rules/clash.md (positions made by hand
in tests/clash_helpers.py; dice loaded)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from meeple.games.clash import status
from meeple.games.clash.state import DATA, RULES, ClashState
from tests.clash_helpers import act, city, fresh, kinds_at, learn, legal, res, unit

CENTRE = 17  # neighbours 6, 7, 16, 18, 19, 20


# ---- moving and exploring -------------------------------------------------------------
def test_land_units_move_one_hex_and_up_to_three_groups_per_action() -> None:
    s = fresh()
    unit(s, 0, "infantry", CENTRE, 2)
    unit(s, 0, "settler", 6)
    unit(s, 0, "settler", 29)
    assert "move 17 29 infantry 1" not in legal(s, 0)  # two hexes away
    act(s, 0, "move 17 18 infantry 2")
    assert s.pending[0]["kind"] == "move" and s.actions_left == 2
    assert "move 18 19 infantry 1" not in legal(s, 0)  # moved this action already
    act(s, 0, "move 6 7 settler 1")
    act(s, 0, "move 29 30 settler 1")
    assert not s.pending and kinds_at(s, 18, 0) == ["infantry", "infantry"]
    assert kinds_at(s, 30, 0) == ["settler"]


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


def test_ships_carry_two_land_units_two_hexes_and_sail_around_the_map_with_navigation(
        ) -> None:
    s = fresh()
    for h in (18, 29, 31, 34, 9):
        s.terrain[h] = "water"
    unit(s, 0, "ship", 18)
    unit(s, 0, "infantry", CENTRE, 3)
    assert "move 17 18 infantry 2" in legal(s, 0) and "move 17 18 infantry 3" not in legal(s, 0)
    act(s, 0, "move 17 18 infantry 2")
    act(s, 0, "stop")
    assert "move 18 31 ship 1" in legal(s, 0) and "move 18 34 ship 1" not in legal(s, 0)
    act(s, 0, "move 18 31 ship 1")
    act(s, 0, "stop")
    assert kinds_at(s, 31, 0) == ["infantry", "infantry", "ship"]
    assert "move 31 9 ship 1" not in legal(s, 0)
    learn(s, 0, "Fishing", "Navigation")  # 31 and 9 are both on the map's edge
    assert "move 31 9 ship 1" in legal(s, 0)
    act(s, 0, "move 31 30 infantry 2")  # disembarking
    assert kinds_at(s, 30, 0) == ["infantry", "infantry"] and kinds_at(s, 31, 0) == ["ship"]


def test_roads_move_land_units_two_hexes_to_or_from_a_city_for_food_and_ore() -> None:
    s = fresh()
    city(s, 0, CENTRE)
    unit(s, 0, "infantry", CENTRE)
    res(s, 0, food=1, ore=1)
    assert "move 17 29 infantry 1" not in legal(s, 0)
    learn(s, 0, "Roads")
    act(s, 0, "move 17 29 infantry 1")
    assert kinds_at(s, 29, 0) == ["infantry"] and s.res[0]["food"] == s.res[0]["ore"] == 0


def test_cartography_gives_an_idea_after_a_move_with_a_ship() -> None:
    s = fresh()
    s.terrain[18] = s.terrain[19] = "water"
    unit(s, 0, "ship", 18)
    learn(s, 0, "Fishing", "Cartography")
    act(s, 0, "move 18 19 ship 1")
    act(s, 0, "stop")
    assert s.res[0]["ideas"] == 1


# ---- battles ------------------------------------------------------------------------------
def test_each_full_five_of_a_sides_dice_total_is_one_hit() -> None:
    s = fresh()
    unit(s, 0, "infantry", 18, 2)
    unit(s, 1, "infantry", CENTRE, 2)
    s.loaded = [5, 4, 3, 1]  # P0: 9 = one hit; P1: 4 = none
    act(s, 0, "move 18 17 infantry 2")
    assert s.pending[0]["kind"] == "retreat"
    assert s.army_at(CENTRE, 0) == 2 and s.army_at(CENTRE, 1) == 1
    s.loaded = [5, 5, 6]
    act(s, 0, "continue")
    assert s.army_at(CENTRE, 0) == 1 and s.army_at(CENTRE, 1) == 0
    assert s.stats[0]["wins"] == 1 and s.stats[0].get("first_round_win", 0) == 0


def test_the_attacker_may_retreat_to_where_it_came_from_after_a_round() -> None:
    s = fresh()
    unit(s, 0, "infantry", 18)
    unit(s, 1, "infantry", CENTRE)
    s.loaded = [1, 1]
    act(s, 0, "move 18 17 infantry 1")
    act(s, 0, "retreat")
    assert kinds_at(s, 18, 0) == ["infantry"] and s.stats[1]["defend_wins"] == 1


def test_a_fortress_adds_a_die_and_cancels_a_hit_in_the_first_round_unless_siegecraft() -> None:
    s = fresh()
    c = city(s, 1, CENTRE, bld=("fortress",))
    unit(s, 1, "infantry", CENTRE, 2)
    unit(s, 0, "infantry", 18, 3)
    s.loaded = [5, 5, 5, 1, 1, 1]  # P0: 15, three hits, one cancelled; P1: three dice
    act(s, 0, "move 18 17 infantry 3")
    assert s.army_at(CENTRE, 1) == 0 and c["owner"] == 0 and c["mood"] == 0
    assert s.res[0]["gold"] == 2  # plunder: the city's size
    assert s.stats[0]["fortress_captures"] == 1 and s.stats[0]["first_round_win"] == 1

    s = fresh()
    city(s, 1, CENTRE, bld=("fortress",))
    unit(s, 1, "infantry", CENTRE, 2)
    unit(s, 0, "infantry", 18, 2)
    learn(s, 0, "Tactics", "Siegecraft")
    res(s, 0, wood=2, ore=2)
    s.loaded = [5, 5, 1, 1]  # two hits land; the defender rolls two dice, not three
    act(s, 0, "move 18 17 infantry 2")
    assert s.army_at(CENTRE, 1) == 0 and not s.loaded
    assert s.res[0]["wood"] == s.res[0]["ore"] == 0


def test_steel_weapons_add_two_to_each_round_or_one_against_steel_weapons() -> None:
    s = fresh()
    unit(s, 0, "infantry", 18)
    unit(s, 1, "infantry", CENTRE)
    learn(s, 0, "Tactics", "Steel Weapons")
    res(s, 0, ore=1)
    s.loaded = [3, 1]  # 3 + 2 = 5: a hit
    act(s, 0, "move 18 17 infantry 1")
    assert s.army_at(CENTRE, 1) == 0 and s.res[0]["ore"] == 0
    s = fresh()
    unit(s, 0, "infantry", 18)
    unit(s, 1, "infantry", CENTRE)
    learn(s, 0, "Tactics", "Steel Weapons", "Math", "Metallurgy")
    learn(s, 1, "Tactics", "Steel Weapons")
    s.loaded = [3, 1]  # +1 only: 4, no hit; the defender has no ore to arm
    act(s, 0, "move 18 17 infantry 1")
    assert s.army_at(CENTRE, 1) == 1


def test_an_undefended_city_is_captured_and_settlers_in_the_way_are_lost() -> None:
    s = fresh()
    c = city(s, 1, CENTRE)
    unit(s, 1, "settler", CENTRE)
    unit(s, 0, "infantry", 18)
    act(s, 0, "move 18 17 infantry 1")
    assert c["owner"] == 0 and kinds_at(s, CENTRE, 1) == [] and s.stats[0]["captures"] == 1
    assert "move 17 18 settler 1" not in legal(s, 0)


def test_settlers_cannot_enter_a_hex_held_by_an_enemy() -> None:
    s = fresh()
    unit(s, 1, "infantry", 18)
    unit(s, 0, "settler", CENTRE)
    assert "move 17 18 settler 1" not in legal(s, 0)


def test_sea_battles_war_ships_ignore_the_first_hit_and_carried_units_drown() -> None:
    s = fresh()
    s.terrain[18] = s.terrain[19] = "water"
    unit(s, 0, "ship", 18, 2)
    unit(s, 1, "ship", 19)
    unit(s, 1, "infantry", 19)
    learn(s, 1, "Fishing", "War Ships")
    s.loaded = [5, 5, 6]  # two hits on P1's one ship, one ignored
    act(s, 0, "move 18 19 ship 2")
    assert kinds_at(s, 19, 1) == []
    assert s.stats[0]["sea_wins"] == 1 and s.stats[0]["kills_in_battle"] == 1
    assert kinds_at(s, 19, 0) == ["ship"]  # P1's six killed one of P0's ships


def test_tactics_cards_need_tactics_and_fit_the_attacker_or_defender() -> None:
    s = fresh()
    unit(s, 0, "infantry", 18)
    unit(s, 1, "infantry", CENTRE)
    s.action_hand[0] = ["Great Philosopher", "Great Prophet"]  # Siege (attack), Ambush (defend)
    s.action_hand[1] = ["Great Prophet"]
    learn(s, 0, "Tactics")
    s.loaded = [3, 4]  # 3 + 2 (Siege) = 5
    act(s, 0, "move 18 17 infantry 1")
    assert legal(s, 0) == {'tactic "Great Philosopher"', "none"}
    act(s, 0, 'tactic "Great Philosopher"')
    assert s.army_at(CENTRE, 1) == 0 and s.action_hand[0] == ["Great Prophet"]


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


def test_beating_barbarians_completes_a_military_objective_at_once() -> None:
    s = fresh()
    city(s, -1, CENTRE)
    unit(s, -1, "infantry", CENTRE)
    unit(s, 0, "infantry", 18)
    s.objective_hand[0] = ["Wealthy"]
    s.loaded = [6, 1]
    act(s, 0, "move 18 17 infantry 1")
    won = s.city_at(CENTRE)
    assert s.claimed[0] == ["Wealthy: military"] and won is not None and won["owner"] == 0


@pytest.mark.parametrize("defended", [True, False])
def test_a_barbarian_raid_attacks_the_nearest_city_within_two_hexes_and_may_take_it(
        defended: bool) -> None:
    s = fresh()
    c = city(s, 0, CENTRE)
    city(s, -1, 29)  # two hexes from 17
    unit(s, -1, "infantry", 29, 2)
    if defended:
        unit(s, 0, "infantry", CENTRE)
    s.loaded = [5, 5, 1]  # the barbarians hit twice, P0 misses
    from meeple.games.clash.economy import EVENTS
    from meeple.games.clash.flow import proceed

    EVENTS["raid"](s, 0)
    proceed(s)
    assert c["owner"] == -1 and s.army_at(CENTRE, -1) == 2 and s.army_at(CENTRE, 0) == 0
    assert s.loaded == ([] if defended else [5, 5, 1])


# ---- cultural influence ------------------------------------------------------------------
def _culture() -> tuple[ClashState, dict[str, Any], dict[str, Any]]:
    s = fresh()
    src = city(s, 0, CENTRE, bld=("temple",))  # size 2: reach 2
    tgt = city(s, 1, 29, bld=("temple", "obelisk"))  # two hexes away
    return s, src, tgt


def test_influence_turns_a_building_on_five_or_six_within_reach_never_an_obelisk() -> None:
    s, _, tgt = _culture()
    options = {a for a in legal(s, 0) if a.startswith("influence")}
    assert options == {"influence 17 29 temple"}
    s.loaded = [4]
    act(s, 0, "influence 17 29 temple")
    assert tgt["bld"]["temple"] == 1
    s.loaded = [5]
    act(s, 0, "influence 17 29 temple")
    assert tgt["bld"]["temple"] == 0 and tgt["owner"] == 1
    assert status.score(s, 0) == 3 + 1  # city, temple, P1's temple; two advances


def test_influence_beyond_reach_costs_a_culture_token_per_hex() -> None:
    s, src, _ = _culture()
    src["bld"].clear()  # size 1: one hex short
    assert not any(a.startswith("influence") for a in legal(s, 0))
    res(s, 0, culture=1)
    s.loaded = [6]
    act(s, 0, "influence 17 29 temple")
    assert s.res[0]["culture"] == 0


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


def test_engineering_draws_a_wonder_card() -> None:
    s = fresh()
    res(s, 0, food=2)
    act(s, 0, "advance Engineering")
    assert len(s.wonder_hand[0]) == 1


@pytest.mark.parametrize("wonder", ["Great Statue", "Great Mausoleum", "Great Lighthouse",
                                    "Great Library", "Colosseum"])
def test_each_wonders_power(wonder: str) -> None:
    s = fresh()
    s.terrain[18] = "water"
    c = city(s, 0, CENTRE, mood=2, bld=("port",))
    learn(s, 0, "Engineering", DATA.wonders[wonder]["requires"])
    s.wonder_hand[0] = [wonder]
    res(s, 0, food=2, wood=7, ore=7, gold=3, culture=5)
    act(s, 0, f'wonder 17 "{wonder}"')
    assert c["wonders"] == [wonder]
    if wonder == "Great Statue":
        assert len(s.objective_hand[0]) == 1
        act(s, 0, f'statue "{s.objective_hand[0][0]}"')
        assert s.actions_left == 3
    elif wonder == "Great Mausoleum":
        assert len(s.action_hand[0]) == 2
    elif wonder == "Great Lighthouse":
        act(s, 0, "lighthouse")
        assert kinds_at(s, 18, 0) == ["ship"] and "lighthouse" not in legal(s, 0)
    elif wonder == "Great Library":
        from meeple.games.clash.flow import start_turn

        start_turn(s)
        assert s.res[0]["ideas"] == 1
    else:
        res(s, 0, mood=0, culture=2)
        assert "happy 17" not in legal(s, 0)  # happy already
        c["mood"] = 1
        act(s, 0, "happy 17")  # size 2, paid with culture tokens
        assert s.res[0]["culture"] == 0


# ---- cards and objectives --------------------------------------------------------------------
@pytest.mark.parametrize("card", sorted(DATA.action_cards))
def test_each_action_cards_civil_half(card: str) -> None:
    s = fresh()
    big = city(s, 0, CENTRE, mood=0, bld=("temple",))
    s.action_hand[0] = [card]
    res(s, 0, food=0, ideas=2)
    act(s, 0, f'card "{card}"')
    civil = DATA.action_cards[card]["civil"]
    if "gain" in civil:
        for r, n in civil["gain"].items():
            assert s.res[0][r] == (2 if r == "ideas" else 0) + n
    if civil.get("action"):
        assert s.actions_left == 4
    if civil.get("free_advance"):
        act(s, 0, "advance Writing")
        assert s.res[0]["ideas"] == 2 and "Writing" in s.adv[0]
    if "unit" in civil:
        assert kinds_at(s, CENTRE, 0) == [civil["unit"]]
    if civil.get("calm") or civil.get("cheer"):
        assert big["mood"] == 1
    if civil.get("objective"):
        assert len(s.objective_hand[0]) == 1
    assert s.action_hand[0] == [] and card in s.discard
    assert not any(a.startswith("card") for a in legal(s, 0))  # one card a turn


def _armies(s: ClashState, where: dict[int, int]) -> None:
    for h, n in where.items():
        unit(s, 0, "infantry", h, n)


def _stored(s: ClashState, food: int) -> None:
    learn(s, 0, "Storage")
    res(s, 0, food=food)


SETUPS: dict[str, Callable[[ClashState], object]] = {
    "cities": lambda s: [city(s, 0, h) for h in (3, 9, 17, 29)],
    "city_size": lambda s: city(s, 0, 17, bld=("temple", "academy", "port")),
    "advances": lambda s: learn(s, 0, *list(DATA.advances)[2:10]),
    "happy_cities": lambda s: [city(s, 0, h, mood=2) for h in (3, 9, 29, 33)],
    "gold": lambda s: res(s, 0, gold=5),
    "food": lambda s: _stored(s, 5),
    "full_groups": lambda s: learn(s, 0, "Storage", "Irrigation", "Husbandry"),
    "foreign_buildings": lambda s: city(s, 1, 29, bld=("temple", "academy")).update(
        bld={"temple": 0, "academy": 0}),
    "ships": lambda s: unit(s, 0, "ship", 18, 3),
    "settlers": lambda s: unit(s, 0, "settler", 17, 3),
    "army": lambda s: _armies(s, {17: 4, 18: 2}),
    "wonders": lambda s: city(s, 0, 17, wonders=("Pyramids",)),
    "explored": lambda s: s.explored_by.__setitem__(0, 3),
    "government": lambda s: learn(s, 0, "Dogma"),
    "temples": lambda s: [city(s, 0, h, bld=("temple",)) for h in (3, 9, 29)],
    "academies": lambda s: [city(s, 0, h, bld=("academy",)) for h in (3, 29)],
    "ports": lambda s: [city(s, 0, h, bld=("port",)) for h in (3, 29)],
}


@pytest.mark.parametrize("card", sorted(DATA.objective_cards))
def test_each_objectives_peaceful_half_is_claimed_in_the_status_phase_when_met(card: str) -> None:
    s = fresh()
    s.objective_hand[0] = [card]
    status.begin(s)
    assert s.claimed[0] == []
    s = fresh()
    (key,) = DATA.objective_cards[card]["peaceful"]
    SETUPS[key](s)
    s.objective_hand[0] = [card]
    status.begin(s)
    assert s.claimed[0] == [f"{card}: peaceful"] and s.objective_hand[0] == []


@pytest.mark.parametrize("card", sorted(DATA.objective_cards))
def test_each_objectives_military_half_is_claimed_after_a_battle_that_meets_it(card: str) -> None:
    s = fresh()
    s.objective_hand[0] = [card]
    cond = DATA.objective_cards[card]["military"]
    s.stats[0] = {k: int(n) - 1 for k, n in cond.items()}
    status.claim_military(s, 0)
    assert s.claimed[0] == []
    s.stats[0] = {k: int(n) for k, n in cond.items()}
    status.claim_military(s, 0)
    assert s.claimed[0] == [f"{card}: military"]
