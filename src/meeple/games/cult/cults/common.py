"""What the abilities of every cult share: the signature of an ability and small helpers."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from meeple.core.actions import Action, Arg
from meeple.core.text import Text
from meeple.games.cult.data import Ability
from meeple.games.cult.model import PATRIARCH
from meeple.games.cult.texts import t

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

Args = tuple[Arg, ...]
Options = Callable[["CultState", int, int, Ability], list[Args]]
Effect = Callable[["CultState", int, int, Ability, Action], None]
ONCE: list[Args] = [()]
NEVER: list[Args] = []


def when(cond: bool) -> list[Args]:
    return ONCE if cond else NEVER


def free_tokens(s: CultState, p: int) -> list[int]:
    return [lv for lv in s.players[p].free if lv != PATRIARCH]


def token_combos(s: CultState, p: int, k: int) -> list[tuple[int, ...]]:
    return sorted(set(combinations(sorted(free_tokens(s, p)), k)))


def slot_priest(s: CultState, d: int, a: Action, i: int = 0) -> tuple[int, int, int, int]:
    return s.board[d - 1][int(a.args[i]) - 1]


def log(s: CultState, key: str, audience: int = -1, /, **args: int | str | Text) -> None:
    """A line of the log: ``key`` of the catalog (data/texts.yaml) and its arguments."""
    s.log.add(s.round_no, t(key, **args), audience)
