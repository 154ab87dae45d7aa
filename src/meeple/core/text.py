"""Game texts kept as a template key and its arguments, formatted only when read.

A rule module records *what* happened, not an English sentence::

    from meeple.core.text import Text, term

    s.log.add(r, Text("colonies.battle.won", winner=s.seat_text(p),
                      province=term("colonies.province", 5), n=3))

and the reader picks the language: ``text.render("ru")``. The key's first part names a
catalog (``colonies`` → ``games/colonies/data/texts.yaml``, registered by the game with
:func:`register_catalog`); the rest is the entry in it. An entry holds one template per
language, in :meth:`str.format` syntax with named fields::

    battle.won:
      en: "{winner} wins the battle for {province}"
      ru: "{winner} побеждает в битве за {province}"
    province.5: {en: Durnholm, ru: Дурнхольм}          # a term: a name, no arguments
    plural.colony:                                      # used as {n:plural:colony}
      en: {one: "# colony", other: "# colonies"}
      ru: {one: "# колония", few: "# колонии", many: "# колоний", other: "# колонии"}

Arguments are ints, strings taken verbatim (a name a player chose), nested :class:`Text`
(rendered in the same language: terms, sub-sentences) or lists of those (joined as a list
in the language). ``{n:plural:colony}`` writes n with the plural form the language's
CLDR rule picks (Babel's), ``#`` standing for the number. ``{p:seat}`` writes a seat index
as people count seats, from 1 (the engine counts from 0; a text keeps the index so a
reader, a bot and a replay all see the same argument).

Why not format at once: the same log serves an English and a Russian reader, and a search
bot that clones a state a thousand times a second never pays for sentences nobody reads.
Reading never fails on a missing entry: it falls back to English, then to the bare key
(tests check that every catalog has every language, :func:`missing`).
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final, Union

import orjson
from babel import Locale

from meeple.core.yamlfile import read_yaml

LANGS = ("en", "ru")
DEFAULT_LANG = "en"

Arg = Union[int, str, "Text", list[Any]]


_TERMS: Final[dict[str, Text]] = {}
_NO_ARGS: Final[dict[str, Arg]] = {}  # shared, never changed


class Text:
    """A template key with its arguments; immutable, hashable, cheap to make."""

    __slots__ = ("_args", "_en", "_given", "_h", "_json", "_other", "key")

    key: str
    # The arguments as given (the call's own dict, never changed); ``args``, their sorted
    # pairs, is made from it when first asked for, and the dict let go: a text's equality,
    # hash, JSON and sentence use it, and most texts of a game played by bots are never read
    # (sorting them at birth was about half the cost of making one compiled).
    _given: dict[str, Arg]
    _args: tuple[tuple[str, Arg], ...]
    # Each language's sentence once made: a text never changes, and a log line is read
    # again by every view of every later position. English apart: it is read the most.
    # These four slots stay unset until first asked for (reading one then raises
    # AttributeError, caught once): most log lines of a search or a simulation are never
    # read, and setting them at birth was a third of the cost of making a text.
    _en: str
    _other: dict[str, str]
    # Its hash and JSON, made once: a state's hash and JSON form take every log line's.
    _h: int
    _json: dict[str, Any]

    def __init__(self, key: str, **args: Arg) -> None:
        # Only __init__: compiled code makes a text by a direct call of its constructor,
        # where a class with its own __new__ is made through Python's generic call
        # (docs/performance.md, session 15). ``object.__setattr__`` with a literal
        # name is what mypyc turns into a plain store, passing by the ``__setattr__`` that
        # refuses every change. No text has an argument named "key".
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "_given", args if args else _NO_ARGS)

    @staticmethod
    def of(key: str, args: dict[str, Arg]) -> Text:
        """``Text(key, **args)``, keeping ``args`` itself (the caller gives it up): compiled,
        a call that passes on its own ``**args`` goes through Python's generic call, and a
        game's rules make a text for most lines they write."""
        made = Text(key)
        if args:
            object.__setattr__(made, "_given", args)
        return made

    @property
    def args(self) -> tuple[tuple[str, Arg], ...]:
        """The arguments as (name, value) pairs sorted by name."""
        try:
            return self._args
        except AttributeError:
            made = tuple(sorted(self._given.items()))
            object.__setattr__(self, "_args", made)
            object.__setattr__(self, "_given", _NO_ARGS)  # a server keeps its logs' texts
            return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Text is immutable")

    def __reduce__(self) -> tuple[Any, ...]:  # pickling (worker processes, Ray)
        return (_text, (self.key, self.args))

    def __copy__(self) -> Text:
        return self

    def __deepcopy__(self, _memo: dict[int, Any]) -> Text:
        return self  # immutable: a copy may share it

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self.key == other.key and self.args == other.args

    def __hash__(self) -> int:
        try:
            return self._h
        except AttributeError:
            h = hash((self.key, _hashable(self.args)))
            object.__setattr__(self, "_h", h)
            return h

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.args)
        return f"Text({self.key!r}{inner})"

    def __str__(self) -> str:
        return self.render(DEFAULT_LANG)

    def render(self, lang: str = DEFAULT_LANG) -> str:
        if lang == DEFAULT_LANG:
            try:
                return self._en
            except AttributeError:
                found = _format(self, lang)
                object.__setattr__(self, "_en", found)
                return found
        try:
            other = self._other
        except AttributeError:
            other = {}
            object.__setattr__(self, "_other", other)
        made = other.get(lang)
        if made is None:
            made = other[lang] = _format(self, lang)
        return made

    def to_json(self) -> dict[str, Any]:
        """The JSON form (made once and shared: a caller must not change it)."""
        try:
            return self._json
        except AttributeError:
            out: dict[str, Any] = {"k": self.key}
            if self.args:
                out["a"] = {k: _arg_to_json(v) for k, v in self.args}
            object.__setattr__(self, "_json", out)
            return out

    @staticmethod
    def from_json(data: Mapping[str, Any], pool: dict[Text, Text] | None = None) -> Text:
        """``pool``: texts read before; an equal one is shared rather than kept twice (a
        game's log names the same players and places in thousands of lines)."""
        key = data.get("k")
        if not isinstance(key, str) or not key:
            raise ValueError(f"a text needs a non-empty key 'k', got {data!r}")
        args = data.get("a") or {}
        if not isinstance(args, Mapping) or "key" in args:
            raise ValueError(f"text {key!r}: arguments 'a' must be a mapping, without 'key'")
        made = Text(key, **{str(k): _arg_from_json(v, pool) for k, v in args.items()})
        return made if pool is None else pool.setdefault(made, made)


def _text(key: str, args: tuple[tuple[str, Arg], ...]) -> Text:
    return Text(key, **dict(args))


Message = str | Text
"""What a log line or prompt holds: plain text (not yet converted) or a template."""


def term(catalog_key: str, *parts: object) -> Text:
    """A name from the catalog: ``term("colonies.province", 5)`` → key ``colonies.province.5``;
    one object per name, shared by every line that holds it."""
    key = ".".join([catalog_key, *(str(p) for p in parts)])
    found = _TERMS.get(key)
    if found is None:
        found = _TERMS[key] = Text(key)
    return found


def render(message: Message, lang: str = DEFAULT_LANG) -> str:
    return message if isinstance(message, str) else message.render(lang)


def _format(message: Text, lang: str) -> str:
    template = _template(message.key, lang)
    if template is None:
        return message.key
    # The arguments as given while they are kept: formatting needs no order, and sorting
    # them (``args``) was a third of writing a new line (docs/performance.md, session 19).
    given = message._given
    values = {k: _prepare(v, lang) for k, v in (given.items() if given else message.args)}
    try:
        parts = _parts(template)
        if parts is None:
            return _Formatter(lang, message.key).vformat(template, (), values)
        out: list[str] = []
        for literal, name, spec in parts:
            out.append(literal)
            if name:
                out.append(_field(values[name], spec, lang, message.key))
        return "".join(out)
    except (KeyError, IndexError, ValueError) as e:
        # A template that names an argument the code did not give: say so in the line
        # rather than lose the whole log.
        return f"{message.key} ({e})"


_PARSED: Final[dict[str, tuple[tuple[str, str, str], ...] | None]] = {}


def _parts(template: str) -> tuple[tuple[str, str, str], ...] | None:
    """``template`` cut once into (literal, field name, spec) parts ("" for no field), or
    None when it needs more than named fields with plain specs (a positional field, an
    attribute or index, a conversion, a nested spec, a malformed brace), which the
    standard library's formatter then writes, or refuses, as before. Its pure-Python
    ``vformat`` parsed every template at every reading: a server renders a move's new
    log lines, prompts and choices for each reader (docs/performance.md, session 16)."""
    if template in _PARSED:
        return _PARSED[template]
    made: tuple[tuple[str, str, str], ...] | None
    try:
        parsed = list(_PARSER.parse(template))
        made = tuple((literal, name or "", spec or "") for literal, name, spec, _ in parsed)
        if any(name is not None and (conversion is not None or not name.isidentifier()
                                     or "{" in (spec or ""))
               for _, name, spec, conversion in parsed):
            made = None
    except ValueError:
        made = None
    _PARSED[template] = made  # templates come from the catalogs: a bounded set
    return made


def localize(value: Any, lang: str = DEFAULT_LANG) -> Any:
    """``value`` with every text in it rendered: JSON made from a view or a result that
    holds templates."""
    # Plain values are kept without a call: the server localizes every seat's view after
    # every move, and a view is mostly a log of strings and tables of numbers.
    plain = _PLAIN
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, dict):
        return {k: v if v.__class__ in plain else localize(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if v.__class__ in plain else localize(v, lang) for v in value]
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})


def localized_json(value: Any, lang: str = DEFAULT_LANG) -> str:
    """``value`` as compact JSON with every text in it rendered as it is written: the same
    as encoding ``localize(value, lang)``, without first copying every list and dict of the
    value (a server's update is mostly tables of numbers; the copy was a tenth of the
    server's time per Cult move, docs/performance.md, session 10).

    Written by orjson (a quarter of the server's time per Cult move went to the standard
    library's encoder, session 13); whatever orjson refuses (a set, an int beyond 64 bits,
    a dict key it cannot write) is handed to the standard library's encoder, which writes
    it as before or raises the same error as before. The two write the same values: only
    a float's exponent may be spelt differently (``1e-05`` as ``0.00001``)."""

    write = _WRITERS.get(lang) or _JsonTexts(lang)
    try:
        return orjson.dumps(value, default=write, option=_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        pass  # a key that is not a string (a seat), or what orjson does not write
    try:
        return orjson.dumps(value, default=write, option=_ORJSON).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False,
                          default=write.plain)


class _JsonTexts:
    """The encoders' ``default`` for one language: a text rendered as it is written, an
    ``Escaped`` as its escaped JSON. A class, one kept per language (``_WRITERS``), not
    two functions nested in ``localized_json``: compiled by mypyc, those were a cycle of
    three objects at every call (their environment and the two functions), freed only by
    the cyclic collector; the server encodes five messages a move (docs/performance.md,
    session 20)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, obj: object) -> str | orjson.Fragment:
        if isinstance(obj, Text):
            return obj.render(self.lang)
        if isinstance(obj, Escaped):
            return obj.json
        raise TypeError(f"a {type(obj).__name__} is neither JSON nor a text: {obj!r:.80}")

    def plain(self, obj: object) -> str:
        return obj.text if isinstance(obj, Escaped) else str(self(obj))


_WRITERS: Final[dict[str, _JsonTexts]] = {lang: _JsonTexts(lang) for lang in LANGS}


class Escaped:
    """A string that :func:`localized_json` writes with ``\\u`` escapes for every
    character beyond ASCII: the same string to any JSON reader. Why: an update to an
    English reader is ASCII but for the game's title ("Cult (Культ)"), and one such
    letter makes Python keep the whole update two bytes a character, which the server
    then decodes from the encoder's bytes and encodes again for the socket at 5 to 16
    times the cost of ASCII text (docs/performance.md, session 16)."""

    __slots__ = ("json", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.json = orjson.Fragment(json.dumps(text))  # ensure_ascii: escapes


_ESCAPED: Final[dict[str, Escaped]] = {}


def escaped(text: str) -> Escaped:
    """``text`` as an :class:`Escaped`, one object per string (titles: a small set)."""
    found = _ESCAPED.get(text)
    if found is None:
        found = _ESCAPED[text] = Escaped(text)
    return found


# Dataclasses and dates through ``default``, which refuses them as the standard library
# does; first with string keys only, which orjson writes 1.7 times as fast as when it must
# look at every key's type (a server's updates are mostly such), then with dict keys that
# are ints (seats) as the standard library writes them ("1").
_STR_KEYS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_ORJSON = orjson.OPT_NON_STR_KEYS | _STR_KEYS


def message_to_json(message: Message) -> Any:
    return message if isinstance(message, str) else message.to_json()


def message_from_json(data: Any, pool: dict[Text, Text] | None = None) -> Message:
    if isinstance(data, str):
        return data
    if isinstance(data, Mapping):
        return Text.from_json(data, pool)
    raise ValueError(f"a text must be a string or a {{'k': key}} mapping, got {data!r}")


# ---- catalogs ------------------------------------------------------------------------

_SOURCES: dict[str, Callable[[], Mapping[str, Any]]] = {}


def register_catalog(name: str, path: Path) -> None:
    """Make ``NAME.*`` keys readable from the YAML file at ``path`` (loaded when first used)."""
    _SOURCES[name] = lambda: _load_yaml(path)
    _catalog.cache_clear()
    _TEMPLATES.clear()


def _load_yaml(path: Path) -> Mapping[str, Any]:
    data = read_yaml(path.read_text("utf-8")) or {}
    if not isinstance(data, Mapping):
        raise ValueError(f"{path}: a text catalog must be a mapping of keys to languages")
    return data


@cache
def _catalog(name: str) -> Mapping[str, Any]:
    source = _SOURCES.get(name)
    return source() if source is not None else {}


def entry(key: str) -> Mapping[str, Any] | None:
    """The catalog entry of a full key (its languages), or None."""
    name, _, rest = key.partition(".")
    found = _catalog(name).get(rest)
    return found if isinstance(found, Mapping) else None


# Each key's template in each language, once looked up: a key's catalog, its entry and the
# language's template or English's were four look-ups and two checks at every line written.
# Only templates found are kept (a key from a save file that no catalog has is not).
_TEMPLATES: Final[dict[tuple[str, str], str]] = {}


def _template(key: str, lang: str) -> str | None:
    found = _TEMPLATES.get((key, lang))
    if found is not None:
        return found
    e = entry(key)
    if e is None:
        return None
    t = e.get(lang, e.get(DEFAULT_LANG))
    if not isinstance(t, str):
        return None
    _TEMPLATES[(key, lang)] = t
    return t


def missing(name: str, langs: Iterable[str] = LANGS) -> list[str]:
    """Entries of catalog ``name`` lacking a language (or a plural form a language needs)."""
    out = []
    for key, e in _catalog(name).items():
        for lang in langs:
            value = e.get(lang) if isinstance(e, Mapping) else None
            if value is None:
                out.append(f"{name}.{key}: no {lang!r}")
            elif str(key).startswith("plural."):
                need = set(Locale.parse(lang).plural_form.tags) | {"other"}
                if not isinstance(value, Mapping) or not need <= set(value):
                    out.append(f"{name}.{key}: {lang!r} needs the forms {sorted(need)}")
    return out


def catalog_keys(name: str) -> list[str]:
    return [f"{name}.{k}" for k in _catalog(name)]


# ---- formatting ----------------------------------------------------------------------

_JOIN = {"en": (", ", " and "), "ru": (", ", " и ")}


def join(items: list[str], lang: str) -> str:
    sep, last = _JOIN.get(lang, _JOIN[DEFAULT_LANG])
    if len(items) <= 1:
        return "".join(items)
    return sep.join(items[:-1]) + last + items[-1]


def _prepare(value: Arg, lang: str) -> Any:
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, list):
        return join([str(_prepare(v, lang)) for v in value], lang)
    return value


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    return Locale.parse(lang).plural_form


def plural(n: int, forms: Mapping[str, str], lang: str) -> str:
    form = forms.get(_plural_rule(lang)(abs(n))) or forms.get("other") or "#"
    return form.replace("#", str(n))


def _field(value: Any, spec: str, lang: str, key: str) -> str:
    """One field of text ``key``'s template written: ``seat`` and ``plural:NAME`` are
    ours, any other spec is :func:`format`'s."""
    if not spec:
        return value if isinstance(value, str) else format(value)
    if spec == "seat" and isinstance(value, int):
        return str(value + 1)
    if spec.startswith("plural:"):
        name = spec[len("plural:"):]
        catalog = key.partition(".")[0]
        e = entry(f"{catalog}.plural.{name}") or entry(f"core.plural.{name}")
        forms = e.get(lang, e.get(DEFAULT_LANG)) if e is not None else None
        if not isinstance(forms, Mapping) or not isinstance(value, int):
            return f"{value} {name}"
        return plural(value, forms, lang)
    return format(value, spec)


class _Formatter(string.Formatter):
    def __init__(self, lang: str, key: str) -> None:
        self.lang = lang
        self.key = key

    def format_field(self, value: Any, format_spec: str) -> Any:
        return _field(value, format_spec, self.lang, self.key)


_PARSER: Final = string.Formatter()


def _arg_to_json(v: Arg) -> Any:
    if isinstance(v, Text):
        return v.to_json()
    if isinstance(v, list):
        return [_arg_to_json(x) for x in v]
    return v


def _arg_from_json(v: Any, pool: dict[Text, Text] | None = None) -> Arg:
    if isinstance(v, Mapping):
        return Text.from_json(v, pool)
    if isinstance(v, list):
        return [_arg_from_json(x, pool) for x in v]
    if isinstance(v, bool) or not isinstance(v, int | str):
        raise ValueError(f"a text argument must be a number, a string, a text or a list: {v!r}")
    return v


def _hashable(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_hashable(x) for x in v)
    return v


register_catalog("core", Path(__file__).with_name("texts.yaml"))
