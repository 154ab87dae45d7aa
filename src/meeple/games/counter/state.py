"""The whole state of Counter: the count and whose turn it is."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core.actions import Action
from meeple.core.errors import SaveFileError
from meeple.core.game import Game, Prompt, State
from meeple.core.log import Log
from meeple.core.text import DEFAULT_LANG, Text

INCREMENT = Action("inc")
PROMPT = Text("counter.prompt")


class CounterState(State):
    game: ClassVar[Game]

    def __init__(self, players: int, limit: int) -> None:
        self.n = players
        self.limit = limit
        self.count = 0
        self.log = Log()

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def round(self) -> int:
        return self.count // self.n + 1

    def prompts(self) -> list[Prompt]:
        if self.is_terminal():
            return []
        return [Prompt(self.count % self.n, "move", PROMPT)]

    def legal_actions(self, player: int) -> list[Action]:
        return [INCREMENT] if player in self.current_players() else []

    def apply_unchecked(self, player: int, action: Action) -> None:
        self.count += 1
        self.log.add(self.round, Text("counter.made", player=Text("core.player", n=player + 1),
                                      count=self.count))

    def is_terminal(self) -> bool:
        return self.limit > 0 and self.count >= self.limit

    def returns(self) -> list[float]:
        return [1.0 / self.n] * self.n if self.is_terminal() else [0.0] * self.n

    def result(self) -> dict[str, Any]:
        done = self.is_terminal()
        return {"winner": None, "winners": list(range(self.n)) if done else [],
                "reason": "limit" if done else "playing", "count": self.count}

    def view(self, player: int | None) -> dict[str, Any]:
        return {"viewer": player, "count": self.count, "turn": self.count % self.n,
                "limit": self.limit}

    def to_json(self) -> dict[str, Any]:
        return {"format": "meeple-counter/1", "players": self.n, "limit": self.limit,
                "count": self.count, "log": self.log.to_json()}

    @staticmethod
    def from_json(data: Any) -> CounterState:
        try:
            s = CounterState(int(data["players"]), int(data["limit"]))
            s.count = int(data["count"])
            s.log = Log.from_json(data["log"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveFileError(f"not a Counter state: {e}") from None
        if s.count < 0 or s.n < 1:
            raise SaveFileError("a Counter state has a count >= 0 and players >= 1")
        return s

    def clone(self) -> CounterState:
        c = CounterState(self.n, self.limit)
        c.count = self.count
        c.log = self.log.clone()
        return c

    def describe(self, player: int, action: Action) -> Text:
        return Text("counter.make", count=self.count + 1)

    def render(self, player: int | None, lang: str = DEFAULT_LANG) -> str:
        return f"Count {self.count}; player {self.count % self.n + 1} to move."
