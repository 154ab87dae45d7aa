"""Information-set Monte Carlo tree search, determinized (after Cowling, Powley and
Whitehouse 2012, single-observer ISMCTS), for every game through the engine's calls.

Each iteration plans on a fresh sample of the bot's information set — a state dealt
from what the bot's seat knows (``Game.redeal_hidden``), never the true state — walks
down the tree by UCB among the actions available in that sample, adds one node, plays
random moves where the game wants them, and backs up the game's evaluation. The game's
evaluation is a share of the win (differences of a few hundredths), hence the small
exploration constant. Simultaneous
orders are searched as if given one after another.
"""

from __future__ import annotations

import math
import time
from math import log, sqrt
from typing import Any

from meeple.bots.base import Bot, Sampler
from meeple.bots.greedy import Evaluate
from meeple.core.actions import Action
from meeple.core.game import Game, State


class Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, Action], Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class ISMCTS(Bot):
    kind = "ismcts"

    def __init__(self, seed: int, game: Game, iterations: int = 0, seconds: float = 0.0,
                 exploration: float | None = None, rollout: int | None = None,
                 prior: int | None = None, top: int | None = None,
                 greedy: int | None = None, expand: int | None = None,
                 evaluate: Evaluate | None = None) -> None:
        """Each knob not given comes from the game's ``search_tuning``, else the default;
        ``evaluate`` replaces the game's evaluation (a learned one)."""
        super().__init__(seed)
        self.game = game
        self.evaluate = evaluate or game.evaluate
        tuned = game.search_tuning

        def knob(given: float | None, name: str, default: float) -> float:
            return float(given if given is not None else tuned.get(name, default))

        self.iterations = iterations or (0 if seconds else 500)
        self.seconds = seconds
        # The evaluation is a share of the win (differences of a few hundredths).
        self.exploration = knob(exploration, "exploration", 0.1)
        # Moves after the tree: by default as many as the game's heuristic looks ahead, at
        # most 4 (Colonies' orders act only when resolved).
        self.rollout = int(knob(rollout, "rollout", min(game.heuristic_depth, 4)))
        # Virtual visits given to each root action at its one-ply evaluation.
        self.prior = int(knob(prior, "prior", 0))
        # Only the ``top`` root actions by the one-ply evaluation are searched (0: all).
        self.top = int(knob(top, "top", 0))
        # Moves after the tree chosen by each player's one-ply evaluation (the heuristic
        # bot's policy, judged among ``greedy`` candidates) instead of at random (0).
        self.greedy = int(knob(greedy, "greedy", 0))
        # Below the root, a node's next child is the one-ply best of ``expand`` untried
        # actions (0: one at random). Opponents who play well are then met first, instead
        # of a move's value being averaged over random replies for its first visits.
        self.expand = int(knob(expand, "expand", 0))
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal: list[Action],
               sample: Sampler | None = None) -> Action:
        if len(legal) == 1 or sample is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        me = int(view["viewer"])
        root = Node()
        allowed = set(legal)
        # The budget is CPU time of this process, not wall time: a bot plays as strongly on
        # a loaded machine (arenas run niced beside other work) as on an idle one.
        deadline = time.process_time() + self.seconds if self.seconds else math.inf
        if self.prior or self.top:
            scores = self._seed_root(root, _quiet(sample, self.rng.below(1 << 62)), me,
                                     legal)
            if self.top:
                allowed = set(sorted(legal, key=lambda a: -scores[a])[:self.top])
        # The root's actions, listed once: a sample of the information set gives the bot's
        # seat the legal actions the bot was given (they are part of what the seat sees;
        # the conformance suite checks it), and listing them again at every iteration was
        # a sixth of the listing in a Clash search (issue 41)
        at_root = [a for a in legal if a in allowed] or legal
        done = 0
        while (done < self.iterations if self.iterations
               else time.process_time() < deadline):
            self._iterate(root, _quiet(sample, self.rng.below(1 << 62)), me, allowed,
                          at_root)
            done += 1
        self.last_iterations = done
        best = max(((k, n) for k, n in root.children.items() if k[1] in allowed),
                   key=lambda kn: (kn[1].visits, kn[1].reward), default=None)
        return best[0][1] if best else self.rng.choice(legal)

    def _seed_root(self, root: Node, state: State, me: int,
                   legal: list[Action]) -> dict[Action, float]:
        scores = {}
        for a in legal:
            s = state.clone()
            s.apply_unchecked(me, a)
            scores[a] = self.evaluate(s)[me]
            if self.prior:
                child = Node()
                child.visits = child.available = self.prior
                child.reward = self.prior * scores[a]
                root.children[(me, a)] = child
        return scores

    def _iterate(self, root: Node, state: State, me: int, allowed: set[Action],
                 at_root: list[Action]) -> None:
        node = root
        path: list[tuple[Node, int]] = []
        rng = self.rng
        # The evaluation of ``state`` when a greedy step already made it (else None): the
        # leaf is not evaluated twice.
        known: list[float] | None = None
        while not state.is_terminal():
            p = state.current_players()[0]
            if node is root and p == me:
                actions = at_root
            else:
                actions = state.legal_actions(p)
                if node is root:  # another seat deciding at once (secret orders)
                    actions = [a for a in actions if a in allowed] or actions
            children = node.children
            untried = []
            for a in actions:
                child = children.get((p, a))
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                if self.expand and node is not root:
                    a, state, known = self._greedy(state, p, untried, self.expand)
                else:
                    a = rng.choice(untried)
                    state.apply_unchecked(p, a)
                child = Node()
                child.available = 1
                node.children[(p, a)] = child
                path.append((child, p))
                break
            # UCB with availability counts; the first of equal scores wins
            c = self.exploration
            a, node, best = actions[0], root, -math.inf
            for x in actions:
                n = children[(p, x)]
                visits = n.visits
                # log of a float: compiled, that is C's log; of an int it was Python's
                # generic call (the same value: math.log converts the int to a float)
                available: int = n.available
                score = n.reward / visits + c * sqrt(
                    log(float(available if available > 1 else 1)) / visits)
                if score > best:
                    a, node, best = x, n, score
            state.apply_unchecked(p, a)
            path.append((node, p))
        for _ in range(self.rollout):
            if state.is_terminal():
                break
            p = state.current_players()[0]
            legal = state.legal_actions(p)
            if self.greedy:
                _, state, known = self._greedy(state, p, legal, self.greedy)
            else:
                state.apply_unchecked(p, rng.choice(legal))
                known = None
        values = known if known is not None else self.evaluate(state)
        root.visits += 1
        for n, p in path:
            n.visits += 1
            n.reward += values[p] if p < len(values) else 0.0

    def _greedy(self, state: State, p: int, legal: list[Action],
                width: int) -> tuple[Action, State, list[float] | None]:
        """The best for ``p`` by the one-ply evaluation among ``width`` candidates, the
        state after it (``state`` itself or a copy: the caller drops the other) and its
        evaluation (None when there was no choice to judge).

        The same choice as judging each candidate on its own copy: a candidate drawn
        twice is judged once (a copy given the same action ends the same, its own random
        stream included), and the last new candidate is played on ``state`` itself, which
        is not needed after it (tests/test_quiet_search.py, the decision list in
        docs/performance.md, "Search speed")."""
        if len(legal) == 1:
            state.apply_unchecked(p, legal[0])
            return legal[0], state, None
        rng = self.rng
        pool = legal if len(legal) <= width else [
            legal[rng.below(len(legal))] for _ in range(width)]
        last = len(pool) - 1
        judged: dict[Action, tuple[list[float], State]] = {}
        best = pool[0]
        best_value = -1.0
        for i, a in enumerate(pool):
            seen = judged.get(a)
            if seen is None:
                s = state if i == last else state.clone()
                s.apply_unchecked(p, a)
                seen = judged[a] = (self.evaluate(s), s)
            value = seen[0][p] + rng.below(1000) * 1e-9
            if value > best_value:
                best, best_value = a, value
        values, after = judged[best]
        return best, after, values


def _quiet(sample: Sampler, seed: int) -> State:
    """A sample of the information set that keeps no log: the search reads only its
    rules and its evaluation, and a sample is the bot's own copy (the play is the same,
    tested in tests/test_quiet_search.py)."""
    return sample(seed).silence()
