"""The hare cards (Ravensburger's set, docs/rules/hare.md) and the bots' judgement of a
position. A runner ending a move of its own on a hare square draws the top card, shows it
and puts it under the pile; cards that move a runner move it free of carrots."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core.text import Text

if TYPE_CHECKING:
    from meeple.games.hare.state import HareState


def draw(s: HareState, p: int) -> None:
    card = s.deck.pop()
    s.deck.insert(0, card)
    s.known = min(s.known + 1, len(s.deck))
    s.drawn = card
    s.say("drew", player=s.seat(p), card=Text(f"hare.card.{card}"))
    EFFECTS[card](s, p)


def _none(s: HareState, p: int) -> None:
    s.say("no_effect", player=s.seat(p))


def _put(s: HareState, p: int, to: int) -> None:
    s.pos[p] = to
    s.say("card_move", player=s.seat(p), space=to)
    s.arrive(p)


def miss_turn(s: HareState, p: int) -> None:
    s.skip[p] = True


def eat_lettuce(s: HareState, p: int) -> None:
    s.eating[p] = True


def _carrot(s: HareState, p: int, step: int) -> None:
    from meeple.games.hare.state import HOME, TRACK

    x = s.pos[p] + step
    while 0 < x < HOME and TRACK[x] != "carrot":
        x += step
    if 0 < x < HOME and not s.occupied(x, p):
        _put(s, p, x)
    else:
        _none(s, p)


def next_carrot(s: HareState, p: int) -> None:
    _carrot(s, p, 1)


def prev_carrot(s: HareState, p: int) -> None:
    _carrot(s, p, -1)


def move_again(s: HareState, p: int) -> None:
    s.phase = "again"


def free_move(s: HareState, p: int) -> None:
    s.carrots[p] += s.paid[p]
    s.say("refund", player=s.seat(p), n=s.paid[p])


def take_give(s: HareState, p: int) -> None:
    s.phase = "card"


def fall_back(s: HareState, p: int) -> None:
    """Behind the next runner behind, on the first square it may stand on (a hedgehog
    too, paying nothing; a lettuce only with a lettuce to eat); the start at worst."""
    from meeple.games.hare.state import TRACK

    behind = [s.pos[q] for q in range(s.n) if q != p and s.pos[q] < s.pos[p]]
    if not behind:
        _none(s, p)
        return
    x = max(behind) - 1
    while x > 0 and (s.occupied(x, p) or (TRACK[x] == "lettuce" and not s.lettuces[p])):
        x -= 1
    _put(s, p, max(x, 0))


def move_up(s: HareState, p: int) -> None:
    """In front of the next runner ahead, on the first square a forward move may end on;
    home only for a runner that may come home."""
    from meeple.games.hare.state import HOME

    ahead = [s.pos[q] for q in range(s.n) if q != p and s.pos[q] > s.pos[p]]
    if not ahead:
        _none(s, p)
        return
    x = min(ahead) if min(ahead) == HOME else min(ahead) + 1
    while x < HOME and not s.may_land(p, x, 0):
        x += 1
    if s.may_land(p, x, 0):
        _put(s, p, x)
    else:
        _none(s, p)


EFFECTS: dict[str, Callable[[HareState, int], None]] = {
    "miss_turn": miss_turn, "eat_lettuce": eat_lettuce, "next_carrot": next_carrot,
    "prev_carrot": prev_carrot, "move_again": move_again, "free_move": free_move,
    "take_give": take_give, "fall_back": fall_back, "move_up": move_up,
}


def standing(s: HareState) -> list[float]:
    """Progress along the track, less what is still to do: lettuces to eat (progress past
    the last lettuce square counts for nothing while one is left), and carrots far from
    what the rest of the way needs (about 3 a square, ending near none)."""
    from meeple.games.hare.state import HOME, LAST_LETTUCE

    out = []
    for p in range(s.n):
        if p in s.home:
            out.append(2.0 * HOME - s.home.index(p))
            continue
        todo = s.lettuces[p] - (0.5 if s.eating[p] else 0.0)
        progress = min(s.pos[p], LAST_LETTUCE) if todo > 0 else s.pos[p]
        gap = s.carrots[p] - (3 * (HOME - s.pos[p]) + 5)
        out.append(progress - 8.0 * todo - 0.1 * abs(gap))
    return out
