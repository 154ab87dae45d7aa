"""The one bot interface used by the terminal, the simulator and (later) the server.

A bot is given the view of its own seat (exactly what that player may see), the legal
actions, and a sampler of its information set (states dealt again from what the seat
knows: the view cannot tell them from the real one); it returns one of the actions. It
never receives the real state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.rng import Rng

Sampler = Callable[[int], State]
"""Given a seed, a state dealt from what the bot's seat knows (its information set)."""


class Bot(ABC):
    kind: str = "bot"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action: ...


def some_of(legal: list[Action], limit: int, rng: Rng) -> list[Action]:
    """``legal`` itself when it holds at most ``limit`` actions, else ``limit`` of them
    drawn at random (a bot that judges each candidate cannot judge hundreds)."""
    if len(legal) <= limit:
        return legal
    picked = legal[:]
    rng.shuffle(picked)
    return picked[:limit]


def judged_once(base: State, legal: list[Action], me: int, limit: int,
                value: Callable[[State, int], float], rng: Rng
                ) -> tuple[list[Action], list[tuple[float, int, State]]]:
    """At most ``limit`` of the legal actions (``some_of``), each played on its own copy of
    ``base`` and judged by ``value``, ties broken at random: the candidates and
    (value, candidate index, the state after it), best first."""
    candidates = some_of(legal, limit, rng)
    judged: list[tuple[float, int, State]] = []
    for i, a in enumerate(candidates):
        s = base.clone()
        s.apply_unchecked(me, a)
        judged.append((value(s, me) + rng.below(1000) * 1e-9, i, s))
    judged.sort(key=lambda x: -x[0])
    return candidates, judged


class RandomBot(Bot):
    """Uniform over the legal actions."""

    kind = "random"

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        return self.rng.choice(legal)


# Knobs of the search that a bot's name may set: ismcts:1s+c=0.02+top=4+greedy=10+roll=4
# (exploration, root candidates kept by the one-ply evaluation, greedy rollout candidates,
# rollout length).
TUNING = {"c": "exploration", "top": "top", "greedy": "greedy", "roll": "rollout",
          "prior": "prior", "expand": "expand"}


def bot_kinds() -> list[str]:
    return ["random", "heuristic", "learned", "ismcts", "ismcts:N (iterations)",
            "ismcts:Ts (seconds)", "ismcts:1s+learned", "planner (Colonies)",
            "general (Clash of Cultures, Cult)"]


def make_bot(kind: str, game: str, seed: int) -> Bot:
    """A bot by name: ``random``, ``heuristic`` (a per-game rule-based player), ``learned``
    (the heuristic judging by the game's learned evaluation) or ``ismcts`` with a budget
    per decision: ``ismcts:2000`` iterations, ``ismcts:1s``; ``+learned`` makes the search
    use the learned evaluation."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "ismcts" or kind.startswith("ismcts:"):
        from meeple.bots.ismcts import ISMCTS
        from meeple.core.registry import get_game

        budget, *tuning = kind.partition(":")[2].split("+")
        evaluate = None
        if "learned" in tuning:
            from meeple.bots.learned import learned_evaluate

            tuning.remove("learned")
            evaluate = learned_evaluate(game)
        try:
            knobs = {k: float(v) for k, _, v in (t.partition("=") for t in tuning)}
            unknown = set(knobs) - set(TUNING)
            if unknown:
                raise ValueError
            extra: dict[str, Any] = {TUNING[k]: (v if k == "c" else int(v))
                                     for k, v in knobs.items()}
            if budget.endswith("s"):
                return ISMCTS(seed, get_game(game), seconds=float(budget[:-1]),
                              evaluate=evaluate, **extra)
            return ISMCTS(seed, get_game(game), iterations=int(budget or 500), evaluate=evaluate,
                          **extra)
        except ValueError:
            raise ValueError(f"bad search budget in {kind!r}: write ismcts:2000 or "
                             "ismcts:1s, optionally tuned as ismcts:1s+c=0.02+top=4+greedy=10"
                             "+roll=4") from None
    if kind == "heuristic":
        from meeple.bots.greedy import Greedy
        from meeple.core.registry import get_game

        return Greedy(seed, get_game(game))
    if kind == "planner":
        if game != "colonies":
            raise ValueError(f"the planner plays Colonies 1402 only, not {game!r}")
        from meeple.bots.colonies import ColoniesPlanner

        return ColoniesPlanner(seed)
    if kind == "general":
        if game == "cult":
            from meeple.bots.cult import CultGeneral

            return CultGeneral(seed)
        if game != "clash":
            raise ValueError(f"the general plays Clash of Cultures and Cult only, not {game!r}")
        from meeple.bots.clash import ClashGeneral

        return ClashGeneral(seed)
    if kind == "learned":
        from meeple.bots.greedy import Greedy
        from meeple.bots.learned import learned_evaluate
        from meeple.core.registry import get_game

        return Greedy(seed, get_game(game), learned_evaluate(game))
    raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(bot_kinds())}")
