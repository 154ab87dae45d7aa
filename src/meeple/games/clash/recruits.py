"""Recruiting: the units a city may recruit and what they cost, and the effect."""

from __future__ import annotations

from itertools import product
from typing import Any, Final

from meeple.games.clash.cities import UNITS, City, activate, activation_size, parse_pile
from meeple.games.clash.economy import has_wonder, payment, spend
from meeple.games.clash.state import RULES, ClashState
from meeple.games.clash.tables import kept
from meeple.games.clash.texts import adv, pile, t, tally, who


def recruit_options(s: ClashState, p: int, c: City) -> list[tuple[str, str]]:
    """(units, "tokens" or "") pairs: units like "infantry:2+settler:1"; "tokens": Draft
    and Sanitation pay one infantry and one settler with mood tokens."""
    return list(_recruits(s, p, c))


def _recruits(s: ClashState, p: int, c: City) -> tuple[tuple[str, str], ...]:
    room = activation_size(s, c)
    kinds, caps = recruit_caps(s, p, c, room)
    mixes = recruit_mixes(caps, room)
    if not mixes:
        return ()
    # The list depends on nothing but what this key holds (RecruitCheck's questions):
    # the search lists the same city's recruits thousands of times a second (issue 19);
    # tests/test_clash_speed.py compares the remembered lists with fresh ones.
    draft, sanitation = s.has(p, "Draft"), s.has(p, "Sanitation")
    # The resources as far as a payment can reach them: a mix of at most ``room`` units
    # costs at most 2 of anything per unit (food, wood, and gold standing in), 1 ore per
    # unit and 3 mood tokens (or culture, with the Colosseum); more than that pays the
    # same, and Medicine's pick is the same resource short (the only one it can change).
    # Keyed by the whole resources, the table missed whenever any of them changed: most
    # actions (issue 19; tests/test_clash_speed_tables.py asks random resources).
    r = s.res[p]
    most = 2 * room
    food: int = r["food"]
    wood: int = r["wood"]
    ore: int = r["ore"]
    gold: int = r["gold"]
    mood: int = r["mood"]
    culture: int = r["culture"]
    key = (kinds, caps, room, s.army_at(c["hex"], p),
           ship_spawn(s, p, c) is None if "ship" in kinds else False,
           draft, sanitation, draft and s.has(p, "Civil Liberties"),
           s.has(p, "Medicine") and "Medicine" not in s.used,
           (draft or sanitation) and has_wonder(s, p, "Colosseum"),
           food if food < most else most, wood if wood < most else most,
           ore if ore < room else room, gold if gold < most else most,
           mood if mood < 3 else 3, culture if culture < 3 else 3)
    out = _RECRUITS.get(key)
    if out is None:
        out = _recruit_list(s, p, c, kinds, mixes)
        if len(_RECRUITS) >= 20000:
            _RECRUITS.clear()
        _RECRUITS[key] = out
    return out


# recruit_options' lists by everything they depend on
_RECRUITS: dict[tuple[Any, ...], tuple[tuple[str, str], ...]] = {}


def _recruit_list(s: ClashState, p: int, c: City, kinds: tuple[str, ...],
                  mixes: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    ask = RecruitCheck(s, p, c, kinds)
    for counts in mixes:
        for tokens in ("", "tokens"):
            text = ask(counts, tokens)
            if text is not None:
                out.append((text, tokens))
    return tuple(out)


def recruit_caps(s: ClashState, p: int, c: City, room: int,
                 have: dict[str, int] | None = None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The kinds the city may recruit (ships with a port) and how many of each at most
    (below 0: more of that kind than its limit are out, and nothing may be recruited);
    ``have``: p's units by kind, if the caller counted them."""
    kinds = _ALL_KINDS if "port" in c["bld"] else _LAND_KINDS
    if have is None:
        # (typed locals and no ``+=`` on a dict's value: compiled, both were generic
        # operations on every unit of the game, at every listing, issue 19)
        have = dict.fromkeys(UNITS, 0)
        for u in s.units:
            o: int = u[0]
            if o == p:
                kind: str = u[1]
                have[kind] = have[kind] + 1
    caps = []
    for k in kinds:
        cap = _LIMITS[k] - have[k]
        caps.append(room if room < cap else cap)
    return kinds, tuple(caps)


_ALL_KINDS: Final = tuple(UNITS)
_LAND_KINDS: Final = tuple(k for k in UNITS if k != "ship")
_LIMITS: Final = {k: int(info["limit"]) for k, info in UNITS.items()}


def recruit_mixes(caps: tuple[int, ...], room: int) -> tuple[tuple[int, ...], ...]:
    """Every count vector within the caps of 1..room units, in the order of ``product``
    (kept without a bound, tables.kept)."""
    return kept(_RECRUIT_MIXES, (caps, room), _make_recruit_mixes, 1 << 62)


def _make_recruit_mixes(key: tuple[tuple[int, ...], int]) -> tuple[tuple[int, ...], ...]:
    caps, room = key
    return tuple(counts for counts in product(*(range(0, cap + 1) for cap in caps))
                 if 0 < sum(counts) <= room)


_RECRUIT_MIXES: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


class RecruitCheck:
    """Whether the city may recruit a mix (with mood tokens paying, or not): its text, or
    None. The stack here and a ship's spawn hex are asked once, when first needed."""

    __slots__ = ("army_here", "c", "kinds", "no_spawn", "p", "s")

    def __init__(self, s: ClashState, p: int, c: City, kinds: tuple[str, ...]) -> None:
        self.s, self.p, self.c, self.kinds = s, p, c, kinds
        self.army_here: int | None = None
        self.no_spawn: bool | None = None

    def __call__(self, counts: tuple[int, ...], tokens: str) -> str | None:
        s, p = self.s, self.p
        units = dict(zip(self.kinds, counts, strict=True))
        if self.army_here is None:
            self.army_here = s.army_at(self.c["hex"], p)
        if units.get("infantry", 0) + self.army_here > int(RULES["stack_limit"]):
            return None
        if units.get("ship", 0):
            if self.no_spawn is None:
                self.no_spawn = ship_spawn(s, p, self.c) is None
            if self.no_spawn:
                return None
        if tokens and not _token_discount(s, p, units):
            return None
        if recruit_payment(s, p, units, bool(tokens)) is None:
            return None
        return "+".join(f"{k}:{n}" for k, n in units.items() if n)


def _token_discount(s: ClashState, p: int, units: dict[str, int]) -> dict[str, int]:
    pay: dict[str, int] = {}
    if units.get("infantry") and s.has(p, "Draft"):
        pay["infantry"] = 2 if s.has(p, "Civil Liberties") else 1
    if units.get("settler") and s.has(p, "Sanitation"):
        pay["settler"] = 1
    return pay


def recruit_cost(s: ClashState, p: int, units: dict[str, int], tokens: bool) -> dict[str, int]:
    cost: dict[str, int] = {}
    free = _token_discount(s, p, units) if tokens else {}
    for kind, n in units.items():
        for r, k in UNITS[kind]["cost"].items():
            cost[r] = cost.get(r, 0) + k * (n - (1 if kind in free else 0))
    if free:
        cost["mood"] = sum(free.values())
    if s.has(p, "Medicine") and "Medicine" not in s.used:
        # the resource the player is shortest of
        short = [r for r in ("food", "wood", "ore") if cost.get(r)]
        if short:
            r = max(short, key=lambda r: cost[r] - s.res[p][r])
            cost[r] -= 1
    return {r: k for r, k in cost.items() if k}


def recruit_payment(s: ClashState, p: int, units: dict[str, int],
                    tokens: bool) -> dict[str, int] | None:
    return payment(s, p, recruit_cost(s, p, units, tokens))


def ship_spawn(s: ClashState, p: int, c: City) -> int | None:
    for h in s.board.adj[c["hex"]]:
        if s.known(h) and s.is_water(h) and not s.enemy_at(h, p):
            return h
    return None


def do_recruit(s: ClashState, p: int, c: City, text: str, tokens: str) -> None:
    units = parse_pile(text)
    paid = recruit_payment(s, p, units, bool(tokens))
    assert paid is not None
    if s.has(p, "Medicine") and "Medicine" not in s.used:
        s.used.append("Medicine")
        s.log.add(s.round, t("medicine", who=who(p)))
    spend(s, p, paid)
    for kind, n in units.items():
        where = ship_spawn(s, p, c) if kind == "ship" else c["hex"]
        assert where is not None
        s.own_units()  # (shared only by a search's quiet copies)
        s.units += [[p, kind, where, 0] for _ in range(n)]
    if not s.log.quiet:
        s.log.add(s.round, t("recruits.tokens" if tokens else "recruits", who=who(p),
                             units=tally(text, "unit"), hex=s.hname(c["hex"]), paid=pile(paid)))
    if units.get("infantry") and s.has(p, "Nationalism") and "Nationalism" not in s.used:
        s.used.append("Nationalism")
        s.gain(p, {"culture": 1}, adv("Nationalism"))
    activate(s, c)
