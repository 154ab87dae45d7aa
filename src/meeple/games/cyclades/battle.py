"""Moving troops and fleets, and battles on land and at sea.

Each round both sides roll the special die (0, 0, 1, 1, 2, 3) and add their units and
bonuses (forts and Metropolises on land for the defender; ports and Metropolises
beside the sea for the defender; the special Metropolises); the lower total loses a
unit, a tie costs both. Between rounds the defender may retreat, then the attacker.
"""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.text import Text
from meeple.games.cyclades import economy, moves
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import DATA, METRO, CycladesState

SPECIAL = DATA.rules["special_metropolises"]
FIGHT = Action("fight")


def march(s: CycladesState, p: int, src: int, dst: int, n: int, k: int, cost: int,
          how: str = "moves", arts: list[str] | None = None) -> None:
    """Move a group; ``arts`` are the artifacts that go with it (they stay on ``src``
    until the group stands on ``dst``: after the battle, if it is won)."""
    s.troops[src] -= n
    s.titans[src] -= k
    s.log.add(s.cycle, T.t(f"log.{how}", who=T.seat(p), units=T.units(n, k),
                           src=T.place(s, src), dst=T.place(s, dst),
                           along=T.along(arts or []), paid=T.paid(cost)))
    q = s.owner[dst]
    if s.enemy(p, q) and s.troops[dst] + s.titans[dst] > 0:
        b = {"type": "retreat", "player": p, "stage": "attacker", "kind": "land", "at": dst,
             "from": src, "att": p, "def": q, "units": [n, k], "arts": list(arts or [])}
        s.log.add(s.cycle, T.t("log.battle", at=T.place(s, dst), who=T.seat(p), whom=T.seat(q)))
        rounds(s, b)
        return
    arrive(s, p, dst, n, k, arts or [])


def arrive(s: CycladesState, p: int, dst: int, n: int, k: int, arts: list[str]) -> None:
    s.troops[dst] += n
    s.titans[dst] += k
    for name in arts:  # the artifacts the group carries (D-12)
        if s.artifacts.get(name, [-1])[0] == p:
            s.artifacts[name][1] = dst
    if s.owner[dst] != p:
        economy.take(s, p, dst)


def sail(s: CycladesState, p: int, src: int, dst: int, n: int, cost: int = 1) -> None:
    s.fleets[src] -= n
    if not s.fleets[src]:
        s.fleet_owner[src] = -1
    s.log.add(s.cycle, T.t("log.sails", who=T.seat(p), n=n, src=src, dst=dst,
                           paid=T.paid(cost)))
    q = s.fleet_owner[dst] if s.fleets[dst] else -1
    if s.enemy(p, q):
        b = {"type": "retreat", "player": p, "stage": "attacker", "kind": "sea", "at": dst,
             "from": src, "att": p, "def": q, "units": [n, 0]}
        s.log.add(s.cycle, T.t("log.sea_battle", at=dst, who=T.seat(p), whom=T.seat(q)))
        rounds(s, b)
        return
    s.fleets[dst] += n
    s.fleet_owner[dst] = p


def defence(s: CycladesState, b: dict[str, Any]) -> int:
    at, q = int(b["at"]), int(b["def"])
    if b["kind"] == "land":
        bonus = s.buildings[at].count("fort")
        if METRO in s.buildings[at]:
            bonus += SPECIAL["military"]["land_defence"] if s.specials[at] == "military" else 1
        if (f := s.figure_at("minotaur", "t", at)) and f[3] == q:
            bonus += 1
        return int(bonus)
    return sea_bonus(s, q, at, defending=True)


def sea_bonus(s: CycladesState, p: int, sea: int, defending: bool) -> int:
    bonus = 0
    for t in s.board.seas[sea].territories:
        if s.owner[t] != p:
            continue
        if defending:
            bonus += s.buildings[t].count("port")
        if METRO in s.buildings[t]:
            if s.specials[t] == "naval":
                bonus += int(SPECIAL["naval"]["sea_bonus"])
            elif defending:
                bonus += 1
    return bonus


def _defenders(s: CycladesState, b: dict[str, Any]) -> int:
    at = int(b["at"])
    if b["kind"] == "land":
        return s.troops[at] + s.titans[at]
    return s.fleets[at]


def _saved(s: CycladesState, b: dict[str, Any], attacker: bool) -> bool:
    """The Caduceus: its owner (or an ally) pays 1 gold to cancel a loss on its
    territory (D-8: paid while gold lasts)."""
    at = int(b["at"])
    side = int(b["att"] if attacker else b["def"])
    horn = s.artifacts.get("caduceus")
    if b["kind"] == "land" and horn and horn[1] == at and horn[0] == side:
        payer = side if s.gold[side] else next(
            (q for q in range(s.n) if s.allies(side, q) and s.gold[q]), -1)
        if payer >= 0:
            s.gold[payer] -= 1
            s.log.add(s.cycle, T.t("log.caduceus", who=T.seat(payer)))
            return True
    return False


def _mixed(s: CycladesState, b: dict[str, Any], attacker: bool) -> bool:
    """Has this side troops and Titans in the battle (so its owner picks the loss)?"""
    if b["kind"] != "land":
        return False
    at = int(b["at"])
    n, k = b["units"] if attacker else (s.troops[at], s.titans[at])
    return bool(n and k)


def _lose(s: CycladesState, b: dict[str, Any], attacker: bool, titan: bool = False) -> None:
    """Remove one unit of a side (a Titan if ``titan`` or no troop is left)."""
    at = int(b["at"])
    if attacker:
        u = b["units"]
        if u[0] and not titan:
            u[0] -= 1
        else:
            u[1] -= 1
    elif b["kind"] == "land":
        if s.troops[at] and not titan:
            s.troops[at] -= 1
        else:
            s.titans[at] -= 1
    else:
        s.fleets[at] -= 1
        if not s.fleets[at]:
            s.fleet_owner[at] = -1


def rounds(s: CycladesState, b: dict[str, Any], resume: bool = False) -> None:
    """Fight rounds until the battle ends or a side that can retreat is asked whether to
    (the defender first, then the attacker); a side with nowhere to go fights on.
    ``resume``: the round's dice are rolled, its losses being taken."""
    p, q, at = int(b["att"]), int(b["def"]), int(b["at"])
    while True:
        if resume:
            resume = False
        else:
            _roll(s, b)
        if not _take_losses(s, b):
            return  # the owner of a troop and a Titan chooses which is lost (D-7)
        if not _defenders(s, b) and not sum(b["units"]):
            # Nobody is left to take control (D-20): an island keeps its owner.
            where = T.place(s, at) if b["kind"] == "land" else T.sea(at)
            s.log.add(s.cycle, T.t("log.both_lost", at=where))
            return
        if not _defenders(s, b):
            _won(s, b)
            return
        if not sum(b["units"]):
            s.log.add(s.cycle, T.t("log.holds", who=T.seat(q), whom=T.seat(p)))
            return
        if _ask(s, b, "defender") or _ask(s, b, "attacker"):
            return


def _roll(s: CycladesState, b: dict[str, Any]) -> None:
    """One round's dice and totals; the lower total loses a unit, a tie costs both."""
    p, q, at = int(b["att"]), int(b["def"]), int(b["at"])
    a_units = sum(b["units"])
    d_units = _defenders(s, b)
    a_die, d_die = s.roll(), s.roll()
    a_bonus = sea_bonus(s, p, at, defending=False) if b["kind"] == "sea" else 0
    d_bonus = defence(s, b)
    a_total, d_total = a_units + a_die + a_bonus, d_units + d_die + d_bonus
    s.log.add(s.cycle, T.t("log.round", who=T.seat(p), a=_score(a_units, a_die, a_bonus),
                           at=a_total, whom=T.seat(q), d=_score(d_units, d_die, d_bonus),
                           dt=d_total))
    b["losing"] = ["att"] * (a_total <= d_total) + ["def"] * (d_total <= a_total)


def _score(units: int, die: int, bonus: int) -> Text:
    if bonus:
        return T.t("score.bonus", units=units, die=die, bonus=bonus)
    return T.t("score", units=units, die=die)


def _take_losses(s: CycladesState, b: dict[str, Any]) -> bool:
    """Take the round's losses, attacker first; False when a side holding troops and
    Titans must first say which figure it loses («он решает, какую именно фигурку
    убрать» [T p.2], D-7)."""
    while b["losing"]:
        attacker = b["losing"][0] == "att"
        if _saved(s, b, attacker):
            b["losing"].pop(0)
        elif _mixed(s, b, attacker):
            who = int(b["att"] if attacker else b["def"])
            s.pending.append({"type": "loss", "player": who, "battle": b})
            return False
        else:
            _lose(s, b, attacker)
            b["losing"].pop(0)
    del b["losing"]
    return True


def loss_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    return [Action("lose", ("troop",)), Action("lose", ("titan",))]


def apply_loss(s: CycladesState, top: dict[str, Any], a: Action) -> None:
    """The chosen figure is lost; the round ends as usual (the battle goes on)."""
    s.pending.pop()
    b = top["battle"]
    _lose(s, b, b["losing"].pop(0) == "att", titan=a.args[0] == "titan")
    rounds(s, b, resume=True)


def _ask(s: CycladesState, b: dict[str, Any], stage: str) -> bool:
    """Ask one side whether to retreat, if it has somewhere to go."""
    b["stage"], b["player"] = stage, int(b["def"] if stage == "defender" else b["att"])
    if not retreat_targets(s, b):
        return False
    s.pending.append(b)
    return True


def _won(s: CycladesState, b: dict[str, Any]) -> None:
    p, at = int(b["att"]), int(b["at"])
    n, k = b["units"]
    s.log.add(s.cycle, T.t("log.wins_battle", who=T.seat(p)))
    if b["kind"] == "land":
        arrive(s, p, at, n, k, [str(x) for x in b.get("arts", [])])
    else:
        s.fleets[at] += n
        s.fleet_owner[at] = p


def retreat_targets(s: CycladesState, b: dict[str, Any]) -> list[int]:
    """Where the side deciding may retreat: on land, to one of its own islands joined to
    the battle by its fleets (or a neighbouring territory of its own); at sea, to a
    neighbouring sea that is empty or its own."""
    at = int(b["at"])
    who = int(b["player"])
    if b["kind"] == "land":
        reach = set(s.board.territories[at].next) | moves.fleet_reach(s, who, at)
        return sorted(t for t in reach if s.owner[t] == who and not moves.medusa(s, t))
    return sorted(sea for sea in s.board.seas[at].next if not moves.blocked_sea(s, sea, who)
                  and (s.fleets[sea] == 0 or s.fleet_owner[sea] == who))


def retreat_legal(s: CycladesState, b: dict[str, Any]) -> list[Action]:
    return [FIGHT] + [Action("retreat", (t,)) for t in retreat_targets(s, b)]


def apply_retreat(s: CycladesState, b: dict[str, Any], a: Action) -> None:
    s.pending.pop()
    p, q, at = int(b["att"]), int(b["def"]), int(b["at"])
    if a.kind == "fight":
        if b["stage"] == "attacker" or not _ask(s, b, "attacker"):
            rounds(s, b)
        return
    to = int(a.args[0])
    where = T.place(s, to) if b["kind"] == "land" else T.sea(to)
    if b["stage"] == "attacker":
        n, k = b["units"]
        s.log.add(s.cycle, T.t("log.retreats", who=T.seat(p), to=where))
        if b["kind"] == "land":
            s.troops[to] += n
            s.titans[to] += k
        else:
            s.fleets[to] += n
            s.fleet_owner[to] = p
        return
    s.log.add(s.cycle, T.t("log.retreats", who=T.seat(q), to=where))
    if b["kind"] == "land":
        s.troops[to] += s.troops[at]
        s.titans[to] += s.titans[at]
        s.troops[at] = s.titans[at] = 0
    else:
        s.fleets[to] += s.fleets[at]
        s.fleet_owner[to] = q
        s.fleets[at], s.fleet_owner[at] = 0, -1
    _won(s, b)
