"""What a player sees: the whole board, everyone's gold (every gain and payment is
announced, so the screen hides nothing a player could not count), the creature
track and the size — not the order — of the deck."""

from __future__ import annotations

from typing import Any

from meeple.games.cyclades.state import CycladesState


def view(s: CycladesState, player: int | None, log: bool = True) -> dict[str, Any]:
    """What ``player`` may see; without ``log`` no ``"log"`` key (the server sends only
    the new lines)."""
    b = s.board
    out: dict[str, Any] = {
        "viewer": player, "board": b.name, "cycle": s.cycle, "phase": s.phase,
        "options": dict(s.options),
        "players": [{"gold": s.gold[p], "priests": s.priests[p],
                     "philosophers": s.philosophers[p], "team": s.teams[p],
                     "metropolises": s.metropolises(p), "out": p in s.eliminated}
                    for p in range(s.n)],
        "territories": [{"id": t.id, "name": t.name, "island": t.island, "x": t.x, "y": t.y,
                         "owner": s.owner[t.id], "troops": s.troops[t.id],
                         "titans": s.titans[t.id], "buildings": s.buildings[t.id][:],
                         "special": s.specials[t.id], "slots": t.slots,
                         "prosperity": t.prosperity + s.markers[t.id]}
                        for t in b.territories],
        "seas": [{"id": x.id, "x": x.x, "y": x.y, "owner": s.fleet_owner[x.id],
                  "fleets": s.fleets[x.id], "prosperity": x.prosperity} for x in b.seas],
        "figures": [list(f) for f in s.figures],
        "artifacts": {k: list(v) for k, v in s.artifacts.items()},
        "track": s.track[:], "deck_size": len(s.deck), "discard": s.discard[:],
        "gods": s.gods[:], "facedown": len(s.facedown),
        "bids": {k: list(v) for k, v in s.bids.items()}, "apollo": s.apollo[:],
        "order": s.order[:], "turns": [list(t) for t in s.turns], "turn": s.turn,
        "pending": [dict(x) for x in s.pending], "special_display": s.special_display[:],
        "result": dict(s.outcome),
    }
    if log:
        out["log"] = [e.text for e in s.log.visible(player)]
    return out
