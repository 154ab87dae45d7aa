"""What a player of Colonies or Cyclades reads names seats as people count them (from 1,
never "P0"), and shows no engine form: no raw catalog key ("colonies.", "cyclades.") and no
Python tuple ("('"). Random games of both, every prompt, choice, log line and result, in
English and Russian, for every seat."""

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from meeple.core.conformance import play_random
from meeple.core.game import State
from meeple.core.text import localize, render
from meeple.games.colonies import ColoniesGame
from meeple.games.cyclades import CycladesGame

LANGS = ("en", "ru")
# A seat written the engine's way: P0, И0, №0 (a seat counted from 0 shows as a 0).
ZERO_SEAT = re.compile(r"(?<![\w])(?:P|И|№ ?)0(?!\d)")
ENGINE_FORMS = ("colonies.", "cyclades.", "('")
# The engine's short seat names («И2», "P2"): the table says "Player 2" / «Игрок 2».
SHORT_SEAT = re.compile(r"(?<![\w])(?:P|И)\d")
# «Игрок 2» where Russian would decline it (after "у", "против", a verb or a noun taking
# the genitive, dative or accusative): the sentence must be built so the seat stays nominative.
DECLINED = re.compile(r"(?:\b(?:у|против|игроку|игрока|атакует|ставку|флот|флоты|отряд|атака"
                      r"|городов|город|Метрополия)|открытое) Игрок \d")


def _colonies_games() -> Iterator[State]:
    game = ColoniesGame()
    for seed, players, opts in [(1, 2, {}), (2, 3, {"master": True}),
                                (3, 4, {"master": True, "sheets": True})]:
        yield game.new_state(players, seed, opts)


def _cyclades_games() -> Iterator[State]:
    game = CycladesGame()
    setups: list[tuple[int, int, dict[str, Any]]] = [
        (1, 2, {}), (2, 4, {"titans": True, "teams": True}),
        (3, 5, {"map": "titans", "kronos": True})]
    for seed, players, opts in setups:
        yield game.new_state(players, seed, {"max_rounds": 6, **opts})


def _seats(s: State) -> list[int]:
    return list(range(s.game.seat_count(s)))


def _what_they_read(s: State, lang: str) -> list[str]:
    """Prompts and choices of the seats asked, the log of every seat, the result."""
    out: list[str] = []
    for prompt in s.prompts():
        out.append(render(prompt.text, lang))
        out += [render(s.describe(prompt.player, a), lang)
                for a in s.legal_actions(prompt.player)][:60]
    if s.is_terminal():
        out.append(str(localize(s.result(), lang)))
    return out


def _logs(s: State, lang: str) -> list[str]:
    return [e.line(lang) for p in [None, *_seats(s)] for e in s.log.visible(p)]


@cache
def _read(game: str) -> dict[str, list[str]]:
    """Everything the readers of a few random games read, by language."""
    out: dict[str, list[str]] = {lang: [] for lang in LANGS}
    games = _colonies_games() if game == "colonies" else _cyclades_games()
    for i, s in enumerate(games):
        for step in range(1500):
            if s.is_terminal():
                break
            if step % 5 == 0:
                for lang in LANGS:
                    out[lang] += _what_they_read(s, lang)
            s = play_random(s, 1, 1000 * i + step)
        for lang in LANGS:
            out[lang] += _what_they_read(s, lang) + _logs(s, lang)
    return out


def _bad(lines: list[str], test: Any) -> list[str]:
    return sorted({line for line in lines if test(line)})[:5]


@pytest.mark.parametrize("game", ["colonies", "cyclades"])
@pytest.mark.parametrize("lang", LANGS)
def test_seats_read_as_people_count_them_from_one(game: str, lang: str) -> None:
    lines = _read(game)[lang]
    assert lines
    assert _bad(lines, ZERO_SEAT.search) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_cyclades_player_is_named_as_the_table_names_them(lang: str) -> None:
    lines = _read("cyclades")[lang]
    assert any({"en": "Player 2", "ru": "Игрок 2"}[lang] in line for line in lines)
    assert _bad(lines, SHORT_SEAT.search) == []
    assert _bad(lines, DECLINED.search) == []


@pytest.mark.parametrize("game", ["colonies", "cyclades"])
@pytest.mark.parametrize("lang", LANGS)
def test_no_raw_catalog_key_or_python_tuple_is_read(game: str, lang: str) -> None:
    lines = _read(game)[lang]
    assert _bad(lines, lambda line: any(f in line for f in ENGINE_FORMS)) == []


@pytest.mark.parametrize("game", ["colonies", "cyclades"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_has_no_raw_key_or_engine_form(game: str, lang: str) -> None:
    names = (ColoniesGame() if game == "colonies" else CycladesGame()).catalog(lang)
    bad = {k: v for k, v in names.items() if any(f in v for f in ENGINE_FORMS) or "{" in v}
    assert bad == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_colonies_glossary_names_provinces_seasons_and_teams_in_the_language(
        lang: str) -> None:
    names = ColoniesGame().catalog(lang)
    expected = {"en": ("Grey Haven", "Frost", "Trader", "Trade Routes"),
                "ru": ("Серая Гавань", "Сезон Морозов", "Торговец", "Торговые Пути")}[lang]
    assert (names.get("province.1"), names.get("season.frost"), names.get("team.traders"),
            names.get("ability.traders")) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_the_colonies_log_reads_as_sentences_and_only_the_report_is_markdown(
        lang: str) -> None:
    from meeple.games.colonies import ColoniesState
    from meeple.games.colonies.report import lines

    s = play_random(ColoniesGame().new_state(3, 5, {"master": True}), 400, 5)
    assert isinstance(s, ColoniesState)
    log = _logs(s, lang)
    assert _bad(log, lambda line: line.startswith(("#", "- "))) == []
    report = lines(s, 0, None, lang)
    assert report[0].startswith("## ") and any(x.startswith("- ") for x in report)


def test_the_colonies_result_says_why_and_who_won_in_the_readers_language() -> None:
    from meeple.games.colonies import ColoniesState

    s = play_random(ColoniesGame().new_state(2, 7, {"seasons": 1}), 400, 7)
    assert isinstance(s, ColoniesState) and s.is_terminal()
    en, ru = localize(s.result(), "en"), localize(s.result(), "ru")
    assert en["reason"] == ru["reason"] == "victory_points"  # the code stays for machines
    assert en["reason_text"].startswith("the most victory points")
    assert ru["reason_text"].startswith("больше всего Победных Очков")
    assert en["text"].startswith(("Winner: P", "Shared victory: P"))
    assert ru["text"].startswith(("Победитель: ", "Победа поделена: "))
