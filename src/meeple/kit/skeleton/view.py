"""What a Skeleton player sees: the facts (for bots and adapters) and the table (for the
browser and the terminal). Hands are shown to their owners only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.text import Text
from meeple.kit import Piece, Seat, Space, Stat, Table, Zone

if TYPE_CHECKING:
    from meeple.kit.skeleton.state import SkeletonState


def facts(s: SkeletonState, viewer: int | None) -> dict[str, Any]:
    return {"position": list(s.position), "turn": s.turn, "deck": len(s.deck),
            "discard": list(s.discard), "hand_sizes": [len(h) for h in s.hands],
            "hand": list(s.hands[viewer]) if viewer is not None else None}


def _card(value: int, ident: str, actions: list[str]) -> Piece:
    return Piece(ident, Text("skeleton.card", n=value), kind="card", value=value,
                 text=Text("skeleton.card_help", n=value), actions=actions)


def table(s: SkeletonState, viewer: int | None) -> Table:
    goal = s.options["length"]
    spaces = [Space(f"space-{i}", str(i), icon="flag" if i == goal else None,
                    help=Text("skeleton.space", n=i),
                    pieces=[Piece(f"pawn-{p}", s.seat(p), kind="pawn", colour=p)
                            for p in range(s.n) if s.position[p] == i])
              for i in range(goal + 1)]
    board = [
        Zone("track", "track", Text("skeleton.track"), spaces=spaces,
             help=Text("skeleton.track_help", n=goal)),
        Zone("deck", "deck", Text("skeleton.deck"), count=len(s.deck)),
        Zone("discard", "deck", Text("skeleton.discard"), count=len(s.discard),
             pieces=[_card(s.discard[-1], "discard-top", [])] if s.discard else []),
    ]
    seats = [Seat(stats=[Stat("pawn", s.position[p], Text("skeleton.position"), colour=p),
                         Stat("card", len(s.hands[p]), Text("skeleton.hand_size"))],
                  score=s.position[p]) for p in range(s.n)]
    mine = []
    if viewer is not None:
        cards = [_card(v, f"hand-{i}", [f"play {v}"]) for i, v in enumerate(s.hands[viewer])]
        mine.append(Zone("hand", "hand", Text("skeleton.hand"), pieces=cards, owner=viewer))
    return Table(board, seats, mine, rules=[Text("skeleton.rules", n=goal)],
                 score_label=Text("skeleton.position"))
