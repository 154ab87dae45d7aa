"""A redeal of what one seat cannot see in Colonies: every other player's resources,
goal, orders, ravens and Thaw choices, the Master's events for others, other spies, and
the dice still to come; only the log lines that seat saw are kept. The result depends
only on what that seat knows and the seed, so search bots can plan on it."""

from __future__ import annotations

from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.games.colonies import sheets
from meeple.games.colonies.model import RESOURCES
from meeple.games.colonies.state import ColoniesState


def redeal(s: ColoniesState, viewer: int | None, rng: Rng) -> ColoniesState:
    c = s.clone()
    if viewer is not None and viewer == s.master:
        return c
    c.log = Log(s.log.visible(viewer))
    c.rng = Rng(rng.next64())
    c.loaded = []
    for q, pl in enumerate(c.players):
        if q == viewer:
            continue
        for res in RESOURCES:
            setattr(pl, res, rng.below(12))
        pl.goal = pl.goal_note = ""
        pl.goal_met = None
        pl.orders = [("recruit", 0)] * rng.below(3)
        pl.ravens = []
        pl.thaw_bonus = 0
        pl.thaw = []
        pl.heat = []
        pl.swaps = []
    sheets.redeal(c, viewer)
    c.events = [e for e in c.events if e[0] == viewer]
    spying = [x for x in c.spies if x[0] == viewer]
    for spy, _target, _kept in c.spies:
        if spy != viewer:
            c.players[spy].submitted = True
    c.spies = spying
    return c
