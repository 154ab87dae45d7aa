"""A view or a result turned to JSON for a reader: every text nested in it rendered in the
reader's language, everything else kept as it was."""

from __future__ import annotations

from meeple.core.text import Text, localize, term


def test_localize_renders_nested_texts_and_keeps_plain_values() -> None:
    name = term("core.master")
    view = {"n": 3, "ok": True, "none": None, "x": 1.5, "s": "as typed",
            "who": name, "log": ["a", name, ("b", name)],
            "deep": {"list": [[name, 2]], "t": (name,)}}
    out = localize(view)
    assert out == {"n": 3, "ok": True, "none": None, "x": 1.5, "s": "as typed",
                   "who": name.render(), "log": ["a", name.render(), ["b", name.render()]],
                   "deep": {"list": [[name.render(), 2]], "t": [name.render()]}}
    assert localize(view, "ru")["who"] == name.render("ru")
    assert isinstance(localize(Text("core.nothing.such")), str)
