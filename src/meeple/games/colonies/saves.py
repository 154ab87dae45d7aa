"""Colonies states to and from JSON, checked on load (shape, then the game's facts)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.errors import SaveFileError
from meeple.core.rng import Rng
from meeple.core.saves import check_options, check_state, log_from_json
from meeple.games.colonies.data import load
from meeple.games.colonies.model import ACTIONS, RESOURCES, Sheet
from meeple.games.colonies.sheets import CharacterSheet
from meeple.games.colonies.state import ColoniesState

FORMAT = "meeple-colonies-state/1"
DATA = load()
PHASES = ("setup", "orders", "spy", "goals", "over")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SheetModel(_Strict):
    team: str
    gold: int = Field(ge=0)
    army: int = Field(ge=0)
    loyalty: int = Field(ge=0)
    reputation: int = Field(ge=0)
    swaps: list[list[str]]
    goal: str
    goal_status: str
    goal_note: str
    goal_met: bool | None
    ready: bool
    orders: list[list[Any]]
    ravens: list[list[Any]]
    submitted: bool
    thaw_bonus: int = Field(ge=0)
    thaw: list[str]
    heat: list[str] | str  # a string in states saved before the Heat was chosen per colony
    forced: list[int]


class StateModel(_Strict):
    format: str
    options: dict[str, Any]
    rng: int = Field(ge=0, lt=2**64)
    players: list[SheetModel] = Field(min_length=2, max_length=8)
    owner: list[int] = Field(min_length=len(DATA.provinces), max_length=len(DATA.provinces))
    colonized: list[bool] = Field(min_length=len(DATA.provinces),
                                  max_length=len(DATA.provinces))
    phase: str
    season_no: int = Field(ge=0)
    thaw_roll: int = Field(ge=0)
    harvest: list[list[int]]
    events: list[list[Any]]
    spies: list[list[int]]
    final: dict[str, Any]
    winners: list[int]
    loaded: list[int]
    log: list[list[Any]]
    sheets: list[dict[str, Any]] = Field(default_factory=list)  # none in older saves


def state_to_json(s: ColoniesState) -> dict[str, Any]:
    return {
        "format": FORMAT, "options": dict(s.options), "rng": s.rng.state,
        "players": [pl.to_json() for pl in s.players], "owner": s.owner[:],
        "colonized": s.colonized[:], "phase": s.phase, "season_no": s.season_no,
        "thaw_roll": s.thaw_roll, "harvest": [h[:] for h in s.harvest],
        "events": [[p, t, [list(c) for c in ch]] for p, t, ch in s.events],
        "spies": [x[:] for x in s.spies], "final": s.final, "winners": s.winners[:],
        "loaded": s.loaded[:],
        "log": s.log.to_json(),
        "sheets": [x.to_json() for x in s.sheets],
    }


def _bad(what: str) -> Any:
    raise SaveFileError(f"bad Colonies state: {what}")


def _sheets(data: list[dict[str, Any]], s: ColoniesState) -> list[CharacterSheet]:
    if len(data) != (s.n if s.options["sheets"] else 0):
        _bad(f"{len(data)} character sheets for {s.n} players"
             + ("" if s.options["sheets"] else " in a game without sheets"))
    out = []
    for i, raw in enumerate(data):
        try:
            out.append(CharacterSheet.from_json(raw))
        except ValueError as e:
            _bad(f"player {i}'s character sheet: {e}")
    return out


def state_from_json(data: Any) -> ColoniesState:
    m = check_state(StateModel, data, FORMAT, "Colonies state")
    s = ColoniesState()
    s.n = len(m.players)
    s.options = check_options(ColoniesState.game, m.options, "Colonies state")
    s.rng = Rng(m.rng)
    for i, pm in enumerate(m.players):
        if pm.team not in DATA.rules["teams"]:
            _bad(f"player {i} is in no team ({pm.team!r})")
        sheet = Sheet(pm.team, {r: getattr(pm, r) for r in RESOURCES})
        for key in ("goal", "goal_status", "goal_note", "goal_met", "ready", "submitted",
                    "thaw_bonus", "thaw", "forced"):
            setattr(sheet, key, getattr(pm, key))
        # The old single choice meant "this resource first for every colony": the same as
        # one choice that repeats.
        heat = pm.heat
        if isinstance(heat, str):
            heat = [] if heat == "gold" else [heat]
        sheet.heat = list(heat)
        if any(h not in ("gold", "loyalty") for h in sheet.heat):
            _bad(f"player {i} pays the Heat with {sheet.heat!r}")
        sheet.swaps = [(a, b) for a, b in pm.swaps]
        sheet.orders = [tuple(o) for o in pm.orders]
        sheet.ravens = [(int(to), str(text)) for to, text in pm.ravens]
        if any(not o or o[0] not in ACTIONS for o in sheet.orders):
            _bad(f"player {i} has an unknown order")
        if any(not 0 <= to < s.n for to, _t in sheet.ravens):
            _bad(f"player {i} sends a raven to nobody")
        s.players.append(sheet)
    if any(not -1 <= o < s.n for o in m.owner):
        _bad("a province is owned by no player")
    if m.phase not in PHASES:
        _bad(f"unknown phase {m.phase!r}")
    if m.season_no >= int(s.options["seasons"]):
        _bad(f"season {m.season_no} is past the last season")
    s.owner, s.colonized, s.phase, s.season_no = m.owner, m.colonized, m.phase, m.season_no
    s.thaw_roll, s.harvest, s.spies = m.thaw_roll, m.harvest, m.spies
    s.events = [[int(p), str(t), [[str(r), int(c)] for r, c in ch]] for p, t, ch in m.events]
    s.final, s.winners, s.loaded = m.final, m.winners, m.loaded
    s.log = log_from_json(m.log, "Colonies state")
    s.sheets = _sheets(m.sheets, s)
    if s.phase != "over" and not s.current_players():
        _bad("the game is neither over nor waiting for anyone")
    return s
