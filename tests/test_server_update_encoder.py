"""The updates' encoder (``localized_json``) is orjson with the standard library's encoder
behind it: what orjson refuses is written as the standard library writes it, or refused
with the same error (issue 19, session 13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core.text import Text, escaped, localized_json


def _stdlib(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("value", [
    {"seat": {0: "a", 1: [2, 3]}, "none": None, "flag": True},  # int keys, as seats are
    {"big": 2**70, "small": -(2**70)},  # beyond 64 bits: orjson refuses, the fallback writes
    {"nested": [[[]], {}], "text": "ы\n\"\\"},
    [0.5, 1764608576.25, -3],
])
def test_the_same_json_as_the_standard_library(value: Any) -> None:
    assert localized_json(value, "en") == _stdlib(value)


def test_a_text_as_a_dict_value_beside_int_keys_is_rendered() -> None:
    text = Text("core.round", n=2)
    assert json.loads(localized_json({1: text}, "ru")) == {"1": text.render("ru")}


def test_a_key_neither_encoder_takes_is_refused_as_before() -> None:
    with pytest.raises(TypeError, match="keys must be"):
        localized_json({(1, 2): "a tuple key"}, "en")


def test_a_dataclass_is_refused_by_its_type_as_before() -> None:
    from dataclasses import dataclass

    @dataclass
    class Point:
        x: int

    with pytest.raises(TypeError, match="Point"):
        localized_json({"p": Point(1)}, "en")


def test_an_escaped_string_is_written_as_ascii_and_read_back_the_same() -> None:
    title = escaped("Cult (Культ)")
    raw = localized_json({"title": title, "n": 1}, "en")
    assert raw.isascii() and "\\u041a" in raw
    assert json.loads(raw) == {"title": "Cult (Культ)", "n": 1}
    assert escaped("Cult (Культ)") is title  # one object per string
    # the standard library's fallback (an int beyond 64 bits) writes it as the string
    raw = localized_json({"title": title, "big": 2**70}, "en")
    assert json.loads(raw) == {"title": "Cult (Культ)", "big": 2**70}


def test_an_english_update_over_the_socket_is_ascii_with_the_english_title(tmp_path: Any
                                                                         ) -> None:
    from tests.server_helpers import create, server

    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=1)
        url = f"/api/games/{g['id']}/ws?token={g['seats'][0]['token']}&lang=en"
        with c.websocket_connect(url) as ws:
            raw = ws.receive_text()
            assert raw.isascii() and json.loads(raw)["title"] == "Cult"
