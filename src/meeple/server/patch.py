"""Updates as differences: an RFC 6902 JSON Patch from the payload a reader holds to the
new one, made by ``Differ`` and applied by ``apply`` (the benchmark's clients, ``meeple
client`` and the tests; the browser's copy is ``web/static/js/patch.js``).

A patch uses four of RFC 6902's operations: ``add``, ``remove``, ``replace`` and ``copy``
(a list the patch added already, given again at another path: an asked seat's legal
actions are both its view's ``options`` and the update's ``legal``). Paths are JSON
Pointers (RFC 6901: ``~`` written ``~0``, ``/`` written ``~1``). Applied in order to the
payload a reader holds, the operations give the new payload exactly.

Values are compared with Python's ``==`` (in C, so a position's unchanged parts cost
little), with the types of two leaves compared too: a view must not hold, at one place,
values that are equal but written differently in JSON (``True`` and ``1``, ``1`` and
``1.0``) inside a list or dict that stays equal. ``tests/test_server_patch.py`` checks every
game's positions, written as JSON, for exactly this.

The views of one move share their public parts (``State.views_without_log``): a part that
is the same object in every reader's old payload and the same in every new one is diffed
once (``Differ`` keeps what it found by the two objects and the path) and its operations
are written as JSON once per language for all the readers who get them (``Part``)."""

from __future__ import annotations

from typing import Any

import orjson

from meeple.core.text import localized_json

Op = dict[str, Any]
# A list or dict added with at least this many items is looked for among what this patch
# added already: given again, it is a ``copy`` (a few bytes) instead of its whole JSON.
COPY_MIN = 3


class PatchError(ValueError):
    """A patch that does not apply to the document it was given (a client then asks for
    the whole payload)."""


class Part:
    """The operations turning one container into another at one path: its own operations
    and the parts found inside it, in order. ``uses``: how many readers' patches hold it
    (the views of one move share their public parts, and so do their patches)."""

    __slots__ = ("items", "uses", "written")

    def __init__(self) -> None:
        self.items: list[Op | Part] = []
        self.uses = 1
        self.written: dict[str, tuple[orjson.Fragment, list[Op]]] = {}


def pointer(path: str, key: str | int) -> str:
    text = key if isinstance(key, str) else str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return f"{path}/{text}"


_ABSENT: Any = object()  # a member one of two dicts lacks


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


class Differ:
    """The patches of the readers of one change. ``diff(old, new)`` finds one reader's;
    ``ops(found, lang)`` gives it as orjson writes it into that reader's message. Keep one
    ``Differ`` for one change only: it knows the shared parts by their objects' ids, which
    are unique only while the payloads it was given are alive.

    Two values differ when ``!=`` says so or their types differ (``False == 0`` in
    Python, not in JSON); inside two lists or dicts that ``==`` finds equal, types are not
    looked at again (the module's limit). Plain loops: compiled by mypyc (the server's
    build), they cost a fraction of the same loops interpreted."""

    def __init__(self) -> None:
        self.memo: dict[tuple[int, int, str], Part | None] = {}
        # The ids of the ``replace`` operations of a list's items: a ``copy`` (an ``add``
        # where it lands) inserts into a list, so these are never written as copies.
        self.in_lists: set[int] = set()

    def diff(self, old: Any, new: Any) -> list[Op | Part]:
        out: list[Op | Part] = []
        if old is new:
            return out
        kind = type(new)
        if kind is type(old) and kind is dict:
            self._dict(old, new, "", out)
        elif kind is type(old) and kind is list:
            self._list(old, new, "", out)
        elif kind is not type(old) or old != new:
            out.append({"op": "replace", "path": "", "value": new})
        return out

    def _part(self, a: Any, b: Any, path: str, out: list[Op | Part]) -> None:
        """The operations turning the list or dict ``a`` into ``b`` of the same type (known
        to differ) at ``path``: found once for the two objects at that path, whoever's
        payloads hold them."""
        key = (id(a), id(b), path)
        memo = self.memo
        if key in memo:  # another reader's payloads share these two objects here
            found = memo[key]
            if found is not None:
                found.uses += 1
                out.append(found)
            return
        part = Part()
        if type(b) is dict:
            self._dict(a, b, path, part.items)
        else:
            self._list(a, b, path, part.items)
        if part.items:
            memo[key] = part
            out.append(part)
        else:
            memo[key] = None

    def _dict(self, a: dict[Any, Any], b: dict[Any, Any], path: str,
              out: list[Op | Part]) -> None:
        kept = 0
        for k, now in b.items():
            was = a.get(k, _ABSENT)
            if was is now:
                kept += 1
                continue
            kind = type(now)
            if was is _ABSENT:
                out.append({"op": "add", "path": pointer(path, k), "value": now})
                continue
            kept += 1
            if kind is not type(was):
                out.append({"op": "replace", "path": pointer(path, k), "value": now})
            elif was != now:
                if kind is dict or kind is list:
                    self._part(was, now, pointer(path, k), out)
                else:
                    out.append({"op": "replace", "path": pointer(path, k), "value": now})
        if kept < len(a):  # some member of ``a`` is not in ``b``
            for k in a:
                if k not in b:
                    out.append({"op": "remove", "path": pointer(path, k)})

    def _item(self, was: Any, now: Any, path: str, i: int, out: list[Op | Part]) -> None:
        kind = type(now)
        if kind is not type(was):
            op: Op = {"op": "replace", "path": pointer(path, i), "value": now}
            self.in_lists.add(id(op))
            out.append(op)
        elif was != now:
            if kind is dict or kind is list:
                self._part(was, now, pointer(path, i), out)
            else:  # a leaf: never copied
                out.append({"op": "replace", "path": pointer(path, i), "value": now})

    def _list(self, a: list[Any], b: list[Any], path: str, out: list[Op | Part]) -> None:
        """The items both lists begin and end with are kept; of the items between, those at
        the same places are diffed, the rest removed or added."""
        n, m = len(a), len(b)
        if n == m:  # the most common change: items changed in place
            for i in range(n):
                was, now = a[i], b[i]
                if was is not now:
                    self._item(was, now, path, i, out)
            return
        most = min(n, m)
        head = 0
        while head < most and _same(a[head], b[head]):
            head += 1
        tail = 0
        while tail < most - head and _same(a[n - 1 - tail], b[m - 1 - tail]):
            tail += 1
        gone, came = n - tail - head, m - tail - head
        both = min(gone, came)
        for i in range(head, head + both):
            was, now = a[i], b[i]
            if was is not now:
                self._item(was, now, path, i, out)
        at = head + both
        for _ in range(gone - both):  # each removal moves the next item to ``at``
            out.append({"op": "remove", "path": pointer(path, at)})
        for i in range(at, at + came - both):
            out.append({"op": "add", "path": pointer(path, i), "value": b[i]})


    def ops(self, found: list[Op | Part], lang: str) -> list[Any]:
        """One reader's patch as orjson writes it: a part that several readers' patches
        hold is there as its JSON, written once per language for all of them; the rest
        are its operations. A large value the reader's own operations set a second time
        is a ``copy`` of the first place it was set (where the operation adds it, or
        replaces an object's member: not a list's item, where a copy would insert)."""
        out: list[Any] = []
        placed: list[tuple[Any, str]] = []
        _resolve(found, lang, out, placed, self.in_lists)
        return out


def _resolve(items: list[Op | Part], lang: str, out: list[Any],
             placed: list[tuple[Any, str]], in_lists: set[int]) -> None:
    for item in items:
        if isinstance(item, Part):
            if item.uses > 1:
                fragment, ops = _written(item, lang)
                out.append(fragment)
                for op in ops:
                    _place(op, placed)
            else:
                _resolve(item.items, lang, out, placed, in_lists)
            continue
        value: Any = item.get("value")
        kind = type(value)
        if (kind is list or kind is dict) and len(value) >= COPY_MIN:
            found = next((p for v, p in placed if type(v) is kind and len(v) == len(value)
                          and v == value), None)
            if found is not None and id(item) not in in_lists:
                out.append({"op": "copy", "from": found, "path": item["path"]})
                continue
            placed.append((value, item["path"]))
        out.append(item)


def _place(op: Op, placed: list[tuple[Any, str]]) -> None:
    value: Any = op.get("value")
    if type(value) in (list, dict) and len(value) >= COPY_MIN:
        placed.append((value, op["path"]))


def _written(part: Part, lang: str) -> tuple[orjson.Fragment, list[Op]]:
    """A shared part's operations as JSON list items (``{...},{...}``, no brackets: put in a
    list orjson writes, they are its items), and the operations themselves."""
    found = part.written.get(lang)
    if found is None:
        ops = flat_ops(part.items)
        found = part.written[lang] = (orjson.Fragment(localized_json(ops, lang)[1:-1]), ops)
    return found


def flat_ops(items: list[Op | Part]) -> list[Op]:
    """The operations alone, every part opened (what a reader's patch says)."""
    ops: list[Op] = []
    for item in items:
        if isinstance(item, Part):
            ops.extend(flat_ops(item.items))
        else:
            ops.append(item)
    return ops


# --- applying a patch (the clients) -------------------------------------------------------


def _tokens(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"a JSON Pointer begins with '/': {path!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def _index(token: str, size: int, adding: bool) -> int:
    if token == "-" and adding:
        return size
    if not token.isdigit() or (token != "0" and token.startswith("0")):
        raise PatchError(f"{token!r} is not an index of a list")
    i = int(token)
    if i > size or (i == size and not adding):
        raise PatchError(f"index {i} is beyond a list of {size}")
    return i


def _get(doc: Any, tokens: list[str]) -> Any:
    for t in tokens:
        if isinstance(doc, dict):
            if t not in doc:
                raise PatchError(f"no member {t!r}")
            doc = doc[t]
        elif isinstance(doc, list):
            doc = doc[_index(t, len(doc), adding=False)]
        else:
            raise PatchError(f"{t!r} goes into a value that is neither a list nor an object")
    return doc


def _clone(value: Any) -> Any:
    """A JSON value copied to its leaves (a copied list must not be the same list)."""
    if type(value) is dict:
        return {k: _clone(v) for k, v in value.items()}
    if type(value) is list:
        return [_clone(v) for v in value]
    return value


def apply(doc: Any, ops: list[Op]) -> Any:
    """``doc`` with the operations applied in order (changed in place where it can be; the
    result is returned, since a path of "" replaces the whole document). Raises
    PatchError, naming the problem, for an operation that does not apply."""
    for op in ops:
        kind = op.get("op")
        tokens = _tokens(str(op.get("path", "")))
        if kind == "copy":
            value = _clone(_get(doc, _tokens(str(op.get("from", "")))))
        elif kind in ("add", "replace"):
            if "value" not in op:
                raise PatchError(f"a {kind} without a value")
            value = op["value"]
        elif kind != "remove":
            raise PatchError(f"an operation this client does not know: {kind!r}")
        if not tokens:
            if kind == "remove":
                raise PatchError("the whole document cannot be removed")
            doc = value
            continue
        parent, last = _get(doc, tokens[:-1]), tokens[-1]
        if isinstance(parent, dict):
            if kind in ("remove", "replace") and last not in parent:
                raise PatchError(f"no member {last!r} to {kind}")
            if kind == "remove":
                del parent[last]
            else:
                parent[last] = value
        elif isinstance(parent, list):
            i = _index(last, len(parent), adding=kind in ("add", "copy"))
            if kind == "remove":
                del parent[i]
            elif kind == "replace":
                parent[i] = value
            else:
                parent.insert(i, value)
        else:
            raise PatchError(f"{op.get('path')!r} goes into a value that is neither a list "
                             "nor an object")
    return doc
