"""Actions: the text form a person types and the JSON form round-trip; bad text is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.core.actions import Action
from meeple.core.errors import ActionParseError


def test_text_form_round_trips() -> None:
    a = Action.parse("place 5 P")
    assert a == Action("place", (5, "P"))
    assert str(a) == "place 5 P"
    assert Action.parse(str(a)) == a


def test_json_form_round_trips() -> None:
    a = Action.parse("ability guise 6 1 9 1")
    assert a.to_json() == {"kind": "ability", "args": ["guise", 6, 1, 9, 1]}
    assert Action.from_json(a.to_json()) == a
    assert Action.from_json("pass") == Action("pass")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("9lives", "bad action kind"),
        ("place 5 <b>", "bad argument"),
        ("place 1234567890", "too large"),
        ("place ²", "bad argument"),
        ('raven 2 "unfinished', "unfinished quoted text"),
        ('raven 2 "a"b', "missing space"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: str, problem: str) -> None:
    with pytest.raises(ActionParseError, match=problem):
        Action.parse(text)


@pytest.mark.parametrize(
    "data",
    [{"args": []}, {"kind": "pass", "args": "x"}, {"kind": "pass", "extra": 1},
     {"kind": "pass", "args": [True]}, {"kind": "pass", "args": [1.5]}, 7, None],
)
def test_bad_json_is_refused(data: object) -> None:
    with pytest.raises(ActionParseError):
        Action.from_json(data)


@given(st.text(max_size=60))
def test_any_text_either_parses_to_a_round_tripping_action_or_is_refused(text: str) -> None:
    try:
        a = Action.parse(text)
    except ActionParseError:
        return
    assert Action.parse(str(a)) == a
    assert Action.from_json(a.to_json()) == a
