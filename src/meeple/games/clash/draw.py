"""A random player's action drawn without listing every action (issue 19).

Listing a turn's actions is most of a random game's time, and most of it goes to parts a
draw never lands in: every origin's moves, every city's recruit mixes. So the legal list
is cut into parts (a city's collect piles, one origin's moves of one kind, a city's
recruits...), each with an upper bound on its size that costs next to nothing; a slot is
drawn uniformly among all the bounds' slots, and only the part it falls in is listed. A
slot past that part's real size is drawn again, with the part's bound now its size.

Uniform: in every draw each legal action owns exactly one slot, and all slots are equally
likely, so whichever action is returned, each had the same chance (rejection sampling; the
bounds may only shrink to the listed sizes between draws). The parts together are
``flow.legal``'s list, in another order: the same set of actions, each once
(``tests/test_clash_speed.py`` checks both, and that no part outgrows its bound).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from math import comb
from typing import Any

from meeple.core.actions import Action
from meeple.core.rng import Rng
from meeple.games.clash import cities, collect, culture, moves, recruits
from meeple.games.clash.economy import learnable, payment
from meeple.games.clash.state import RULES, ClashState

Lister = Callable[[], list[Action]]
Picker = Callable[[int], Action | None]


class Parts:
    """Parts of a legal list: listed ones, lazy ones known by an upper bound, and lazy ones
    whose every slot can be asked alone (a picker: slot -> its action, or None)."""

    __slots__ = ("bounds", "listers", "lists", "misses", "pickers", "state")

    def __init__(self, state: ClashState) -> None:
        self.state = state
        self.bounds: list[int] = []
        self.listers: list[Lister | None] = []
        self.lists: list[list[Action] | None] = []
        self.pickers: list[Picker | None] = []
        self.misses: list[int] = []

    def _part(self, bound: int, actions: list[Action] | None, lister: Lister | None,
              picker: Picker | None) -> None:
        if bound > 0:
            self.bounds.append(bound)
            self.lists.append(actions)
            self.listers.append(lister)
            self.pickers.append(picker)
            self.misses.append(0)

    def add(self, actions: list[Action]) -> None:
        self._part(len(actions), actions, None, None)

    def lazy(self, bound: int, lister: Lister) -> None:
        self._part(bound, None, lister, None)

    def pick(self, bound: int, picker: Picker) -> None:
        """A part of ``bound`` slots, slot j holding ``picker(j)`` (None: no action)."""
        self._part(bound, None, None, picker)

    def _indexed(self) -> None:
        """The hex index, which the bounds do not need but listing and picking do."""
        if self.state._units_by_hex is None:
            self.state.index_hexes()

    def listed(self, i: int) -> list[Action]:
        got = self.lists[i]
        if got is None:
            self._indexed()
            picker = self.pickers[i]
            if picker is not None:
                got = [a for j in range(self.bounds[i]) if (a := picker(j)) is not None]
            else:
                lister = self.listers[i]
                assert lister is not None
                got = lister()
            self.lists[i] = got
            if len(got) > self.bounds[i]:  # a bound too small would bias the draw
                raise AssertionError(f"a part of {len(got)} actions over its bound "
                                     f"{self.bounds[i]}")
            self.bounds[i] = len(got)
        return got

    def all(self) -> list[Action]:
        out: list[Action] = []
        for i in range(len(self.bounds)):
            out += self.listed(i)
        return out

    def draw(self, rng: Rng) -> Action:
        bounds = self.bounds
        while True:
            k = rng.below(sum(bounds))
            i = 0
            while k >= bounds[i]:
                k -= bounds[i]
                i += 1
            picker = self.pickers[i]
            if picker is not None and self.lists[i] is None and self.misses[i] < 2:
                # ask the drawn slot alone; a part missed twice is listed instead, so
                # that one mostly empty part cannot keep the draw going round
                self._indexed()
                a = picker(k)
                if a is not None:
                    return a
                self.misses[i] += 1
                continue
            got = self.listed(i)
            if k < len(got):
                return got[k]


def random_action(s: ClashState, p: int, rng: Rng) -> Action:
    """A legal action of ``p``'s (who is asked now), uniformly at random."""
    from meeple.games.clash.flow import legal

    if s.pending and s.pending[0]["kind"] != "move":
        return rng.choice(legal(s, p))
    try:
        return parts(s, p).draw(rng)
    finally:
        s.drop_index()  # set by the first part listed, if any


class Mine:
    """``p``'s units in one pass: how many of each kind, and the unmoved ones by hex and
    kind (hexes in the order first met)."""

    __slots__ = ("have", "settled", "unmoved")

    def __init__(self, s: ClashState, p: int) -> None:
        self.have = dict.fromkeys(cities.UNITS, 0)
        self.unmoved: dict[int, dict[str, int]] = {}
        self.settled: set[int] = set()  # hexes with a settler of p's
        for u in s.units:
            if u[0] == p:
                kind = u[1]
                self.have[kind] += 1
                if kind == "settler":
                    self.settled.add(u[2])
                if not u[3]:
                    here = self.unmoved.setdefault(u[2], {})
                    here[kind] = here.get(kind, 0) + 1


_STOP, _END = [Action("stop")], [Action("end")]  # parts are never changed, only read


def parts(s: ClashState, p: int) -> Parts:
    """``flow.legal``'s actions in parts."""
    out = Parts(s)
    mine = Mine(s, p)
    if s.pending:  # more groups of a move action
        _groups(s, p, mine, out)
        out.add(_STOP)
        return out
    if s.actions_left > 0:
        adv = tuple(s.adv[p])
        own = s.cities_of(p)
        for c in own:
            _city(s, p, c, adv, len(own), mine, out)
        open_ = learnable(s, p)  # an action made only for the one drawn
        out.pick(len(open_), lambda j: Action("advance", (open_[j],)))
        no_city = RULES["no_city_on"]
        out.lazy(sum(1 for h in mine.settled if s.terrain[h] not in no_city),
                 lambda: [Action("found", (h,)) for h in cities.found_options(s, p)])
        _groups(s, p, mine, out)
        out.lazy(sum(1 for c in own if c["mood"] < 2),
                 lambda: [Action("happy", (h,)) for h in cities.happy_options(s, p)])
        # at most one attempt per rival building in any city
        rivals = sum(1 for c in s.cities for k, o in c["bld"].items()
                     if o != p and k != "obelisk")
        out.lazy(rivals, lambda: culture.influence_options(s, p, False))
        if s.has(p, "Arts") and "Arts" not in s.used:
            out.lazy(rivals, lambda: culture.influence_options(s, p, True))
    out.lazy(_power_bound(s, p), lambda: culture.power_options(s, p))
    out.add(_END)
    return out


def _power_bound(s: ClashState, p: int) -> int:
    """At most culture.power_options' actions: each power not yet used this turn whose
    advance p holds (or, for the wonders' powers, while p has a wonder at all), with its
    most choices (a card in hand, two exchanges, four taxes)."""
    used, hand = s.used, len(s.action_hand[p])
    n = 0 if "card" in used else hand
    n += hand if s.has(p, "Bartering") and "Bartering" not in used else 0
    n += 2 if s.has(p, "Theaters") and "Theaters" not in used else 0
    n += 1 if s.has(p, "Absolute Power") and "Absolute Power" not in used else 0
    n += 1 if s.has(p, "Forced Labor") and "Forced Labor" not in used else 0
    if any(c["wonders"] for c in s.cities if c["owner"] == p):
        n += len(s.objective_hand[p]) + 1  # the Great Statue's, the Great Lighthouse's
    if s.actions_left > 0 and s.has(p, "Taxes") and "Taxes" not in used:
        n += 4
    return n


def _city(s: ClashState, p: int, c: dict[str, Any], adv: tuple[str, ...], owned: int,
          mine: Mine, out: Parts) -> None:
    h = c["hex"]
    room = cities.activation_size(s, c)
    out.lazy(_collect_bound(c, adv, room), lambda: [
        Action("collect", (h, m)) for m in collect.collect_mixes(s, p, c)])
    if cities.mood_of(s, c) > 0 and len(c["bld"]) < owned:  # cities.can_build_here
        bld = c["bld"]
        out.lazy(sum(1 for k in cities._buildable(s.advances(p),
                                                 bool(s.options.get("extra_buildings")))
                     if k not in bld),
                 lambda: [Action("build", (h, k)) for k in cities.build_options(s, p, c)])
    out.add([Action("wonder", (h, w)) for w in cities.wonder_options(s, p, c)])
    kinds, caps = recruits.recruit_caps(s, p, c, room, mine.have)
    mixes = recruits.recruit_mixes(caps, room)
    tokens = 2 if s.has(p, "Draft") or s.has(p, "Sanitation") else 1  # else never "tokens"
    out.pick(len(mixes) * tokens,
             _recruit_picker(h, mixes, tokens, recruits.RecruitCheck(s, p, c, kinds)))


def _collect_bound(c: dict[str, Any], adv: tuple[str, ...], room: int) -> int:
    """At most every pile of ``room`` units of the kinds p's land may yield (the Great
    Gardens: all five), and those with one unit a market's gold or an observatory's idea."""
    if "Great Gardens" in c["wonders"]:
        return _piles(room, len(RESOURCES_COLLECTED))
    kinds = _yielded(adv)
    swaps = sum(1 for b in ("market", "observatory") if b in c["bld"])
    return _piles(room, kinds) + swaps * _piles(room - 1, kinds)


RESOURCES_COLLECTED = ("food", "wood", "ore", "ideas", "gold")


@cache
def _piles(n: int, kinds: int) -> int:
    """How many piles (multisets) of ``n`` units of ``kinds`` kinds."""
    return comb(n + kinds - 1, kinds - 1) if kinds > 0 and n >= 0 else 0


@lru_cache(maxsize=4096)
def _yielded(adv: tuple[str, ...]) -> int:
    """How many resources some terrain yields with these advances."""
    return len({r for ys in collect._YIELDS.values() for r, a in ys if a in adv})


def _recruit_picker(h: int, mixes: tuple[tuple[int, ...], ...], tokens: int,
                    ask: recruits.RecruitCheck) -> Picker:
    """Slot j: the j-th mix of recruits.recruit_mixes, paid with mood tokens or not."""
    def pick(j: int) -> Action | None:
        paid = "tokens" if tokens == 2 and j % 2 else ""
        text = ask(mixes[j // tokens], paid)
        if text is None:
            return None
        return Action("recruit", (h, text, paid) if paid else (h, text))

    return pick


def _groups(s: ClashState, p: int, mine: Mine, out: Parts) -> None:
    """``moves.group_options`` by origin and kind: a land group's slots are its hexes in
    reach (moves.land_candidates) times 1..n units, each asked alone; ships are bounded by
    every hex within their range, or the whole map around its edge with Navigation."""
    roads = s.has(p, "Roads") and payment(s, p, moves.ROAD_COST) is not None
    reach = int(RULES["ship_range"])
    near_ships = 3 * reach * (reach + 1)
    for h in sorted(mine.unmoved):
        here = mine.unmoved[h]
        for kind in moves.LAND:
            n = here.get(kind, 0)
            if n:
                near = moves.land_candidates(s, h, roads)
                out.pick(n * len(near), _land_picker(s, p, h, kind, n, near))
        ships = here.get("ship", 0)
        if ships:
            far = s.has(p, "Navigation") and moves.edge(s, h)
            out.lazy(len(s.terrain) if far else near_ships, _sea_lister(s, p, h, ships))


def _land_picker(s: ClashState, p: int, h: int, kind: str, n: int,
                 near: tuple[int, ...]) -> Picker:
    def pick(j: int) -> Action | None:
        to, k = near[j // n], j % n + 1
        if moves.land_target(s, p, h, kind, to) and moves._fits(s, p, to, kind, k):
            return Action("move", (h, to, kind, k))
        return None

    return pick


def _sea_lister(s: ClashState, p: int, h: int, ships: int) -> Lister:
    return lambda: [Action("move", (h, to, "ship", ships)) for to in moves._sea_targets(s, p, h)]
