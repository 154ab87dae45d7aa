"""A kit game's state as typed attributes: read once per class from its annotations, copied
fast for a search's clones, checked by pydantic when a save is loaded.

A field holds JSON-like data — ``int``, ``str``, ``bool``, ``float``, ``None``, lists,
dicts with text keys, and dataclasses made of those — so that saving it is writing it out
and a clone is a copy of its lists, with no code per game.
"""

from __future__ import annotations

import dataclasses
import inspect
import types
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from meeple.core.errors import SaveFileError

_ATOMS = (int, str, bool, float, type(None))


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    name: str
    hint: Any
    atomic: bool  # an immutable value: a clone shares it


def _is_atomic(hint: Any) -> bool:
    if hint in _ATOMS:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return all(_is_atomic(a) for a in typing.get_args(hint))
    if origin is tuple:
        return all(a is Ellipsis or _is_atomic(a) for a in typing.get_args(hint))
    return origin is typing.Literal


@cache
def fields_of(cls: type, base: type) -> tuple[FieldSpec, ...]:
    """The annotated attributes of ``cls`` that ``base`` (the kit's own) does not declare,
    in the order they are written."""
    hints = typing.get_type_hints(cls)
    own = set(typing.get_type_hints(base))
    out: list[FieldSpec] = []
    for klass in reversed(cls.__mro__):
        for name in inspect.get_annotations(klass):
            if name in own or name.startswith("_") or any(f.name == name for f in out):
                continue
            hint = hints[name]
            if typing.get_origin(hint) is typing.ClassVar:
                continue
            out.append(FieldSpec(name, hint, _is_atomic(hint)))
    return tuple(out)


def copy_value(v: Any) -> Any:
    """A deep copy of JSON-like data and dataclasses of it, much cheaper than copy.deepcopy
    (no memo: the state holds no shared or cyclic parts)."""
    t = type(v)
    if t is list:
        # a list of atoms copies at C speed; any other list is walked
        if not v or (type(v[0]) in _ATOMS and all(type(x) in _ATOMS for x in v)):
            return v[:]
        return [copy_value(x) for x in v]
    if t is dict:
        return {k: (x if type(x) in _ATOMS else copy_value(x)) for k, x in v.items()}
    if t in _ATOMS or t is tuple:
        return v
    if dataclasses.is_dataclass(v):
        new = object.__new__(t)
        for f in dataclasses.fields(v):
            object.__setattr__(new, f.name, copy_value(getattr(v, f.name)))
        return new
    raise TypeError(f"a kit state holds JSON-like data, not {t.__name__}")


def to_plain(v: Any) -> Any:
    """JSON-ready data (dataclasses as objects, tuples as lists, keys as text)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is list or t is tuple:
        return [to_plain(x) for x in v]
    if t is dict:
        return {str(k): to_plain(x) for k, x in v.items()}
    if dataclasses.is_dataclass(v):
        return {f.name: to_plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    raise TypeError(f"a kit state holds JSON-like data, not {t.__name__}")


@cache
def model_of(cls: type, base: type) -> type[BaseModel]:
    """A pydantic model of the fields, strict enough that a broken save is named."""
    specs = fields_of(cls, base)
    config = ConfigDict(extra="forbid", strict=False)
    made: type[BaseModel] = create_model(  # type: ignore[call-overload]
        f"{cls.__name__}Fields", __config__=config,
        **{f.name: (f.hint, ...) for f in specs})
    return made


def load_fields(cls: type, base: type, data: Any, what: str) -> dict[str, Any]:
    """The fields of a saved state, checked; SaveFileError names the first bad one."""
    try:
        model = model_of(cls, base).model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise SaveFileError(f"bad {what} at state.{where}: {first['msg']}") from e
    return {f.name: getattr(model, f.name) for f in fields_of(cls, base)}


def check_field(cls: type, base: type, name: str, value: Any) -> Any:
    """One field's value as its type says, or ValueError naming the field (scenario set-ups)."""
    specs = {f.name: f for f in fields_of(cls, base)}
    if name not in specs:
        raise ValueError(f"no field {name!r} (fields: {', '.join(specs)})")
    from pydantic import TypeAdapter

    try:
        return TypeAdapter(specs[name].hint).validate_python(value)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(x) for x in (name, *first["loc"]))
        raise ValueError(f"{where}: {first['msg']}") from None

