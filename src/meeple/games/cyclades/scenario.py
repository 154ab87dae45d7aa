"""Scenario support for Cyclades: set up a position from a scenario's ``setup`` block, and
list every fact about a state for its expectations (docs/scenarios.md, "Cyclades").

A position the rules could not reach (negative gold, more troops than a colour has, an
unknown island, a Metropolis with no room) is refused with a ScenarioError naming it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import MeepleError, ScenarioError
from meeple.games.cyclades import economy
from meeple.games.cyclades.saves import state_from_json, state_to_json
from meeple.games.cyclades.state import APOLLO, BUILDINGS, DATA, FIGURES, METRO, CycladesState

RULES = DATA.rules
SETUP_KEYS = {"clear", "players", "islands", "seas", "figures", "artifacts", "track",
              "deck_top", "discard", "gods", "facedown", "order", "first", "bids", "apollo",
              "phase", "turns", "cycle", "dice", "special_display", "eliminated"}
PLAYER_FIELDS = {"gold", "priests", "philosophers", "team"}
ISLAND_FIELDS = {"owner", "troops", "titans", "buildings", "special", "markers"}
PHASES = ("auction", "actions")


def _count(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ScenarioError(f"setup.{where}: {value!r} is not a whole number of 0 or more")
    return value


def _player(s: CycladesState, where: str, value: Any, none_ok: bool = False) -> int:
    if value is None and none_ok:
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < s.n:
        raise ScenarioError(f"setup.{where}: {value!r} is not a player (0..{s.n - 1})")
    return value


def territory(s: CycladesState, where: str, key: Any) -> int:
    """A territory by its number or its name (case does not matter) on this board."""
    ts = s.board.territories
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(ts):
        return key
    for t in ts:
        if isinstance(key, str) and t.name.lower() == key.strip().lower():
            return t.id
    names = ", ".join(t.name for t in ts)
    raise ScenarioError(f"setup.{where}: no island {key!r} on the {s.board.name} board "
                        f"(0..{len(ts) - 1} or {names})")


def _sea(s: CycladesState, where: str, key: Any) -> int:
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < len(s.fleets):
        raise ScenarioError(f"setup.{where}: no sea {key!r} on the {s.board.name} board "
                            f"(0..{len(s.fleets) - 1})")
    return key


def _card(s: CycladesState, where: str, name: Any) -> str:
    if name in DATA.artifacts:
        if not s.opt("artifacts"):
            raise ScenarioError(f"setup.{where}: {name!r} is an artifact; the artifacts "
                                "module is off (options: {artifacts: true})")
        return str(name)
    if name not in DATA.creatures:
        raise ScenarioError(f"setup.{where}: {name!r} is not a creature "
                            f"({', '.join(sorted(DATA.creatures))})")
    return str(name)


def _take_out(s: CycladesState, card: str, placed: set[str]) -> None:
    """Take a card from the deck, the discard pile or the track, to put it where the
    setup says (each card is one of a kind: the setup may place it once)."""
    if card in placed:
        raise ScenarioError(f"setup: {card!r} is placed twice (one card of each creature)")
    placed.add(card)
    for pile in (s.deck, s.discard):
        if card in pile:
            pile.remove(card)
            return
    if card in s.track:
        s.track[s.track.index(card)] = ""
        return
    raise ScenarioError(f"setup: {card!r} is not in the game")


def _god(s: CycladesState, where: str, name: Any) -> str:
    from meeple.games.cyclades.flow import god_pool

    pool = god_pool(s)
    if name not in pool:
        raise ScenarioError(f"setup.{where}: {name!r} is not a god of this game "
                            f"({', '.join(pool)})")
    return str(name)


def _clear(s: CycladesState) -> None:
    T, S = len(s.owner), len(s.fleets)
    s.owner, s.troops, s.titans = [-1] * T, [0] * T, [0] * T
    s.buildings, s.specials, s.markers = [[] for _ in range(T)], [""] * T, [0] * T
    s.fleet_owner, s.fleets = [-1] * S, [0] * S


def _players(s: CycladesState, spec: Mapping[Any, Any]) -> None:
    for p, fields in spec.items():
        _player(s, "players", p)
        if not isinstance(fields, dict):
            raise ScenarioError(f"setup.players.{p}: give its fields as a mapping")
        for key, value in fields.items():
            if key not in PLAYER_FIELDS:
                raise ScenarioError(f"setup.players.{p}: unknown field {key!r}; known: "
                                    f"{sorted(PLAYER_FIELDS)}")
            if key == "team":
                if not s.opt("teams"):
                    raise ScenarioError(f"setup.players.{p}.team: team play is off "
                                        "(options: {teams: true})")
                s.teams[p] = _count(f"players.{p}.team", value)
            else:
                getattr(s, key)[p] = _count(f"players.{p}.{key}", value)
    for what in ("priests", "philosophers"):
        if sum(getattr(s, what)) > RULES["cards_supply"]:
            raise ScenarioError(f"setup.players: more {what} than the "
                                f"{RULES['cards_supply']} cards of the game")
    if s.opt("teams") and sorted(s.teams) != sorted(p // 2 for p in range(s.n)):
        raise ScenarioError(f"setup.players: teams {s.teams} are not pairs of players")


def _islands(s: CycladesState, spec: Mapping[Any, Any]) -> None:
    for key, fields in spec.items():
        t = territory(s, "islands", key)
        where = f"islands.{key}"
        if not isinstance(fields, dict):
            raise ScenarioError(f"setup.{where}: give its fields as a mapping")
        unknown = set(fields) - ISLAND_FIELDS
        if unknown:
            raise ScenarioError(f"setup.{where}: unknown field(s) {sorted(unknown)}; known: "
                                f"{sorted(ISLAND_FIELDS)}")
        if "owner" in fields:
            s.owner[t] = _player(s, f"{where}.owner", fields["owner"], none_ok=True)
        for f in ("troops", "titans", "markers"):
            if f in fields:
                getattr(s, f)[t] = _count(f"{where}.{f}", fields[f])
        if fields.get("titans") and not s.opt("kronos"):
            raise ScenarioError(f"setup.{where}.titans: Titans need the kronos module")
        if "buildings" in fields:
            _buildings(s, where, t, fields["buildings"])
        if "special" in fields:
            kind = fields["special"]
            if not s.opt("special_metropolises") or kind not in RULES["special_metropolises"]:
                raise ScenarioError(f"setup.{where}.special: {kind!r} is not a special "
                                    "Metropolis of this game (the special_metropolises "
                                    "module: military, naval, religious, cultural, commercial)")
            if METRO not in s.buildings[t]:
                raise ScenarioError(f"setup.{where}.special: a special Metropolis needs a "
                                    "Metropolis there (buildings: [metropolis])")
            s.specials[t] = str(kind)
        if s.troops[t] + s.titans[t] and s.owner[t] < 0:
            raise ScenarioError(f"setup.{where}: troops need an owner")


def _buildings(s: CycladesState, where: str, t: int, kinds: Any) -> None:
    if not isinstance(kinds, list) or any(k not in (*BUILDINGS, METRO) for k in kinds):
        raise ScenarioError(f"setup.{where}.buildings: {kinds!r} is not a list of "
                            f"{', '.join((*BUILDINGS, METRO))}")
    if kinds.count(METRO) > 1:
        raise ScenarioError(f"setup.{where}.buildings: one Metropolis per island at most")
    s.buildings[t] = [str(k) for k in kinds]
    if METRO in kinds and not s.board.territories[t].metropolis_space:
        raise ScenarioError(f"setup.{where}.buildings: {s.tname(t)} has no large space for "
                            "a Metropolis")
    if s.free_slots(t) < 0:
        raise ScenarioError(f"setup.{where}.buildings: {s.tname(t)} has "
                            f"{s.board.territories[t].slots} building spaces (a Metropolis "
                            "takes two)")


def _seas(s: CycladesState, spec: Mapping[Any, Any]) -> None:
    for key, fields in spec.items():
        sea = _sea(s, "seas", key)
        if not isinstance(fields, dict) or set(fields) - {"owner", "fleets"}:
            raise ScenarioError(f"setup.seas.{key}: give {{owner, fleets}}")
        owner = _player(s, f"seas.{key}.owner", fields.get("owner"), none_ok=True)
        n = _count(f"seas.{key}.fleets", fields.get("fleets", 1 if owner >= 0 else 0))
        if n and owner < 0:
            raise ScenarioError(f"setup.seas.{key}: fleets need an owner")
        s.fleets[sea], s.fleet_owner[sea] = n, owner if n else -1


def _figures(s: CycladesState, spec: Any, placed: set[str]) -> None:
    if not isinstance(spec, list):
        raise ScenarioError("setup.figures: give a list of {creature, at or sea, owner}")
    s.figures = []
    for i, f in enumerate(spec):
        where = f"figures.{i}"
        if not isinstance(f, dict) or set(f) - {"creature", "at", "sea", "owner"}:
            raise ScenarioError(f"setup.{where}: give {{creature, at (island) or sea, owner}}")
        kind = _card(s, f"{where}.creature", f.get("creature"))
        if kind not in FIGURES:
            raise ScenarioError(f"setup.{where}: {kind!r} has no figure "
                                f"({', '.join(sorted(FIGURES))})")
        owner = _player(s, f"{where}.owner", f.get("owner"))
        if kind == "kraken":
            place, on = _sea(s, f"{where}.sea", f.get("sea")), "s"
        else:
            place, on = territory(s, f"{where}.at", f.get("at")), "t"
            if s.figure_at(kind, on, place) or any(x[1] == "t" and x[2] == place
                                                   for x in s.figures):
                raise ScenarioError(f"setup.{where}: two figures on one island destroy "
                                    "each other; they cannot stand there together")
        _take_out(s, kind, placed)
        s.figures.append([kind, on, place, owner])


def _artifacts(s: CycladesState, spec: Mapping[Any, Any], placed: set[str]) -> None:
    for name, fields in spec.items():
        if name not in DATA.artifacts or not s.opt("artifacts"):
            raise ScenarioError(f"setup.artifacts: {name!r} is not an artifact of this game "
                                f"(the artifacts module: {', '.join(DATA.artifacts)})")
        if not isinstance(fields, dict) or set(fields) != {"owner", "at"}:
            raise ScenarioError(f"setup.artifacts.{name}: give {{owner, at}}")
        owner = _player(s, f"artifacts.{name}.owner", fields["owner"])
        t = territory(s, f"artifacts.{name}.at", fields["at"])
        if s.owner[t] != owner:
            raise ScenarioError(f"setup.artifacts.{name}: {s.tname(t)} is not player "
                                f"{owner}'s (an artifact lies on its holder's island)")
        _take_out(s, str(name), placed)
        s.artifacts[str(name)] = [owner, t]


def _cards(s: CycladesState, spec: Mapping[str, Any], placed: set[str]) -> None:
    if "track" in spec:
        track = spec["track"]
        if not isinstance(track, list) or len(track) > 3:
            raise ScenarioError("setup.track: up to three cards, the 4-gold slot first "
                                "('' for an empty slot)")
        for c in s.track:
            if c:
                s.deck.append(c)
        s.track = ["", "", ""]
        for i, c in enumerate(track):
            if c:
                card = _card(s, f"track.{i}", c)
                _take_out(s, card, placed)
                s.track[i] = card
    for c in spec.get("discard") or []:
        card = _card(s, "discard", c)
        _take_out(s, card, placed)
        s.discard.append(card)
    top = [_card(s, "deck_top", c) for c in spec.get("deck_top") or []]
    for card in top:
        _take_out(s, card, placed)
    s.deck += list(reversed(top))  # the deck is drawn from its end


def _auction(s: CycladesState, spec: Mapping[str, Any]) -> None:
    if "gods" in spec:
        gods = [_god(s, "gods", g) for g in spec["gods"]]
        if len(set(gods)) != len(gods):
            raise ScenarioError("setup.gods: a god appears twice")
        s.gods = gods
        s.facedown = [g for g in s.facedown if g not in gods]
    if "facedown" in spec:
        s.facedown = [_god(s, "facedown", g) for g in spec["facedown"]]
        if set(s.facedown) & set(s.gods):
            raise ScenarioError("setup.facedown: a god is both face up and face down")
    if "order" in spec:
        order = [_player(s, "order", p) for p in spec["order"]]
        if sorted(order) != sorted(s.order):
            raise ScenarioError(f"setup.order: {order} must hold each offering marker once "
                                f"(markers: {sorted(s.order)})")
        s.order = order
    if "first" in spec:
        p = _player(s, "first", spec["first"])
        i = s.order.index(p)
        s.order = s.order[i:] + s.order[:i]
    bids = spec.get("bids") or {}
    s.bids = {}
    for g, pair in bids.items():
        god = _god(s, "bids", g)
        if god not in s.gods or not isinstance(pair, list) or len(pair) != 2:
            raise ScenarioError(f"setup.bids.{g}: give [player, amount] on a face-up god")
        s.bids[god] = [_player(s, f"bids.{g}", pair[0]), _count(f"bids.{g}", pair[1])]
    s.apollo = [_player(s, "apollo", p) for p in spec.get("apollo") or []]
    placed = [p for p, _ in s.bids.values()] + s.apollo
    s.queue = [[p, ""] for p in _without(s.order, placed) if p not in s.eliminated]


def _without(order: list[int], placed: list[int]) -> list[int]:
    rest = order[:]
    for p in placed:
        if p in rest:
            rest.remove(p)
    return rest


def _turns(s: CycladesState, spec: Any) -> None:
    """The action phase with a turn order given as [[god, player], ...]; the first
    turn begins (an Apollo turn collects its gold; a figure of that player leaves)."""
    from meeple.games.cyclades import flow, turn

    if not isinstance(spec, list) or not spec:
        raise ScenarioError("setup.turns: give [[god, player], ...] in playing order")
    pairs: list[tuple[str, int]] = []
    for i, item in enumerate(spec):
        if not isinstance(item, list) or len(item) != 2:
            raise ScenarioError(f"setup.turns.{i}: give [god, player]")
        god = APOLLO if item[0] == APOLLO else _god(s, f"turns.{i}", item[0])
        pairs.append((god, _player(s, f"turns.{i}", item[1])))
    turns: list[list[Any]] = [[g, p] for g, p in pairs]
    gods = [g for g, _ in pairs if g != APOLLO]
    if len(set(gods)) != len(gods):
        raise ScenarioError("setup.turns: a god plays once a cycle")
    s.phase, s.queue, s.pending, s.used = "actions", [], [], {}
    s.turns, s.turn = turns, 0
    s.apollo = [p for g, p in pairs if g == APOLLO]
    s.bids = {}
    if not set(gods) <= set(s.gods):
        s.gods = gods + [g for g in s.gods if g not in gods]
        s.facedown = [g for g in s.facedown if g not in s.gods]
    turn.start(s)
    flow.advance(s)


def setup(state: CycladesState, spec: Mapping[str, Any]) -> CycladesState:
    unknown = set(spec) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"setup: unknown key(s) {sorted(unknown)}; known: {sorted(SETUP_KEYS)}")
    s = state.clone()
    if spec.get("clear"):
        _clear(s)
    if "cycle" in spec:
        s.cycle = _count("cycle", spec["cycle"])
    _players(s, spec.get("players") or {})
    _islands(s, spec.get("islands") or {})
    _seas(s, spec.get("seas") or {})
    for p in range(s.n):
        for what, have, limit in (("troops", s.troops_total(p), RULES["max_troops"]),
                                  ("fleets", s.fleets_total(p), RULES["max_fleets"]),
                                  ("Titans", s.titans_total(p), RULES["max_titans"])):
            if have > limit:
                raise ScenarioError(f"setup: player {p} has {have} {what} on the board; a "
                                    f"colour has {limit}")
    s.eliminated = [_player(s, "eliminated", p) for p in spec.get("eliminated") or []]
    for p in s.eliminated:
        if s.territories_of(p):
            raise ScenarioError(f"setup.eliminated: player {p} still holds an island")
    placed: set[str] = set()
    _cards(s, spec, placed)
    if "figures" in spec:
        _figures(s, spec["figures"], placed)
    _artifacts(s, spec.get("artifacts") or {}, placed)
    if "special_display" in spec:
        shown = spec["special_display"]
        if not s.opt("special_metropolises") or not isinstance(shown, list) or \
                any(k not in RULES["special_metropolises"] for k in shown):
            raise ScenarioError("setup.special_display: special Metropolises of the "
                                "special_metropolises module (military, naval, religious, "
                                "cultural, commercial)")
        s.special_display = [str(k) for k in shown]
    dice = spec.get("dice") or []
    faces = set(RULES["die"])
    if not isinstance(dice, list) or any(d not in faces or isinstance(d, bool) for d in dice):
        raise ScenarioError(f"setup.dice: loaded dice are faces of the battle die "
                            f"{sorted(faces)}")
    s.loaded = [int(d) for d in dice]
    phase = spec.get("phase", "actions" if "turns" in spec else "auction")
    if phase not in PHASES:
        raise ScenarioError(f"setup.phase: {phase!r} is not one of {', '.join(PHASES)}")
    if phase == "actions" and "turns" not in spec:
        raise ScenarioError("setup.phase: the action phase needs turns: [[god, player], ...]")
    if s.phase == "auction" or phase == "auction":
        if s.cycle == 0 and phase == "actions":
            raise ScenarioError("setup.turns: the free-placement start comes first "
                                "(cycle 0 is its auction)")
        _auction(s, spec)
    if phase == "actions":
        _turns(s, spec["turns"])
    try:
        return state_from_json(state_to_json(s))
    except MeepleError as e:
        raise ScenarioError(f"setup gives an impossible position: {e}") from e


def _player_god(s: CycladesState, p: int) -> list[str]:
    if s.phase == "auction":
        gods = [g for g in s.gods if g in s.bids and s.bids[g][0] == p]
        return gods + ([APOLLO] if p in s.apollo else [])
    return [str(g) for g, q in s.turns if q == p]


def inspect(state: CycladesState) -> dict[str, Any]:
    s = state
    players = []
    for p in range(s.n):
        gods = _player_god(s, p)
        bid = next((s.bids[g][1] for g in gods if g in s.bids), None) \
            if s.phase == "auction" else None
        players.append({
            "gold": s.gold[p], "priests": s.priests[p], "philosophers": s.philosophers[p],
            "god": gods[0] if gods else None, "gods": gods, "bid": bid, "team": s.teams[p],
            "metropolises": s.metropolises(p), "out": p in s.eliminated,
            "income": economy.income(s, p)[0],
            "islands": [s.tname(t) for t in s.territories_of(p)],
            "troops": s.troops_total(p), "fleets": s.fleets_total(p),
            "titans": s.titans_total(p)})
    islands: dict[str, Any] = {}
    for t in s.board.territories:
        fact = {"id": t.id, "name": t.name, "owner": s.owner[t.id] if s.owner[t.id] >= 0
                else None, "troops": s.troops[t.id], "titans": s.titans[t.id],
                "buildings": sorted(s.buildings[t.id]), "metropolis": METRO in s.buildings[t.id],
                "special": s.specials[t.id] or None, "free_spaces": s.free_slots(t.id),
                "prosperity": t.prosperity + s.markers[t.id],
                "figures": [f[0] for f in s.figures if f[1] == "t" and f[2] == t.id]}
        islands[str(t.id)] = islands[t.name] = fact
    seas = {str(x.id): {"owner": s.fleet_owner[x.id] if s.fleets[x.id] else None,
                        "fleets": s.fleets[x.id], "prosperity": x.prosperity,
                        "figures": [f[0] for f in s.figures if f[1] == "s" and f[2] == x.id]}
            for x in s.board.seas}
    prompts = s.prompts()
    top = prompts[0] if prompts else None
    current = top.player if top else None
    return {
        "players": players, "islands": islands, "seas": seas,
        "artifacts": {k: {"owner": o, "at": s.tname(t)} for k, (o, t) in s.artifacts.items()},
        "figures": [{"creature": f[0], "at": s.tname(f[2]) if f[1] == "t" else f"sea {f[2]}",
                     "owner": f[3]} for f in s.figures],
        "track": s.track[:], "deck_size": len(s.deck), "deck_top": s.deck[::-1][:5],
        "discard": s.discard[:], "gods": s.gods[:], "facedown": s.facedown[:],
        "bids": {g: {"player": p, "amount": a} for g, (p, a) in s.bids.items()},
        "apollo": s.apollo[:], "order": s.order[:], "turns": [list(x) for x in s.turns],
        "special_display": s.special_display[:], "cycle": s.cycle, "phase": s.phase,
        "prompt": top.kind if top else None, "current": current,
        "legal": [str(a) for a in s.legal_actions(current)] if current is not None else [],
        "pending": [str(x["type"]) for x in s.pending], "dice_left": len(s.loaded),
        "winner": s.outcome.get("winner") if s.phase == "over" else None,
        "winners": s.outcome.get("winners", []), "reason": s.outcome.get("reason"),
        "log": [e.text for e in s.log.events()],
    }


def board_text(name: str) -> str:
    """A board as a scenario writer needs it: the sea grid (``*`` a sea with a prosperity
    marker), then each island's number, name, spaces, prosperity, seas and printed start."""
    if name not in DATA.boards:
        raise ScenarioError(f"no board {name!r} ({', '.join(DATA.boards)})")
    b = DATA.boards[name]
    grid = {(x.x, x.y): x for x in b.seas}
    lines = [f"{b.name}: seas on a {b.rows} x {b.cols} grid"]
    for y in range(b.rows):
        lines.append(" ".join(f"{grid[x, y].id:3}{'*' if grid[x, y].prosperity else ' '}"
                              if (x, y) in grid else "  . " for x in range(b.cols)))
    for t in b.territories:
        nxt = f", next to {list(t.next)}" if t.next else ""
        lines.append(f"{t.id:3} {t.name}: {t.slots} spaces, prosperity {t.prosperity}, "
                     f"seas {list(t.seas)}{nxt}")
    for n, starts in b.starts.items():
        lines.append(f"starts at {n}: " + "; ".join(
            f"islands {list(ts)} fleets {list(seas)}" for ts, seas in starts))
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(board_text(sys.argv[1] if len(sys.argv) > 1 else "base3"))
