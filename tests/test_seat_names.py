"""One way of naming a player (issue 42): a seat is "Player 1" / «Игрок 1» in every
game's prompts and log, as in the table's panels and end screen (no "Fafnir #1", no
«Генерал №1»); refusals count seats from 1 as people do; a Cult placement turn with
nothing but Pass left says why."""

from __future__ import annotations

import re

import pytest

from meeple.core.errors import IllegalActionError
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.core.text import render

# "Nirrti #1", «Генерал №1» (a district is «№1 «Пустоши»», after a lower-case word), seats from 0.
ENGINE_NAME = re.compile(r"#\d|[А-ЯЁ][а-яё]+ №\d|\b[Pp]layer 0\b|Игрок 0")


@pytest.mark.parametrize("name", ["cult", "colonies", "cyclades", "clash"])
def test_every_seat_is_player_n_in_prompts_and_log(name: str) -> None:
    game = get_game(name)
    s = game.new_state(3 if name != "clash" else 2, 11)
    rng = Rng(2)
    for _ in range(60):
        if s.is_terminal():
            break
        for lang, word in (("en", "Player"), ("ru", "Игрок")):
            for pr in s.prompts():
                text = render(pr.text, lang)
                assert not ENGINE_NAME.search(text), text
                if name in ("cult", "colonies"):
                    assert f"{word} {pr.player + 1}" in text, text
        p = s.current_players()[0]
        s.apply(p, s.random_action(p, rng))
    lines = [e.line(lang) for e in s.log.events() for lang in ("en", "ru")]
    assert lines and not any(ENGINE_NAME.search(x) for x in lines), \
        [x for x in lines if ENGINE_NAME.search(x)][:3]
    assert any("Player 1" in x for x in lines) and any("Игрок 1" in x for x in lines)


def test_an_out_of_turn_action_is_refused_counting_seats_from_one() -> None:
    s = get_game("cult").new_state(2, 1)
    waiting = s.current_players()[0]
    other = 1 - waiting
    with pytest.raises(IllegalActionError) as err:
        s.apply(other, "pass")
    assert (f"it is not player {other + 1}'s decision now (waiting for player "
            f"{waiting + 1})") in str(err.value)
    with pytest.raises(IllegalActionError) as err:
        s.apply(waiting, "place 99 P")
    assert f"is not legal for player {waiting + 1} now" in str(err.value)


def test_spying_on_a_seat_that_does_not_exist_is_refused_counting_from_one() -> None:
    game = get_game("colonies")
    s = game.new_state(2, 1)
    rng = Rng(1)
    while not any(str(a).startswith("espionage") for p in s.current_players()
                  for a in s.legal_actions(p)):
        p = s.current_players()[0]
        legal = [a for a in s.legal_actions(p) if a.kind in ("ready", "submit")]
        s.apply(p, legal[0] if legal else s.random_action(p, rng))
    p = next(p for p in s.current_players()
             if any(str(a).startswith("espionage") for a in s.legal_actions(p)))
    before = s.hash()
    with pytest.raises(IllegalActionError) as err:
        s.apply(p, "espionage 2 1")
    assert "no player 3 to spy on: the players are 1 to 2" in str(err.value)
    assert s.hash() == before


def test_a_placement_with_only_pass_left_says_why() -> None:
    from meeple.games.cult.state import CultState

    s = get_game("cult").new_state(2, 1, {"max_rounds": 2})
    assert isinstance(s, CultState)
    rng = Rng(3)
    seen = None
    for _ in range(500):
        if s.is_terminal():
            break
        p = s.current_players()[0]
        legal = [str(a) for a in s.legal_actions(p)]
        texts = [render(pr.text, "en") for pr in s.prompts()]
        if legal == ["pass"] and s.players[p].free == [] and "place" in s.stack[-1][0]:
            seen = (p, texts, [render(pr.text, "ru") for pr in s.prompts()])
            break
        assert not any("no free priest" in x for x in texts) or legal == ["pass"], (texts, legal)
        s.apply(p, s.random_action(p, rng))
    assert seen is not None, "no placement turn with only Pass in the game"
    p, en, ru = seen
    assert en == [f"Player {p + 1}: no free priest left to place — pass"]
    assert ru == [f"Игрок {p + 1}: свободных жрецов не осталось — спасуйте"]
