"""The end of a Cyclades game in words: who won and why, how a tie was broken, and every
player's standing. The rule [B, FAQ 1.8]: most Metropolises, then most gold; a tie after
that is shared (D-4). In team play the counts are the team's (docs/rules/cyclades.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.text import Arg, Text
from meeple.games.cyclades import texts as T

if TYPE_CHECKING:
    from meeple.games.cyclades.state import CycladesState


def _join(items: list[Arg], key: str) -> Arg:
    out = items[-1]
    for item in reversed(items[:-1]):
        out = T.t(key, a=item, b=out)
    return out


def _counts(s: CycladesState, group: list[int]) -> tuple[int, int]:
    metro = s.outcome.get("metropolises") or [s.metropolises(p) for p in range(s.n)]
    gold = s.outcome.get("gold") or s.gold
    return sum(metro[p] for p in group), sum(gold[p] for p in group)


def _groups(s: CycladesState) -> list[list[int]]:
    """Who competes: teams (their living members) or each living player."""
    alive = [p for p in range(s.n) if p not in s.eliminated]
    if s.opt("teams"):
        return [g for k in sorted(set(s.teams)) if (g := [p for p in alive if s.teams[p] == k])]
    return [[p] for p in alive]


def _why(s: CycladesState, winners: list[int]) -> list[Arg]:
    """The winning sentence and, when gold decided, who lost on gold."""
    teams = bool(s.opt("teams"))
    groups = _groups(s)
    won = [g for g in groups if g[0] in winners]
    m, g = _counts(s, won[0])
    names = [T.seat(p) for p in winners]
    if len(won) > 1:
        if teams:
            return [T.t("end.team.share", teams=[s.teams[x[0]] + 1 for x in won], m=m, g=g)]
        return [T.t("end.share", names=names, m=m, g=g)]
    out: list[Arg] = [T.t("end.team.wins", team=s.teams[won[0][0]] + 1, names=names, m=m, g=g)
                      if teams else T.t("end.wins", names=names, m=m, g=g)]
    # Who had as many Metropolises and lost on gold alone (one sentence for them all).
    tied = [x for x in groups if x is not won[0] and _counts(s, x)[0] == m]
    if tied and teams:
        key = "end.team.less_gold" if len(tied) == 1 else "end.teams.less_gold"
        out.append(T.t(key, team=[s.teams[x[0]] + 1 for x in tied], m=m))
    elif tied:
        out.append(T.t("end.less_gold", who=[T.seat(x[0]) for x in tied], m=m))
    return out


def _standing(s: CycladesState, winners: list[int]) -> Text:
    teams = bool(s.opt("teams"))

    def key(p: int) -> tuple[int, int, int, int]:
        m, g = _counts(s, [p])
        return (p not in s.eliminated, p in winners, m, g)

    order = sorted(range(s.n), key=lambda p: (tuple(-x for x in key(p)), p))
    places: list[Arg] = []
    place = 0
    for i, p in enumerate(order):
        if i == 0 or key(p) != key(order[i - 1]):
            place = i + 1
        m, g = _counts(s, [p])
        if p in s.eliminated:
            places.append(T.t("end.place.out", n=place, who=T.seat(p)))
        elif teams:
            places.append(T.t("end.place.team", n=place, who=T.seat(p), team=s.teams[p] + 1,
                              m=m, g=g))
        else:
            places.append(T.t("end.place", n=place, who=T.seat(p), m=m, g=g))
    return T.t("end.standing", places=_join(places, "end.semi"))


def summary(s: CycladesState) -> Text:
    """Who won and why, in words, then every player's standing."""
    winners: list[int] = list(s.outcome.get("winners", []))
    reason = str(s.outcome.get("reason", ""))
    names: list[Arg] = [T.seat(p) for p in winners]
    parts: list[Arg]
    if reason == "last standing":
        parts = [T.t("end.last", names=names)]
    elif reason == "five artifacts":
        parts = [T.t("end.artifacts" if len(winners) > 1 else "end.artifacts.one", names=names)]
    elif winners:
        parts = _why(s, winners)
        if reason == "cycle limit":
            parts.insert(0, T.t("end.limit", n=int(s.opt("max_rounds"))))
    else:
        parts = []
    return _join([*parts, _standing(s, winners)], "end.space")  # type: ignore[return-value]
