"""Gold and buildings: revenue, Apollo, recruits, Metropolises (four different
buildings, or four philosophers — three with the Cultural Metropolis), conquest of a
territory, and the end of a cycle with its victory check."""

from __future__ import annotations

from typing import Any

from meeple.core.actions import Action
from meeple.core.text import Text
from meeple.games.cyclades import texts as T
from meeple.games.cyclades.state import BUILDINGS, DATA, METRO, CycladesState

RULES: dict[str, Any] = DATA.rules
BUILD_KINDS = frozenset(BUILDINGS)
METRO_SPACES = 2  # building spaces a Metropolis takes (state.free_slots counts it twice)


def _income(s: CycladesState, p: int, mine: list[int] | None) -> tuple[int, int, int]:
    """The parts of ``p``'s income: prosperity (territories and seas), artifacts, and
    the number of Commercial Metropolises."""
    prosperity = 0
    horn = s.artifacts.get("cornucopia")
    horn_at = horn[1] if horn else -1
    terr, markers = s.board.territories, s.markers
    for t in s.territories_of(p) if mine is None else mine:
        here = terr[t].prosperity + markers[t]
        prosperity += here * 2 if t == horn_at else here
    seas = s.board.seas
    for sea, n in enumerate(s.fleets):
        if n and s.fleet_owner[sea] == p:
            prosperity += seas[sea].prosperity
    # The Cornucopia doubles its markers and brings nothing of its own [T p.3].
    arts = sum(1 for k, (o, _) in s.artifacts.items() if o == p and k != "cornucopia") \
        if s.artifacts else 0
    commercial = sum(1 for t, kind in enumerate(s.specials)
                     if kind == "commercial" and s.owner[t] == p) if any(s.specials) else 0
    return prosperity, arts, commercial


COMMERCIAL = int(RULES["special_metropolises"]["commercial"]["income"])


def income(s: CycladesState, p: int) -> tuple[int, list[Text]]:
    """Gold ``p`` collects now, with the reasons."""
    prosperity, arts, commercial = _income(s, p, None)
    parts: list[Text] = []
    if prosperity:
        parts.append(T.t("income.prosperity", n=prosperity))
    if arts:
        parts.append(T.t("income.artifacts", n=arts))
    parts += [T.t("income.commercial", n=COMMERCIAL) for _ in range(commercial)]
    return prosperity + arts + COMMERCIAL * commercial, parts


def income_total(s: CycladesState, p: int, mine: list[int] | None = None) -> int:
    """``income(s, p)``'s gold without its reasons (the bots' evaluation asks it for every
    player of every position it judges); ``mine``: ``p``'s territories, if known."""
    prosperity, arts, commercial = _income(s, p, mine)
    return prosperity + arts + COMMERCIAL * commercial


def revenue(s: CycladesState, players: list[int] | None = None) -> None:
    for p in players if players is not None else range(s.n):
        if p in s.eliminated:
            continue
        gold, parts = income(s, p)
        s.gold[p] += gold
        why = T.t("why", parts=T.commas(parts)) if parts else T.t("empty")
        s.log.add(s.cycle, T.t("log.collects", who=T.seat(p), n=gold, why=why))
        horn = s.artifacts.get("cornucopia")
        if horn and horn[0] == p and s.owner[horn[1]] == p:
            t = horn[1]
            made = 2 * (s.board.territories[t].prosperity + s.markers[t])
            if made and any(s.allies(p, q) for q in range(s.n)):
                # The gold made on its territory may go to allies [T p.3] (D-13).
                s.pending.append({"type": "share", "player": p, "gold": made,
                                  "why": "cornucopia"})


def apollo(s: CycladesState, p: int) -> None:
    poor = len(s.territories_of(p)) <= 1
    gain = RULES["apollo_poor_income"] if poor else RULES["apollo_income"]
    s.gold[p] += gain
    s.log.add(s.cycle, T.t("log.apollo.poor" if poor else "log.apollo", who=T.seat(p),
                           n=int(gain)))
    # The first Apollo turn of the cycle also adds a prosperity marker.
    first = next(i for i, (g, _) in enumerate(s.turns) if g == "apollo") == s.turn
    if first and s.territories_of(p):
        s.pending.append({"type": "prosper", "player": p})


def recruit(s: CycladesState, p: int, kind: str, where: int, cost: int) -> None:
    paid = T.paid(cost) if cost else T.t("free")
    if kind == "troop":
        s.troops[where] += 1
        s.log.add(s.cycle, T.t("log.recruit.troop", who=T.seat(p), at=T.place(s, where),
                               paid=paid))
    elif kind == "fleet":
        s.fleets[where] += 1
        s.fleet_owner[where] = p
        s.log.add(s.cycle, T.t("log.recruit.fleet", who=T.seat(p), sea=where, paid=paid))
    elif kind == "priest":
        s.priests[p] += 1
        s.log.add(s.cycle, T.t("log.recruit.priest", who=T.seat(p), paid=paid))
    else:
        s.philosophers[p] += 1
        s.log.add(s.cycle, T.t("log.recruit.philosopher", who=T.seat(p), paid=paid))
        check_metropolis(s, p)


def philosophers_needed(s: CycladesState, p: int) -> int:
    cultural = "cultural" in s.specials and any(
        k == "cultural" and s.owner[t] == p for t, k in enumerate(s.specials))
    return int(RULES["special_metropolises"]["cultural"]["philosophers_for_metropolis"]) \
        if cultural else 4


def metropolis_sites(s: CycladesState, p: int) -> list[int]:
    """``p``'s territories with a free large space: room for a Metropolis, which takes two
    building spaces (D-3), none of them already built on (the FAQ's "free large space")."""
    return [t for t in s.territories_of(p) if room_for_metropolis(s, t)]


def room_for_metropolis(s: CycladesState, t: int) -> bool:
    return METRO not in s.buildings[t] and s.board.territories[t].metropolis_space \
        and s.free_slots(t) >= METRO_SPACES


def check_metropolis(s: CycladesState, p: int) -> None:
    """Four different buildings, or enough philosophers, become a Metropolis at once;
    with no room for it, it is lost (the buildings or philosophers are still spent)."""
    while True:
        need = philosophers_needed(s, p)
        if s.philosophers[p] >= need:
            s.philosophers[p] -= need
            s.log.add(s.cycle, T.t("log.metro.philosophers", who=T.seat(p), n=need))
        elif all(any(k in s.buildings[t] for t in s.territories_of(p)) for k in BUILDINGS):
            for k in BUILDINGS:
                t = next(t for t in s.territories_of(p) if k in s.buildings[t])
                s.buildings[t].remove(k)
            s.log.add(s.cycle, T.t("log.metro.buildings", who=T.seat(p)))
        else:
            return
        sites = metropolis_sites(s, p)
        if not sites:
            s.log.add(s.cycle, T.t("log.metro.lost", who=T.seat(p)))
            continue
        s.pending.append({"type": "metropolis", "player": p})
        return


def metropolis_goal(s: CycladesState) -> int:
    """Metropolises that win: two; three at two players and for a team."""
    if s.opt("teams"):
        return int(RULES["team_metropolis_to_win"])
    return int(RULES["metropolis_to_win_2p" if s.n == 2 else "metropolis_to_win"])


def capture_completes(s: CycladesState, p: int, t: int) -> bool:
    """Would taking ``t`` give ``p`` (or its team) the Metropolis that wins — the
    second (third in team play) — or the fifth artifact? (Only then may a player's
    last territory be attacked.)"""
    team = s.teams[p]
    goal = metropolis_goal(s)
    have = s.team_metropolises(team) if s.opt("teams") else s.metropolises(p)
    gained = s.buildings[t].count(METRO)
    if gained and have + gained >= goal:
        return True
    kinds = {k for q in s.territories_of(p) for k in s.buildings[q] if k in BUILD_KINDS}
    kinds |= {k for k in s.buildings[t] if k in BUILD_KINDS}
    if len(kinds) == len(BUILDINGS) and have + 1 >= goal:
        return True
    if s.opt("teams") and s.owner[t] >= 0 and len(s.territories_of(s.owner[t])) == 1 \
            and have + 1 >= goal and room_for_metropolis(s, t):
        return True  # military victory (team play)
    held = sum(1 for o, _ in s.artifacts.values() if s.teams[o] == team)
    here = sum(1 for _, w in s.artifacts.values() if w == t)
    return bool(here) and held + here >= len(DATA.artifacts)


def take(s: CycladesState, p: int, t: int) -> None:
    """``p`` takes ``t``: its buildings, Metropolis, markers and artifacts change hands."""
    q = s.owner[t]
    s.owner[t] = p
    for where in s.artifacts.values():
        if where[1] == t:
            where[0] = p
    if q >= 0 and q != p:
        s.log.add(s.cycle, T.t("log.takes.from", who=T.seat(p), at=T.place(s, t),
                               whom=T.seat(q)))
        if METRO in s.buildings[t]:
            declare_end(s)  # a team's third Metropolis taken by conquest ends the game
        if s.opt("teams") and not s.territories_of(q):
            military_victory(s, p, t)
        if not s.territories_of(q) and not s.opt("teams"):
            eliminate(s, q)
    else:
        s.log.add(s.cycle, T.t("log.takes", who=T.seat(p), at=T.place(s, t)))
    check_metropolis(s, p)
    from meeple.games.cyclades.titans import check_artifacts

    check_artifacts(s)


def military_victory(s: CycladesState, p: int, t: int) -> None:
    """Team play: the team's third Metropolis on the last territory just taken, if it
    has none and a free large space [T p.3]; with its spaces built on, it is lost like
    any Metropolis without room [B, FAQ 1.8]."""
    team = s.teams[p]
    if METRO in s.buildings[t] or not s.board.territories[t].metropolis_space:
        return
    if s.team_metropolises(team) + 1 < RULES["team_metropolis_to_win"]:
        return
    if not room_for_metropolis(s, t):
        s.log.add(s.cycle, T.t("log.metro.lost", who=T.seat(p)))
        return
    s.buildings[t].append(METRO)
    s.log.add(s.cycle, T.t("log.military_victory", who=T.seat(p), at=T.place(s, t)))
    declare_end(s)


def eliminate(s: CycladesState, q: int) -> None:
    if q in s.eliminated:
        return
    s.eliminated.append(q)
    # [B, FAQ 1.8] all of an eliminated player's possessions leave the game.
    s.gold[q] = s.priests[q] = s.philosophers[q] = 0
    for sea in range(len(s.fleets)):
        if s.fleet_owner[sea] == q:
            s.fleets[sea], s.fleet_owner[sea] = 0, -1
    s.figures = [f for f in s.figures if f[3] != q]
    s.log.add(s.cycle, T.t("log.eliminated", who=T.seat(q)))


def declare_end(s: CycladesState) -> None:
    if s.opt("teams") and not s.end_declared:
        team = [s.team_metropolises(k) for k in set(s.teams)]
        if max(team) >= RULES["team_metropolis_to_win"]:
            s.end_declared = True
            s.log.add(s.cycle, T.t("log.last_cycle"))


def finish(s: CycladesState, winners: list[int], reason: str) -> None:
    s.phase = "over"
    s.pending = []
    s.outcome = {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                "reason": reason, "cycle": s.cycle,
                "metropolises": [s.metropolises(p) for p in range(s.n)],
                "gold": s.gold[:]}
    s.log.add(s.cycle, T.t("log.over" if len(winners) == 1 else "log.over.many",
                           reason=T.t(f"reason.{reason.replace(' ', '_')}"),
                           names=T.commas([T.seat(p) for p in winners])))


def _best(s: CycladesState, groups: list[list[int]]) -> list[int]:
    def key(g: list[int]) -> tuple[int, int]:
        return (sum(s.metropolises(p) for p in g), sum(s.gold[p] for p in g))

    top = max(key(g) for g in groups)
    return sorted(p for g in groups if key(g) == top for p in g)


def end_of_cycle(s: CycladesState) -> bool:
    """The victory check at the end of a cycle; True if the game is over."""
    alive = [p for p in range(s.n) if p not in s.eliminated]
    if s.opt("teams"):
        declare_end(s)
        groups = [[p for p in alive if s.teams[p] == k] for k in sorted(set(s.teams))]
        if s.end_declared:
            finish(s, _best(s, [g for g in groups if g]), "metropolises")
            return True
    else:
        groups = [[p] for p in alive]
        goal = metropolis_goal(s)
        if any(s.metropolises(p) >= goal for p in alive):
            finish(s, _best(s, [g for g in groups if s.metropolises(g[0]) >= goal]),
                   "metropolises")
            return True
    if len(alive) == 1:
        finish(s, alive, "last standing")
        return True
    limit = int(s.opt("max_rounds"))
    if limit and s.cycle >= limit:
        finish(s, _best(s, [g for g in groups if g]), "cycle limit")
        return True
    return False


def choice_legal(s: CycladesState, top: dict[str, Any]) -> list[Action]:
    p = int(top["player"])
    if top["type"] == "metropolis":
        return [Action("metropolis", (t,)) for t in metropolis_sites(s, p)]
    if top["type"] == "special":
        return [Action("special", (k,)) for k in s.special_display]
    return [Action("prosper", (t,)) for t in s.territories_of(p)]


def apply_choice(s: CycladesState, top: dict[str, Any], a: Action) -> None:
    s.pending.pop()
    p = int(top["player"])
    if a.kind == "metropolis":
        t = int(a.args[0])
        s.buildings[t].append(METRO)
        s.log.add(s.cycle, T.t("log.metro.raised", who=T.seat(p), at=T.place(s, t)))
        if s.special_display and p not in s.special_takers:
            # The first two players to raise a Metropolis each take a special one.
            s.pending.append({"type": "special", "player": p, "at": t})
        declare_end(s)
        check_metropolis(s, p)
    elif a.kind == "special":
        kind = str(a.args[0])
        s.special_display.remove(kind)
        s.special_takers.append(p)
        s.specials[int(top["at"])] = kind
        s.log.add(s.cycle, T.t("log.metro.special", who=T.seat(p), kind=T.special(kind)))
        if kind == "cultural":
            check_metropolis(s, p)
    else:
        t = int(a.args[0])
        s.markers[t] += 1
        s.log.add(s.cycle, T.t("log.prosper", who=T.seat(p), at=T.place(s, t)))
