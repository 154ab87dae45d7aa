"""What one player may see of a Cult game (and what a spectator sees): the public board,
their own hand, and only the sizes of other hands and of the decks. Bots get this."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.games.cult import board as B
from meeple.games.cult.model import CONSPIRACY, NOBODY, NOT_LENT, card_token, level_token

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState


def phase(s: CultState) -> str:
    if s.winner != NOBODY:
        return "over"
    return "events" if s.district else "decision"


def _player(s: CultState, p: int, altars: list[int]) -> dict[str, Any]:
    """What everyone sees of player p (its owner's view adds the hand)."""
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
    return out


def _known_bottom(deck: list[int], known: int) -> list[str]:
    return [card_token(c) for c in deck[len(deck) - known:]] if known else []


def view(s: CultState, viewer: int | None, log: bool = True) -> dict[str, Any]:
    """What ``viewer`` may see; without ``log`` no ``"log"`` key: the server sends a reader
    only the new lines, and listing the whole log for every seat after every move was half
    of its per-move cost (docs/performance.md, session 9)."""
    return views(s, [viewer], log)[viewer]


def views(s: CultState, viewers: Sequence[int | None], log: bool = False,
          options: Mapping[int, list[str]] | None = None
          ) -> dict[int | None, dict[str, Any]]:
    """``view`` of each of ``viewers``, the public part built once: the server builds a
    view for every seat after every move, and all but a seat's own hand and choices is
    the same for all (docs/performance.md, session 13). The views share that part: a
    reader must not change them."""
    prompts = s.prompts()
    pending = [pr.to_view() for pr in prompts]
    # Every altar's owner in one list: each player's count is then one C-level count.
    altars = [owner for district in s.altars for owner in district]
    players = [_player(s, p, altars) for p in range(s.n)]
    districts = [
        {
            "number": d,
            "name": B.DATA.districts[d - 1].name,
            "priests": [{"owner": pr[0], "level": level_token(pr[1]), "bonus": pr[2],
                         "coins": pr[3]} for pr in s.board[d - 1]],
            "altars": list(s.altars[d - 1]),
            "seized_by": s.seized[d - 1] if s.seized[d - 1] != NOBODY else None,
            "smile": bool(s.smile[d - 1]),
        }
        for d in range(1, 14)
    ]
    decks = {
        "miracles": len(s.miracles),
        "conspiracies": len(s.conspiracies),
        "licences": len(s.licence_deck),
        "known_bottom": {
            "miracles": _known_bottom(s.miracles, s.known[0]),
            "conspiracies": _known_bottom(s.conspiracies, s.known[1]),
            "licences": _known_bottom(s.licence_deck, s.known[2]),
        },
    }
    palace = [card_token(c) if c != NOBODY else None for c in s.palace]
    greatness = {
        "holder": s.g_holder if s.g_holder != NOBODY else None,
        "face_up": s.g_up,
        "lent_by": None if s.g_lender == NOT_LENT else (
            "bank" if s.g_lender == NOBODY else s.g_lender),
    }
    result = s.result() if s.winner != NOBODY else None
    out: dict[int | None, dict[str, Any]] = {}
    for viewer in viewers:
        mine = players
        if viewer is not None and 0 <= viewer < s.n:
            own = players[viewer]
            mine = players[:]
            mine[viewer] = {**own, "hand": [card_token(c)
                                            for c in sorted(s.players[viewer].hand)]}
        asked = pending
        if viewer is not None and any(pr.player == viewer for pr in prompts):
            given = options.get(viewer) if options is not None else None
            listed = given[:] if given is not None else [
                str(a) for a in s.legal_actions(viewer)]
            asked = [{**item, "options": listed} if pr.player == viewer else item
                     for pr, item in zip(prompts, pending, strict=True)]
        one: dict[str, Any] = {
            "game": "cult",
            "viewer": viewer,
            "round": s.round_no,
            "phase": phase(s),
            "active_district": s.district or None,
            "first_player": s.first,
            "players": mine,
            "districts": districts,
            "decks": decks,
            "palace": palace,
            "greatness": greatness,
            "pending": asked,
        }
        if log:
            one["log"] = [e.text for e in s.log.visible(viewer)]
        one["result"] = result
        out[viewer] = one
    return out
