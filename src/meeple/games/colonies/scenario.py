"""Scenario support for Colonies: set up a position, and list every fact of a state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import ScenarioError
from meeple.games.colonies import sheets
from meeple.games.colonies.model import RESOURCES
from meeple.games.colonies.saves import state_from_json, state_to_json
from meeple.games.colonies.state import ColoniesState

SETUP_KEYS = {"players", "owner", "colonized", "skip_setup", "season", "dice"}
PLAYER_FIELDS = {*RESOURCES, "goal", "goal_status"}


def setup(state: ColoniesState, spec: Mapping[str, Any]) -> ColoniesState:
    unknown = set(spec) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"setup: unknown key(s) {sorted(unknown)}; known: {sorted(SETUP_KEYS)}")
    data = state_to_json(state)
    for p, fields in (spec.get("players") or {}).items():
        if not isinstance(p, int) or not 0 <= p < state.n or not isinstance(fields, dict):
            raise ScenarioError(f"setup.players: {p!r} is not a player index with fields")
        for key, value in fields.items():
            if key not in PLAYER_FIELDS:
                raise ScenarioError(f"setup.players.{p}: unknown field {key!r}")
            data["players"][p][key] = value
    for prov, who in (spec.get("owner") or {}).items():
        if not isinstance(prov, int) or not 1 <= prov <= len(data["owner"]):
            raise ScenarioError(f"setup.owner: {prov!r} is not a province")
        data["owner"][prov - 1] = -1 if who is None else who
    for prov in spec.get("colonized") or []:
        if not isinstance(prov, int) or not 1 <= prov <= len(data["owner"]):
            raise ScenarioError(f"setup.colonized: {prov!r} is not a province")
        data["colonized"][prov - 1] = True
    if "season" in spec:
        data["season_no"] = int(spec["season"])
    dice = spec.get("dice") or []
    if not all(isinstance(d, int) and 1 <= d <= 10 for d in dice):
        raise ScenarioError("setup.dice: loaded dice are whole numbers 1 to 10")
    data["loaded"] = list(dice)
    try:
        s = state_from_json(data)
    except Exception as e:
        raise ScenarioError(f"setup gives an impossible position: {e}") from e
    if spec.get("skip_setup"):
        from meeple.games.colonies import flow

        for pl in s.players:
            pl.ready = True
        flow.advance(s)
    return s


def inspect(state: ColoniesState) -> dict[str, Any]:
    facts = state.view(state.n if state.master is not None else None)
    facts["players"] = [
        {**state.view(p)["players"][p]} for p in range(state.n)]
    facts["owner"] = {str(i + 1): (o if o >= 0 else None) for i, o in enumerate(state.owner)}
    facts["colonized"] = [i + 1 for i, c in enumerate(state.colonized) if c]
    facts["phase_internal"] = state.phase
    facts["waiting"] = state.current_players()
    facts["log"] = [e.text for e in state.log.events()]
    facts["winners"] = state.winners
    # What the other seats see of each player, and the opening post (character sheets).
    facts["public_players"] = state.view(None)["players"]
    facts["opening_post"] = sheets.opening_post(state) if sheets.enabled(state) else None
    facts["points"] = state.final.get("points")
    return facts
