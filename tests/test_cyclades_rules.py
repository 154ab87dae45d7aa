"""Cyclades: one test per rule (docs/rules/cyclades.md), on small set-ups made by hand.

Each test starts from a fresh game, puts the pieces where the rule needs them, gives
one player a god's turn (or a pending decision), and checks what the rule says.
Battle dice are loaded (``state.loaded``) so the arithmetic is the test's own."""

from __future__ import annotations

import pytest

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.registry import get_game
from meeple.games.cyclades import economy, flow, turn
from meeple.games.cyclades.state import DATA, CycladesState

GAME = get_game("cyclades")


def fresh(players: int = 3, **options: object) -> CycladesState:
    s = GAME.new_state(players, 1, options)
    assert isinstance(s, CycladesState)
    s.owner = [-1] * len(s.owner)
    s.troops = [0] * len(s.troops)
    s.fleets = [0] * len(s.fleets)
    s.fleet_owner = [-1] * len(s.fleets)
    s.buildings = [[] for _ in s.buildings]
    s.gold = [10] * players
    s.track = ["", "", ""]
    return s


def give_turn(s: CycladesState, god: str, p: int) -> None:
    s.phase, s.pending, s.queue = "actions", [], []
    s.turns = [[god, p]] + [["apollo", q] for q in range(s.n) if q != p]
    s.apollo = [q for q in range(s.n) if q != p]
    s.turn = 0
    s.used = {}


def hold(s: CycladesState, p: int, t: int, troops: int = 0) -> None:
    s.owner[t] = p
    s.troops[t] = troops


def fleet(s: CycladesState, p: int, sea: int, n: int = 1) -> None:
    s.fleet_owner[sea], s.fleets[sea] = p, n


def act(s: CycladesState, p: int, text: str) -> None:
    s.apply(p, Action.parse(text))


def shared_sea(s: CycladesState, a: int, b: int) -> int:
    return next(x for x in s.board.territories[a].seas if x in s.board.territories[b].seas)


def pair(s: CycladesState) -> tuple[int, int]:
    """Two territories beside one sea (one fleet joins them)."""
    ts = s.board.territories
    return next((a.id, b.id) for a in ts for b in ts
                if a.id < b.id and set(a.seas) & set(b.seas))


def third(s: CycladesState, *not_these: int) -> int:
    return next(t.id for t in s.board.territories if t.id not in not_these)


# ---- revenue and the offerings ---------------------------------------------------
def test_revenue_is_one_gold_per_prosperity_marker_on_territories_and_fleet_seas() -> None:
    s = fresh()
    rich_t = next(t.id for t in s.board.territories if t.prosperity == 2)
    rich_sea = next(x.id for x in s.board.seas if x.prosperity == 1)
    hold(s, 0, rich_t, 1)
    s.markers[rich_t] = 1
    fleet(s, 0, rich_sea)
    assert economy.income(s, 0)[0] == 2 + 1 + 1


def test_outbid_player_must_bid_at_once_on_another_god() -> None:
    s = fresh()
    s.phase, s.gods, s.bids, s.apollo = "auction", ["ares", "zeus"], {}, []
    s.queue = [[0, ""], [1, ""], [2, ""]]
    act(s, 0, "bid ares 2")
    act(s, 1, "bid ares 3")
    assert s.current_players() == [0]
    assert all(a.args[0] != "ares" for a in s.legal_actions(0))
    with pytest.raises(IllegalActionError):
        act(s, 0, "bid ares 4")


def test_priests_lower_each_offering_but_one_gold_is_always_paid() -> None:
    s = fresh()
    s.priests[0] = 2
    assert flow.payment(s, 0, 5) == 3
    assert flow.payment(s, 0, 2) == 1


def test_offerings_never_exceed_gold_plus_priests() -> None:
    s = fresh()
    s.phase, s.gods, s.bids = "auction", ["ares", "zeus"], {}
    s.queue = [[0, ""], [1, ""], [2, ""]]
    s.gold[0], s.priests[0] = 3, 1
    top = max(int(a.args[1]) for a in s.legal_actions(0) if a.args[0] != "apollo")
    assert top == 4


def test_first_to_act_bids_last_next_cycle() -> None:
    s = fresh()
    s.phase, s.gods, s.bids, s.apollo = "auction", ["ares", "zeus"], {}, []
    s.queue = [[0, ""], [1, ""], [2, ""]]
    act(s, 0, "bid zeus 1")
    act(s, 1, "bid ares 1")
    act(s, 2, "bid apollo")
    assert s.order == [2, 0, 1]  # Ares (P1) plays first, Zeus (P0), Apollo (P2) last


def test_face_down_god_comes_first_next_cycle() -> None:
    s = fresh(4)
    flow.update_gods(s)
    hidden = s.facedown[:]
    assert len(s.gods) == 3 and len(hidden) == 1
    flow.update_gods(s)
    assert s.gods[0] == hidden[0]


def test_apollo_gives_four_gold_to_a_player_with_one_territory_and_a_marker_to_the_first() -> None:
    s = fresh()
    hold(s, 1, 0, 1)
    s.phase = "actions"
    s.turns, s.turn, s.apollo = [["apollo", 1], ["apollo", 2]], 0, [1, 2]
    gold = s.gold[1]
    turn.start(s)
    assert s.gold[1] == gold + 4
    assert s.pending[-1]["type"] == "prosper"
    act(s, 1, "prosper 0")
    assert s.markers[0] == 1


# ---- the gods --------------------------------------------------------------------
def test_poseidon_recruits_fleets_for_0_1_2_3_gold_beside_own_territories() -> None:
    s = fresh()
    hold(s, 0, 0, 1)
    give_turn(s, "poseidon", 0)
    sea = s.board.territories[0].seas[0]
    spent = []
    for _ in range(4):
        g = s.gold[0]
        act(s, 0, f"fleet {sea}")
        spent.append(g - s.gold[0])
    assert spent == [0, 1, 2, 3]
    assert not any(a.kind == "fleet" for a in s.legal_actions(0))  # four a turn at most
    far = next(x.id for x in s.board.seas if 0 not in x.territories)
    assert Action("fleet", (far,)) not in s.legal_actions(0)


def test_poseidon_sails_a_group_up_to_three_seas_for_one_gold() -> None:
    s = fresh()
    hold(s, 0, 0, 1)
    fleet(s, 0, 0, 2)
    give_turn(s, "poseidon", 0)
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "sail" and a.args[0] == 0}
    cols = s.board.cols
    assert 3 in targets and 3 * cols in targets and 4 not in targets  # rows/cols apart
    g = s.gold[0]
    act(s, 0, "sail 0 3 2")
    assert s.gold[0] == g - 1 and s.fleets[3] == 2 and s.fleets[0] == 0


def test_fleets_stop_when_they_enter_a_sea_held_by_an_enemy() -> None:
    s = fresh()
    fleet(s, 0, 0, 2)
    fleet(s, 1, 1, 1)
    hold(s, 0, 0, 1)
    give_turn(s, "poseidon", 0)
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "sail"}
    assert 1 in targets and 2 not in targets


def test_ares_recruits_troops_for_0_2_3_4_gold_and_builds_forts_for_2() -> None:
    s = fresh()
    hold(s, 0, 0, 1)
    give_turn(s, "ares", 0)
    s.gold[0] = 20
    spent = []
    for _ in range(4):
        g = s.gold[0]
        act(s, 0, "troop 0")
        spent.append(g - s.gold[0])
    assert spent == [0, 2, 3, 4] and s.troops[0] == 5
    act(s, 0, "build 0")
    assert s.buildings[0] == ["fort"] and s.gold[0] == 20 - 9 - 2


def test_ares_marches_troops_along_a_chain_of_own_fleets_for_one_gold() -> None:
    s = fresh()
    a, b = pair(s)
    hold(s, 0, a, 2)
    give_turn(s, "ares", 0)
    assert not any(x.kind == "march" for x in s.legal_actions(0))  # no fleet, no march
    fleet(s, 0, shared_sea(s, a, b))
    chain = {x.args[1] for x in s.legal_actions(0) if x.kind == "march"}
    assert b in chain and a not in chain
    g = s.gold[0]
    act(s, 0, f"march {a} {b} 2 0")
    assert s.gold[0] == g - 1 and s.troops[b] == 2 and s.owner[b] == 0
    assert s.owner[a] == 0  # an emptied territory stays its owner's


def test_zeus_gives_a_free_priest_then_one_for_four_and_renews_a_creature_for_one() -> None:
    s = fresh()
    hold(s, 0, 0, 1)
    s.track = ["harpy", "", ""]
    s.deck = ["giant"]
    give_turn(s, "zeus", 0)
    act(s, 0, "priest")
    act(s, 0, "priest")
    assert s.priests[0] == 2 and s.gold[0] == 6
    act(s, 0, "renew 0")
    assert s.track[0] == "giant" and "harpy" in s.discard and s.gold[0] == 5
    assert not any(a.kind == "renew" for a in s.legal_actions(0))


def _invasion(defenders: int, attackers: int, fort: bool = False) -> tuple[CycladesState, int, int]:
    s = fresh()
    a, b = pair(s)
    hold(s, 0, a, attackers)
    hold(s, 1, b, defenders)
    hold(s, 1, third(s, a, b), 1)  # not the defender's last territory
    if fort:
        s.buildings[b] = ["fort"]
    fleet(s, 0, shared_sea(s, a, b))
    give_turn(s, "ares", 0)
    return s, a, b


def test_land_battle_lower_total_loses_a_troop_and_forts_defend() -> None:
    s, a, b = _invasion(defenders=1, attackers=2, fort=True)
    s.loaded = [1, 1]  # 2+1 against 1+1+1 (fort): a tie, both lose one
    act(s, 0, f"march {a} {b} 2 0")
    assert s.owner[b] == 0 and s.troops[b] == 1 and s.troops[a] == 0


def test_sea_battle_ports_beside_the_sea_defend() -> None:
    s = fresh()
    a, b = pair(s)
    hold(s, 0, a, 1)
    hold(s, 1, b, 1)
    s.buildings[b] = ["port"]
    sea = shared_sea(s, a, b)
    other = next(x for x in s.board.seas[sea].next)
    fleet(s, 1, sea, 1)
    fleet(s, 0, other, 1)
    give_turn(s, "poseidon", 0)
    s.loaded = [1, 0]  # 1+1 against 1+0+1 (port): a tie, both sink
    act(s, 0, f"sail {other} {sea} 1")
    assert s.fleets[sea] == 0 and s.fleets[other] == 0


def test_a_players_last_territory_cannot_be_attacked_unless_it_wins_the_game() -> None:
    s, a, b = _invasion(defenders=1, attackers=2)
    other = third(s, a, b)
    s.owner[other] = -1
    s.troops[other] = 0
    assert not any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))
    s.buildings[b] = ["metropolis"]
    s.buildings[a] = ["metropolis"]
    assert any(x.kind == "march" and x.args[1] == b for x in s.legal_actions(0))


def test_an_empty_enemy_territory_is_taken_without_battle_with_its_buildings() -> None:
    s, a, b = _invasion(defenders=0, attackers=1)
    s.buildings[b] = ["temple"]
    act(s, 0, f"march {a} {b} 1 0")
    assert s.owner[b] == 0 and s.count_building(0, "temple") == 1


# ---- the end ---------------------------------------------------------------------
def test_two_metropolises_at_the_end_of_a_cycle_win_ties_broken_by_gold() -> None:
    s = fresh()
    for p, ts in ((0, (0, 1)), (1, (2, 3))):
        for t in ts:
            hold(s, p, t, 1)
            s.buildings[t] = ["metropolis"]
    s.gold = [3, 7, 0]
    assert economy.end_of_cycle(s)
    assert s.result()["winners"] == [1]


def test_two_players_need_three_metropolises() -> None:
    s = fresh(2)
    for t in (0, 1):
        hold(s, 0, t, 1)
        s.buildings[t] = ["metropolis"]
    hold(s, 1, 2, 1)
    assert not economy.end_of_cycle(s)


# ---- the start ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_printed_start_is_worth_the_same_two_gold_a_cycle(players: int) -> None:
    """[B] "each starting position has a total income of two gold": every seat's two
    islands and two fleets bring 2 gold, on two islands of two building spaces."""
    for seed in range(4):
        s = GAME.new_state(players, seed, {})
        assert isinstance(s, CycladesState)
        worth = {(economy.income(s, p)[0],
                  tuple(sorted(s.board.territories[t].slots for t in s.territories_of(p))),
                  s.troops_total(p), s.fleets_total(p)) for p in range(players)}
        assert worth == {(2, (2, 2), 2, 2)}, (players, seed, worth)


def test_the_titans_map_has_no_printed_start_to_compare() -> None:
    """[T p.2] The Titans side starts with free placement: each player chooses."""
    for name in ("titans34", "titans56"):
        assert DATA.boards[name].starts == {}
