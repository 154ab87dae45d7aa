"""Updates as patches (``meeple.server.patch``, issue 41): a patch applied to the payload a
reader holds gives exactly the new payload, written as JSON — for any two JSON documents,
and for the payloads of every seat of random positions of every game, the readers'
patches made together as the server makes them (their shared parts diffed and written
once); a value set twice is copied; a patch that does not apply is refused, naming why."""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.text import localized_json
from meeple.server.hub import Hub
from meeple.server.live import Live
from meeple.server.patch import Differ, Op, Part, PatchError, apply, flat_ops


def _exact(value: Any) -> str:
    """JSON with sorted keys: equal only if every member, item and type is (``true`` is not
    ``1``, ``1`` is not ``1.0``), as a client reading the JSON sees it."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _patched(old: Any, new: Any, lang: str = "en") -> Any:
    """``old`` (as JSON) with the patch from it to ``new``, as a client reads and applies it."""
    d = Differ()
    ops = orjson.loads(localized_json(d.ops(d.diff(old, new), lang), lang))
    return apply(orjson.loads(localized_json(old, lang)), ops)


_keys = st.sampled_from(["a", "b", "c", "x/y", "t~0", "", "0", "1"])
_leaves = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                    st.sampled_from(["", "s", "t", "ü"]))
_json = st.recursive(_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(_keys, inner, max_size=5)), max_leaves=25)


@settings(max_examples=400, deadline=None)
@given(_json, _json)
def test_a_patch_turns_any_document_into_any_other(old: Any, new: Any) -> None:
    """Equal as Python compares (``false`` and ``0``, ``1`` and ``1.0`` are, inside lists
    that compare equal: see the test below); exactly equal as JSON in every game's payloads
    (the test after it)."""
    assert json.loads(_exact(_patched(old, new))) == new


def test_values_equal_in_python_but_written_differently_stay_as_they_were() -> None:
    """The documented limit (meeple.server.patch): the differ compares with Python's ``==``,
    and the types of the members and items it looks at, so a ``false`` that became ``0``
    inside a list that compares equal is not sent. No view holds such values at one
    place; the positions' test checks every game for it."""
    assert _exact(_patched({"a": [False, 1.0]}, {"a": [0, 1]})) == '{"a": [false, 1.0]}'
    # Where it looks, a type is a change: a member, the items of a list that changed.
    assert _exact(_patched({"a": False, "b": [1.0, 2]}, {"a": 0, "b": [1, 3]})) == \
        '{"a": 0, "b": [1, 3]}'


@settings(max_examples=200, deadline=None)
@given(st.lists(_json, min_size=2, max_size=6), st.data())
def test_a_list_changed_in_its_middle_keeps_its_ends(items: list[Any], data: Any) -> None:
    at = data.draw(st.integers(0, len(items)))
    gone = data.draw(st.integers(0, len(items) - at))
    came = data.draw(st.lists(_json, max_size=3))
    new = items[:at] + came + items[at + gone:]
    # Equal as Python compares, as in the test of any two documents: an end kept may hold a
    # ``0`` where the new list's has ``false`` (the documented limit).
    assert json.loads(_exact(_patched(items, new))) == new


def _payloads(hub: Hub, live: Live, readers: list[tuple[int | None, str]]
              ) -> dict[tuple[int | None, str], dict[str, Any]]:
    """Each reader's payload as the server's update builds it (the views of one call,
    sharing their public parts)."""
    s = live.state
    asked = set(s.current_players())
    seats = list(dict.fromkeys(seat for seat, _ in readers))
    views = s.views_without_log(seats, options={
        p: live.legal(p)[1] for p in seats if p is not None and p in asked})
    return {(seat, lang): hub.payload(live, seat, "seat", False, lang, localized=False,
                                      view=views[seat]) for seat, lang in readers}


GAMES = [("cult", 4, {}), ("colonies", 3, {"master": True}), ("cyclades", 3, {}),
         ("clash", 2, {}), ("counter", 2, {"limit": 0})]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 80),
       st.integers(1, 4))
def test_every_readers_patch_gives_its_new_payload_in_random_positions(
        game: tuple[str, int, dict[str, Any]], seed: int, start: int, steps: int) -> None:
    name, players, options = game
    g = get_game(name)
    state = g.new_state(players, seed, options)
    rng = Rng(seed)
    for _ in range(start):
        if state.is_terminal():
            break
        p = state.current_players()[0]
        state.apply(p, state.random_action(p, rng))
    n = g.seat_count(state)
    row = {"players": players, "settings": {}, "seed": seed, "options": options}
    seats = [{"seat": i, "kind": "human", "name": None, "joined": True} for i in range(n)]
    live = Live("g", row, seats, state, 0, None)
    hub = Hub.__new__(Hub)  # payloads only: no store, no writer
    readers = [*((i, "en") for i in range(n)), (0, "ru"), (None, "en")]
    before = _payloads(hub, live, readers)
    held = {r: orjson.loads(localized_json(p, r[1])) for r, p in before.items()}
    for _ in range(steps):
        if live.state.is_terminal():
            break
        p = live.state.current_players()[0]
        new = live.state.clone()
        new.apply(p, new.random_action(p, rng))
        live.state, live.version = new, live.version + 1
        after = _payloads(hub, live, readers)
        differ = Differ()  # one for the change, as the server's update uses it
        found = {r: differ.diff(before[r], after[r]) for r in readers}
        for r in readers:
            ops = orjson.loads(localized_json(differ.ops(found[r], r[1]), r[1]))
            held[r] = apply(held[r], ops)
            assert _exact(held[r]) == _exact(orjson.loads(localized_json(after[r], r[1]))), \
                (name, r, live.version)
        before = after


def test_the_parts_the_readers_share_are_diffed_and_written_once() -> None:
    """Cult's districts are one object in the four seats' views: a priest placed changes
    them, and the four patches hold the same written part, not four."""
    g = get_game("cult")
    state = g.new_state(4, 3)
    live = Live("g", {"players": 4, "settings": {}, "seed": 3, "options": {}},
                [{"seat": i, "kind": "human", "name": None, "joined": True} for i in range(4)],
                state, 0, None)
    hub = Hub.__new__(Hub)
    readers: list[tuple[int | None, str]] = [(i, "en") for i in range(4)]
    before = _payloads(hub, live, readers)
    p = state.current_players()[0]
    new = state.clone()
    new.apply(p, next(a for a in new.legal_actions(p) if str(a).startswith("place")))
    live.state, live.version = new, 1
    after = _payloads(hub, live, readers)
    differ = Differ()
    found = [differ.diff(before[r], after[r]) for r in readers]

    def parts(items: list[Any]) -> list[Part]:
        inner = [x for x in items if isinstance(x, Part)]
        return inner + [q for x in inner for q in parts(x.items)]

    shared = [x for x in parts(found[0]) if x.uses == 4]
    assert shared, "no part of the four patches was shared"
    written = [differ.ops(f, "en") for f in found]
    for part in shared:  # written once: the same JSON object in every reader's patch
        fragment = part.written["en"][0]
        assert all(any(x is fragment for x in ops) for ops in written)
    opened: list[Op | Part] = [*shared]
    assert any(op["path"].startswith("/view/districts/") for op in flat_ops(opened))


def test_the_asked_seats_legal_actions_are_a_copy_of_its_views_options() -> None:
    old = {"view": {"pending": [{"player": 1}]}}
    legal = ["place 1 2", "place 2 2", "pass"]
    new = {"view": {"pending": [{"player": 0, "options": legal[:]}]}, "legal": legal[:]}
    d = Differ()
    ops = d.ops(d.diff(old, new), "en")
    assert {"op": "copy", "from": "/view/pending/0/options", "path": "/legal"} in ops
    got = apply(copy.deepcopy(old), ops)
    assert got == new
    got["legal"].append("x")  # a copy, not the same list
    assert got["view"]["pending"][0]["options"] == legal


def test_a_lists_item_replaced_by_a_value_set_before_is_not_a_copy() -> None:
    """A copy lands as an add, which inserts into a list: an item replaced keeps its value
    (found by hypothesis: ``[None, None]`` to two equal lists gave three items)."""
    old: list[Any] = [None, None, {"a": 1}]
    big = [None, False, 0, 1]
    new: list[Any] = [big[:], big[:], {"a": 1, "b": big[:]}]
    d = Differ()
    ops = d.ops(d.diff(old, new), "en")
    assert [op["op"] for op in ops] == ["replace", "replace", "copy"]
    assert apply(copy.deepcopy(old), ops) == new


@pytest.mark.parametrize(("doc", "op", "problem"), [
    ({"a": 1}, {"op": "remove", "path": "/b"}, "no member 'b'"),
    ({"a": [1]}, {"op": "replace", "path": "/a/1", "value": 2}, "beyond a list of 1"),
    ({"a": [1]}, {"op": "add", "path": "/a/01", "value": 2}, "not an index"),
    ({"a": 1}, {"op": "move", "from": "/a", "path": "/b"}, "does not know: 'move'"),
    ({"a": 1}, {"op": "add", "path": "a", "value": 2}, "begins with '/'"),
    ({"a": 1}, {"op": "add", "path": "/a/b", "value": 2}, "neither a list nor an object"),
    ({"a": 1}, {"op": "replace", "path": "/a"}, "without a value"),
])
def test_a_patch_that_does_not_apply_is_refused_naming_why(
        doc: dict[str, Any], op: dict[str, Any], problem: str) -> None:
    with pytest.raises(PatchError, match=problem.replace("(", r"\(")):
        apply(copy.deepcopy(doc), [op])


def test_pointers_escape_slashes_and_tildes_both_ways() -> None:
    old = {"a/b": 1, "c~d": [1]}
    new = {"a/b": 2, "c~d": [1, 2]}
    d = Differ()
    ops = d.ops(d.diff(old, new), "en")
    assert {op["path"] for op in ops} == {"/a~1b", "/c~0d/1"}
    assert apply(copy.deepcopy(old), ops) == new

