"""The order of play: set-up, then each season (open, orders, espionage, resolution),
then the Master's award of personal goals and the final count."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.actions import Action
from meeple.games.colonies import orders, resolve, sheets
from meeple.games.colonies.data import load
from meeple.games.colonies.model import RESOURCES
from meeple.games.colonies.texts import h2, season, t

if TYPE_CHECKING:
    from meeple.games.colonies.state import ColoniesState

DATA = load()
RULES = DATA.rules
MAX_EVENT_CHANGE = 20
FREE_TEXT = {"raven", "goal", "reject", "event"}


def waiting(s: ColoniesState) -> list[int]:
    m = s.master
    if s.phase == "setup":
        out = [p for p in range(s.n) if not s.players[p].ready or sheets.needs_player(s, p)]
        if m is not None and (any(pl.goal_status == "pending" and pl.ready for pl in s.players)
                              or sheets.needs_master(s)):
            out.append(m)
        return out
    if s.phase == "orders":
        out = [p for p in range(s.n) if not s.players[p].submitted]
        return [*out, m] if m is not None else out
    if s.phase == "spy":
        return [spy for spy, _t, _k in s.spies if not s.players[spy].submitted]
    if s.phase == "goals":
        return [m] if m is not None else []
    return []


def not_waiting(s: ColoniesState, p: int) -> str:
    """Why seat p has nothing to decide now, told as that seat may know it: while spies
    give their new actions, other players learn only that the Master is resolving."""
    if s.phase == "over":
        return "the game is over"
    waiting = s.current_players()
    names = ", ".join(s.name(q) for q in waiting)
    if p == s.master:
        if s.phase == "spy":
            return (f"the Master has nothing to decide now: waiting for the new actions of "
                    f"{names}, whose espionage succeeded")
        return f"the Master has nothing to decide now: waiting for {names}"
    if s.phase == "spy":
        return "the Master is resolving the season"
    if s.phase == "orders":
        return f"{s.name(p)} has already submitted the orders of {s.season_label()}"
    if s.phase == "goals":
        return "the game is over: the Master judges the personal goals"
    if sheets.enabled(s) and s.sheets[p].status != "approved":
        return f"{s.name(p)} has handed in the character sheet: waiting for {names}"
    return f"{s.name(p)} is ready: waiting for {names}"


# --- what may be done -----------------------------------------------------------------

def legal(s: ColoniesState, p: int) -> list[Action]:
    if p == s.master:
        return master_actions(s)
    if s.phase == "setup":
        return setup_actions(s, p) + sheets.player_actions(s, p)
    return orders.order_actions(s, p)


def problem(s: ColoniesState, p: int, a: Action) -> str | None:
    """None if p may take a now, else the reason (for actions no list can hold, and for
    a clear message on any refused action)."""
    if a in legal(s, p):
        return None
    if a.kind == "sheet" or (a.kind == "goal" and sheets.enabled(s)):
        return sheets.problem(s, p, a)
    if p == s.master:
        if s.phase == "setup" and a.kind == "reject":
            return _reject_problem(s, a)
        if s.phase == "orders" and a.kind == "event":
            return event_problem(s, a)
        return f"the Master cannot do that now (the {s.phase} phase)"
    if s.phase == "setup":
        if a.kind == "goal":
            if len(a.args) != 1 or not isinstance(a.args[0], str) or not a.args[0].strip():
                return 'write: goal "what your character wants to achieve"'
            if len(a.args[0]) > RULES["raven_max_chars"]:
                return "the goal is too long"
            return None
        if a.kind == "swap":
            return _swap_problem(s, p, a)
        return "before the game: swap, unswap, goal or ready"
    if a.kind == "raven":
        return orders.raven_problem(s, p, a)
    if a.kind in ("offensive", "propaganda", "recruit", "colonize", "espionage"):
        return orders.order_problem(s, p, (a.kind, *a.args)) or "not allowed now"
    return orders.side_problem(s, p, a)


def apply(s: ColoniesState, p: int, a: Action) -> None:
    if a.kind == "sheet":
        sheets.apply(s, p, a)
    elif p == s.master:
        apply_master(s, a)
    elif s.phase == "setup":
        apply_setup(s, p, a)
    else:
        orders.apply_order_action(s, p, a)
    advance(s)


def advance(s: ColoniesState) -> None:
    """Move on when nobody else needs to act: start the game, resolve a season."""
    if s.phase == "setup" and not waiting(s):
        for pl in s.players:
            if pl.goal_status == "pending":
                pl.goal_status = "approved"  # no Master: goals stand as written
        open_season(s)
    if s.phase == "orders" and s.master is None and not waiting(s):
        resolve.run(s)
    if s.phase == "spy" and not waiting(s):
        resolve.finish(s)


# --- set-up ---------------------------------------------------------------------------

def setup_actions(s: ColoniesState, p: int) -> list[Action]:
    pl = s.players[p]
    out: list[Action] = []
    if len(pl.swaps) < RULES["swap_max"]:
        out += [Action("swap", (a, b)) for a in RESOURCES for b in RESOURCES
                if a != b and pl.get(a) > 0]
    if pl.swaps:
        out.append(Action("unswap"))
    out.append(Action("ready"))
    return out


def _swap_problem(s: ColoniesState, p: int, a: Action) -> str:
    pl = s.players[p]
    if len(pl.swaps) >= RULES["swap_max"]:
        return f"at most {RULES['swap_max']} units may be swapped before the game"
    if len(a.args) != 2 or not all(x in RESOURCES for x in a.args):
        return f"write: swap FROM TO, with resources {', '.join(RESOURCES)}"
    if a.args[0] == a.args[1]:
        return "swap one resource for another"
    return f"you have no {a.args[0]} to swap"


def apply_setup(s: ColoniesState, p: int, a: Action) -> None:
    pl = s.players[p]
    if a.kind == "swap":
        give, get = str(a.args[0]), str(a.args[1])
        pl.add(give, -1)
        pl.add(get, 1)
        pl.swaps.append((give, get))
    elif a.kind == "unswap":
        for give, get in reversed(pl.swaps):
            pl.add(get, -1)
            pl.add(give, 1)
        pl.swaps = []
    elif a.kind == "goal":
        pl.goal = str(a.args[0])
        pl.goal_status = "pending"
        pl.goal_note = ""
    else:
        pl.ready = True


# --- the Master -----------------------------------------------------------------------

def master_actions(s: ColoniesState) -> list[Action]:
    if s.phase == "setup":
        out = []
        for p, pl in enumerate(s.players):
            if pl.goal_status == "pending" and pl.ready:
                out += [Action("approve", (p,)), Action("reject", (p,))]
        return out + sheets.master_actions(s)
    if s.phase == "orders":
        return [Action("resolve")]
    if s.phase == "goals":
        return [Action("award", (p, verdict)) for p, pl in enumerate(s.players)
                if pl.goal_status == "approved" and pl.goal_met is None
                for verdict in ("yes", "no")]
    return []


def _players(s: ColoniesState) -> str:
    """How many players there are, counted as people count them (from 1)."""
    return f"the players are 1 to {s.n}"


def _reject_problem(s: ColoniesState, a: Action) -> str | None:
    if len(a.args) != 2 or not isinstance(a.args[0], int) or not isinstance(a.args[1], str):
        return 'write: reject PLAYER "what to change"'
    p = a.args[0]
    if not 0 <= p < s.n:
        return f"no player {p + 1} whose goal to send back: {_players(s)}"
    if s.players[p].goal_status != "pending" or not s.players[p].ready:
        return f"{s.name(p)} has no goal waiting for the Master"
    return None


def event_problem(s: ColoniesState, a: Action) -> str | None:
    args = a.args
    if len(args) < 2 or not isinstance(args[0], int) or not isinstance(args[1], str):
        return 'write: event PLAYER "text" [RESOURCE CHANGE]...  e.g. event 2 "A storm" gold -2'
    p = args[0]
    if not 0 <= p < s.n:
        return f"no player {p + 1} to write an event for: {_players(s)}"
    if not args[1].strip():
        return "a personal event needs its text"
    if any(e[0] == p for e in s.events):
        return f"{s.name(p)} already has a personal event this season"
    rest = args[2:]
    if len(rest) % 2:
        return "resource changes come in pairs: RESOURCE CHANGE"
    for res, change in zip(rest[::2], rest[1::2], strict=True):
        if res not in RESOURCES:
            return f"unknown resource {res!r} ({', '.join(RESOURCES)})"
        try:
            value = int(change)
        except ValueError:
            return f"change {change!r} is not a whole number"
        if abs(value) > MAX_EVENT_CHANGE:
            return f"a change of {value} is beyond ±{MAX_EVENT_CHANGE}"
    return None


def apply_master(s: ColoniesState, a: Action) -> None:
    k = a.kind
    if k == "approve":
        s.players[int(a.args[0])].goal_status = "approved"
    elif k == "reject":
        pl = s.players[int(a.args[0])]
        pl.goal_status = "rejected"
        pl.goal_note = str(a.args[1]) if len(a.args) > 1 else ""
        pl.ready = False
        s.log.add(s.round, t("goal.back", note=pl.goal_note) if pl.goal_note
                  else t("goal.back.plain"), int(a.args[0]))
    elif k == "event":
        p = int(a.args[0])
        changes = [[str(r), int(c)] for r, c in zip(a.args[2::2], a.args[3::2], strict=True)]
        s.events.append([p, str(a.args[1]), changes])
        s.log.add(s.round, t("event", text=str(a.args[1])), p)
    elif k == "resolve":
        resolve.run(s)
    elif k == "award":
        p = int(a.args[0])
        s.players[p].goal_met = a.args[1] == "yes"
        if not master_actions(s):
            resolve.final_count(s)


# --- seasons --------------------------------------------------------------------------

def open_season(s: ColoniesState) -> None:
    s.phase = "orders"
    s.events = []
    s.spies = []
    s.harvest = []
    s.thaw_roll = 0
    for pl in s.players:
        pl.orders = []
        pl.ravens = []
        pl.submitted = False
        pl.thaw_bonus = 0
        pl.thaw = []
        pl.heat = []
        pl.forced = []
    key = orders.season_key(s)
    r = s.round
    s.log.add(r, h2(season(s)))
    if key == "thaw":
        ev = RULES["events"]["thaw"]
        s.thaw_roll = s.roll(ev["die"])
        s.log.add(r, t("thaw.roll", die=ev["die"], roll=s.thaw_roll))
        for p, pl in enumerate(s.players):
            pl.thaw_bonus = max(0, pl.reputation - s.thaw_roll)
            if pl.thaw_bonus:
                s.log.add(r, t("thaw.won", rep=pl.reputation, roll=s.thaw_roll,
                               n=pl.thaw_bonus), p)
    elif key == "leaf-fall":
        ev = RULES["events"]["leaf-fall"]
        for prov in range(1, len(DATA.provinces) + 1):
            owner = s.owner[prov - 1]
            if owner >= 0 and s.colonized[prov - 1]:
                roll = s.roll(ev["die"])
                ok = s.players[owner].loyalty > roll
                s.harvest.append([prov, roll, int(ok)])
                s.log.add(r, t("harvest.roll", province=prov, die=ev["die"], roll=roll))
                s.log.add(r, t("harvest.income" if ok else "harvest.none", province=prov,
                               loyalty=s.players[owner].loyalty, roll=roll), owner)
