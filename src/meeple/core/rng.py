"""The seeded random number generator held inside every game state.

Its whole state is one 64-bit integer (SplitMix64), so cloning a game state copies it
for free and it serializes as a number. ``random.Random`` keeps 625 words of state,
which would dominate the cost of cloning a state during search.

Two ways to compute the same stream. Interpreted, Python's integers do SplitMix64's
64-bit arithmetic fastest as they are. Compiled by mypyc (docs/performance.md, "The
random number generator compiled"), integers past 62 bits are boxed and slow, so the
draws that games and searches make most (``below`` of a small bound, ``shuffle``) run on
two 32-bit halves in native 64-bit integers, every product split so that it stays below
2**50. tests/test_rng.py checks the halves give the very same numbers.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from types import FunctionType
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import i64

_MASK = (1 << 64) - 1
T = TypeVar("T")

_M32: Final[i64] = 0xFFFFFFFF
_TWO32: Final[i64] = 0x100000000
_GOLDEN_HI: Final[i64] = 0x9E3779B9
_GOLDEN_LO: Final[i64] = 0x7F4A7C15
# SplitMix64's two multipliers, 0xBF58476D1CE4E5B9 and 0x94D049BB133111EB, in 16-bit
# pieces, lowest first
_A0: Final[i64] = 0xE5B9
_A1: Final[i64] = 0x1CE4
_A2: Final[i64] = 0x476D
_A3: Final[i64] = 0xBF58
_B0: Final[i64] = 0x11EB
_B1: Final[i64] = 0x1331
_B2: Final[i64] = 0x49BB
_B3: Final[i64] = 0x94D0
# Bounds the halves take: (n - 1) * 2**32 + 2**32 must stay a native integer
_SPLIT_BELOW: Final = 1 << 31


def _interpreted() -> bool:
    return isinstance(_interpreted, FunctionType)


# Compiled by mypyc, a function is a builtin, not a Python function.
_HALVES: Final = not _interpreted()


def _mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """SplitMix64's output function of the state ``hi:lo``, on halves. Each 64-bit
    product is taken in 16-bit pieces of the multiplier, so that it stays below 2**50
    (written out for both multipliers: with a call per product, a compiled shuffle of 30
    took 1.6-2.1 us against 1.2-1.5)."""
    zl: i64 = lo ^ (((lo >> 30) | (hi << 2)) & _M32)
    zh: i64 = hi ^ (hi >> 30)
    a: i64 = zl * _A0
    b: i64 = zl * _A1
    s: i64 = a + ((b & 0xFFFF) << 16)
    nl: i64 = s & _M32
    nh: i64 = ((s >> 32) + (b >> 16) + zl * _A2 + zh * _A0
               + (((zl * _A3 + zh * _A1) & 0xFFFF) << 16)) & _M32
    zl = nl ^ (((nl >> 27) | (nh << 5)) & _M32)
    zh = nh ^ (nh >> 27)
    a = zl * _B0
    b = zl * _B1
    s = a + ((b & 0xFFFF) << 16)
    nl = s & _M32
    nh = ((s >> 32) + (b >> 16) + zl * _B2 + zh * _B0
          + (((zl * _B3 + zh * _B1) & 0xFFFF) << 16)) & _M32
    return nh ^ (nh >> 31), nl ^ (((nl >> 31) | (nh << 1)) & _M32)


def _draw(hi: i64, lo: i64, m: i64) -> tuple[i64, i64, i64]:
    """The state after ``below(m)`` from state ``hi:lo``, and its draw (0 < m < 2**31):
    a draw in the last, partial block of m (2**64 % m of them) is drawn again."""
    r32: i64 = _TWO32 % m
    rem: i64 = r32 * r32 % m
    while True:
        lo += _GOLDEN_LO
        hi = (hi + _GOLDEN_HI + (lo >> 32)) & _M32
        lo &= _M32
        xh, xl = _mix(hi, lo)
        if rem == 0 or xh < _M32 or xl < _TWO32 - rem:
            return hi, lo, ((xh % m) * _TWO32 + xl) % m


class Rng:
    # The state is kept as its two 32-bit halves, native integers when compiled: held as
    # one Python int, a compiled draw split it and joined it again with four big-integer
    # operations, four fifths of a draw's cost (session 15). ``state`` reads and sets the
    # 64-bit number.
    __slots__ = ("_hi", "_lo")

    _hi: i64
    _lo: i64

    def __init__(self, seed: int) -> None:
        self.state = seed

    @property
    def state(self) -> int:
        """The whole state: one 64-bit number (what a save holds)."""
        return (int(self._hi) << 32) | int(self._lo)

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        self._hi = value >> 32
        self._lo = value & 0xFFFFFFFF

    def copy(self) -> Rng:
        """A generator in the same state (a clone's: the halves copied as they are)."""
        c = Rng(0)
        c._hi = self._hi
        c._lo = self._lo
        return c

    def __reduce__(self) -> tuple[Any, ...]:  # compiled, the class pickles only this way
        return (Rng, (self.state,))

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if _HALVES and n < _SPLIT_BELOW:
            return self.below_on_halves(n)
        limit = (1 << 64) - ((1 << 64) % n)
        # next64 written out: a random player draws once per action, and the call was a
        # fifth of a draw's cost (the same numbers: tests pin SplitMix64's reference output)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = state
                return x % n

    def below_on_halves(self, n: int) -> int:
        """``below(n)`` for 0 < n < 2**31, computed on 32-bit halves (what the compiled
        build runs; interpreted, it is slower than ``below``)."""
        hi, lo, x = _draw(self._hi, self._lo, n)
        self._hi = hi
        self._lo = lo
        return int(x)

    def die(self, sides: int) -> int:
        """A roll of a fair die numbered 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, each swap drawn as ``below(i + 1)`` would draw it (written out:
        a search deals hidden cards again hundreds of times a second, and calling below
        for every card was a seventh of a Cult search's time)."""
        if _HALVES and isinstance(items, list) and len(items) < _SPLIT_BELOW:
            self.shuffle_on_halves(items)
            return
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffle_on_halves(self, items: list[T]) -> None:
        """``shuffle`` of a list on 32-bit halves (see ``below_on_halves``), for fewer
        than 2**31 items."""
        hi: i64 = self._hi
        lo: i64 = self._lo
        i: i64 = len(items) - 1
        while i > 0:
            hi, lo, x = _draw(hi, lo, i + 1)
            j, k = int(x), int(i)
            items[k], items[j] = items[j], items[k]
            i -= 1
        self._hi = hi
        self._lo = lo

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
