"""Clash of Cultures states to and from JSON, checked on load (shape, then sizes)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.errors import SaveFileError
from meeple.core.rng import Rng
from meeple.core.saves import check_options, check_state, log_from_json
from meeple.games.clash.data import interned
from meeple.games.clash.state import DATA, FIELDS, RESOURCES, ClashState, copy_value

FORMAT = "meeple-clash-state/1"
PHASES = ("play", "status_advance", "status_raze", "over")


class StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: str
    players: int = Field(ge=2, le=4)
    options: dict[str, Any]
    rng: int = Field(ge=0, lt=2**64)
    terrain: list[str]
    revealed: list[bool]
    tiles: list[int]
    cities: list[dict[str, Any]]
    units: list[list[Any]]
    res: list[dict[str, int]]
    adv: list[list[str]]
    action_hand: list[list[str]]
    objective_hand: list[list[str]]
    wonder_hand: list[list[str]]
    claimed: list[list[str]]
    action_deck: list[str]
    objective_deck: list[str]
    wonder_deck: list[str]
    event_deck: list[str]
    discard: list[str]
    round: int = Field(ge=1)
    turn: int = Field(ge=1)
    order: list[int]
    seat: int = Field(ge=0)
    actions_left: int = Field(ge=0)
    used: list[str]
    phase: str
    pending: list[dict[str, Any]]
    stats: list[dict[str, int]]
    outcome: dict[str, Any]
    loaded: list[int]
    battle: dict[str, Any]
    advances_taken: list[int]
    explored_by: list[int]
    drawn: list[list[str]]
    homes: list[int]
    log: list[list[Any]]


def state_to_json(s: ClashState) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "players": s.n, "options": dict(s.options),
                           "rng": s.rng.state}
    for f in FIELDS:
        out[f] = copy_value(getattr(s, f))
    out["log"] = s.log.to_json()
    return out


def _bad(what: str) -> SaveFileError:
    return SaveFileError(f"bad Clash of Cultures state: {what}")


def state_from_json(data: Any) -> ClashState:
    m = check_state(StateModel, data, FORMAT, "Clash of Cultures state")
    from meeple.games.clash.game import ClashGame

    opts = check_options(ClashGame(), m.options, "Clash of Cultures state")
    n = m.players
    board = DATA.boards[n]
    H = len(board.coords)
    sizes = {"terrain": H, "revealed": board.regions, "res": n, "adv": n, "action_hand": n,
             "objective_hand": n, "wonder_hand": n, "claimed": n, "order": n, "stats": n,
             "advances_taken": n, "explored_by": n, "drawn": n, "homes": n}
    for field, size in sizes.items():
        if len(getattr(m, field)) != size:
            raise _bad(f"{field} has {len(getattr(m, field))} entries, {size} expected")
    if any(not 0 <= r < board.regions for r in m.homes):
        raise _bad("a home region is not on the board")
    if m.phase not in PHASES:
        raise _bad(f"phase {m.phase!r} is not one of {', '.join(PHASES)}")
    if sorted(m.order) != list(range(n)) or m.seat >= n:
        raise _bad("the order of play is not a permutation of the players")
    for r in m.res:
        if set(r) != set(RESOURCES) or any(v < 0 for v in r.values()):
            raise _bad("resources must name each resource once with a count of 0 or more")
    for c in m.cities:
        if set(c) != {"hex", "owner", "mood", "acts", "bld", "wonders"} or \
                not 0 <= c["hex"] < H or not -1 <= c["owner"] < n or c["mood"] not in (0, 1, 2):
            raise _bad(f"a city is malformed: {c!r}")
    for u in m.units:
        if len(u) != 4 or not -1 <= u[0] < n or u[1] not in ("settler", "infantry", "ship") \
                or not 0 <= u[2] < H:
            raise _bad(f"a unit is malformed: {u!r}")
    if any(a not in DATA.advances for adv in m.adv for a in adv):
        raise _bad("an advance is unknown")
    cards = set(DATA.action_cards)
    hands = [x for h in m.action_hand for x in h]
    if any(c not in cards for c in m.action_deck + m.discard + hands):
        raise _bad("an action card is unknown")
    held = [x for h in m.objective_hand for x in h]
    if any(c not in DATA.objective_cards for c in m.objective_deck + held):
        raise _bad("an objective card is unknown")
    s = ClashState(n, opts, board, Rng(0))
    s.rng.state = m.rng
    for f in FIELDS:
        # names interned as the rules' own are (data.interned): the same state, faster reads
        setattr(s, f, interned(getattr(m, f)))
    s.log = log_from_json(m.log, "Clash of Cultures state")
    return s
