"""Shared pieces of loading saved states: a schema check whose error names the first
bad field, the log's entries, and the YAML data files of the games."""

from __future__ import annotations

from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from meeple.core.errors import SaveFileError
from meeple.core.log import Log
from meeple.core.yamlfile import read_yaml

M = TypeVar("M", bound=BaseModel)


def check_model(model: type[M], data: Any, what: str) -> M:
    """``data`` as ``model``; otherwise SaveFileError naming the first bad field."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise SaveFileError(f"bad {what} at {where}: {first['msg']}") from e


def check_state(model: type[M], data: Any, fmt: str, what: str) -> M:
    """A saved state's JSON: an object of format ``fmt`` whose shape is ``model``."""
    if not isinstance(data, dict):
        raise SaveFileError(f"a {what} is a JSON object")
    if data.get("format") != fmt:
        raise SaveFileError(f"not a {what}: format is {data.get('format')!r}, want {fmt!r}")
    return check_model(model, data, what)


def check_options(game: Any, options: dict[str, Any], what: str) -> dict[str, Any]:
    """A saved game's options, as the game resolves them, or SaveFileError."""
    try:
        resolved: dict[str, Any] = game.resolve_options(options)
    except ValueError as e:
        raise SaveFileError(f"bad {what} options: {e}") from e
    return resolved


def log_from_json(entries: list[list[Any]], what: str) -> Log:
    # The text is plain, or a template key with its arguments (meeple.core.text).
    for i, entry in enumerate(entries):
        if len(entry) != 3 or not (isinstance(entry[0], int) and isinstance(entry[1], int)
                                   and isinstance(entry[2], str | dict)):
            raise SaveFileError(f"bad {what}: log entry {i} is not [round, audience, text]")
    try:
        return Log.from_json(entries)
    except ValueError as e:
        raise SaveFileError(f"bad {what}: a log entry's text: {e}") from e


def load_data(package: str, name: str) -> Any:
    """A YAML file from a game package's ``data/`` folder."""
    path = resources.files(package).joinpath("data").joinpath(name)
    return read_yaml(path.read_text("utf-8"))
