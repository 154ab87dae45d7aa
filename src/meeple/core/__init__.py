"""The engine core shared by every game: actions, prompts, states, RNG, log, records."""

from meeple.core.actions import Action
from meeple.core.errors import (
    ActionParseError,
    IllegalActionError,
    MeepleError,
    SaveFileError,
    ScenarioError,
)
from meeple.core.game import CHANCE, Game, Prompt, State
from meeple.core.log import Event, Log
from meeple.core.rng import Rng

__all__ = [
    "CHANCE",
    "Action",
    "ActionParseError",
    "Event",
    "Game",
    "IllegalActionError",
    "Log",
    "MeepleError",
    "Prompt",
    "Rng",
    "SaveFileError",
    "ScenarioError",
    "State",
]
