"""The Colonies state and its engine interface. Orders are secret and simultaneous: in
the orders phase every player who has not submitted is asked at once."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.rng import Rng
from meeple.core.text import DEFAULT_LANG, Message
from meeple.games.colonies.data import load
from meeple.games.colonies.model import NOBODY, Sheet
from meeple.games.colonies.sheets import CharacterSheet

DATA = load()


class ColoniesState(State):
    game: ClassVar[Game]
    __slots__ = (
        "colonized", "events", "final", "harvest", "loaded", "log", "n", "options", "owner",
        "phase", "players", "rng", "season_no", "sheets", "spies", "thaw_roll", "winners",
    )

    def __init__(self) -> None:
        self.n = 0
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.players: list[Sheet] = []
        self.sheets: list[CharacterSheet] = []  # character sheets, with the option sheets
        self.owner = [NOBODY] * len(DATA.provinces)
        self.colonized = [False] * len(DATA.provinces)
        self.phase = "setup"  # setup, orders, spy, goals, over
        self.season_no = 0  # index of the current season, 0 = the first
        self.thaw_roll = 0
        self.harvest: list[list[int]] = []  # [province, roll, success] this Leaf-fall
        self.events: list[list[Any]] = []  # the Master's personal events this season
        self.spies: list[list[int]] = []  # [spy, target, slot] awaiting replacement orders
        self.loaded: list[int] = []  # dice fixed by a scenario, used before the RNG
        self.final: dict[str, Any] = {}
        self.winners: list[int] = []
        self.log = Log()

    # --- engine interface ---------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def master(self) -> int | None:
        """The Master's seat (one past the last player) when the game has a human Master."""
        return self.n if self.options.get("master") else None

    @property
    def round(self) -> int:
        return self.season_no + 1 if self.phase != "setup" else 0

    def name(self, p: int) -> str:
        """A seat as people read it: numbered from 1 (the engine's index is ``p``)."""
        if p == self.master:
            return "the Master"
        if self.sheets and self.sheets[p].status == "approved":
            return f"{self.sheets[p].fields['name']} (Player {p + 1})"
        return f"Player {p + 1}"

    def roll(self, sides: int) -> int:
        """A die roll from the state's RNG (or the next loaded value, in scenarios)."""
        if self.loaded:
            value = self.loaded.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"loaded die value {value} does not fit a d{sides}")
            return value
        return self.rng.die(sides)

    def season_label(self, index: int | None = None) -> str:
        key, year = DATA.season(self.season_no if index is None else index)
        return f"{key.capitalize()} {year}"

    def current_players(self) -> list[int]:
        from meeple.games.colonies import flow

        return flow.waiting(self)

    def prompts(self) -> list[Prompt]:
        from meeple.games.colonies.render import prompt_text

        return [Prompt(p, self.phase, prompt_text(self, p)) for p in self.current_players()]

    def legal_actions(self, player: int) -> list[Action]:
        from meeple.games.colonies import flow

        if player not in self.current_players():
            return []
        return flow.legal(self, player)

    def check_action(self, player: int, action: Action) -> None:
        from meeple.games.colonies import flow

        problem = flow.problem(self, player, action)
        if problem is not None:
            raise IllegalActionError(f"{action}: {problem}")

    def apply(self, player: int, action: Action | str) -> None:
        """As every game's, but a seat with nothing to decide now is told why as that seat
        may know it: never a spy's name, never the Master as a seat number."""
        from meeple.games.colonies import flow

        seats = self.n + (self.master is not None)
        if (not self.is_terminal() and 0 <= player < seats
                and player not in self.current_players()):
            raise IllegalActionError(f"{action}: {flow.not_waiting(self, player)}")
        super().apply(player, action)

    def apply_unchecked(self, player: int, action: Action) -> None:
        from meeple.games.colonies import flow

        flow.apply(self, player, action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        k = len(self.winners)
        return [1.0 / k if p in self.winners else 0.0 for p in range(self.n)]

    def result(self) -> dict[str, Any]:
        if self.phase != "over":
            return {"winner": None, "reason": None, "rounds": self.round}
        from meeple.games.colonies.texts import chain, seats, t

        # The code stays for machines; the texts are for the end screen, in its language.
        return {"winner": self.winners[0] if len(self.winners) == 1 else None,
                "winners": self.winners[:], "reason": "victory_points",
                "reason_text": t("vp.reason"),
                "text": t("vp.winner" if len(self.winners) == 1 else "vp.shared",
                          who=chain(seats(self, self.winners), "comma")),
                "rounds": self.season_no + 1, "points": self.final.get("points")}

    def clone(self) -> ColoniesState:
        c = ColoniesState.__new__(ColoniesState)
        c.n = self.n
        c.options = self.options
        c.rng = self.rng.copy()
        c.players = [p.clone() for p in self.players]
        c.sheets = [x.clone() for x in self.sheets]
        c.owner = self.owner[:]
        c.colonized = self.colonized[:]
        c.phase = self.phase
        c.season_no = self.season_no
        c.thaw_roll = self.thaw_roll
        c.harvest = [h[:] for h in self.harvest]
        c.events = [e[:] for e in self.events]
        c.spies = [s[:] for s in self.spies]
        c.loaded = self.loaded[:]
        c.final = self.final
        c.winners = self.winners[:]
        c.log = self.log.clone()
        return c

    def to_json(self) -> dict[str, Any]:
        from meeple.games.colonies.saves import state_to_json

        return state_to_json(self)

    def view(self, player: int | None) -> dict[str, Any]:
        from meeple.games.colonies.view import view

        return view(self, player)

    def view_without_log(self, player: int | None) -> dict[str, Any]:
        from meeple.games.colonies.view import view

        return view(self, player, log=False)

    def describe(self, player: int, action: Action) -> Message:
        from meeple.games.colonies.render import describe

        return describe(self, player, action)

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        from meeple.games.colonies.render import render

        return render(self, player, lang)
