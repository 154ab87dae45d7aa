"""Actions: small immutable values with a text form a person can type and a JSON form.

The text form is the action kind followed by its arguments, separated by spaces:
``place 5 2`` (put the level-2 priest on district 5), ``pass``, ``sell c4``.
Arguments are non-negative integers, short tokens without spaces, or free text in
double quotes with JSON escapes (``raven 2 "Meet me at the ford"``).

>>> a = Action.parse("place 5 P")
>>> a
Action('place 5 P')
>>> str(a) == "place 5 P" and Action.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, NamedTuple

from meeple.core.errors import ActionParseError

Arg = int | str
_TOKEN = re.compile(r"^[A-Za-z0-9_.:+\-]{1,32}$")
_KIND = re.compile(r"^[a-z][a-z0-9_\-]{0,31}$")
_NUMBER = re.compile(r"^[0-9]+$")  # str.isdigit() also accepts "²" and other digits
MAX_TEXT = 2000
# Final: compiled, read from the module's statics, not looked up in its dict at every call
_new_tuple: Final = tuple.__new__


class Action(NamedTuple):
    kind: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(_format_arg(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @staticmethod
    def of(kind: str, *args: Arg) -> Action:
        """``Action(kind, args)`` made directly: a named tuple's own constructor is Python
        code, which the rules compiled by mypyc would call for every legal action listed."""
        return action(kind, *args)

    @staticmethod
    def parse(text: str) -> Action:
        if not isinstance(text, str):
            raise ActionParseError(f"action text must be a string, got {type(text).__name__}")
        parts = _split(text)
        if not parts:
            raise ActionParseError("empty action text")
        head = parts[0]
        if not isinstance(head, str) or not _KIND.match(head.lower()):
            raise ActionParseError(f"bad action kind {head!r} in {text!r}")
        return Action(head.lower(), tuple(parts[1:]))

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
                raise ActionParseError(f"action argument {a!r} is neither integer nor text")
        return Action.parse(" ".join([data["kind"], *(_format_arg(a) for a in args)]))


_ACTION: Final = Action


def action(kind: str, *args: Arg) -> Action:
    """``Action.of(kind, *args)`` as a module function: compiled rules call it directly,
    where ``Action.of``, a static method of a class that stays Python (a named tuple), is
    looked up on the class and called through Python (about 1,500 instructions a call,
    Cult's services listed some 7,000 actions so in 20 random games)."""
    return _new_tuple(_ACTION, (kind, args))


def _format_arg(a: Arg) -> str:
    if isinstance(a, int) or (_TOKEN.match(a) and not _NUMBER.match(a)):
        return str(a)
    return json.dumps(a, ensure_ascii=False)


_DECODER = json.JSONDecoder()


def _split(text: str) -> list[Arg]:
    """Whitespace-separated arguments; a double-quoted one is JSON text and may hold spaces."""
    out: list[Arg] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '"':
            try:
                value, end = _DECODER.raw_decode(text, i)
            except json.JSONDecodeError as e:
                raise ActionParseError(f"unfinished quoted text in {text!r}: {e.msg}") from e
            if not isinstance(value, str) or len(value) > MAX_TEXT:
                raise ActionParseError(f"quoted text too long (over {MAX_TEXT} characters)")
            if end < n and not text[end].isspace():
                raise ActionParseError(f"missing space after quoted text in {text!r}")
            out.append(value)
            i = end
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        out.append(_parse_arg(text[i:j], text))
        i = j
    return out


def _parse_arg(token: str, text: str) -> Arg:
    if _NUMBER.match(token):
        if len(token) > 9:
            raise ActionParseError(f"number {token!r} is too large in {text!r}")
        return int(token)
    if not _TOKEN.match(token):
        raise ActionParseError(f"bad argument {token!r} in {text!r} (quote free text)")
    return token
