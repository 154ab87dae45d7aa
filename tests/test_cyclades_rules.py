"""Cyclades: the rules that scenarios cannot state (docs/rules/cyclades.md), and the
set-up helpers the creature and Titans tests share.

Most base-game rules are scenarios now (scenarios/cyclades/base_*.yaml: the offerings,
the gods, battles, Metropolises, creatures, victory). What stays here needs two cycles
or every board at once: the face-down god, and the worth of every printed start."""

from __future__ import annotations

import pytest

from meeple.core.actions import Action
from meeple.core.registry import get_game
from meeple.games.cyclades import economy, flow
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


def test_face_down_god_comes_first_next_cycle() -> None:
    s = fresh(4)
    flow.update_gods(s)
    hidden = s.facedown[:]
    assert len(s.gods) == 3 and len(hidden) == 1
    flow.update_gods(s)
    assert s.gods[0] == hidden[0]


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
