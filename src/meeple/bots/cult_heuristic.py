"""A rule-based Cult player that reads only its own view.

It values each district's service for itself, places priests where they can win,
uses the services and cards that move it towards a victory condition (altars, mobs,
summoning), and otherwise keeps its resources. Ties are broken at random.
"""

from __future__ import annotations

from typing import Any

from meeple.bots.base import Bot, Sampler
from meeple.core.actions import Action

GOAL = {"altars": 5, "mobs": 4}


def _level(token: Any, me: dict[str, Any]) -> int:
    return int(me["patriarch_level"]) if token == "P" else int(token)


class CultHeuristic(Bot):
    kind = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        me = view["players"][view["viewer"]]
        kind = view["pending"][0]["kind"]
        scorer = getattr(self, f"_{kind}", None)
        if scorer is None or len(legal) == 1:
            return self.rng.choice(legal)
        best, best_score = legal[0], float("-inf")
        for a in legal:
            score = scorer(view, me, a) + self.rng.below(1000) / 100_000
            if score > best_score:
                best, best_score = a, score
        return best

    # --- helpers -------------------------------------------------------------------

    def _influence(self, view: dict[str, Any], d: int, p: int) -> int:
        dist = view["districts"][d - 1]
        pl = view["players"][p]
        total: int = 4 * dist["altars"].count(p)
        for pr in dist["priests"]:
            if pr["owner"] == p:
                level = pl["patriarch_level"] if pr["level"] == "P" else pr["level"]
                total += int(level) + int(pr["bonus"])
        return total

    def _service_value(self, view: dict[str, Any], me: dict[str, Any], d: int) -> float:
        coins, followers = me["coins"], me["followers"]
        values = {
            1: 2.0, 2: 1.0 if coins >= 8 else 0.0, 3: 3.0 if followers < 7 else 0.5,
            4: 2.5, 5: 3.0, 6: 3.5,
            7: 8.0 if coins >= 5 else 1.0, 8: 3.0 if coins >= 5 else 0.5,
            9: 5.0 if coins >= 5 and followers < 6 else 0.5,
            10: 4.0 if any(view["palace"]) else 0.5, 11: 2.0,
            12: 7.0 if followers >= 4 else 1.0,
            13: 12.0,
        }
        return values[d]

    def _can_win(self, view: dict[str, Any], d: int, mine: int) -> bool:
        me = view["viewer"]
        others = [self._influence(view, d, q) for q in range(len(view["players"])) if q != me]
        return mine > max(others, default=0)

    # --- prompts -------------------------------------------------------------------

    def _place(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        if a.kind == "pass":
            return 0.5
        if a.kind == "festival":
            return 0.0
        d, lv = int(a.args[0]), _level(a.args[1], me)
        p = view["viewer"]
        now = self._influence(view, d, p)
        value = self._service_value(view, me, d)
        if d == 13:
            value = 14.0 if now + lv >= me["power"] else 1.0 + (now + lv) / me["power"]
        cost = 2.0 if me["placed"] >= 3 else 0.0
        if self._can_win(view, d, now + lv):
            return value - cost - 0.05 * lv
        return 0.3 * value - cost - 0.1 * lv

    def _deal(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        if a.kind == "done":
            return 1.0
        if a.kind == "sell":
            return 2.0 if me["coins"] < 5 else 0.5
        return 3.0 if me["coins"] >= 12 else 0.0

    def _act(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        if a.kind == "pass":
            return 1.0
        text = str(a)
        if a.kind == "miracle":
            if "followers" in text:
                return 2.5 if me["followers"] < 6 else 0.5
            return 1.5 if "coins" in text else 1.2
        if a.kind == "plot":
            return 1.3
        if a.args and a.args[0] in ("marauders", "vices", "wrath", "denial", "cult_of_dead"):
            return 4.0
        return 0.8

    def _service(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        if a.kind == "decline":
            return 0.0
        if a.kind == "steal":
            target = int(a.args[1])
            return self._service_value(view, me, target) - 0.4 * target
        if a.kind in ("upgrade", "study"):
            return 2.0 + int(a.args[-1]) * 0.1 + int(a.args[0]) * 0.2
        if a.kind == "hire":
            return 2.0 + int(a.args[0])
        if a.kind == "build":
            return 5.0
        return 3.0

    def _pay(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        tok = str(a.args[0])
        return {"m": 2.0, "c": 1.5, "l": 0.5, "G": 0.0}[tok[0]]

    _give = _pay

    def _ransom(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        return 1.0 if (a.kind == "ransom") == (me["followers"] >= 3) else 0.0

    def _keep(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        return int(str(a.args[0])[1:]) / 100

    def _drawn(self, view: dict[str, Any], me: dict[str, Any], a: Action) -> float:
        return self._act(view, me, a)
