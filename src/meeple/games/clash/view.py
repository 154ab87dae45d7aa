"""What a player sees: the explored map, every city and unit, everyone's resources,
advances and claimed objectives, wonder cards (drawn openly); of the action and
objective cards only their own, and the size of the others' hands and of the decks."""

from __future__ import annotations

from functools import cache
from typing import Any

from meeple.core.text import LANGS, Text
from meeple.games.clash.economy import government_of
from meeple.games.clash.state import DATA, ClashState
from meeple.games.clash.status import score_parts
from meeple.games.clash.texts import places


def view(s: ClashState, player: int | None, log: bool = True) -> dict[str, Any]:
    """What ``player`` may see; without ``log`` no ``"log"`` key (the server sends only
    the new lines)."""
    b = s.board
    names = places(s)
    out: dict[str, Any] = {
        "viewer": player, "round": s.round, "turn": s.turn, "phase": s.phase,
        "order": s.order[:], "current": s.player() if s.phase == "play" else None,
        "actions_left": s.actions_left, "used": s.used[:], "options": dict(s.options),
        "hexes": [{"id": h, "q": q, "r": r, "region": h // 4,
                   "terrain": s.terrain[h] if s.known(h) else "", "name": dict(_named(names[h]))}
                  for h, (q, r) in enumerate(b.coords)],
        "cities": [{"hex": c["hex"], "owner": c["owner"], "mood": c["mood"],
                    "size": s.size(c), "buildings": dict(c["bld"]),
                    "wonders": c["wonders"][:], "activations": c["acts"]} for c in s.cities],
        "units": [{"owner": u[0], "kind": u[1], "hex": u[2]} for u in s.units],
        "players": [_player(s, p, player) for p in range(s.n)],
        "groups": {g: names[:] for g, names in DATA.groups.items()},
        "decks": {"action": len(s.action_deck), "objective": len(s.objective_deck),
                  "wonder": len(s.wonder_deck), "tiles": len(s.tiles)},
        "discard": s.discard[:],
        "battle": dict(s.battle),
        "pending": [dict(x) for x in s.pending],
        "result": dict(s.outcome),
    }
    if log:
        out["log"] = [e.text for e in s.log.visible(player)]
    return out


def _player(s: ClashState, p: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == p
    return {
        "resources": dict(s.res[p]), "advances": s.adv[p][:],
        "government": government_of(s, p), "vp": s.vp(p), "vp_parts": score_parts(s, p),
        "effects": [f"{a}: {DATA.advances[a]['text']}" for a in s.adv[p]],
        "action_cards": sorted(s.action_hand[p]) if own else len(s.action_hand[p]),
        "objective_cards": sorted(s.objective_hand[p]) if own else len(s.objective_hand[p]),
        "wonder_cards": s.wonder_hand[p][:], "claimed": s.claimed[p][:],
        "units": {k: s.count_units(p, k) for k in ("settler", "infantry", "ship")},
    }


@cache
def _named(place: Text) -> dict[str, str]:
    # In every language, as plain JSON: a view is data (the table shows a hex's name, the
    # one its choices and the log use, in the reader's language).
    return {lang: place.render(lang) for lang in LANGS}
