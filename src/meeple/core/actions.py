"""Actions: small immutable values with a text form a person can type and a JSON form.

The text form is the action kind followed by its arguments, separated by spaces:
``place 5 2`` (put the level-2 priest on district 5), ``pass``, ``sell 104``.
Arguments are non-negative integers or short tokens without spaces.

>>> a = Action.parse("place 5 P")
>>> a
Action('place 5 P')
>>> str(a) == "place 5 P" and Action.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from meeple.core.errors import ActionParseError

Arg = int | str
_TOKEN = re.compile(r"^[A-Za-z0-9_.:+\-]{1,32}$")
_KIND = re.compile(r"^[a-z][a-z0-9_\-]{0,31}$")


class Action(NamedTuple):
    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @staticmethod
    def of(kind: str, *args: Arg) -> Action:
        return Action(kind, args)

    @staticmethod
    def parse(text: str) -> Action:
        if not isinstance(text, str):
            raise ActionParseError(f"action text must be a string, got {type(text).__name__}")
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action text")
        kind = parts[0].lower()
        if not _KIND.match(kind):
            raise ActionParseError(f"bad action kind {parts[0]!r} in {text!r}")
        return Action(kind, tuple(_parse_arg(p, text) for p in parts[1:]))

    @staticmethod
    def from_json(data: Any) -> Action:
        if isinstance(data, str):
            return Action.parse(data)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ActionParseError(f"an action in JSON is an object with 'kind': got {data!r}")
        extra = set(data) - {"kind", "args"}
        if extra:
            raise ActionParseError(f"unknown action field(s) {sorted(extra)}")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ActionParseError(f"action 'args' must be a list, got {args!r}")
        for a in args:
            if isinstance(a, bool) or not isinstance(a, int | str):
                raise ActionParseError(f"action argument {a!r} is neither integer nor token")
        return Action.parse(" ".join([data["kind"], *(str(a) for a in args)]))


def _parse_arg(token: str, text: str) -> Arg:
    if token.isdigit():
        if len(token) > 9:
            raise ActionParseError(f"number {token!r} is too large in {text!r}")
        return int(token)
    if not _TOKEN.match(token):
        raise ActionParseError(f"bad argument {token!r} in {text!r}")
    return token
