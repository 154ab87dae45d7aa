"""The whole state of a game of Cyclades, and the questions the rules ask of it.

Everything is plain lists and dicts (the board itself is static data), so a state
copies, saves and compares simply. Territory owners persist when troops leave (the
base game's territory markers); a sea holds the fleets of one player at most.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Text
from meeple.games.cyclades.data import Board, load

DATA = load()
APOLLO = "apollo"
BUILDINGS: tuple[str, ...] = tuple(DATA.rules["buildings"])
METRO = "metropolis"
FIGURES = frozenset(k for k, c in DATA.creatures.items() if c.get("figure"))

# Attributes copied and saved as they are (lists, dicts, ints, strings).
FIELDS = ("gold", "priests", "philosophers", "owner", "troops", "titans", "buildings",
          "specials", "markers", "fleet_owner", "fleets", "figures", "track", "deck",
          "discard", "gods", "facedown", "bids", "apollo", "order", "queue", "phase",
          "turns", "turn", "used", "pending", "artifacts", "cycle", "teams",
          "end_declared", "special_display", "outcome", "eliminated", "used_temples",
          "loaded", "bought", "special_takers")


class CycladesState(State):
    game: ClassVar[Game]

    def __init__(self, n: int = 0, options: dict[str, Any] | None = None,
                 board: Board | None = None, rng: Rng | None = None) -> None:
        if options is None or board is None or rng is None:
            # An empty shell that clone() fills field by field: a class compiled by mypyc
            # (docs/performance.md) cannot be made by __new__ alone.
            return
        self.n = n
        self.options = options
        self.board = board
        self.rng = rng
        self.log = Log()
        T, S = len(board.territories), len(board.seas)
        self.gold = [0] * n
        self.priests = [0] * n
        self.philosophers = [0] * n
        self.owner = [-1] * T
        self.troops = [0] * T
        self.titans = [0] * T
        self.buildings: list[list[str]] = [[] for _ in range(T)]
        self.specials = [""] * T          # special Metropolis kind on a territory
        self.markers = [0] * T            # prosperity markers added (Apollo)
        self.fleet_owner = [-1] * S
        self.fleets = [0] * S
        self.figures: list[list[Any]] = []  # [creature, "t"|"s", place, owner]
        self.track = ["", "", ""]
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.gods: list[str] = []          # face up, in track order (Apollo after them)
        self.facedown: list[str] = []
        self.bids: dict[str, list[int]] = {}  # god -> [player, amount]
        self.apollo: list[int] = []
        self.order: list[int] = []          # bidding order (a player twice at 2 players)
        self.queue: list[list[Any]] = []    # who bids next: [player, god just lost]
        self.phase = "auction"
        self.turns: list[list[Any]] = []    # [god, player] in playing order
        self.turn = 0
        self.used: dict[str, int] = {}
        self.pending: list[dict[str, Any]] = []
        self.artifacts: dict[str, list[int]] = {}  # on the board: name -> [owner, territory]
        self.cycle = 0
        self.teams: list[int] = list(range(n))
        self.end_declared = False
        self.special_display: list[str] = []
        self.outcome: dict[str, Any] = {}
        self.eliminated: list[int] = []
        self.used_temples = [0] * n        # temple discounts used this cycle
        self.loaded: list[int] = []        # die faces scenarios set for the next rolls
        self.bought: list[list[str]] = [[] for _ in range(n)]  # creatures each player bought
        self.special_takers: list[int] = []  # players who took a special Metropolis card

    # ---- engine interface -------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round(self) -> int:
        return self.cycle

    def opt(self, key: str) -> Any:
        if key == "free_start":  # the Titans map has no printed start
            return self.options["map"] == "titans"
        return self.options[key]

    def prompts(self) -> list[Prompt]:
        from meeple.games.cyclades.flow import prompts

        return prompts(self)

    def current_players(self) -> list[int]:
        # prompts()'s players without their sentences (asked before every action)
        if self.phase == "over":
            return []
        if self.pending:
            return [int(self.pending[-1]["player"])]
        if self.phase == "auction":
            return [int(self.queue[0][0])]
        return [int(self.turns[self.turn][1])]

    def legal_actions(self, player: int) -> list[Action]:
        return _flow.legal(self, player) if player in self.current_players() else []

    def random_action(self, player: int, rng: Rng) -> Action:
        # drawn from the legal list in parts (flow.options): the same index from the same
        # draw, so the same action as rng.choice(legal_actions), without listing every bid
        # amount, sail and troop move
        if player not in self.current_players():
            return rng.choice(self.legal_actions(player))
        return _flow.options(self, player).draw(rng)

    def apply_unchecked(self, player: int, action: Action) -> None:
        _flow.apply(self, player, action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        winners = self.outcome.get("winners", [])
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.n)]

    def result(self) -> dict[str, Any]:
        from meeple.games.cyclades.ending import summary

        if not self.is_terminal():
            return {"winner": None, "reason": "playing"}
        out = dict(self.outcome)
        # The sentence a client shows, in the reader's language (the code stays for machines).
        out["reason_text"] = Text(f"cyclades.reason.{str(out['reason']).replace(' ', '_')}.text")
        # Who won and why, the tie-break and every player's standing, in words.
        out["text"] = summary(self)
        return out

    def view(self, player: int | None) -> dict[str, Any]:
        from meeple.games.cyclades.view import view

        return view(self, player)

    def view_without_log(self, player: int | None) -> dict[str, Any]:
        from meeple.games.cyclades.view import view

        return view(self, player, log=False)

    def to_json(self) -> dict[str, Any]:
        from meeple.games.cyclades.saves import state_to_json

        return state_to_json(self)

    def clone(self) -> CycladesState:
        # Each field copied as deep as it nests, written out (clone_value's type tests per
        # field were most of a copy; a search copies a state for every sample).
        c = CycladesState()
        c.n, c.options, c.board = self.n, self.options, self.board
        c.rng = Rng(0)
        c.rng.state = self.rng.state
        c.log = self.log.clone()
        c.gold, c.priests, c.philosophers = self.gold[:], self.priests[:], self.philosophers[:]
        c.owner, c.troops, c.titans = self.owner[:], self.troops[:], self.titans[:]
        c.buildings = [b[:] for b in self.buildings]
        c.specials, c.markers = self.specials[:], self.markers[:]
        c.fleet_owner, c.fleets = self.fleet_owner[:], self.fleets[:]
        c.figures = [f[:] for f in self.figures]
        c.track, c.deck, c.discard = self.track[:], self.deck[:], self.discard[:]
        c.gods, c.facedown = self.gods[:], self.facedown[:]
        c.bids = {k: v[:] for k, v in self.bids.items()}
        c.apollo, c.order = self.apollo[:], self.order[:]
        c.queue = [q[:] for q in self.queue]
        c.phase = self.phase
        c.turns = [t[:] for t in self.turns]
        c.turn = self.turn
        c.used = dict(self.used)
        c.pending = [_copy_dict(x) for x in self.pending]
        c.artifacts = {k: v[:] for k, v in self.artifacts.items()}
        c.cycle = self.cycle
        c.teams = self.teams[:]
        c.end_declared = self.end_declared
        c.special_display = self.special_display[:]
        c.outcome = _copy_dict(self.outcome)
        c.eliminated, c.used_temples = self.eliminated[:], self.used_temples[:]
        c.loaded = self.loaded[:]
        c.bought = [b[:] for b in self.bought]
        c.special_takers = self.special_takers[:]
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> CycladesState:
        # A deep copy (OpenSpiel's clone) is a clone: the log's texts are immutable and
        # shared, the rest copied as clone() does.
        return self.clone()

    @staticmethod
    def clone_value(v: Any) -> Any:
        """A copy of a field, as deep as its nesting (lists of ints or strings, lists of
        lists, dicts of lists, the pending decisions' small dicts)."""
        if isinstance(v, list):
            if not v:
                return []
            first = v[0]
            if isinstance(first, list):
                return [x[:] for x in v]
            if isinstance(first, dict):
                return [_copy_dict(x) for x in v]
            return v[:]
        if isinstance(v, dict):
            return _copy_dict(v)
        return v

    def describe(self, player: int, action: Action) -> Text:
        from meeple.games.cyclades.render import describe

        return describe(self, player, action)

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        from meeple.games.cyclades.render import render

        return render(self, player, lang)

    # ---- questions the rules ask -------------------------------------------------
    def name(self, p: int) -> str:
        """A seat as people read it: numbered from 1 (the engine's index is ``p``)."""
        return f"P{p + 1}"

    def tname(self, t: int) -> str:
        return self.board.territories[t].name

    def allies(self, p: int, q: int) -> bool:
        # -1 is nobody (an empty sea or territory): it has no team, and teams[-1] would
        # read the last seat's.
        return q >= 0 and p != q and self.teams[p] == self.teams[q]

    def enemy(self, p: int, q: int) -> bool:
        return q >= 0 and q != p and self.teams[p] != self.teams[q]

    def territories_of(self, p: int) -> list[int]:
        return [t for t, o in enumerate(self.owner) if o == p]

    def metropolises(self, p: int) -> int:
        return sum(b.count(METRO) for t, b in enumerate(self.buildings) if self.owner[t] == p)

    def team_metropolises(self, team: int) -> int:
        return sum(self.metropolises(p) for p in range(self.n) if self.teams[p] == team)

    def count_building(self, p: int, kind: str) -> int:
        """Buildings of a kind ``p`` holds, a Metropolis counting as one of each."""
        return sum(b.count(kind) + b.count(METRO) for t, b in enumerate(self.buildings)
                   if self.owner[t] == p)

    def free_slots(self, t: int) -> int:
        b = self.buildings[t]
        used = len(b) + b.count(METRO)  # a Metropolis takes two spaces
        return self.board.territories[t].slots - used

    def figure_at(self, kind: str, where: str, place: int) -> list[Any] | None:
        for f in self.figures:
            if f[0] == kind and f[1] == where and f[2] == place:
                return f
        return None

    def troops_total(self, p: int) -> int:
        return sum(n for t, n in enumerate(self.troops) if self.owner[t] == p)

    def titans_total(self, p: int) -> int:
        return sum(n for t, n in enumerate(self.titans) if self.owner[t] == p)

    def fleets_total(self, p: int) -> int:
        return sum(n for n, o in zip(self.fleets, self.fleet_owner, strict=True) if o == p)

    def roll(self) -> int:
        """One roll of the battle die (faces 0, 0, 1, 1, 2, 3)."""
        if self.loaded:
            return int(self.loaded.pop(0))
        faces: list[int] = DATA.rules["die"]
        return faces[self.rng.below(len(faces))]

    def current(self) -> tuple[str, int]:
        god, p = self.turns[self.turn]
        return str(god), int(p)


def _copy_dict(d: dict[str, Any]) -> dict[str, Any]:
    return {k: (x[:] if isinstance(x, list) else copy.deepcopy(x) if isinstance(x, dict)
                else x) for k, x in d.items()}


# The rules' order of play, imported last: it imports this module (the state's class must
# exist first). Read as a module attribute, not imported inside each method: a random game
# asks for an action and applies it tens of thousands of times a second.
from meeple.games.cyclades import flow as _flow  # noqa: E402
