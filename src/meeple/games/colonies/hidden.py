"""A redeal of what one seat cannot see in Colonies: every other player's resources,
goal, orders and ravens, the Master's events for others, and the dice still to come.
That seat's view must not change."""

from __future__ import annotations

from meeple.core.rng import Rng
from meeple.games.colonies.model import RESOURCES
from meeple.games.colonies.state import ColoniesState


def redeal(s: ColoniesState, viewer: int | None, rng: Rng) -> ColoniesState:
    c = s.clone()
    if viewer is not None and viewer == s.master:
        return c
    c.rng = Rng(rng.next64())
    for q, pl in enumerate(c.players):
        if q == viewer:
            continue
        for res in RESOURCES:
            setattr(pl, res, rng.below(20))
        pl.goal = f"secret {rng.below(10**6)}"
        pl.goal_note = pl.goal
        pl.orders = [("recruit", rng.below(3))] * len(pl.orders)
        pl.ravens = [(to, f"whisper {rng.below(10**6)}") for to, _text in pl.ravens]
        pl.thaw = ["army"] * len(pl.thaw)
        pl.heat = "loyalty" if rng.below(2) else "gold"
    c.events = [[p, t if p == viewer else f"event {rng.below(10**6)}", ch if p == viewer else []]
                for p, t, ch in c.events]
    return c
