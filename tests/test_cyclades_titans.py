"""Cyclades: the Titans expansion's modules (seed 002; docs/rules/cyclades.md, "Titans")."""

from __future__ import annotations

from meeple.core.actions import Action
from meeple.games.cyclades import battle, economy, flow, turn
from meeple.games.cyclades.state import CycladesState
from tests.test_cyclades_rules import GAME, act, fleet, give_turn, hold


def titans(players: int = 4, **options: object) -> CycladesState:
    s = GAME.new_state(players, 3, {"titans": True, **options})
    assert isinstance(s, CycladesState)
    n, T = players, len(s.owner)
    s.owner, s.troops, s.titans = [-1] * T, [0] * T, [0] * T
    s.buildings = [[] for _ in range(T)]
    s.fleets, s.fleet_owner = [0] * len(s.fleets), [-1] * len(s.fleets)
    s.gold = [20] * n
    s.track = ["", "", ""]
    s.cycle = 2
    return s


def neighbours(s: CycladesState) -> tuple[int, int]:
    t = next(t for t in s.board.territories if t.next)
    return t.id, t.next[0]


def _kronos_turn(gods: list[str]) -> CycladesState:
    """P0, holding territory 0, starts a turn with Kronos on this god track."""
    s = titans()
    hold(s, 0, 0, 1)
    s.gods = gods
    give_turn(s, "kronos", 0)
    turn.start(s)
    return s


def test_kronos_gives_a_free_building_of_a_god_above_it() -> None:
    s = _kronos_turn(["zeus", "kronos", "ares"])
    kinds = {a.args[0] for a in s.legal_actions(0)}
    assert kinds == {"temple"}
    act(s, 0, "free temple 0")
    assert s.buildings[0] == ["temple"]


def test_kronos_first_on_the_track_gives_a_free_titan() -> None:
    s = _kronos_turn(["kronos", "zeus", "ares"])
    act(s, 0, "free titan 0")
    assert s.titans[0] == 1


def test_titans_are_hired_for_two_gold_one_a_turn_three_at_most() -> None:
    s = titans()
    hold(s, 0, 0, 1)
    give_turn(s, "kronos", 0)
    act(s, 0, "hire 0")
    assert s.titans[0] == 1 and s.gold[0] == 18
    assert not any(a.kind == "hire" for a in s.legal_actions(0))
    s.titans[0] = 3
    s.used = {}
    assert not any(a.kind == "hire" for a in s.legal_actions(0))


def test_titan_moves_without_ares_cost_1_then_2_then_3() -> None:
    s = titans()
    a, b = neighbours(s)
    hold(s, 0, a, 2)
    s.titans[a] = 1
    give_turn(s, "zeus", 0)
    act(s, 0, f"titan {a} {b} 2 1")
    act(s, 0, f"titan {b} {a} 2 1")
    act(s, 0, f"titan {a} {b} 0 1")
    assert s.gold[0] == 20 - 1 - 2 - 3 and s.titans[b] == 1 and s.troops[a] == 2


def test_free_placement_start_seven_gold_one_on_apollo_no_income_in_the_first_cycle() -> None:
    s = GAME.new_state(3, 5, {"titans": True})
    assert isinstance(s, CycladesState)
    assert s.gold == [7, 7, 7] and s.cycle == 0 and not any(s.troops)
    p = s.current_players()[0]
    act(s, p, "bid apollo")
    q = s.current_players()[0]
    assert Action("bid", ("apollo",)) not in s.legal_actions(q)
    while s.phase == "auction":
        r = s.current_players()[0]
        act(s, r, str(next(a for a in s.legal_actions(r))))
    while s.phase == "placement":
        r = s.current_players()[0]
        act(s, r, str(s.legal_actions(r)[0]))
    assert s.cycle == 1
    owned = [len(s.territories_of(q)) for q in range(3)]
    assert owned == [2, 2, 2]
    assert not any("collects" in e.text for e in s.log.events() if e.round == 1)


def test_artifacts_give_one_gold_each_and_five_win_at_once() -> None:
    s = titans()
    hold(s, 0, 0, 1)
    before, _ = economy.income(s, 0)
    s.artifacts = {"sandals": [0, 0], "helm": [0, 0]}
    assert economy.income(s, 0)[0] == before + 2
    s.artifacts.update({"caduceus": [1, 0], "thunderbolt": [0, 0]})
    s.track = ["cornucopia", "", ""]
    give_turn(s, "ares", 0)
    act(s, 0, "buy 0")
    act(s, 0, "target 0")
    assert s.is_terminal() is False  # the Caduceus is someone else's (no team)
    s.artifacts["caduceus"] = [0, 0]
    from meeple.games.cyclades.titans import check_artifacts

    check_artifacts(s)
    assert s.is_terminal() and s.result()["reason"] == "five artifacts"


def test_temples_give_no_discount_on_artifacts_and_unsold_ones_leave_the_game() -> None:
    s = titans()
    hold(s, 0, 0, 1)
    s.buildings[0] = ["temple"]
    s.track = ["helm", "", "sandals"]
    from meeple.games.cyclades import creatures

    assert creatures.price(s, 0, 0) == 4
    s.cycle = 5
    s.deck = ["harpy"]
    flow.update_creatures(s)
    assert "sandals" not in s.discard and "sandals" not in s.track


def test_outbidding_the_thunderbolts_owner_costs_one_gold_to_the_owner() -> None:
    s = titans()
    s.artifacts = {"thunderbolt": [1, 0]}
    s.phase, s.gods, s.bids, s.apollo = "auction", ["ares", "zeus"], {}, []
    s.queue = [[1, ""], [0, ""], [2, ""], [3, ""]]
    act(s, 1, "bid ares 2")
    act(s, 0, "bid ares 3")
    assert s.gold[0] == 19 and s.gold[1] == 21


def test_caduceus_pays_a_gold_to_cancel_a_loss() -> None:
    s = titans()
    a, b = neighbours(s)
    hold(s, 0, a, 2)
    hold(s, 1, b, 1)
    hold(s, 1, 12, 1)
    s.artifacts = {"caduceus": [1, b]}
    give_turn(s, "ares", 0)
    s.loaded = [3, 0]  # 2+3 against 1+0: the defender's loss is cancelled for 1 gold
    act(s, 0, f"march {a} {b} 2 0")
    assert s.troops[b] == 1 and s.gold[1] == 19


def test_sandals_carry_troops_to_any_territory_of_their_island() -> None:
    s = titans()
    island = s.board.territories[0].island
    far = next(t.id for t in s.board.territories if t.island == island
               and t.id not in s.board.territories[0].next and t.id != 0)
    hold(s, 0, 0, 1)
    s.artifacts = {"sandals": [0, 0]}
    give_turn(s, "ares", 0)
    act(s, 0, f"march 0 {far} 1 0 sandals")
    assert s.owner[far] == 0 and s.artifacts["sandals"] == [0, far]


def test_helm_lets_troops_use_other_players_fleets() -> None:
    s = titans()
    small = next(t for t in s.board.territories if not t.next)
    other = next(t for t in s.board.territories
                 if set(t.seas) & set(small.seas) and t.id != small.id)
    hold(s, 0, other.id, 1)
    fleet(s, 1, next(iter(set(other.seas) & set(small.seas))))
    give_turn(s, "ares", 0)
    assert not any(x.kind == "march" and x.args[1] == small.id for x in s.legal_actions(0))
    s.artifacts = {"helm": [0, other.id]}
    assert any(x.kind == "march" and x.args[1] == small.id for x in s.legal_actions(0))


def test_special_metropolises_go_to_the_first_two_builders() -> None:
    s = titans(3)
    s.special_display = ["military", "naval"]
    hold(s, 0, 0, 1)
    s.philosophers[0] = 3
    give_turn(s, "athena", 0)
    act(s, 0, "philosopher")
    act(s, 0, "metropolis 0")
    assert s.pending[-1]["type"] == "special"
    act(s, 0, "special military")
    assert s.specials[0] == "military" and s.special_display == ["naval"]


def test_military_metropolis_defends_with_three() -> None:
    s = titans(3)
    hold(s, 0, 0, 1)
    s.buildings[0] = ["metropolis"]
    s.specials[0] = "military"
    b = {"kind": "land", "at": 0, "def": 0}
    assert battle.defence(s, b) == 3


def test_naval_metropolis_gives_three_in_its_seas_also_attacking() -> None:
    s = titans(3)
    hold(s, 0, 0, 1)
    s.buildings[0] = ["metropolis"]
    s.specials[0] = "naval"
    sea = s.board.territories[0].seas[0]
    assert battle.sea_bonus(s, 0, sea, defending=False) == 3


def test_religious_metropolis_takes_two_off_creatures() -> None:
    s = titans(3)
    hold(s, 0, 0, 1)
    s.buildings[0] = ["metropolis"]
    s.specials[0] = "religious"
    s.track = ["harpy", "", ""]
    from meeple.games.cyclades import creatures

    assert creatures.price(s, 0, 0) == 2


def test_cultural_metropolis_makes_one_from_three_philosophers() -> None:
    s = titans(3)
    hold(s, 0, 0, 1)
    hold(s, 0, 1, 1)
    s.buildings[0] = ["metropolis"]
    s.specials[0] = "cultural"
    s.philosophers[0] = 2
    give_turn(s, "athena", 0)
    act(s, 0, "philosopher")
    assert s.pending[-1]["type"] == "metropolis"


def test_commercial_metropolis_brings_two_more_gold() -> None:
    s = titans(3)
    hold(s, 0, 0, 1)
    before, _ = economy.income(s, 0)
    s.buildings[0] = ["metropolis"]
    s.specials[0] = "commercial"
    assert economy.income(s, 0)[0] == before + 2


def test_team_mates_never_enter_each_others_territories() -> None:
    s = titans(4, teams=True)
    a, b = neighbours(s)
    hold(s, 0, a, 2)
    hold(s, 1, b, 0)
    give_turn(s, "ares", 0)
    assert not any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))


def test_a_team_with_three_metropolises_ends_the_game_at_the_end_of_the_cycle() -> None:
    s = titans(4, teams=True)
    for p, t in ((0, 0), (0, 1), (1, 5)):
        hold(s, p, t, 1)
        s.buildings[t] = ["metropolis"]
    hold(s, 2, 8, 1)
    economy.declare_end(s)
    s.buildings[5] = []  # lost again: the game still ends
    assert economy.end_of_cycle(s)
    assert s.result()["winners"] == [0, 1]


def test_military_victory_raises_a_metropolis_on_a_conquered_last_territory() -> None:
    s = titans(4, teams=True)
    a, b = neighbours(s)
    for p, t in ((0, 12), (1, 13)):
        hold(s, p, t, 1)
        s.buildings[t] = ["metropolis"]
    hold(s, 0, a, 3)
    hold(s, 2, b, 1)
    give_turn(s, "ares", 0)
    assert any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))
    s.loaded = [3, 0]
    act(s, 0, f"march {a} {b} 3 0")
    assert "metropolis" in s.buildings[b] and s.end_declared


def test_team_play_sandals_go_to_an_ally_for_one_gold_at_the_start_of_a_turn() -> None:
    s = titans(4, teams=True)
    hold(s, 0, 0, 1)
    hold(s, 1, 12, 1)
    s.artifacts = {"sandals": [0, 0]}
    give_turn(s, "ares", 0)
    act(s, 0, "artifact sandals 12")
    assert s.artifacts["sandals"] == [1, 12] and s.gold[0] == 19
    act(s, 0, "troop 0")
    assert not any(a.kind == "artifact" for a in s.legal_actions(0))


def test_a_player_takes_one_special_metropolis_the_second_goes_to_another_player() -> None:
    s = titans(3)
    s.special_display = ["military", "naval"]
    hold(s, 0, 0, 1)
    hold(s, 0, 1, 1)
    s.philosophers[0] = 3
    give_turn(s, "athena", 0)
    act(s, 0, "philosopher")
    act(s, 0, "metropolis 0")
    act(s, 0, "special naval")
    s.philosophers[0] = 4
    from meeple.games.cyclades import economy as eco

    eco.check_metropolis(s, 0)
    act(s, 0, "metropolis 1")
    assert not s.pending and s.specials[1] == "" and s.special_display == ["military"]


# ---- rules fidelity of the Titans modules (issue 16) --------------------------------
def _placing(players: int, turns: list[list[object]], **options: object) -> CycladesState:
    """The free-placement phase of a Titans game, the preliminary auction won as given."""
    s = titans(players, **options)
    s.cycle, s.phase, s.turns, s.turn, s.pending = 0, "placement", turns, 0, []
    flow.advance(s)
    return s


def test_free_placement_the_player_chooses_where_the_third_troop_goes() -> None:
    """«Игрок должен разместить свои Отряды на 2 соседних территориях»: the two
    territories are the player's choice, and so is which of them takes Ares's troop."""
    s = _placing(3, [["ares", 0], ["zeus", 1], ["apollo", 2]])
    act(s, 0, "place 1 0")  # the higher-numbered territory first: the extra troop there
    assert (s.troops[1], s.troops[0]) == (2, 1)


def test_free_placement_the_player_chooses_where_the_titan_goes() -> None:
    """Kronos's Titan goes on the territory the player names first."""
    s = _placing(3, [["zeus", 1], ["kronos", 0], ["apollo", 2]])
    act(s, 1, "place 5 6")
    act(s, 1, "fleets 4 5")
    act(s, 1, "build 5")
    act(s, 0, "place 1 0")
    assert (s.titans[1], s.titans[0]) == (1, 0)


def test_free_placement_the_player_chooses_where_the_third_fleet_goes() -> None:
    """Poseidon's fleet goes on the sea the player names first."""
    s = _placing(3, [["poseidon", 0], ["zeus", 1], ["apollo", 2]])
    act(s, 0, "place 0 1")
    act(s, 0, "fleets 8 1")
    assert (s.fleets[8], s.fleets[1]) == (2, 1)


def _random_start(seed: int) -> CycladesState:
    import random

    s = GAME.new_state(6, seed, {})
    assert isinstance(s, CycladesState)
    rng = random.Random(seed)
    while s.phase in ("auction", "placement") and s.cycle == 0:
        p = s.current_players()[0]
        legal = s.legal_actions(p)
        assert Action("place", ("none",)) not in legal and Action("fleets", ("none",)) \
            not in legal, f"seed {seed}: P{p} is left without a start"
        s.apply(p, rng.choice(legal))
    return s


def test_free_placement_never_leaves_a_later_player_without_a_start() -> None:
    """Every player gets «2 Отряда, 2 Флота» on two neighbouring territories: an earlier
    choice that would leave a later player no pair (6 players, teams on different
    islands) is not offered."""
    for seed in range(40):
        s = _random_start(seed)
        assert all(len(s.territories_of(p)) == 2 for p in range(6)), f"seed {seed}"


def test_a_team_that_took_its_third_metropolis_ends_the_game_even_if_it_loses_it() -> None:
    """«Игра автоматически завершается, даже если эта команда потеряет 3 Метрополию»:
    a third Metropolis taken by conquest ends the game at the end of the cycle."""
    s = titans(4, teams=True)
    a, b = neighbours(s)
    for p, t in ((0, 12), (1, 13)):
        hold(s, p, t, 1)
        s.buildings[t] = ["metropolis"]
    hold(s, 0, a, 3)
    hold(s, 2, b, 1)
    s.buildings[b] = ["metropolis"]
    hold(s, 2, 10, 1)
    give_turn(s, "ares", 0)
    s.loaded = [3, 0]
    act(s, 0, f"march {a} {b} 3 0")
    assert s.owner[b] == 0 and s.end_declared
    s.owner[b] = 2  # taken back before the cycle ends
    assert economy.end_of_cycle(s)


def test_sandals_go_with_the_troops_that_fly_even_if_some_stay() -> None:
    """«Сандалии в таком случае перемещаются вместе с отрядами»."""
    s = titans()
    far = 3  # on island 0, not a neighbour of territory 0
    hold(s, 0, 0, 3)
    s.artifacts = {"sandals": [0, 0]}
    give_turn(s, "ares", 0)
    assert Action.parse(f"march 0 {far} 1 0") not in s.legal_actions(0)
    act(s, 0, f"march 0 {far} 1 0 sandals")
    assert s.artifacts["sandals"] == [0, far] and s.troops[0] == 2


def test_sandals_go_with_troops_that_win_an_attack() -> None:
    """The Sandals travel with the troops, so after a won attack they stand with them."""
    s = titans()
    hold(s, 0, 0, 2)
    hold(s, 1, 3, 1)
    hold(s, 1, 12, 1)
    s.artifacts = {"sandals": [0, 0]}
    give_turn(s, "ares", 0)
    s.loaded = [3, 0]
    act(s, 0, "march 0 3 2 0 sandals")
    assert s.owner[3] == 0 and s.artifacts["sandals"] == [0, 3]


def test_artifacts_go_with_a_group_only_if_the_owner_says_so() -> None:
    """«Артефакты могут быть перемещены» (D-12): the Cornucopia stays on its markers
    unless the owner takes it along."""
    s = titans()
    hold(s, 0, 0, 1)
    hold(s, 0, 2, 1)
    s.artifacts = {"cornucopia": [0, 0], "caduceus": [0, 2]}
    give_turn(s, "ares", 0)
    act(s, 0, "march 0 1 1 0")
    assert s.artifacts["cornucopia"] == [0, 0]
    act(s, 0, "march 2 4 1 0 caduceus")
    assert s.artifacts["caduceus"] == [0, 4]


def test_cornucopia_gives_no_gold_of_its_own() -> None:
    """«добавляет 2 золотые монеты в казну вместо одной»: each marker of its territory
    counts twice, and that is all (unlike the other artifacts, no +1)."""
    s = titans()
    t = next(t.id for t in s.board.territories if t.prosperity == 2)
    hold(s, 0, t, 1)
    s.artifacts = {"cornucopia": [0, t]}
    assert economy.income(s, 0)[0] == 4


def test_the_helm_passes_through_an_enemys_last_territory() -> None:
    """The Helm crosses occupied territories; the only limit is «атаковать последнюю
    территорию», so crossing a player's last territory is allowed (two moves, D-6)."""
    s = titans()
    hold(s, 0, 0, 1)
    hold(s, 1, 1, 2)  # P1's only territory, between 0 and 3
    s.artifacts = {"helm": [0, 0]}
    give_turn(s, "ares", 0)
    act(s, 0, "march 0 3 1 0 helm")
    assert s.owner[3] == 0 and s.troops[1] == 2 and s.gold[0] == 18
    assert s.artifacts["helm"] == [0, 3]


def test_team_play_sandals_and_helm_both_go_to_an_ally_in_one_turn() -> None:
    """The owner «может заплатить 1 золотую монету в начале своего хода» for each."""
    s = titans(4, teams=True)
    hold(s, 0, 0, 1)
    hold(s, 1, 12, 1)
    s.artifacts = {"sandals": [0, 0], "helm": [0, 0]}
    give_turn(s, "ares", 0)
    act(s, 0, "artifact sandals 12")
    act(s, 0, "artifact helm 12")
    assert s.artifacts == {"sandals": [1, 12], "helm": [1, 12]} and s.gold[0] == 18


def test_a_move_goes_to_a_neighbour_and_crossing_an_own_territory_is_a_second_move() -> None:
    """«с одной территории на соседнюю» (D-6): 0 - 1 - 3 with 1 held by the mover is two
    moves, each paid."""
    s = titans()
    hold(s, 0, 0, 1)
    hold(s, 0, 1, 0)
    give_turn(s, "ares", 0)
    assert 3 not in [x.args[1] for x in s.legal_actions(0) if x.kind == "march"]
    act(s, 0, "march 0 1 1 0")
    act(s, 0, "march 1 3 1 0")
    assert s.owner[3] == 0 and s.gold[0] == 18


def test_team_play_the_thunderbolts_gold_may_go_to_an_ally() -> None:
    """«Золотую монету, которую игрок получил за перебитую ставку, он может отдать
    союзнику» (D-13)."""
    s = titans(4, teams=True)
    s.artifacts = {"thunderbolt": [0, 0]}
    s.phase, s.gods, s.bids, s.apollo = "auction", ["ares", "zeus"], {}, []
    s.queue = [[0, ""], [2, ""], [1, ""], [3, ""]]
    act(s, 0, "bid ares 2")
    act(s, 2, "bid ares 3")
    assert s.current_players() == [0] and s.pending[-1]["type"] == "share"
    act(s, 0, "share 1 1")
    assert s.gold[0] == 20 and s.gold[1] == 21 and s.gold[2] == 19
    assert s.current_players() == [0] and s.phase == "auction"  # outbid: bids again


def test_team_play_the_cornucopias_gold_may_be_shared_with_an_ally() -> None:
    """«Золотые монеты, производимые на этой территории, могут быть распределены между
    союзниками» (D-13)."""
    s = titans(4, teams=True)
    t = next(t.id for t in s.board.territories if t.prosperity == 2)
    hold(s, 0, t, 1)
    s.artifacts = {"cornucopia": [0, t]}
    s.gold = [0, 0, 0, 0]
    economy.revenue(s)
    assert s.pending[-1]["type"] == "share" and s.current_players() == [0]
    act(s, 0, "share 1 3")
    assert s.gold[0] == 1 and s.gold[1] == 3


def test_the_owner_chooses_whether_a_troop_or_a_titan_is_lost() -> None:
    """«он решает, какую именно фигурку убрать» (D-7)."""
    s = titans()
    a, b = neighbours(s)
    hold(s, 0, a, 1)
    s.titans[a] = 1
    hold(s, 1, b, 2)
    hold(s, 1, 12, 1)
    give_turn(s, "ares", 0)
    s.loaded = [0, 1]  # 2+0 against 2+1: the attacker loses a figure of its choice
    act(s, 0, f"march {a} {b} 1 1")
    assert s.pending[-1]["type"] == "loss" and s.current_players() == [0]
    act(s, 0, "lose titan")
    assert s.pending[-1]["units"] == [1, 0]


def test_a_titan_counts_as_one_troop_in_battle() -> None:
    """«В битве Титан считается, как один отряд»."""
    s = titans()
    a, b = neighbours(s)
    hold(s, 0, a, 1)
    s.titans[a] = 1
    hold(s, 1, b, 2)
    hold(s, 1, 20 if len(s.owner) > 20 else 12, 1)
    give_turn(s, "ares", 0)
    s.loaded = [0, 1]  # 2+0 against 2+1: the attacker loses a figure
    act(s, 0, f"march {a} {b} 1 1")
    assert any("Player 1 2+0 = 2 against Player 2 2+1 = 3" in e.text for e in s.log.events())
    act(s, 0, "lose troop")
    assert s.pending[-1]["units"] == [0, 1]


def test_the_defender_also_chooses_its_lost_figure_then_the_battle_goes_on() -> None:
    """D-7 for the defender: after its choice the round ends as usual."""
    s = titans()
    a, b = neighbours(s)
    hold(s, 0, a, 3)
    hold(s, 1, b, 1)
    s.titans[b] = 1
    hold(s, 1, 12, 1)
    give_turn(s, "ares", 0)
    s.loaded = [3, 0]  # 3+3 against 2+0: the defender loses a figure of its choice
    act(s, 0, f"march {a} {b} 3 0")
    assert s.current_players() == [1] and s.pending[-1]["type"] == "loss"
    act(s, 1, "lose titan")
    assert (s.troops[b], s.titans[b]) == (1, 0)
    top = s.pending[-1]  # P1 has nowhere to retreat; P0 may go back to its neighbour
    assert (top["type"], top["stage"], s.current_players()) == ("retreat", "attacker", [0])


def test_team_play_an_apollo_player_may_also_hand_the_helm_to_an_ally() -> None:
    """Apollo's players have a turn too: «в начале своего хода» the Helm may go."""
    s = titans(4, teams=True)
    hold(s, 0, 0, 1)
    hold(s, 0, 1, 1)
    hold(s, 1, 12, 1)
    s.artifacts = {"helm": [0, 0]}
    give_turn(s, "apollo", 0)
    turn.start(s)
    assert s.current_players() == [0] and s.pending[-1]["type"] == "transfer"
    act(s, 0, "artifact helm 12")
    assert s.artifacts["helm"] == [1, 12] and s.gold[0] == 20 + 1 - 1
