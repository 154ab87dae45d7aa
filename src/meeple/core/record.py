"""Game records: (game, players, options, seed, actions) — enough to replay a game exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.actions import Action
from meeple.core.errors import MeepleError, SaveFileError
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.saves import check_model

FORMAT = "meeple-record/1"


class RecordedAction(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    player: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


class GameRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    format: str = FORMAT
    game: str
    players: int = Field(ge=1, le=16)
    seed: int = Field(ge=0, lt=2**64)
    options: dict[str, Any] = Field(default_factory=dict)
    actions: list[RecordedAction] = Field(default_factory=list)

    def new_state(self) -> State:
        try:
            game = get_game(self.game)
            return game.new_state(self.players, self.seed, self.options)
        except (KeyError, ValueError) as e:
            raise SaveFileError(f"record cannot start a game: {e}") from e

    def replay(self) -> State:
        """The state after every recorded action; a bad action is an error naming its index."""
        state = self.new_state()
        for i, rec in enumerate(self.actions):
            try:
                state.apply(rec.player, Action.parse(rec.action))
            except MeepleError as e:
                raise SaveFileError(f"action #{i} ({rec.player}: {rec.action!r}): {e}") from e
        return state

    def add(self, player: int, action: Action) -> None:
        self.actions.append(RecordedAction(player=player, action=str(action)))

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.model_dump_json(indent=1))
        tmp.replace(path)

    @staticmethod
    def parse(data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise SaveFileError("a game record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise SaveFileError(f"unknown record format {data.get('format')!r}; want {FORMAT!r}")
        return check_model(GameRecord, data, "game record")

    @staticmethod
    def load(path: Path) -> GameRecord:
        try:
            text = path.read_text()
        except OSError as e:
            raise SaveFileError(f"cannot read {path}: {e.strerror}") from e
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise SaveFileError(f"{path} is not valid JSON: {e}") from e
        return GameRecord.parse(data)
