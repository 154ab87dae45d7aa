"""Cyclades: each creature and the creature track (docs/rules/cyclades.md, "Creatures")."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.cyclades import creatures, flow, moves
from meeple.games.cyclades.state import CycladesState
from tests.test_cyclades_rules import act, fleet, fresh, give_turn, hold, pair, shared_sea


def buying(card: str, p: int = 0) -> CycladesState:
    s = fresh()
    s.track = [card, "", ""]
    s.gold = [20, 20, 20]
    give_turn(s, "ares", p)
    return s


def test_track_uses_one_slot_in_cycle_one_two_in_cycle_two_then_three() -> None:
    s = fresh()
    s.deck = ["harpy", "giant", "satyr", "dryad", "griffon"]
    s.track, s.cycle = ["", "", ""], 1
    flow.update_creatures(s)
    assert s.track == ["griffon", "", ""]
    s.cycle = 2
    flow.update_creatures(s)
    assert s.track == ["dryad", "griffon", ""]
    s.cycle = 3
    flow.update_creatures(s)
    assert s.track == ["satyr", "dryad", "griffon"]
    s.cycle = 4
    flow.update_creatures(s)
    assert s.track == ["giant", "satyr", "dryad"] and s.discard == ["griffon"]


def test_creatures_cost_4_3_2_and_each_temple_takes_one_off_once_a_cycle() -> None:
    s = fresh()
    hold(s, 0, 0, 1)
    s.buildings[0] = ["temple"]
    s.track = ["harpy", "giant", "satyr"]
    assert [creatures.price(s, 0, i) for i in range(3)] == [3, 2, 1]
    give_turn(s, "ares", 0)
    act(s, 0, "buy 0")
    assert creatures.price(s, 0, 1) == 3  # the temple's discount is spent this cycle


def test_fates_give_the_revenue_again() -> None:
    s = buying("fates")
    hold(s, 0, 0, 1)
    s.markers[0] = 2
    act(s, 0, "buy 0")
    assert s.gold[0] == 20 - 4 + 2 + s.board.territories[0].prosperity


def test_satyr_dryad_griffon_take_from_another_player() -> None:
    for card, field, before, after in (("satyr", "philosophers", 1, 0),
                                       ("dryad", "priests", 2, 1),
                                       ("griffon", "gold", 9, 5)):
        s = buying(card)
        getattr(s, field)[1] = before
        act(s, 0, "buy 0")
        act(s, 0, "target 1")
        assert getattr(s, field)[1] == after


def test_sirens_turn_a_lone_enemy_fleet_into_yours() -> None:
    s = buying("sirens")
    fleet(s, 1, 5, 1)
    fleet(s, 1, 6, 2)
    act(s, 0, "buy 0")
    assert Action("target", (6,)) not in s.legal_actions(0)
    act(s, 0, "target 5")
    assert s.fleet_owner[5] == 0 and s.fleets[5] == 1


def test_pegasus_flies_troops_anywhere_without_fleets() -> None:
    s = buying("pegasus")
    hold(s, 0, 0, 2)
    far = len(s.owner) - 1
    act(s, 0, "buy 0")
    act(s, 0, f"target 0 {far} 2 0")
    assert s.owner[far] == 0 and s.troops[far] == 2


def test_giant_destroys_a_building_but_not_a_metropolis() -> None:
    s = buying("giant")
    hold(s, 1, 3, 1)
    s.buildings[3] = ["fort", "metropolis"]
    act(s, 0, "buy 0")
    assert s.legal_actions(0) == [Action("target", (3, "fort"))]
    act(s, 0, "target 3 fort")
    assert s.buildings[3] == ["metropolis"]


def test_harpy_kills_an_enemy_troop_but_not_a_titan() -> None:
    s = buying("harpy")
    hold(s, 1, 3, 1)
    hold(s, 1, 4, 0)
    s.titans[4] = 1
    act(s, 0, "buy 0")
    assert s.legal_actions(0) == [Action("target", (3,))]
    act(s, 0, "target 3")
    assert s.troops[3] == 0 and s.owner[3] == 1


def test_sphinx_sells_units_and_cards_for_two_gold_each() -> None:
    s = buying("sphinx")
    hold(s, 0, 0, 2)
    s.priests[0] = 1
    act(s, 0, "buy 0")
    act(s, 0, "sell troop 0")
    act(s, 0, "sell priest")
    act(s, 0, "stop")
    assert s.gold[0] == 20 - 4 + 4 and s.troops[0] == 1 and s.priests[0] == 0
    assert "sphinx" in s.discard


def test_cyclops_turn_a_building_into_another_kind() -> None:
    s = buying("cyclops")
    hold(s, 0, 0, 1)
    s.buildings[0] = ["fort"]
    act(s, 0, "buy 0")
    act(s, 0, "target 0 fort temple")
    assert s.buildings[0] == ["temple"]


def test_chimera_uses_a_discarded_creature_then_the_discards_go_back_into_the_deck() -> None:
    s = buying("chimera")
    s.discard = ["griffon", "harpy"]
    s.gold[1] = 8
    act(s, 0, "buy 0")
    act(s, 0, "target griffon")
    act(s, 0, "target 1")
    assert s.gold[1] == 4 and "harpy" in s.deck and "chimera" in s.deck


def test_sylph_moves_fleets_one_sea_at_a_time_up_to_ten() -> None:
    s = buying("sylph")
    fleet(s, 0, 0, 1)
    act(s, 0, "buy 0")
    act(s, 0, "sylph 0 1 1")
    act(s, 0, "sylph 1 2 1")
    assert s.fleets[2] == 1 and s.pending[-1]["left"] == 8
    act(s, 0, "stop")
    assert not s.pending


def test_two_figures_on_one_territory_destroy_each_other() -> None:
    s = buying("chiron")
    hold(s, 0, 0, 1)
    act(s, 0, "buy 0")
    act(s, 0, "target 0")
    assert s.figures == [["chiron", "t", 0, 0]]
    s.track[0] = "medusa"
    act(s, 0, "buy 0")
    act(s, 0, "target 0")
    assert s.figures == [] and {"chiron", "medusa"} <= set(s.discard)


def _defended_by(card: str, attackers: int) -> tuple[CycladesState, int, int]:
    """P1 puts ``card`` on its territory b (one troop); P0 (Ares) can reach b from a."""
    s = buying(card, p=1)
    a, b = pair(s)
    hold(s, 1, b, 1)
    hold(s, 1, 5, 1)
    act(s, 1, "buy 0")
    act(s, 1, f"target {b}")
    hold(s, 0, a, attackers)
    fleet(s, 0, shared_sea(s, a, b))
    give_turn(s, "ares", 0)
    return s, a, b


def test_chiron_protects_a_territory_from_attack() -> None:
    s, _, b = _defended_by("chiron", 3)
    assert not any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))


def test_medusa_keeps_troops_from_leaving_or_entering() -> None:
    s = buying("medusa")
    a, b = pair(s)
    hold(s, 0, a, 2)
    fleet(s, 0, shared_sea(s, a, b))
    act(s, 0, "buy 0")
    act(s, 0, f"target {b}")
    assert not any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))


def test_polyphemus_pushes_other_fleets_away_and_keeps_them_out() -> None:
    s = buying("polyphemus")
    ring = s.board.territories[0].seas
    sea = ring[1]  # a sea of the ring with a neighbour outside it
    fleet(s, 1, sea, 2)
    act(s, 0, "buy 0")
    act(s, 0, "target 0")
    pushed = next(x for x, n in enumerate(s.fleets) if n)
    assert s.fleets[pushed] == 2 and pushed not in ring and s.fleet_owner[pushed] == 1
    assert not set(moves.sea_targets(s, 1, pushed)) & set(ring)


def test_kraken_sinks_fleets_moves_for_one_gold_a_sea_and_stays() -> None:
    s = buying("kraken")
    fleet(s, 1, 0, 2)
    fleet(s, 2, 1, 1)
    act(s, 0, "buy 0")
    act(s, 0, "target 0")
    assert s.fleets[0] == 0
    act(s, 0, "kraken 1")
    assert s.fleets[1] == 0 and s.gold[0] == 20 - 4 - 1
    act(s, 0, "stop")
    act(s, 0, "end")
    assert ["kraken", "s", 1, 0] in s.figures
