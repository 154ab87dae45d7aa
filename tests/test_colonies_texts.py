"""Colonies' game texts: every key in English and Russian, the names as the data files
have them, and Russian reports with no English template text left in them."""

import re
from functools import cache
from pathlib import Path

from meeple.core.conformance import play_random
from meeple.core.text import Text, entry, missing
from meeple.games.colonies import ColoniesGame, ColoniesState
from meeple.games.colonies.data import load
from meeple.games.colonies.report import lines
from meeple.games.colonies.texts import CATALOG

GAME = ColoniesGame()
SOURCE = Path(__file__).parents[1] / "src" / "meeple" / "games" / "colonies"
# Words a Russian report may hold in Latin letters: commands the player types.
COMMANDS = {"thaw", "force"}


def _keys(message: object) -> set[str]:
    """Every catalog key in a log message, nested arguments included."""
    if isinstance(message, Text):
        out = {message.key}
        for _name, value in message.args:
            out |= _keys(value)
        return out
    if isinstance(message, list):
        return set().union(*(_keys(v) for v in message)) if message else set()
    return set()


@cache
def _games() -> list[ColoniesState]:
    out = []
    for seed, players, master in [(1, 2, False), (2, 3, True), (3, 4, False), (4, 5, True)]:
        s = play_random(GAME.new_state(players, seed, {"master": master}), 3000, seed)
        assert isinstance(s, ColoniesState)
        out.append(s)
    return out


def test_every_catalog_entry_has_english_and_russian() -> None:
    assert missing(CATALOG) == []


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    named = set()
    for path in SOURCE.glob("*.py"):
        # t("key", ...) and t("key" if ... else "other", ...)
        for first in re.findall(r'\bt\(\s*("[^"]+"(?:\s+if\s[^"()]*?\selse\s+"[^"]+")?)',
                                path.read_text("utf-8")):
            named |= set(re.findall(r'"([^"]+)"', first))
    assert {"spy.success", "heat.paid", "harvest.got.forced", "recruit.done.loyalty"} <= named
    assert sorted(k for k in named if entry(f"{CATALOG}.{k}") is None) == []


def test_every_key_played_games_log_is_in_the_catalog() -> None:
    used: set[str] = set()
    for s in _games():
        for e in s.log.events():
            used |= _keys(e.message)
    assert {"colonies.battle.for", "colonies.vp.title", "colonies.season.thaw"} <= used
    unknown = sorted(k for k in used if entry(k) is None)
    assert unknown == []


def test_names_in_the_catalog_are_those_of_the_data_files() -> None:
    data = load()
    for pr in data.provinces:
        assert entry(f"{CATALOG}.province.{pr.id}") == {"en": pr.name, "ru": pr.name_ru}
    for key, team in data.rules["teams"].items():
        one = entry(f"{CATALOG}.team.{key}")
        assert one is not None and one["en"] == team["name"].rstrip("s")
        # Russian: the singular of the rule post's team name (Торговцы: Торговец).
        assert one["ru"][:5] == team["name_ru"][:5]
        ability = entry(f"{CATALOG}.ability.{key}")
        assert ability is not None and ability["en"] == team["ability"]
    for key, event in data.rules["events"].items():
        assert entry(f"{CATALOG}.season_event.{key}") == {"en": event["name"],
                                                          "ru": event["name_ru"]}


def test_a_russian_report_of_played_seasons_has_no_english_template_text() -> None:
    checked = 0
    for s in _games():
        for index in range(s.season_no + 1):
            for seat in [None, s.master, *range(s.n)]:
                report = "\n".join(lines(s, index, seat, "ru"))
                latin = set(re.findall(r"[A-Za-z]{2,}", report)) - COMMANDS
                assert latin == set(), (index, seat, report)
                checked += bool(report)
    assert checked > 50


def test_a_russian_report_reads_the_battle_in_russian() -> None:
    s = GAME.new_state(2, 1, {"teams": "traders,generals"})
    for p in range(2):
        s.apply(p, "ready")
    s.loaded = [3, 2]
    s.apply(1, "offensive 1")
    s.apply(1, "submit")
    s.apply(0, "submit")
    report = "\n".join(lines(s, 0, None, "ru"))
    assert "#### Битва за провинцию 1 «Серая Гавань»" in report
    assert "- Игрок 2 захватывает провинцию 1 «Серая Гавань»." in report
    assert "- Игрок 2 (нападающий, сила армии 7): Конкистадоры: сила армии считается за 7; " \
           "бросок к3 = 2: 2 + 7 = 9" in report


def test_a_saved_state_keeps_its_texts() -> None:
    s = _games()[1]
    again = GAME.state_from_json(s.to_json())
    assert [e.message for e in again.log.events()] == [e.message for e in s.log.events()]
    assert again.log.text(None, "ru") == s.log.text(None, "ru")


def test_prompts_and_choices_read_in_russian() -> None:
    s = GAME.new_state(2, 1, {"teams": "traders,generals"})
    for p in range(2):
        s.apply(p, "ready")
    prompt = s.prompts()[0].text
    assert isinstance(prompt, Text)
    assert prompt.render("en") == ("Player 1, Heat 1402: 0/2 actions, 0/3 ravens; "
                                   "submit when done")
    assert prompt.render("ru") == ("Игрок 1, Сезон Жара 1402 года: действий 0/2, "
                                   "воронов 0/3; когда готово — «отправить эти приказы»")
    choices = {str(a): s.describe(0, a) for a in s.legal_actions(0)}
    assert isinstance(choices["offensive 5"], Text)
    assert choices["offensive 5"].render("en") == "Offensive on 5 Weeping Woods"
    assert choices["offensive 5"].render("ru") == "Наступление на провинцию 5 «Плачущий Лес»"
    for action, text in choices.items():
        if isinstance(text, Text):
            assert not re.search(r"[A-Za-z]{3,}", text.render("ru")), action
