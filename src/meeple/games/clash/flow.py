"""Who decides what, and the order of play: rounds of three turns of three actions, the
decisions raised inside an action (more groups to move, more cities to cheer, tactics,
retreats) and the status phase's decisions."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Final

from meeple.core.actions import Action
from meeple.core.game import Prompt
from meeple.core.text import Text
from meeple.games.clash import cities, collect, combat, culture, moves, recruits, status
from meeple.games.clash.data import matching
from meeple.games.clash.economy import (
    advance_cost,
    has_wonder,
    learn,
    learnable,
    made_free_by,
    open_advances,
    payment,
    spend,
)
from meeple.games.clash.state import RESOURCES, RULES, ClashState
from meeple.games.clash.tables import kept
from meeple.games.clash.texts import adv, area, t, who

STOP = Action("stop")
END = Action("end")


def prompts(s: ClashState) -> list[Prompt]:
    if s.phase == "over":
        return []
    if s.pending:
        item = s.pending[0]
        return [Prompt(int(item["player"]), str(item["kind"]), TEXTS[item["kind"]](s, item))]
    p = s.player()
    return [Prompt(p, "turn", t("prompt.turn", round=s.round, turn=s.turn, who=who(p),
                                n=s.actions_left))]


TEXTS: dict[str, Callable[[ClashState, dict[str, Any]], Text]] = {
    "move": lambda s, i: t("prompt.move", n=i["groups"]),
    "happy": lambda s, i: t("prompt.happy"),
    "tactic": lambda s, i: t("prompt.tactic"),
    "retreat": lambda s, i: t("prompt.retreat", hex=s.hname(s.battle["hex"])),
    "orient": lambda s, i: t("prompt.orient", hex=area(s.region_of(i["to"]))),
    "free_advance": lambda s, i: t("prompt.free_advance"),
    "raze": lambda s, i: t("prompt.raze"),
}


def legal(s: ClashState, p: int) -> list[Action]:
    s.index_hexes()
    try:
        return _legal(s, p)
    finally:
        s.drop_index()


def _legal(s: ClashState, p: int) -> list[Action]:
    if s.pending:
        item = s.pending[0]
        return PENDING[item["kind"]](s, p, item)
    out: list[Action] = []
    if s.actions_left > 0:
        out += collect_action(s, p)
        out += [_advance_action(a) for a in learnable(s, p)]
        out += [Action.of("found", h) for h in cities.found_options(s, p)]
        out += moves.group_options(s, p)
        out += [Action.of("happy", h) for h in cities.happy_options(s, p)]
        out += culture.influence_options(s, p, False)
        if s.has(p, "Arts") and "Arts" not in s.used:
            out += culture.influence_options(s, p, True)
    out += culture.power_options(s, p)
    out.append(END)
    return out


def collect_action(s: ClashState, p: int) -> list[Action]:
    """Every city's collect, build, wonder and recruit actions."""
    out: list[Action] = []
    for c in s.cities_of(p):
        h = c["hex"]
        # a city's collect and recruit actions, made once for each list of piles or mixes
        # (the lists repeat, and the search lists them thousands of times a second)
        made: tuple[Action, ...] = kept(_COLLECT_ACTIONS, (h, collect._collect_piles(s, p, c)),
                                        _collect_actions, 8192)
        out += made
        out += [Action.of("build", h, k) for k in cities.build_options(s, p, c)]
        out += [Action.of("wonder", h, w) for w in cities.wonder_options(s, p, c)]
        made = kept(_RECRUIT_ACTIONS, (h, recruits._recruits(s, p, c)), _recruit_actions, 8192)
        out += made
    return out


def _collect_actions(key: tuple[int, tuple[str, ...]]) -> tuple[Action, ...]:
    h, piles = key
    return tuple(Action.of("collect", h, m) for m in piles)


def _recruit_actions(key: tuple[int, tuple[tuple[str, str], ...]]) -> tuple[Action, ...]:
    h, mixes = key
    return tuple(Action.of("recruit", h, u, t) if t else Action.of("recruit", h, u)
                 for u, t in mixes)


_COLLECT_ACTIONS: dict[tuple[int, tuple[str, ...]], tuple[Action, ...]] = {}
_RECRUIT_ACTIONS: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[Action, ...]] = {}


def _advance_action(name: str) -> Action:
    # made once per advance (tables.kept): the search lists them thousands of times a
    # second, each a tuple made through Python's generic call and freed (issue 19)
    return kept(_ADVANCE_ACTIONS, name, _make_advance_action, 1 << 62)


def _make_advance_action(name: str) -> Action:
    return Action.of("advance", name)


_ADVANCE_ACTIONS: dict[str, Action] = {}


def _move_more(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [*moves.group_options(s, p), STOP]


def _happy_more(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [*(Action.of("happy", h) for h in cities.happy_options(s, p)), STOP]


def _tactic(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [*(Action.of("tactic", c) for c in combat.tactics(s, p, int(item["side"]))),
            Action("none")]


def _retreat(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [Action("continue"), Action("retreat")]


def _orient(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [Action("keep"), Action("rotate")]


def _free_advance(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [Action.of("advance", a) for a in open_advances(s, p)]


def _raze(s: ClashState, p: int, item: dict[str, Any]) -> list[Action]:
    return [*(Action.of("raze", h) for h in status.raze_options(s, p)), Action("keep")]


PENDING: dict[str, Callable[[ClashState, int, dict[str, Any]], list[Action]]] = {
    "move": _move_more, "happy": _happy_more, "tactic": _tactic, "retreat": _retreat,
    "free_advance": _free_advance, "raze": _raze, "orient": _orient,
}


ORDER = {k: i for i, k in enumerate([*RESOURCES, *RULES["units"]])}


def canonical(a: Action) -> Action:
    """A collect or recruit pile written in the listed order."""
    if a.kind not in ("collect", "recruit") or len(a.args) < 2 or not isinstance(a.args[1], str):
        return a
    parts = a.args[1].split("+")
    if any(p.split(":")[0] not in ORDER for p in parts):
        return a
    ordered = "+".join(sorted(parts, key=lambda p: ORDER[p.split(":")[0]]))
    return Action(a.kind, (a.args[0], ordered, *a.args[2:]))


def apply(s: ClashState, p: int, a: Action) -> None:
    if s.pending:
        _answer(s, p, s.pending[0], a)
    else:
        _act(s, p, a)
    proceed(s)


def _answer(s: ClashState, p: int, item: dict[str, Any], a: Action) -> None:
    kind = item["kind"]
    if kind in ("move", "happy") and a == STOP:
        s.pending.pop(0)
        if kind == "move":
            moves.end_move(s, p, item)
    elif kind == "move":
        item["groups"] += 1
        item["ship"] = item.get("ship") or a.args[2] == "ship"
        last = item["groups"] >= 3
        if last:
            s.pending.pop(0)
        _group(s, p, a)
        if last:
            moves.end_move(s, p, item)
    elif kind == "happy":
        cities.do_happy(s, p, _city(s, a.args[0]))
    elif kind == "tactic":
        s.pending.pop(0)
        if a.kind == "tactic":
            combat.play_tactic(s, p, int(item["side"]), str(a.args[0]))
    elif kind == "retreat":
        s.pending.pop(0)
        if a.kind == "retreat":
            combat.retreat(s)
        else:
            s.pending[:0] = combat.round_steps(s)
    elif kind == "orient":
        s.pending.pop(0)
        moves.orient(s, p, item, a.kind == "rotate")
    elif kind == "free_advance":
        s.pending.pop(0)
        learn(s, p, str(a.args[0]), {}, t("why.status_advance"))
    elif kind == "raze":
        s.pending.pop(0)
        if a.kind == "raze":
            status.raze(s, p, int(a.args[0]))


def _city(s: ClashState, h: Any) -> dict[str, Any]:
    c = s.city_at(_int(h))
    assert c is not None
    return c


def _int(x: Any) -> int:
    """``int(x)``, an action's number as it is when it is one (a listed or parsed
    action's always is): compiled, int() of an object is Python's generic call."""
    return x if isinstance(x, int) else int(x)


def _group(s: ClashState, p: int, a: Action) -> None:
    h, to, kind, k = a.args
    moves.do_move(s, p, _int(h), _int(to), str(kind), _int(k))


# (a set read from the module's statics: compiled, culture.POWERS was a getattr on the
# module at every action, and ``in`` a tuple compares item by item)
_POWERS: Final = frozenset(culture.POWERS)


def _act(s: ClashState, p: int, a: Action) -> None:
    k, x = a.kind, a.args
    if k == "end":
        if not s.log.quiet:
            s.log.add(s.round, t("ends_turn", who=who(p), n=s.actions_left))
        s.actions_left = 0
        return
    if k in _POWERS:
        if culture.use_power(s, p, a):
            s.actions_left -= 1
        return
    free = False
    if k == "collect":
        collect.do_collect(s, p, _city(s, x[0]), str(x[1]))
    elif k == "build":
        cities.do_build(s, p, _city(s, x[0]), str(x[1]))
    elif k == "wonder":
        cities.do_wonder(s, p, _city(s, x[0]), str(x[1]))
    elif k == "recruit":
        recruits.do_recruit(s, p, _city(s, x[0]), str(x[1]), "tokens" if len(x) > 2 else "")
    elif k == "advance":
        _advance(s, p, str(x[0]))
    elif k == "found":
        cities.do_found(s, p, int(x[0]))
    elif k == "move":
        s.pending.insert(0, {"kind": "move", "player": p, "groups": 1,
                             "ship": x[2] == "ship"})
        _group(s, p, a)
    elif k == "happy":
        if s.has(p, "Voting") and "Voting" not in s.used:
            s.used.append("Voting")
            free = True
            s.log.add(s.round, t("voting", who=who(p)))
        s.pending.insert(0, {"kind": "happy", "player": p})
        cities.do_happy(s, p, _city(s, x[0]))
    elif k == "influence":
        free = len(x) > 3
        if free:
            s.used.append("Arts")
        culture.do_influence(s, p, _city(s, x[0]), _city(s, x[1]), str(x[2]), free)
    else:
        raise ValueError(f"unknown action {a}")
    if not free:
        s.actions_left -= 1


def _advance(s: ClashState, p: int, name: str) -> None:
    cost = advance_cost(s, p, name)
    paid = payment(s, p, cost, ("ideas", "food"))
    assert paid is not None
    spend(s, p, paid)
    why = t("why.action")
    by = made_free_by(s, p, name)
    if by:
        why = t("why.free_by", by=adv(by))
    elif not cost:
        if "free_advance" in s.used:
            s.used.remove("free_advance")
            why = t("why.free_by", by=Text("clash.action.Inspiration"))
        else:
            s.used.append("Priesthood")
            why = t("why.free_by", by=adv("Priesthood"))
    learn(s, p, name, paid, why)


# ---- progression -----------------------------------------------------------------------
def proceed(s: ClashState) -> None:
    """Run what needs nobody's decision: battle rounds, the end of turns and rounds."""
    while True:
        if s.pending:
            if s.pending[0]["kind"] != "fight":
                return
            s.pending.pop(0)
            combat.fight(s)
            continue
        if s.phase == "play":
            if s.actions_left > 0:
                return
            _next_turn(s)
        elif s.phase == "status_advance":
            status.cards(s)
        elif s.phase == "status_raze":
            status.end_round(s)
            if s.phase == "play":
                start_turn(s)
        else:
            return


def _next_turn(s: ClashState) -> None:
    s.seat += 1
    if s.seat >= s.n:
        s.seat = 0
        s.turn += 1
        if s.turn > int(RULES["turns_per_round"]):
            status.begin(s)
            return
    start_turn(s)


def start_turn(s: ClashState) -> None:
    p = s.player()
    if s.out(p):
        s.log.add(s.round, t("turn_passes", who=who(p)))
        _next_turn(s)
        return
    s.actions_left = _ACTIONS_PER_TURN
    s.used = []
    for c in s.cities:
        c["acts"] = 0
    if not s.log.quiet:  # (a cached text: compiled, still a generic call)
        s.log.add(s.round, _turn(s.round, s.turn, p))
    if s.has(p, "Trade Routes"):
        n = trade_routes(s, p)
        if n:
            gold = s.has(p, "Currency") and s.res[p]["food"] >= s.limit(p, "food")
            s.gain(p, {"gold" if gold else "food": n}, t("why.trade_routes", n=n))
    if has_wonder(s, p, "Great Library"):
        s.gain(p, {"ideas": 1}, Text("clash.wonder.Great Library"))


_ACTIONS_PER_TURN: Final = int(RULES["actions_per_turn"])


@cache
def _turn(round_: int, turn: int, p: int) -> Text:
    return t("turn", round=round_, turn=turn, who=who(p))


def trade_routes(s: ClashState, p: int) -> int:
    """The most pairs of p's settlers or ships with distinct non-angry rival cities
    within 2 hexes (a bipartite matching; at most 4)."""
    units = [u[2] for u in s.units if u[0] == p and u[1] in ("settler", "ship")]
    towns = [c["hex"] for c in s.cities if c["owner"] not in (p, -1) and c["mood"] > 0]
    pairs = matching(len(units), len(towns), lambda i, j: s.board.dist(units[i], towns[j]) <= 2)
    return min(pairs, 4)


