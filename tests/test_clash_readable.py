"""What a Clash of Cultures player reads names a player as the table does ("Player 2",
«Игрок 2»: never the engine's "P1" / «И1», never a seat counted from 0), names a place as a
player finds it on the map (a city's name, "the forest east of Knossos", "the mountains in
the north-west of Thrace": never the engine's coordinates "2,4"; two hexes never alike) and
shows no engine form: no raw catalog key ("clash."), no Python tuple or dict, no unformatted
template field. A random game and a game of heuristic bots, every prompt, choice, log line
and the result, in English and Russian, for every seat."""

import re
from functools import cache
from typing import Any

import pytest

from meeple.bots.base import make_bot
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.core.text import localize, render
from meeple.games.clash import ClashGame
from meeple.games.clash.state import ClashState

LANGS = ("en", "ru")
# The engine's short seat names, and a seat counted from 0.
SHORT_SEAT = re.compile(r"(?<![\w])(?:P|И|№ ?)\d")
ZERO_SEAT = re.compile(r"(?<![\w])(?:Player|Игрок|игрок|игрока|игроку) 0(?!\d)")
ENGINE_FORMS = ("clash.", "clashplace.", "('", "{'", "{")
# A hex as the engine writes it (axial coordinates), the table's map shows none.
COORDS = re.compile(r"-?\d+,-?\d+")
# The hexes an action names, by its kind (its engine string's arguments).
HEX_ARGS = {"collect": (0,), "build": (0,), "wonder": (0,), "recruit": (0,), "happy": (0,),
            "raze": (0,), "found": (0,), "move": (0, 1), "influence": (0, 1)}
TABLE_NAME = {"en": "Player 2", "ru": "Игрок 2"}


def _what_they_read(s: State, lang: str) -> list[str]:
    """Prompts and choices of the seats asked, the terminal's board (English only), the
    result once the game is over."""
    out: list[str] = []
    for prompt in s.prompts():
        out.append(render(prompt.text, lang))
        if lang == "en":
            out += s.render(prompt.player).splitlines()
        out += [render(s.describe(prompt.player, a), lang)
                for a in s.legal_actions(prompt.player)][:60]
    if s.is_terminal():
        result = localize(s.result(), lang)
        out += [str(result.get("text", "")), str(result.get("reason_text", ""))]
    return out


def _logs(s: State, lang: str) -> list[str]:
    seats = range(s.game.seat_count(s))
    return [e.line(lang) for p in [None, *seats] for e in s.log.visible(p)]


def _heuristic_step(s: State, bots: list[Any]) -> State:
    p = s.current_players()[0]
    legal = s.legal_actions(p)
    game = s.game

    def sample(seed: int, st: State = s) -> State:
        return game.redeal_hidden(st, p, seed)

    s.apply(p, bots[p].choose(s.view(p), legal, sample))
    return s


def _alike(s: State, lang: str) -> list[str]:
    """Places of one position that read alike: two hexes of the map with one name, and
    two hexes the choices name alike."""
    assert isinstance(s, ClashState)
    out: list[str] = []
    names: dict[str, int] = {}
    for h in range(len(s.board.coords)):
        n = render(s.hname(h), lang)
        if names.setdefault(n, h) != h:
            out.append(f"hexes {names[n]} and {h}: {n}")
    for prompt in s.prompts():
        told: dict[str, int] = {}
        for a in s.legal_actions(prompt.player):
            if a.kind not in HEX_ARGS:
                continue
            line = render(s.describe(prompt.player, a), lang)
            for i in HEX_ARGS[a.kind]:
                h = int(str(a.args[i]))
                n = render(s.hname(h), lang)
                assert n in line, (n, line)
                if told.setdefault(n, h) != h:
                    out.append(f"choices name hexes {told[n]} and {h} alike: {n}")
    return out


_ALIKE: dict[str, list[str]] = {lang: [] for lang in LANGS}


@cache
def _read() -> dict[str, list[str]]:
    """Everything the readers of a random and a heuristic game read, by language (and the
    places that read alike, in _ALIKE)."""
    out: dict[str, list[str]] = {lang: [] for lang in LANGS}
    game = ClashGame()
    for i, kind in enumerate(("random", "heuristic")):
        s: State = game.new_state(3, 11 + i, {"rounds": 2})
        bots = [make_bot("heuristic", "clash", 7 + p) for p in range(3)]
        rng = Rng(5)
        for step in range(3000):
            if s.is_terminal():
                break
            if step % 4 == 0:
                for lang in LANGS:
                    out[lang] += _what_they_read(s, lang)
                    _ALIKE[lang] += _alike(s, lang)
            if kind == "random":
                p = s.current_players()[0]
                s.apply_unchecked(p, s.random_action(p, rng))
            else:
                s = _heuristic_step(s, bots)
        assert s.is_terminal(), f"the {kind} game did not end"
        for lang in LANGS:
            out[lang] += _what_they_read(s, lang) + _logs(s, lang)
    return out


def _bad(lines: list[str], test: Any) -> list[str]:
    return sorted({line for line in lines if test(line)})[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_is_named_as_the_table_names_them(lang: str) -> None:
    lines = _read()[lang]
    assert any(TABLE_NAME[lang] in line for line in lines)
    assert _bad(lines, SHORT_SEAT.search) == []


def test_a_russian_seat_stays_in_the_nominative() -> None:
    """«Игрок 2» is never put where Russian would decline it: no «у Игрок 2»."""
    from tests.test_colcyc_readable import DECLINED

    assert _bad(_read()["ru"], DECLINED.search) == []


@pytest.mark.parametrize("lang", LANGS)
def test_seats_read_as_people_count_them_from_one(lang: str) -> None:
    assert _bad(_read()[lang], ZERO_SEAT.search) == []


@pytest.mark.parametrize("lang", LANGS)
def test_no_raw_catalog_key_python_form_or_template_field_is_read(lang: str) -> None:
    lines = _read()[lang]
    assert _bad(lines, lambda line: any(f in line for f in ENGINE_FORMS)) == []


def test_the_russian_texts_are_russian() -> None:
    """No English sentence of the engine reaches a Russian reader."""
    english = re.compile(r"\b(?:the|and|of|at|from|with|wins|gains|moves|Player)\b")
    # the game's title stays as the Russian review in shared/seeds/000 writes it
    lines = [line.replace("Clash of Cultures", "") for line in _read()["ru"]]
    assert _bad(lines, english.search) == []


def test_the_clash_glossary_has_no_raw_key_or_engine_form() -> None:
    for lang in LANGS:
        names = ClashGame().catalog(lang)
        bad = {k: v for k, v in names.items() if "clash." in v or "{" in v or "('" in v}
        assert bad == {}, lang


@pytest.mark.parametrize("lang", LANGS)
def test_no_place_is_read_as_its_coordinates(lang: str) -> None:
    """Choices, prompts and log lines name hexes as the map shows them, never "2,4"."""
    lines = _read()[lang]
    assert _bad(lines, COORDS.search) == []


@pytest.mark.parametrize("lang", LANGS)
def test_two_hexes_never_read_alike_in_one_position(lang: str) -> None:
    _read()
    assert _ALIKE[lang][:5] == []


WORDS = {"en": (" east of ", " in the ", "north-west of"),
         "ru": (" к востоку от города ", " на северо-западе области ", "город ")}


@pytest.mark.parametrize("lang", LANGS)
def test_places_are_named_by_city_neighbour_and_region(lang: str) -> None:
    """Every kind of name is met in the games read (else the two tests above would pass on
    games that never name a hex): a city's, a city's neighbour's, a region's quarter."""
    from meeple.games.clash.texts import city_name

    lines = _read()[lang]
    cities = re.compile("|".join(rf"\b{render(city_name(h), lang)}\b" for h in range(64)))
    assert any(cities.search(line) for line in lines)
    for word in WORDS[lang]:
        assert any(word in line for line in lines), word


@cache
def _start() -> ClashState:
    s = ClashGame().new_state(2, 3, {})
    assert isinstance(s, ClashState)
    return s


def test_a_hex_is_named_by_its_city_its_side_of_a_city_or_its_region_quarter() -> None:
    from meeple.games.clash.texts import area

    s = _start()
    home = s.cities[0]["hex"]
    q, r = s.board.coords[home]
    east = s.board.coords.index((q + 1, r))
    city = render(s.hname(home), "en")
    assert COORDS.search(city) is None and city[0].isupper()
    assert render(s.hname(east), "en") == f"the {_terrain(s, east)} east of {city}"
    assert render(s.hname(east), "ru") == (
        f"{_terrain(s, east, 'ru')} к востоку от города {render(s.hname(home), 'ru')}")
    far = next(h for h in range(len(s.board.coords))
               if not s.known(h) and h % 4 == 1
               and all(s.city_at(n) is None for n in s.board.adj[h]))
    assert render(s.hname(far), "en") == (
        f"the unexplored hex in the north-east of {render(area(far // 4), 'en')}")


def _terrain(s: ClashState, h: int, lang: str = "en") -> str:
    from meeple.core.text import Text

    word = render(Text(f"clashplace.terrain.{s.terrain[h] if s.known(h) else 'unexplored'}"),
                  lang)
    return word.removeprefix("the ")


def test_a_city_keeps_its_name_when_captured() -> None:
    """The name belongs to the hex: the log of a siege and the map agree after it."""
    s = _start().clone()
    home = s.cities[0]["hex"]
    before = render(s.hname(home), "en")
    s.cities[0]["owner"] = 1
    assert render(s.hname(home), "en") == before


def test_the_map_names_each_hex_as_the_log_does() -> None:
    """The view gives each hex the name the choices and the log use (the table shows it)."""
    s = _start()
    hexes = s.view(0)["hexes"]
    for lang in LANGS:
        assert [h["name"][lang] for h in hexes] == [
            render(s.hname(h), lang) for h in range(len(s.board.coords))]
        assert not any(COORDS.search(h["name"][lang]) for h in hexes)


def test_the_names_of_places_have_every_language_and_no_two_alike() -> None:
    from meeple.core.text import missing
    from meeple.games.clash.state import DATA
    from meeple.games.clash.texts import PLACES, area, city_name

    assert missing(PLACES) == []
    biggest = max(len(b.coords) for b in DATA.boards.values())
    for lang in LANGS:
        cities = [render(city_name(h), lang) for h in range(biggest)]
        areas = [render(area(r), lang) for r in range(biggest // 4)]
        assert len(set(cities + areas)) == len(cities) + len(areas), lang
        assert not any(n.startswith("clashplace.") for n in cities + areas), lang


def test_a_balance_report_names_each_start_by_its_home_region() -> None:
    """The simulation report's and the statistics' labels of a seat's start: the home
    region as the map writes it, not its first hex's coordinates."""
    from meeple.games.clash.texts import area

    s = _start()
    homes = ClashGame().factions(s)
    assert homes == [f"home {render(area(r), 'en')}" for r in s.homes]
    assert not any(COORDS.search(h) for h in homes) and len(set(homes)) == len(homes)
