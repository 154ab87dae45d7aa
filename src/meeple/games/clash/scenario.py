"""Scenario support for Clash of Cultures: set up a position from a scenario's ``setup``
block, and list every fact of a state (hands and decks' order included) for its
expectations. The keys and facts are documented in docs/scenarios.md.

A position the rules could not reach (two colours on one hex, an advance without its
group's first, a card beyond its copies, cities side by side) is refused: a scenario
must test the rules on positions a game can really have."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import MeepleError, ScenarioError
from meeple.games.clash.economy import government_of
from meeple.games.clash.state import BARBARIANS, DATA, MOODS, RESOURCES, RULES, ClashState

SETUP_KEYS = {"blank", "terrain", "face_down", "cities", "units", "players", "deck_top",
              "dice", "round", "turn", "order", "player", "actions_left", "used"}
PLAYER_FIELDS = {*RESOURCES, "advances", "learn", "action_cards", "objective_cards",
                 "wonder_cards", "claimed", "stats", "explored", "advances_taken"}
CITY_FIELDS = {"owner", "mood", "buildings", "wonders", "activated", "size"}
UNIT_KINDS: tuple[str, ...] = tuple(RULES["units"])
TERRAINS: tuple[str, ...] = tuple(RULES["terrain"])
# The tallies a military objective half reads (combat.py keeps them per player).
STATS = {"wins", "sea_wins", "defend_wins", "barbarian_wins", "barbarian_kills", "kills",
         "kills_in_battle", "captures", "large_capture", "fortress_captures",
         "outnumbered_win", "first_round_win", "temple_win"}
# The once-a-turn powers a turn can have used already (the names flow.py records).
POWERS = {"card", "free_advance", "Arts", "Voting", "Husbandry", "Public Education",
          "Free Economy", "State Religion", "Medicine", "Nationalism", "Bartering",
          "Theaters", "Absolute Power", "Great Statue", "Taxes", "Great Lighthouse",
          "Priesthood"}
DECKS = {"action": "action_deck", "objective": "objective_deck", "wonders": "wonder_deck",
         "events": "event_deck", "tiles": "tiles"}


def _fail(where: str, what: str) -> ScenarioError:
    return ScenarioError(f"setup.{where}: {what}")


def _int(x: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < low or (high is not None
                                                                     and x > high):
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise _fail(where, f"{x!r} is not a whole number {span}")
    return x


def _hex(s: ClashState, x: Any, where: str) -> int:
    return _int(x, where, 0, len(s.terrain) - 1)


def _player(s: ClashState, x: Any, where: str, barbarians: bool = False) -> int:
    if barbarians and x in ("barbarians", BARBARIANS):
        return BARBARIANS
    if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < s.n:
        extra = " or barbarians" if barbarians else ""
        raise _fail(where, f"{x!r} is not a player 0..{s.n - 1}{extra}")
    return x


def _names(x: Any, known: Mapping[str, Any], what: str, where: str) -> list[str]:
    if not isinstance(x, list):
        raise _fail(where, f"expected a list of {what}s, got {x!r}")
    for name in x:
        if not isinstance(name, str) or name not in known:
            raise _fail(where, f"{name!r} is not a{'n' if what[0] in 'aeiou' else ''} "
                               f"{what} (see docs/rules/clash.md)")
    return [str(n) for n in x]


# ---- set-up ------------------------------------------------------------------------------
def setup(state: ClashState, spec: Mapping[str, Any]) -> ClashState:
    unknown = set(spec) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"setup: unknown key(s) {sorted(unknown)}; known: "
                            f"{sorted(SETUP_KEYS)}")
    s = state.clone()
    s.own_cards()  # (shared only when ``state`` is a search's quiet copy)
    s.own_rare()
    if spec.get("blank", False) not in (True, False):
        raise _fail("blank", f"true or false, not {spec['blank']!r}")
    if spec.get("blank"):
        _blank(s)
    _map(s, spec)
    _turn(s, spec)
    for p, fields in _mapping(spec, "players", "{PLAYER: {field: value}}").items():
        _player_fields(s, _player(s, p, "players"), fields)
    for h, city in _mapping(spec, "cities", "{HEX: {owner, ...}}").items():
        _city(s, _hex(s, h, "cities"), city)
    for h, units in _mapping(spec, "units", "{HEX: {OWNER: {kind: count}}}").items():
        _units(s, _hex(s, h, "units"), units)
    for deck, names in _mapping(spec, "deck_top", "{DECK: [card, ...]}").items():
        _deck_top(s, deck, names)
    dice = spec.get("dice") or []
    s.loaded = [_int(d, "dice", 1, 6) for d in (dice if isinstance(dice, list) else [dice])]
    _check(s)
    from meeple.games.clash.saves import state_from_json, state_to_json

    try:
        state_from_json(state_to_json(s))
    except MeepleError as e:
        raise ScenarioError(f"setup gives an impossible position: {e}") from e
    return s


def _mapping(spec: Mapping[str, Any], key: str, shape: str) -> dict[Any, Any]:
    value = spec.get(key) or {}
    if not isinstance(value, dict):
        raise _fail(key, f"expected {shape}, got {value!r}")
    return value


def _blank(s: ClashState) -> None:
    """The whole map face up as fertile land; no cities, units, cards in hand, resources,
    tallies; player 0 opens round 1 with three actions (the start advances stay)."""
    s.revealed = [True] * s.board.regions
    s.terrain = ["fertile"] * len(s.terrain)
    s.cities, s.units = [], []
    for p in range(s.n):
        _give_back(s, "action_deck", s.action_hand[p])
        _give_back(s, "objective_deck", s.objective_hand[p])
        _give_back(s, "wonder_deck", s.wonder_hand[p])
    s.res = [dict.fromkeys(RESOURCES, 0) for _ in range(s.n)]
    s.claimed = [[] for _ in range(s.n)]
    s.stats = [{} for _ in range(s.n)]
    s.drawn = [[] for _ in range(s.n)]
    s.explored_by = [0] * s.n
    s.advances_taken = [0] * s.n
    s.order, s.seat, s.round, s.turn = list(range(s.n)), 0, 1, 1
    s.actions_left = int(RULES["actions_per_turn"])
    s.used, s.pending, s.battle, s.loaded = [], [], {}, []


def _give_back(s: ClashState, deck: str, hand: list[str]) -> None:
    """Cards leaving a hand go under their deck, keeping the order of the rest."""
    getattr(s, deck)[:0] = hand
    hand.clear()


def _take(s: ClashState, deck: str, name: str, where: str) -> None:
    cards: list[str] = getattr(s, deck)
    if name not in cards:
        copies = int(RULES["copies"]) if deck in ("action_deck", "objective_deck") else 1
        raise _fail(where, f"no {name} is left in the {deck.replace('_', ' ')} (the game "
                           f"has {copies} of it{'' if copies == 1 else ' copies'}; "
                           "the others are dealt, played or built)")
    # the copy nearest the bottom: the top of the deck stays as it was dealt
    cards.pop(cards.index(name))


def _map(s: ClashState, spec: Mapping[str, Any]) -> None:
    terrain = _mapping(spec, "terrain", "{HEX or all: terrain}")
    for h, kind in sorted(terrain.items(), key=lambda kv: kv[0] != "all"):
        if kind not in TERRAINS:
            raise _fail(f"terrain.{h}", f"{kind!r} is not a terrain ({', '.join(TERRAINS)})")
        hexes = range(len(s.terrain)) if h == "all" else [_hex(s, h, "terrain")]
        for x in hexes:
            s.terrain[x] = str(kind)
            s.revealed[x // 4] = True
    down = spec.get("face_down") or []
    if not isinstance(down, list):
        raise _fail("face_down", f"expected a list of regions, got {down!r}")
    for region in down:
        r = _int(region, "face_down", 0, s.board.regions - 1)
        s.revealed[r] = False
        for x in range(4 * r, 4 * r + 4):
            s.terrain[x] = ""


def _turn(s: ClashState, spec: Mapping[str, Any]) -> None:
    rounds = int(s.options.get("rounds") or RULES["rounds"])
    if "round" in spec:
        s.round = _int(spec["round"], "round", 1, rounds)
    if "turn" in spec:
        s.turn = _int(spec["turn"], "turn", 1, int(RULES["turns_per_round"]))
    if "order" in spec:
        order = spec["order"]
        if not isinstance(order, list) or sorted(order) != list(range(s.n)):
            raise _fail("order", f"{order!r} is not an order of the players 0..{s.n - 1}")
        s.order, s.seat = [int(p) for p in order], 0
    if "player" in spec:
        s.seat = s.order.index(_player(s, spec["player"], "player"))
    if "actions_left" in spec:
        s.actions_left = _int(spec["actions_left"], "actions_left", 1, 6)
    if "used" in spec:
        used = spec["used"]
        if not isinstance(used, list) or not all(isinstance(x, str) and x in POWERS
                                                  for x in used):
            raise _fail("used", f"{used!r}: the powers are {', '.join(sorted(POWERS))}")
        s.used = [str(x) for x in used]


def _player_fields(s: ClashState, p: int, fields: Any) -> None:
    where = f"players.{p}"
    if not isinstance(fields, dict):
        raise _fail(where, "expected {field: value}")
    unknown = set(fields) - PLAYER_FIELDS
    if unknown:
        raise _fail(where, f"unknown field(s) {sorted(unknown)}; known: {sorted(PLAYER_FIELDS)}")
    for r in RESOURCES:
        if r in fields:
            s.res[p][r] = _int(fields[r], f"{where}.{r}")
    if "advances" in fields:
        s.adv[p] = _names(fields["advances"], DATA.advances, "advance", f"{where}.advances")
    if "learn" in fields:
        s.adv[p] += [a for a in _names(fields["learn"], DATA.advances, "advance",
                                       f"{where}.learn") if a not in s.adv[p]]
    hands = (("action_cards", "action_deck", s.action_hand, DATA.action_cards, "action card"),
             ("objective_cards", "objective_deck", s.objective_hand, DATA.objective_cards,
              "objective card"),
             ("wonder_cards", "wonder_deck", s.wonder_hand, DATA.wonders, "wonder"))
    for key, deck, hand, known, what in hands:
        if key in fields:
            names = _names(fields[key], known, what, f"{where}.{key}")
            _give_back(s, deck, hand[p])
            for name in names:
                _take(s, deck, name, f"{where}.{key}")
            hand[p][:] = names
            if deck != "wonder_deck":
                s.drawn[p] += names
    if "claimed" in fields:
        s.claimed[p] = []
        claimed = fields["claimed"] or []
        if not isinstance(claimed, list):
            raise _fail(f"{where}.claimed", f"expected a list, got {claimed!r}")
        for item in claimed:
            card, _, half = str(item).partition(":")
            card, half = card.strip(), half.strip()
            if card not in DATA.objective_cards or half not in ("peaceful", "military"):
                raise _fail(f"{where}.claimed", f"{item!r} is not 'OBJECTIVE CARD: peaceful' "
                                                "or 'OBJECTIVE CARD: military'")
            _take(s, "objective_deck", card, f"{where}.claimed")
            s.claimed[p].append(f"{card}: {half}")
    if "stats" in fields:
        stats = fields["stats"]
        if not isinstance(stats, dict) or not set(stats) <= STATS:
            raise _fail(f"{where}.stats", f"{stats!r}: the tallies are "
                                          f"{', '.join(sorted(STATS))}")
        s.stats[p] = {str(k): _int(v, f"{where}.stats.{k}") for k, v in stats.items()}
    if "explored" in fields:
        s.explored_by[p] = _int(fields["explored"], f"{where}.explored")
    if "advances_taken" in fields:
        s.advances_taken[p] = _int(fields["advances_taken"], f"{where}.advances_taken")


def _mood(x: Any, where: str) -> int:
    if x in MOODS:
        return MOODS.index(x)
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 2:
        return x
    raise _fail(where, f"{x!r} is not a mood ({', '.join(MOODS)})")


def _city(s: ClashState, h: int, spec: Any) -> None:
    where = f"cities.{h}"
    old = s.city_at(h)
    if old is not None:
        s.cities.remove(old)
        for w in old["wonders"]:
            s.wonder_deck.insert(0, w)
    if spec is None:
        return
    if not isinstance(spec, dict) or "owner" not in spec:
        raise _fail(where, "expected {owner, mood, buildings, wonders, activated} (owner "
                           "required) or null to remove the city")
    unknown = set(spec) - CITY_FIELDS
    if unknown:
        raise _fail(where, f"unknown field(s) {sorted(unknown)}; known: {sorted(CITY_FIELDS)}")
    owner = _player(s, spec["owner"], f"{where}.owner", barbarians=True)
    raw = spec.get("buildings") or {}
    if isinstance(raw, list):
        if owner == BARBARIANS:
            raise _fail(f"{where}.buildings", "a barbarian city's buildings keep the colour "
                                              "of who built them: give {kind: player}")
        if not all(isinstance(k, str) for k in raw):
            raise _fail(f"{where}.buildings", f"{raw!r} is not a list of building kinds")
        raw = dict.fromkeys(raw, owner)
    if not isinstance(raw, dict):
        raise _fail(f"{where}.buildings", "expected a list of kinds or {kind: player}")
    bld: dict[str, int] = {}
    for kind, who in raw.items():
        info = RULES["buildings"].get(kind)
        if info is None:
            raise _fail(f"{where}.buildings", f"{kind!r} is not a building "
                                              f"({', '.join(RULES['buildings'])})")
        if info.get("extra") and not s.options["extra_buildings"]:
            raise _fail(f"{where}.buildings", f"a {kind} needs the option extra_buildings")
        bld[str(kind)] = _player(s, who, f"{where}.buildings.{kind}")
    if "size" in spec and spec["size"] != 1 + len(bld):
        raise _fail(f"{where}.size", f"a city's size is its centre plus its buildings: "
                                     f"{1 + len(bld)} here, not {spec['size']!r}")
    wonders = _names(spec.get("wonders") or [], DATA.wonders, "wonder", f"{where}.wonders")
    for w in wonders:
        _take(s, "wonder_deck", w, f"{where}.wonders")
    s.cities.append({"hex": h, "owner": owner, "mood": _mood(spec.get("mood", 1), where),
                     "acts": _int(spec.get("activated", 0), f"{where}.activated"),
                     "bld": bld, "wonders": wonders})


def _units(s: ClashState, h: int, spec: Any) -> None:
    where = f"units.{h}"
    s.units = [u for u in s.units if u[2] != h]
    if not spec:
        return
    if not isinstance(spec, dict):
        raise _fail(where, "expected {PLAYER: {kind: count}} (or {} for none)")
    for who, kinds in spec.items():
        p = _player(s, who, where, barbarians=True)
        if not isinstance(kinds, dict):
            raise _fail(f"{where}.{who}", "expected {kind: count}")
        for kind, n in kinds.items():
            if kind not in UNIT_KINDS:
                raise _fail(f"{where}.{who}", f"{kind!r} is not a unit of this game "
                                              f"({', '.join(UNIT_KINDS)})")
            s.units += [[p, str(kind), h, 0]
                        for _ in range(_int(n, f"{where}.{who}.{kind}", 1))]


def _deck_top(s: ClashState, deck: str, names: Any) -> None:
    where = f"deck_top.{deck}"
    if deck not in DECKS:
        raise _fail(where, f"unknown deck; the decks are {', '.join(DECKS)}")
    if not isinstance(names, list):
        raise _fail(where, "expected a list, the top first")
    field = DECKS[deck]
    if deck == "tiles":
        tiles = [_tile(t, where) for t in names]
        for t in tiles:
            if t not in s.tiles:
                raise _fail(where, f"tile {t} is not in the tile deck")
            s.tiles.remove(t)
        s.tiles += tiles[::-1]
        return
    known = {"action": DATA.action_cards, "objective": DATA.objective_cards,
             "wonders": DATA.wonders, "events": DATA.events}[deck]
    cards = _names(names, known, deck.rstrip("s") if deck != "events" else "event", where)
    for c in cards:
        _take(s, field, c, where)
    getattr(s, field).extend(cards[::-1])  # the deck is drawn from its end


def _tile(t: Any, where: str) -> int:
    tiles = RULES["tiles"]
    if isinstance(t, list):
        for i, tile in enumerate(tiles):
            if tile["terrain"] == t:
                return i
        raise _fail(where, f"no tile has the terrains {t!r}")
    return _int(t, where, 0, len(tiles) - 1)


# ---- what the rules could not reach --------------------------------------------------------
def _check(s: ClashState) -> None:
    for r in range(s.board.regions):
        if s.revealed[r]:
            for x in range(4 * r, 4 * r + 4):
                if not s.terrain[x]:
                    raise _fail("terrain", f"region {r} is face up but hex {x} has no terrain")
    for c in s.cities:
        h = c["hex"]
        if not s.known(h) or s.is_water(h):
            raise _fail(f"cities.{h}", "a city stands on face-up land")
        if "port" in c["bld"] and not any(s.known(y) and s.is_water(y)
                                          for y in s.board.adj[h]):
            raise _fail(f"cities.{h}", "a port needs a sea hex beside its city")
        for y in s.board.adj[h]:
            if s.city_at(y) is not None:
                raise _fail(f"cities.{h}", f"a city stands at {y} next to it: no city is "
                                           "founded next to another (D-15)")
    _check_units(s)
    for p in range(s.n):
        for a in s.adv[p]:
            group = DATA.group_of(a)
            first = DATA.groups[group][0]
            if first not in s.adv[p]:
                raise _fail(f"players.{p}", f"{a} needs {first}, the first advance of "
                                            f"{group}")
            gov = DATA.governments.get(group)
            if gov and a == first and gov["requires"] not in s.adv[p]:
                raise _fail(f"players.{p}", f"{a} (government {group}) needs "
                                            f"{gov['requires']}")
        govs = [g for g in DATA.governments if DATA.groups[g][0] in s.adv[p]]
        if len(govs) > 1:
            raise _fail(f"players.{p}", f"one government at most, not {' and '.join(govs)}")
        for kind in RESOURCES:
            if s.res[p][kind] > s.limit(p, kind):
                raise _fail(f"players.{p}.{kind}", f"{s.res[p][kind]} is over the limit of "
                                                   f"{s.limit(p, kind)}")


def _check_units(s: ClashState) -> None:
    cap, stack = int(RULES["ship_capacity"]), int(RULES["stack_limit"])
    for h in sorted({u[2] for u in s.units}):
        here = s.units_at(h)
        where = f"units.{h}"
        if not s.known(h):
            raise _fail(where, "units stand on face-up hexes only")
        owners = {u[0] for u in here}
        if len(owners) > 1:
            raise _fail(where, "two colours on one hex: moving in would have fought or "
                               "scattered them")
        (p,) = owners
        city = s.city_at(h)
        if city is not None and city["owner"] != p:
            raise _fail(where, "units in another player's city: moving in captures it")
        if p == BARBARIANS and (city is None or any(u[1] != "infantry" for u in here)):
            raise _fail(where, "barbarians are infantry in a barbarian city")
        kinds = [u[1] for u in here]
        if s.is_water(h):
            if kinds.count("ship") * cap < len(kinds) - kinds.count("ship"):
                raise _fail(where, f"each ship carries {cap} land units at most")
        elif "ship" in kinds:
            raise _fail(where, "ships sail on water hexes")
        elif kinds.count("infantry") > stack:
            raise _fail(where, f"{stack} army units on a land hex at most")
    for p in range(s.n):
        for kind, info in RULES["units"].items():
            if s.count_units(p, kind) > int(info["limit"]):
                raise _fail("units", f"P{p} has more than {info['limit']} {kind} units")


# ---- facts ---------------------------------------------------------------------------------
def _owner(p: int) -> int | str:
    return "barbarians" if p == BARBARIANS else p


def inspect(s: ClashState) -> dict[str, Any]:
    players = []
    for p in range(s.n):
        players.append({
            **s.res[p], "resources": dict(s.res[p]), "advances": s.adv[p][:],
            "government": government_of(s, p), "score": s.vp(p),
            "action_cards": sorted(s.action_hand[p]),
            "objective_cards": sorted(s.objective_hand[p]),
            "wonder_cards": sorted(s.wonder_hand[p]), "claimed": s.claimed[p][:],
            "cities": sorted(c["hex"] for c in s.cities_of(p)),
            "wonders": sorted(w for c in s.cities_of(p) for w in c["wonders"]),
            "units": {k: s.count_units(p, k) for k in UNIT_KINDS},
            "stats": dict(s.stats[p]), "explored": s.explored_by[p],
            "advances_taken": s.advances_taken[p]})
    units: dict[str, dict[str, dict[str, int]]] = {str(h): {} for h in range(len(s.terrain))}
    for u in s.units:
        mine = units[str(u[2])].setdefault(str(_owner(u[0])), {})
        mine[u[1]] = mine.get(u[1], 0) + 1
    cities = {str(c["hex"]): {"owner": _owner(c["owner"]), "size": s.size(c),
                              "mood": MOODS[c["mood"]], "buildings": dict(c["bld"]),
                              "wonders": c["wonders"][:], "activations": c["acts"]}
              for c in s.cities}
    prompts = s.prompts()
    current = prompts[0].player if prompts else None
    legal = s.legal_actions(current) if current is not None else []
    out = s.outcome
    return {
        "players": players, "cities": cities, "units": units,
        "terrain": {str(h): (t or None) for h, t in enumerate(s.terrain)},
        "face_down": [r for r in range(s.board.regions) if not s.revealed[r]],
        "round": s.round, "turn": s.turn, "phase": s.phase, "order": s.order[:],
        "first": s.order[0], "actions_left": s.actions_left, "used": s.used[:],
        "prompt": prompts[0].kind if prompts else None, "current": current,
        "legal": [str(a) for a in legal], "legal_kinds": sorted({a.kind for a in legal}),
        "battle": dict(s.battle), "dice": s.loaded[:],
        "winner": out.get("winner"), "winners": out.get("winners", []),
        "reason": out.get("reason"), "scores": out.get("scores", []),
        "discard": s.discard[:],
        "deck_order": {"action": s.action_deck[::-1], "objective": s.objective_deck[::-1],
                       "wonders": s.wonder_deck[::-1], "events": s.event_deck[::-1],
                       "tiles": s.tiles[::-1]},
        "decks": {"action": len(s.action_deck), "objective": len(s.objective_deck),
                  "wonders": len(s.wonder_deck), "events": len(s.event_deck),
                  "tiles": len(s.tiles)},
        "log": [e.text for e in s.log.events()],
    }
