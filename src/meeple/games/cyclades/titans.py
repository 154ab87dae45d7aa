"""The Titans expansion's modules: the free-placement start after a preliminary
auction, Kronos's free bonus, the Divine Artifacts (and their instant victory).
Titan hiring and moves are turn actions (turn.py); team rules live where they act
(moves, economy)."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.text import Text
from meeple.games.cyclades import economy
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import DATA, CycladesState

RULES: dict[str, Any] = DATA.rules
BONUS = RULES["free_start_bonus"]


def thunderbolt_holder(s: CycladesState) -> int:
    held = s.artifacts.get("thunderbolt")
    return int(held[0]) if held else -1


def place_artifact(s: CycladesState, p: int, name: str, t: int) -> None:
    s.artifacts[name] = [p, t]
    s.log.add(s.cycle, T.t("log.artifact", who=T.seat(p), card=T.card(name),
                           at=T.place(s, t)))
    check_artifacts(s)


def check_artifacts(s: CycladesState) -> None:
    """All five artifacts held by one player (or one team) win at once."""
    if s.phase == "over" or len(s.artifacts) < len(DATA.artifacts):
        return
    teams = {s.teams[o] for o, _ in s.artifacts.values()}
    if len(teams) == 1:
        team = teams.pop()
        economy.finish(s, [p for p in range(s.n) if s.teams[p] == team], "five artifacts")


# The artifacts an owner may hand to an ally, and the marks their transfers leave in
# ``used`` (only such marks keep the turn at its start).
TRANSFERABLE = ("sandals", "helm")
TRANSFERS = frozenset(f"transfer_{name}" for name in TRANSFERABLE)


def ally_transfers(s: CycladesState, p: int) -> list[Action]:
    """Team play: at the start of a turn, 1 gold sends the Sandals to an ally's territory
    and 1 gold hands the Helm to an ally (onto one of the ally's territories)."""
    if not s.opt("teams") or s.gold[p] < 1:
        return []
    out = []
    for name in TRANSFERABLE:
        held = s.artifacts.get(name)
        if held and held[0] == p and f"transfer_{name}" not in s.used:
            out += [Action("artifact", (name, t)) for t in range(len(s.owner))
                    if s.allies(p, s.owner[t])]
    return out


def transfer(s: CycladesState, p: int, name: str, t: int) -> None:
    s.gold[p] -= 1
    s.artifacts[name] = [s.owner[t], t]
    s.used[f"transfer_{name}"] = 1
    s.log.add(s.cycle, T.t("log.transfer", who=T.seat(p), card=T.card(name),
                           whom=T.seat(s.owner[t]), at=T.place(s, t)))


def offer_share(s: CycladesState, p: int, gold: int, why: str) -> None:
    """Team play: gold an artifact brought ``p`` may go to allies (D-13): the
    Thunderbolt's coin, the gold made on the Cornucopia's territory [T p.3]."""
    if any(s.allies(p, q) for q in range(s.n)):
        s.pending.append({"type": "share", "player": p, "gold": gold, "why": why})


def _share_options(s: CycladesState, p: int, gold: int) -> list[Action]:
    """``share ALLY N``: N of the gold to that ally (``share ALLY 0`` keeps it all)."""
    allies = [q for q in range(s.n) if s.allies(p, q) and q not in s.eliminated]
    top = min(gold, s.gold[p])
    return [Action("share", (allies[0], 0))] + [Action("share", (q, k)) for q in allies
                                                 for k in range(1, top + 1)]


def kronos_bonus(s: CycladesState, p: int) -> None:
    s.pending.append({"type": "kronos", "player": p})


def _kronos_options(s: CycladesState, p: int) -> list[Action]:
    where = s.territories_of(p)
    idx = s.gods.index("kronos") if "kronos" in s.gods else 0
    if idx == 0:
        if s.titans_total(p) >= RULES["max_titans"]:
            return []
        return [Action("free", ("titan", t)) for t in where]
    kinds = sorted({str(DATA.god(g)["building"]) for g in s.gods[:idx]} - {"none"})
    return [Action("free", (k, t)) for k in kinds for t in where if s.free_slots(t) > 0]


# ---- free placement ---------------------------------------------------------------
def start_placement(s: CycladesState) -> None:
    s.phase = "placement"
    s.turn = 0


def next_placement(s: CycladesState) -> bool:
    if s.turn >= len(s.turns):
        return False
    god, p = s.turns[s.turn]
    s.turn += 1
    s.pending.append({"type": "place", "player": p, "god": god, "stage": "land"})
    return True


def _start_pairs(s: CycladesState, p: int) -> list[Action]:
    """Two neighbouring free territories; the first named takes Ares's third troop or
    Kronos's Titan, so with such a bonus both orders are offered. A pair that would
    leave a later player (in placement order) without a start is not offered."""
    god = str(s.turns[s.turn - 1][0])
    ordered = bool(BONUS[god].get("troops") or BONUS[god].get("titans"))
    later = [int(q) for _, q in s.turns[s.turn:]]
    taken = {t for t in range(len(s.owner)) if s.owner[t] >= 0}
    islands = {(s.teams[int(q)], s.board.territories[t].island)
               for t in taken for q in [s.owner[t]]}
    seas = {x for x in range(len(s.fleets)) if s.fleets[x]}
    out = []
    for x, y in _pairs(s, p, taken, islands):
        mine = {(s.teams[p], s.board.territories[x].island)}
        if _feasible(s, later, taken | {x, y}, islands | mine, seas, [(x, y)]):
            out.append(Action("place", (x, y)))
            if ordered:
                out.append(Action("place", (y, x)))
    return out


def _pairs(s: CycladesState, p: int, taken: set[int],
           islands: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """Neighbouring free territories on an island where no ally of ``p`` starts."""
    ts = s.board.territories
    return [(t.id, u) for t in ts for u in t.next
            if u > t.id and t.id not in taken and u not in taken
            and (s.teams[p], t.island) not in islands]


def _feasible(s: CycladesState, later: list[int], taken: set[int],
              islands: set[tuple[int, int]], seas: set[int],
              placed: list[tuple[int, int]]) -> bool:
    """Can every later player still take two neighbouring territories (a team's members
    on different islands) and two free seas beside them? ``placed`` are the pairs whose
    fleets are not down yet (the player placing now)."""
    # The same pairs reached in another order (same islands per team) end alike.
    seen: set[tuple[int, frozenset[tuple[int, int]], frozenset[tuple[int, int]]]] = set()

    def search(i: int, taken: set[int], islands: set[tuple[int, int]],
               pairs: list[tuple[int, int]]) -> bool:
        if i == len(later):
            return _seas_for(s, pairs, seas)
        key = (i, frozenset(pairs), frozenset(islands))
        if key in seen:
            return False
        seen.add(key)
        q = later[i]
        for x, y in _pairs(s, q, taken, islands):
            mine = (s.teams[q], s.board.territories[x].island)
            if search(i + 1, taken | {x, y}, islands | {mine}, [*pairs, (x, y)]):
                return True
        return False

    return search(0, taken, islands, placed)


def _seas_for(s: CycladesState, pairs: list[tuple[int, int]], used: set[int]) -> bool:
    """Two free seas for each pair, beside it, no sea for two (a small matching)."""
    options = [sorted({x for t in pair for x in s.board.territories[t].seas} - used)
               for pair in pairs for _ in range(2)]
    match: dict[int, int] = {}

    def augment(i: int, tried: set[int]) -> bool:
        for sea in options[i]:
            if sea in tried:
                continue
            tried.add(sea)
            if sea not in match or augment(match[sea], tried):
                match[sea] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(options)))


def _start_seas(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    """Two free seas beside the two territories; the first named takes Poseidon's third
    fleet (both orders offered then). Seas a later player needs are kept for it."""
    a, b = top["land"]
    seas = sorted({x for t in (a, b) for x in s.board.territories[t].seas if not s.fleets[x]})
    ordered = bool(BONUS[str(top["god"])].get("fleets"))
    later = [int(q) for _, q in s.turns[s.turn:]]
    taken = {t for t in range(len(s.owner)) if s.owner[t] >= 0}
    islands = {(s.teams[int(q)], s.board.territories[t].island)
               for t in taken for q in [s.owner[t]]}
    used = {x for x in range(len(s.fleets)) if s.fleets[x]}
    out = []
    for x in seas:
        for y in seas:
            if x < y and _feasible(s, later, taken, islands, used | {x, y}, []):
                out.append(Action("fleets", (x, y)))
                if ordered:
                    out.append(Action("fleets", (y, x)))
    return out


def _bonus_text(bonus: dict[str, Any]) -> Text:
    parts = []
    for key, value in bonus.items():
        if key == "building":
            parts.append(T.t("bonus.kronos") if value == "kronos"
                         else T.t("a", x=T.building(str(value))))
        elif key == "prosperity":
            parts.append(T.t("bonus.prosperity"))
        else:
            parts.append(T.t(f"bonus.{key}", n=int(value)))
    out = T.commas(parts)
    return out if isinstance(out, Text) else T.t("empty")


def choice_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    p = int(top["player"])
    stage = top.get("stage")
    if top["type"] == "share":
        return _share_options(s, p, int(top["gold"]))
    if top["type"] == "transfer":
        return [*ally_transfers(s, p), Action("end")]
    if top["type"] == "kronos" or stage == "kronos":
        return _kronos_options(s, p) or [Action("free", ("none",))]
    if stage == "land":
        return _start_pairs(s, p) or [Action("place", ("none",))]
    if stage == "sea":
        return _start_seas(s, top) or [Action("fleets", ("none",))]
    a, b = top["land"]
    return [Action(str(stage), (t,)) for t in (a, b) if stage == "prosper" or s.free_slots(t) > 0] \
        or [Action(str(stage), ("none",))]


def apply_choice(s: CycladesState, top: dict[str, Any], a: Action) -> None:
    s.pending.pop()
    p = int(top["player"])
    if a.args and a.args[0] == "none":
        s.log.add(s.cycle, T.t("log.nowhere", who=T.seat(p)))
        return
    if a.kind == "artifact":  # an Apollo player's transfers, one artifact at a time
        transfer(s, p, str(a.args[0]), int(a.args[1]))
        if ally_transfers(s, p):
            s.pending.append(top)
        return
    if a.kind == "end":
        return
    if a.kind == "share":
        q, k = int(a.args[0]), int(a.args[1])
        s.gold[p] -= k
        s.gold[q] += k
        what = T.card(str(top["why"]))
        s.log.add(s.cycle, T.t("log.share", who=T.seat(p), n=k, card=what, whom=T.seat(q))
                  if k else T.t("log.keep", who=T.seat(p), card=what))
        return
    if a.kind == "free":
        kind, t = str(a.args[0]), int(a.args[1])
        if kind == "titan":
            s.titans[t] += 1
            s.log.add(s.cycle, T.t("log.free_titan", who=T.seat(p), at=T.place(s, t)))
        else:
            s.buildings[t].append(kind)
            s.log.add(s.cycle, T.t("log.free_building", who=T.seat(p), what=T.building(kind),
                                   at=T.place(s, t)))
            economy.check_metropolis(s, p)
        return
    god = str(top["god"])
    bonus = BONUS[god]
    if a.kind == "place":
        x, y = int(a.args[0]), int(a.args[1])
        for t in (x, y):
            s.owner[t] = p
            s.troops[t] = 1
        s.troops[x] += int(bonus.get("troops", 0))
        s.titans[x] += int(bonus.get("titans", 0))
        s.log.add(s.cycle, T.t("log.starts", who=T.seat(p), a=T.place(s, x), b=T.place(s, y)))
        s.pending.append({**top, "stage": "sea", "land": [x, y]})
    elif a.kind == "fleets":
        x, y = int(a.args[0]), int(a.args[1])
        for sea in (x, y):
            s.fleets[sea], s.fleet_owner[sea] = 1, p
        s.fleets[x] += int(bonus.get("fleets", 0))
        s.priests[p] += int(bonus.get("priests", 0))
        s.philosophers[p] += int(bonus.get("philosophers", 0))
        s.gold[p] += int(bonus.get("gold", 0))
        s.log.add(s.cycle, T.t("log.start_fleets", who=T.seat(p), a=x, b=y, god=T.god(god),
                               bonus=_bonus_text(bonus)))
        nxt = {"kronos": "kronos", "apollo": "prosper"}.get(god, "build")
        if nxt == "kronos" or "building" in bonus or nxt == "prosper":
            s.pending.append({**top, "stage": nxt})
    elif a.kind == "build":
        t = int(a.args[0])
        kind = str(bonus["building"])
        s.buildings[t].append(kind)
        s.log.add(s.cycle, T.t("log.start_building", who=T.seat(p), what=T.building(kind),
                               at=T.place(s, t)))
    elif a.kind == "prosper":
        t = int(a.args[0])
        s.markers[t] += 1
        s.log.add(s.cycle, T.t("log.prosper", who=T.seat(p), at=T.place(s, t)))
