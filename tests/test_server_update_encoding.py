"""A WebSocket update is encoded once per reader key with its texts rendered as they are
written (``localized_json``) instead of copying the whole view first to render them
(``localize``): the two must give the same JSON for every game, viewer and language, and
an object that is neither JSON nor a text is refused by name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.text import Text, localize, localized_json


def _walked(value: Any, lang: str) -> Any:
    return json.loads(json.dumps(localize(value, lang), separators=(",", ":"),
                                 ensure_ascii=False))


@pytest.mark.parametrize("name", ["cult", "clash", "cyclades", "colonies", "counter"])
def test_texts_rendered_while_encoding_equal_the_localized_view(name: str) -> None:
    game = get_game(name)
    state = game.new_state(game.min_players + 1, 7)
    rng = Rng(8)
    texts = 0
    for _ in range(40):
        for viewer in [None, *range(game.seat_count(state))]:
            prompts = [p.text for p in state.prompts()]
            texts += sum(isinstance(p, Text) for p in prompts)
            raw = {"view": state.view_without_log(viewer),
                   "result": state.result() if state.is_terminal() else None,
                   "prompts": prompts}
            for lang in ("en", "ru"):
                assert json.loads(localized_json(raw, lang)) == _walked(raw, lang)
        if state.is_terminal():
            break
        p = state.current_players()[0]
        state.apply(p, state.random_action(p, rng))
    assert texts > 0 or name == "counter", "no text object was met: the test proved nothing"


def test_a_text_inside_lists_tuples_and_dicts_is_rendered_in_the_readers_language() -> None:
    text = Text("core.round", n=3)
    value = {"a": [text, (1, text)], "b": {"c": text}, "d": None}
    for lang in ("en", "ru"):
        rendered = text.render(lang)
        assert json.loads(localized_json(value, lang)) == {
            "a": [rendered, [1, rendered]], "b": {"c": rendered}, "d": None}
    assert text.render("ru") != text.render("en"), "the key has no Russian: a weak test"


def test_an_object_that_is_neither_json_nor_a_text_is_refused_by_its_type() -> None:
    with pytest.raises(TypeError, match="set"):
        localized_json({"a": {1, 2}}, "en")


def test_the_encoding_is_compact_and_keeps_non_ascii_letters() -> None:
    # The same bytes as Starlette's ``send_json``, which encoded the updates before.
    assert localized_json({"a": [1, "ы"]}, "en") == '{"a":[1,"ы"]}'
