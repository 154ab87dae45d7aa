"""Scenario support for Cult: set up a position from a scenario's ``setup`` block, and
list every fact about a state (hands and deck order included) for its expectations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import ScenarioError
from meeple.games.cult.model import NOBODY, card_token, parse_card, parse_level
from meeple.games.cult.saves import state_from_json, state_to_json
from meeple.games.cult.state import CultState

PLAYER_FIELDS = {"coins", "followers", "mobs", "rituals", "dark", "flipped", "placed", "passed"}
CARD_FIELDS = {"hand", "licences"}
SETUP_KEYS = {"first", "players", "board", "altars", "greatness", "palace", "deck_top",
              "deck_bottom"}


def _card(tok: Any) -> int:
    c = parse_card(tok)
    if c is None or c == 300:
        raise ScenarioError(f"setup: {tok!r} is not a card (m1..m30, c1..c30, l1..l30)")
    return c


def _level(tok: Any) -> int:
    lv = parse_level(tok)
    if lv is None:
        raise ScenarioError(f"setup: {tok!r} is not a priest level (P or 1..5)")
    return lv


def _take_out(data: dict[str, Any], code: int) -> None:
    """Remove a card from wherever it is, so that it can be put where the setup says."""
    for key in ("miracles", "conspiracies", "licence_deck"):
        if code in data[key]:
            data[key].remove(code)
    data["palace"] = [NOBODY if c == code else c for c in data["palace"]]
    for pl in data["players"]:
        for key in CARD_FIELDS:
            if code in pl[key]:
                pl[key].remove(code)


def _deck_key(code: int) -> str:
    return "licence_deck" if code >= 200 else "conspiracies" if code >= 100 else "miracles"


def setup(state: CultState, spec: Mapping[str, Any]) -> CultState:
    unknown = set(spec) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"setup: unknown key(s) {sorted(unknown)}; known: {sorted(SETUP_KEYS)}")
    data = state_to_json(state)
    data["known"] = [0, 0, 0]
    for p, fields in (spec.get("players") or {}).items():
        if not isinstance(p, int) or not 0 <= p < state.n or not isinstance(fields, dict):
            raise ScenarioError(f"setup.players: {p!r} is not a player index with fields")
        pl = data["players"][p]
        for key, value in fields.items():
            if key in PLAYER_FIELDS:
                pl[key] = value
            elif key in ("free", "shield"):
                pl[key] = [_level(x) for x in value]
            elif key in CARD_FIELDS:
                codes = [_card(x) for x in value]
                for c in codes:
                    _take_out(data, c)
                pl[key] = codes
            elif key == "cult":
                raise ScenarioError("setup: choose cults with options.cults, not setup")
            else:
                raise ScenarioError(f"setup.players.{p}: unknown field {key!r}")
    if "board" in spec:
        for d, priests in spec["board"].items():
            if not isinstance(d, int) or not 1 <= d <= 13:
                raise ScenarioError(f"setup.board: {d!r} is not a district 1..13")
            data["board"][d - 1] = [
                [int(x[0]), _level(x[1]), int(x[2]) if len(x) > 2 else 0,
                 int(x[3]) if len(x) > 3 else 0] for x in priests]
    for d, owners in (spec.get("altars") or {}).items():
        if not isinstance(d, int) or not 1 <= d <= 13:
            raise ScenarioError(f"setup.altars: {d!r} is not a district 1..13")
        data["altars"][d - 1] = list(owners)
    if "greatness" in spec:
        g = spec["greatness"]
        holder = g.get("holder")
        data["greatness"] = [NOBODY if holder is None else holder, int(g.get("face_up", True)), -2]
    if "palace" in spec:
        old = [c for c in data["palace"] if c != NOBODY]
        codes = [_card(x) for x in spec["palace"]]
        for c in codes:
            _take_out(data, c)
        data["licence_deck"] += [c for c in old if c not in codes]
        data["palace"] = codes + [NOBODY] * (3 - len(codes))
    deck_keys = {"miracles": "miracles", "conspiracies": "conspiracies",
                 "licences": "licence_deck"}
    for where in ("deck_top", "deck_bottom"):
        for deck, toks in (spec.get(where) or {}).items():
            if deck not in deck_keys:
                raise ScenarioError(f"setup.{where}: unknown deck {deck!r}")
            codes = [_card(x) for x in toks]
            for c in codes:
                _take_out(data, c)
                if _deck_key(c) != deck_keys[deck]:
                    raise ScenarioError(
                        f"setup.{where}.{deck}: {card_token(c)} is not of that deck")
            key = deck_keys[deck]
            data[key] = codes + data[key] if where == "deck_top" else data[key] + codes
    if "first" in spec:
        data["first"] = int(spec["first"])
        data["stack"] = [["place", data["first"]]]
    try:
        return state_from_json(data)
    except Exception as e:
        raise ScenarioError(f"setup gives an impossible position: {e}") from e


def inspect(state: CultState) -> dict[str, Any]:
    facts = state.view(None)
    for p, pl in enumerate(state.players):
        facts["players"][p]["hand"] = [card_token(c) for c in sorted(pl.hand)]
    facts["districts"] = {str(d["number"]): d for d in facts["districts"]}
    facts["winner"] = state.winner if state.winner != NOBODY else None
    facts["reason"] = state.reason or None
    top = state.stack[-1] if state.stack else None
    facts["prompt"] = top[0] if top else None
    facts["current"] = top[1] if top else None
    facts["legal"] = [str(a) for a in state.legal_actions(top[1])] if top else []
    facts["log"] = [e.text for e in state.log.events()]
    facts["deck_order"] = {
        "miracles": [card_token(c) for c in state.miracles],
        "conspiracies": [card_token(c) for c in state.conspiracies],
        "licences": [card_token(c) for c in state.licence_deck],
    }
    return facts
