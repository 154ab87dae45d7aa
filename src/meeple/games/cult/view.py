"""What one player may see of a Cult game (and what a spectator sees): the public board,
their own hand, and only the sizes of other hands and of the decks. Bots get this."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.cult import board as B
from meeple.games.cult.model import CONSPIRACY, NOBODY, NOT_LENT, card_token, level_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def phase(s: CultState) -> str:
    if s.winner != NOBODY:
        return "over"
    return "events" if s.district else "decision"


def _player(s: CultState, p: int, viewer: int | None, altars: list[int]) -> dict[str, Any]:
    pl = s.players[p]
    # Miracles and conspiracies have different backs: how many of each is public.
    miracles = sum([c < CONSPIRACY for c in pl.hand])
    cult = B.DATA.cults[pl.cult]
    out: dict[str, Any] = {
        "index": p,
        "cult": cult.key,
        "cult_name": cult.name,
        "side": "dark" if B.dark_side(s, p) else "light",
        "awakened": pl.dark,
        "flipped": pl.flipped,
        "power": B.power(s, p),
        "abilities": [ab.key for ab in cult.side(B.dark_side(s, p))],
        "coins": pl.coins,
        "followers": pl.followers,
        "mobs": pl.mobs,
        "rituals": pl.rituals,
        "altars": altars.count(p),
        "patriarch_level": B.patriarch_level(s, p),
        "free": [level_token(lv) for lv in sorted(pl.free)],
        "shield": [level_token(lv) for lv in pl.shield],
        "licences": [card_token(c) for c in sorted(pl.licences)],
        "hand_size": len(pl.hand),
        "hand_miracles": miracles,
        "hand_conspiracies": len(pl.hand) - miracles,
        "placed": pl.placed,
        "passed": pl.passed,
        "festival": pl.skip,
    }
    if viewer == p:
        out["hand"] = [card_token(c) for c in sorted(pl.hand)]
    return out


def _known_bottom(deck: list[int], known: int) -> list[str]:
    return [card_token(c) for c in deck[len(deck) - known:]] if known else []


def view(s: CultState, viewer: int | None, log: bool = True) -> dict[str, Any]:
    """What ``viewer`` may see; without ``log`` no ``"log"`` key: the server sends a reader
    only the new lines, and listing the whole log for every seat after every move was half
    of its per-move cost (docs/performance.md, session 9)."""
    pending = []
    for pr in s.prompts():
        item = pr.to_json()
        if viewer is not None and pr.player == viewer:
            item["options"] = [str(a) for a in s.legal_actions(viewer)]
        pending.append(item)
    # Every altar's owner in one list: each player's count is then one C-level count
    # (the server builds this view for every seat after every move).
    altars = [owner for district in s.altars for owner in district]
    out: dict[str, Any] = {
        "game": "cult",
        "viewer": viewer,
        "round": s.round_no,
        "phase": phase(s),
        "active_district": s.district or None,
        "first_player": s.first,
        "players": [_player(s, p, viewer, altars) for p in range(s.n)],
        "districts": [
            {
                "number": d,
                "name": B.DATA.districts[d - 1].name,
                "priests": [{"owner": pr[0], "level": level_token(pr[1]), "bonus": pr[2],
                             "coins": pr[3]} for pr in s.board[d - 1]],
                "altars": s.altars[d - 1][:],
                "seized_by": s.seized[d - 1] if s.seized[d - 1] != NOBODY else None,
                "smile": bool(s.smile[d - 1]),
            }
            for d in range(1, 14)
        ],
        "decks": {
            "miracles": len(s.miracles),
            "conspiracies": len(s.conspiracies),
            "licences": len(s.licence_deck),
            "known_bottom": {
                "miracles": _known_bottom(s.miracles, s.known[0]),
                "conspiracies": _known_bottom(s.conspiracies, s.known[1]),
                "licences": _known_bottom(s.licence_deck, s.known[2]),
            },
        },
        "palace": [card_token(c) if c != NOBODY else None for c in s.palace],
        "greatness": {
            "holder": s.g_holder if s.g_holder != NOBODY else None,
            "face_up": s.g_up,
            "lent_by": None if s.g_lender == NOT_LENT else (
                "bank" if s.g_lender == NOBODY else s.g_lender),
        },
        "pending": pending,
    }
    if log:
        out["log"] = [e.text for e in s.log.visible(viewer)]
    out["result"] = s.result() if s.winner != NOBODY else None
    return out
