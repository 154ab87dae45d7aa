"""Questions about a Cult position that the rules ask again and again (no changes here)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from meeple.games.cult.data import load
from meeple.games.cult.model import CONSPIRACY, GREATNESS, LICENCE, NOBODY, PATRIARCH, Priest

if TYPE_CHECKING:
    from meeple.games.cult.state import CultState

DATA: Final = load()
RULES: Final = DATA.rules
MAX_FOLLOWERS: Final[int] = RULES["max_followers"]
TOKENS: Final[int] = RULES["tokens_per_level"]
MAX_LEVEL: Final[int] = RULES["max_level"]
ALTAR: Final[int] = RULES["altar_influence"]
FREE_PLACEMENTS: Final[int] = RULES["free_placements"]


def dark_side(s: CultState, p: int) -> bool:
    pl = s.players[p]
    return pl.dark != pl.flipped


# Tables of the data read on every placement and influence: compiled code reads a list in C,
# and a field of the data's (interpreted) records through Python's attribute look-up.
_LIGHT_POWER: Final = [c.light_power for c in DATA.cults]
_DARK_POWER: Final = [c.dark_power for c in DATA.cults]


def power(s: CultState, p: int) -> int:
    pl = s.players[p]
    return _DARK_POWER[pl.cult] if pl.dark != pl.flipped else _LIGHT_POWER[pl.cult]


# Each licence card's bonus to the Patriarch, by card code (read at every influence).
_BONUS: Final = {LICENCE + i: lic.bonus for i, lic in enumerate(DATA.licences)}


def patriarch_level(s: CultState, p: int) -> int:
    pl = s.players[p]
    level = pl.followers
    if pl.licences:
        level += sum([_BONUS[c] for c in pl.licences])
    if s.g_holder == p:
        level += DATA.greatness_bonus
    return level


def priest_level(s: CultState, pr: Priest) -> int:
    return patriarch_level(s, pr[0]) if pr[1] == PATRIARCH else pr[1]


def influence(s: CultState, d: int, p: int) -> int:
    """Influence of player p in district d (1..13): priests, bonuses and altars."""
    # A cult celebrating the festival skips the round: its altars do not count.
    total = 0 if s.players[p].skip else ALTAR * owned(s.altars[d - 1], p)
    for pr in s.board[d - 1]:
        if pr[0] == p:
            total += priest_level(s, pr) + pr[2]
    return total


def influences(s: CultState, d: int) -> list[int]:
    """Every player's :func:`influence` in district d, in one pass over it."""
    n, players = s.n, s.players
    owners = s.altars[d - 1]
    out = ([0 if players[q].skip else ALTAR * owned(owners, q) for q in range(n)] if owners
           else [0] * n)
    # (``x[i] = x[i] + n``, not ``x[i] += n``: mypyc compiles the augmented form on a
    # list item as a generic in-place add of boxed objects)
    for pr in s.board[d - 1]:
        q = pr[0]
        out[q] = out[q] + priest_level(s, pr) + pr[2]
    return out


def opponents_with_priests(s: CultState, d: int, p: int) -> list[int]:
    owners = {pr[0] for pr in s.board[d - 1]}
    return [q for q in turn_order(s) if q != p and q in owners]


# Every turn order there can be, made once: the rules ask for one several times per action.
_ORDERS: Final = [[tuple((first + i) % n for i in range(n)) for first in range(n)]
           for n in range(6)]


def levels(priests: list[int], low: int = 0, high: int = MAX_LEVEL) -> list[int]:
    """The distinct levels among ``priests`` (levels of priests: 0..MAX_LEVEL) from ``low``
    to ``high``, in order: ``sorted(set(...))`` without the set and the sort, which were a
    twentieth of compiled random play, and so was a membership test per level)."""
    present = 0
    for lv in priests:
        present |= 1 << lv
    return [lv for lv in range(low, high + 1) if present >> lv & 1]


def turn_order(s: CultState, start: int | None = None) -> tuple[int, ...]:
    """All players clockwise from ``start`` (the round's first player by default)."""
    return _ORDERS[s.n][s.first if start is None else start]


def tokens_in_play(s: CultState, p: int) -> list[int]:
    """How many tokens of each level (index 1..5) player p has off the bank."""
    counts = [0] * (MAX_LEVEL + 1)
    pl = s.players[p]
    for lv in pl.free:
        counts[lv] = counts[lv] + 1
    for lv in pl.shield:
        counts[lv] = counts[lv] + 1
    for district in s.board:
        for pr in district:
            if pr[0] == p:
                lv = pr[1]
                counts[lv] = counts[lv] + 1
    counts[PATRIARCH] = 0
    return counts


def owned(owners: tuple[int, ...], p: int) -> int:
    """How many of a district's altars ``p`` owns: ``owners.count(p)`` as a loop, because
    compiled, ``tuple.count`` is a method called through Python (``altar_count`` made 13
    such calls, 3% of random play)."""
    n = 0
    for owner in owners:
        if owner == p:
            n += 1
    return n


def altar_count(s: CultState, p: int) -> int:
    n = 0
    for owners in s.altars:
        n += owned(owners, p)
    return n


def can_take_tokens(s: CultState, p: int, take: list[int], give_back: list[int]) -> bool:
    """Whether the bank can hand p tokens of the levels ``take`` after p returns
    ``give_back``. An altar is a flipped token of any level, swappable at any time (the
    source), so altars only limit the total: tokens in play + altars <= 5 x 3."""
    counts = tokens_in_play(s, p)
    for lv in give_back:
        if lv != PATRIARCH:
            counts[lv] = counts[lv] - 1
    for lv in take:
        if not 1 <= lv <= MAX_LEVEL:
            return False
        counts[lv] = counts[lv] + 1
        if counts[lv] > TOKENS:
            return False
    return sum(counts) + altar_count(s, p) <= TOKENS * MAX_LEVEL


def card_count(s: CultState, p: int) -> int:
    """Cards in hand and on the table (licences and the Greatness card)."""
    pl = s.players[p]
    return len(pl.hand) + len(pl.licences) + (1 if s.g_holder == p else 0)


def payable_cards(s: CultState, p: int) -> list[int]:
    pl = s.players[p]
    cards = sorted(pl.hand) + sorted(pl.licences)
    if s.g_holder == p:
        cards.append(GREATNESS)
    return cards


def hand_conspiracies(s: CultState, p: int) -> list[int]:
    return sorted(c for c in s.players[p].hand if CONSPIRACY <= c < LICENCE)


# (kind, districts, value) of each licence, by its index in the data
_LICENCES: Final = [(lic.kind, tuple(lic.districts), lic.value) for lic in DATA.licences]


def has_licence(s: CultState, p: int, kind: str, district: int = 0, value: int = 0) -> bool:
    for c in s.players[p].licences:
        lic_kind, districts, lic_value = _LICENCES[c - LICENCE]
        if lic_kind != kind:
            continue
        if district and district not in districts:
            continue
        if value and lic_value != value:
            continue
        return True
    return False


ACCESS: Final = [d.access for d in DATA.districts]


# The districts open to a cult with this many followers (0..MAX_FOLLOWERS), made once:
# every placement asks.
_OPEN_BY_FOLLOWERS: Final = [[d for d in range(1, 14) if f >= ACCESS[d - 1]]
                      for f in range(MAX_FOLLOWERS + 1)]


def open_districts(s: CultState, p: int) -> list[int]:
    """District access by followers, or an Office licence for districts 10..13."""
    pl = s.players[p]
    f = pl.followers
    out = (_OPEN_BY_FOLLOWERS[f][:] if 0 <= f <= MAX_FOLLOWERS
           else [d for d in range(1, 14) if f >= ACCESS[d - 1]])
    if len(out) < 13:
        for c in pl.licences:
            lic = DATA.licences[c - LICENCE]
            if lic.kind == "office" and lic.districts[0] not in out:
                out.append(lic.districts[0])
    return out


def placement_cost(s: CultState, p: int) -> int:
    """Followers the next placement costs: 1 from the 4th priest of a round, unless an
    Approval licence names exactly that ordinal."""
    pl = s.players[p]
    ordinal = pl.placed + 1
    if ordinal <= FREE_PLACEMENTS:
        return 0
    return 0 if pl.licences and has_licence(s, p, "approval", value=ordinal) else 1


def unique_max(s: CultState, values: list[int]) -> int:
    """The one player with strictly the largest value, or NOBODY."""
    best = max(values)
    holders = [i for i, v in enumerate(values) if v == best]
    return holders[0] if len(holders) == 1 else NOBODY


def claimed_winner(s: CultState, d: int) -> int:
    """A winner fixed in advance: Seizure of the District, or the Thieves' coin stack."""
    if s.seized[d - 1] != NOBODY:
        return s.seized[d - 1]
    for pr in s.board[d - 1]:
        if pr[3]:
            return pr[0]
    return NOBODY


def district_winner(s: CultState, d: int, influences: dict[int, int]) -> int:
    """The winner of d given each taking-part cult's influence there."""
    claimed = claimed_winner(s, d)
    if claimed != NOBODY:
        return claimed
    # The first of the best in the order given, as min/max with a key would pick; a loop,
    # since compiled code calls a key function through Python's generic call.
    # Smile of Fortune: the weakest side wins; ties go to the lowest mystic power.
    weakest = s.smile[d - 1] != 0
    best, best_v, best_power = NOBODY, 0, 0
    for p, v in influences.items():
        if v <= 0:
            continue
        pw = power(s, p)
        if best == NOBODY:
            better = True
        elif weakest:
            better = v < best_v or (v == best_v and pw < best_power)
        else:
            better = v > best_v or (v == best_v and pw > best_power)
        if better:
            best, best_v, best_power = p, v, pw
    return best


def gain_followers(s: CultState, p: int, n: int) -> int:
    """Add up to n followers (at most 7 in all); returns how many were added."""
    pl = s.players[p]
    added = max(0, min(n, MAX_FOLLOWERS - pl.followers))
    pl.followers += added
    return added
