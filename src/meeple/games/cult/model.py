"""Cult's game state: plain lists of small values, so a clone is a handful of list copies.

Card codes: miracle i is ``i``, conspiracy i is ``CONSPIRACY + i``, licence i is
``LICENCE + i`` and the Greatness card is ``GREATNESS`` (it counts as a card when a price
says "X cards"). A priest on the board is a tuple ``(owner, level, bonus, stack)``:
level 0 is the Patriarch, ``bonus`` is a miracle's influence until the end of the round
and ``stack`` the Thieves' coins lying on it. A pending decision is a frame, a tuple
``(kind, player, *data)`` on a stack; ``player`` is -1 for steps the engine runs itself.
"""

from __future__ import annotations

from typing import Any, Final

from meeple.core.actions import Action, Arg, action

CONSPIRACY: Final = 100
LICENCE: Final = 200
GREATNESS: Final = 300
PATRIARCH: Final = 0
NOBODY: Final = -1
NOT_LENT: Final = -2

Priest = tuple[int, int, int, int]
Frame = tuple[Any, ...]


def card_token(code: int) -> str:
    """The text form of a card: m1..m30 miracles, c1..c30 conspiracies, l1..l30 licences, G."""
    if code == GREATNESS:
        return "G"
    if code >= LICENCE:
        return f"l{code - LICENCE + 1}"
    if code >= CONSPIRACY:
        return f"c{code - CONSPIRACY + 1}"
    return f"m{code + 1}"


def parse_card(token: object) -> int | None:
    """The card code of a text token, or None if it is not one."""
    if not isinstance(token, str) or not token:
        return None
    if token == "G":
        return GREATNESS
    base = {"m": 0, "c": CONSPIRACY, "l": LICENCE}.get(token[0])
    if base is None or not token[1:].isdecimal():
        return None
    n = int(token[1:])
    return base + n - 1 if 1 <= n <= 30 else None


def level_token(level: int) -> int | str:
    """A priest level in action text: P for the Patriarch, else the number."""
    return "P" if level == PATRIARCH else level


def parse_level(token: object) -> int | None:
    if token == "P":
        return PATRIARCH
    if isinstance(token, int) and 1 <= token <= 5:
        return token
    return None


# A player's fields, in the order of its saved form (a module constant: the compiled
# build, scripts/compile.sh, cannot read ``__slots__`` through the class).
PLAYER_FIELDS: Final = (
    "coins", "cult", "dark", "flipped", "followers", "free", "hand", "licences", "mobs",
    "passed", "placed", "rituals", "shield", "skip",
)


class Player:
    __slots__ = PLAYER_FIELDS

    def __init__(self, cult: int, coins: int, followers: int, free: list[int],
                 dark: bool = False, flipped: bool = False, mobs: int = 0, rituals: int = 0,
                 shield: list[int] | None = None, hand: list[int] | None = None,
                 licences: list[int] | None = None, placed: int = 0, passed: bool = False,
                 skip: bool = False) -> None:
        self.cult = cult
        self.dark = dark  # the shield's side after a first summoning
        self.flipped = flipped  # turned by Exorcism until the end of the round
        self.coins = coins
        self.followers = followers
        self.mobs = mobs
        self.rituals = rituals
        self.free = free  # levels of free priests; PATRIARCH for the Patriarch
        # masters of rituals, until the end of the round
        self.shield: list[int] = [] if shield is None else shield
        self.hand: list[int] = [] if hand is None else hand
        self.licences: list[int] = [] if licences is None else licences
        self.placed = placed
        self.passed = passed
        self.skip = skip  # celebrating the festival this round

    def clone(self) -> Player:
        # Through the constructor: a compiled class (scripts/compile.sh) cannot be made
        # by ``__new__`` alone.
        return Player(self.cult, self.coins, self.followers, self.free[:], self.dark,
                      self.flipped, self.mobs, self.rituals, self.shield[:], self.hand[:],
                      self.licences[:], self.placed, self.passed, self.skip)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled through the constructor too, for the same reason as clone
        return (Player, (self.cult, self.coins, self.followers, self.free, self.dark,
                         self.flipped, self.mobs, self.rituals, self.shield, self.hand,
                         self.licences, self.placed, self.passed, self.skip))

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in PLAYER_FIELDS}


# The actions the rules list, made once each (an action is immutable, and equal ones are
# interchangeable): compiled, ``action`` makes its named tuple through tuple.__new__, a
# generic call of some 2,000 instructions, where a look-up by kind and arguments is a tenth
# of that, and a district's plays, services and uses of abilities are listed at most steps.
# Cult's arguments are few (tokens, levels, slots, districts, seats); the table starts
# again if it ever grows past its bound, so that it cannot grow a server without end.
_MADE: Final[dict[tuple[str, tuple[Arg, ...]], Action]] = {}
_MADE_MAX: Final = 1 << 12


def made(kind: str, *args: Arg) -> Action:
    """``action(kind, *args)``, the same action made once (see _MADE)."""
    return made_from(kind, args)


def made_from(kind: str, args: tuple[Arg, ...]) -> Action:
    """``made`` with the arguments as one tuple, for a caller that holds them so."""
    memo = (kind, args)
    found = _MADE.get(memo)
    if found is None:
        if len(_MADE) >= _MADE_MAX:
            _MADE.clear()
        found = _MADE[memo] = action(kind, *args)
    return found
