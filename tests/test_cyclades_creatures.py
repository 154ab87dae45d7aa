"""Cyclades: the creature track across cycles (docs/rules/cyclades.md, "Creatures").

Each creature's effect is a scenario (scenarios/cyclades/base_creatures.yaml); what
stays here runs several cycles of the track, which a scenario does not reach."""

from __future__ import annotations

from meeple.games.cyclades import flow
from tests.test_cyclades_rules import fresh


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
