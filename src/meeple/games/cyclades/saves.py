"""Cyclades states to and from JSON, checked on load (shape, then the board's sizes)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.errors import SaveFileError
from meeple.core.rng import Rng
from meeple.core.saves import check_options, check_state, log_from_json
from meeple.games.cyclades.data import load
from meeple.games.cyclades.state import FIELDS, CycladesState

FORMAT = "meeple-cyclades-state/1"
DATA = load()
PHASES = ("auction", "placement", "actions", "over")


class StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: str
    players: int = Field(ge=2, le=6)
    options: dict[str, Any]
    board: str
    rng: int = Field(ge=0, lt=2**64)
    gold: list[int]
    priests: list[int]
    philosophers: list[int]
    owner: list[int]
    troops: list[int]
    titans: list[int]
    buildings: list[list[str]]
    specials: list[str]
    markers: list[int]
    fleet_owner: list[int]
    fleets: list[int]
    figures: list[list[Any]]
    track: list[str] = Field(min_length=3, max_length=3)
    deck: list[str]
    discard: list[str]
    gods: list[str]
    facedown: list[str]
    bids: dict[str, list[int]]
    apollo: list[int]
    order: list[int]
    queue: list[list[Any]]
    phase: str
    turns: list[list[Any]]
    turn: int = Field(ge=0)
    used: dict[str, int]
    pending: list[dict[str, Any]]
    artifacts: dict[str, list[int]]
    cycle: int = Field(ge=0)
    teams: list[int]
    end_declared: bool
    special_display: list[str]
    outcome: dict[str, Any]
    eliminated: list[int]
    used_temples: list[int]
    loaded: list[int]
    bought: list[list[str]]
    special_takers: list[int]
    log: list[list[Any]]


def state_to_json(s: CycladesState) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "players": s.n, "options": dict(s.options),
                           "board": s.board.name, "rng": s.rng.state}
    for f in FIELDS:
        out[f] = CycladesState.clone_value(getattr(s, f))
    out["log"] = s.log.to_json()
    return out


def _bad(what: str) -> SaveFileError:
    return SaveFileError(f"bad Cyclades state: {what}")


def state_from_json(data: Any) -> CycladesState:
    m = check_state(StateModel, data, FORMAT, "Cyclades state")
    from meeple.games.cyclades.game import CycladesGame

    opts = check_options(CycladesGame(), m.options, "Cyclades state")
    board = DATA.boards.get(m.board)
    if board is None:
        raise _bad(f"unknown board {m.board!r}")
    n, T, S = m.players, len(board.territories), len(board.seas)
    sizes = {"gold": n, "priests": n, "philosophers": n, "teams": n, "owner": T,
             "troops": T, "titans": T, "buildings": T, "specials": T, "markers": T,
             "fleet_owner": S, "fleets": S, "used_temples": n, "bought": n}
    for field, size in sizes.items():
        if len(getattr(m, field)) != size:
            raise _bad(f"{field} has {len(getattr(m, field))} entries, the board needs {size}")
    if m.phase not in PHASES:
        raise _bad(f"phase {m.phase!r} is not one of {', '.join(PHASES)}")
    if any(v < 0 for f in ("gold", "troops", "titans", "fleets") for v in getattr(m, f)):
        raise _bad("a count is negative")
    if any(not -1 <= o < n for o in m.owner + m.fleet_owner):
        raise _bad("an owner is not a player")
    cards = set(DATA.creatures) | set(DATA.artifacts) | {""}
    if any(c not in cards for c in m.deck + m.discard + m.track):
        raise _bad("a card is not a creature or an artifact")
    s = CycladesState(n, opts, board, Rng(0))
    s.rng.state = m.rng
    for f in FIELDS:
        setattr(s, f, getattr(m, f))
    s.log = log_from_json(m.log, "Cyclades state")
    return s
