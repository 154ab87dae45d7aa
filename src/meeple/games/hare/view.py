"""What a Hare and Tortoise player sees: the facts (for bots and adapters) and the table
(for the browser and the terminal). Everything is public but the order of the hare cards
not yet drawn; the cards drawn lie at the bottom of the pile in the order they came."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.text import Message, Text
from meeple.kit import Piece, Seat, Space, Stat, Table, Zone

if TYPE_CHECKING:
    from meeple.games.hare.state import HareState

ICONS = {"carrot": "carrot", "lettuce": "lettuce", "hedgehog": "hedgehog", "hare": "hare",
         "start": "flag", "home": "flag"}
COLOURS = {"carrot": "orange", "lettuce": "green", "hedgehog": "brown", "hare": "grey",
           "n2": "yellow", "n3": "yellow", "n4": "yellow", "n156": "yellow",
           "start": "white", "home": "gold"}


def facts(s: HareState, viewer: int | None) -> dict[str, Any]:
    from meeple.games.hare.state import TRACK

    return {"pos": list(s.pos), "carrots": list(s.carrots), "lettuces": list(s.lettuces),
            "eating": list(s.eating), "skip": list(s.skip), "home": list(s.home),
            "places": [s.place(p) for p in range(s.n)], "turn": s.turn, "phase": s.phase,
            "deck_size": len(s.deck), "deck_bottom": s.deck[:s.known], "drawn": s.drawn,
            "squares": [TRACK[x] for x in s.pos]}


def _space(s: HareState, i: int, kind: str) -> Space:
    from meeple.games.hare.state import HOME

    label = (Text("hare.start") if i == 0 else Text("hare.finish") if i == HOME
             else Text("hare.space", n=i, kind=Text(f"hare.kind.{kind}")))
    runners = [Piece(f"runner-{p}", s.seat(p), kind="pawn", colour=p,
                     help=Text("hare.runner_help", player=s.seat(p), place=s.place(p)))
               for p in range(s.n) if s.pos[p] == i]
    return Space(f"space-{i}", label, icon=ICONS.get(kind), colour=COLOURS.get(kind),
                 pieces=runners, help=Text(f"hare.help.{kind}"),
                 actions=[] if i == 0 else [f"move {i}"],
                 mark=None if i in (0, HOME) else str(i))


def table(s: HareState, viewer: int | None) -> Table:
    from meeple.games.hare.state import RULES, TRACK

    spaces = [_space(s, i, kind) for i, kind in enumerate(TRACK)]
    shown = ([Piece("drawn", Text(f"hare.card.{s.drawn}"), kind="card", icon="hare",
                    text=Text(f"hare.card_help.{s.drawn}"))] if s.drawn else [])
    board = [
        Zone("track", "track", Text("hare.track"), spaces=spaces, help=Text("hare.track_help")),
        Zone("deck", "deck", Text("hare.deck"), count=len(s.deck), pieces=shown,
             help=Text("hare.deck_help", known=s.known)),
    ]
    seats = []
    for p in range(s.n):
        stats = [Stat("carrot", s.carrots[p], Text("hare.carrots"), id=f"carrots-{p}"),
                 Stat("lettuce", s.lettuces[p], Text("hare.lettuces"), id=f"lettuces-{p}"),
                 Stat("flag", s.place(p), Text("hare.place"), help=Text("hare.place_help"),
                      id=f"place-{p}"),
                 Stat("pawn", s.pos[p], Text("hare.position"), colour=p, id=f"space-of-{p}")]
        seats.append(Seat(stats=stats, score=s.pos[p], passed=s.skip[p] or p in s.home))
    rules: list[Message] = [Text("hare.rules", start=RULES["start_carrots"],
                                 lettuces=RULES["lettuces"])]
    return Table(board, seats, rules=rules, score_label=Text("hare.position"))
