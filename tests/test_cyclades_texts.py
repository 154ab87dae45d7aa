"""Cyclades' game texts: every key in English and Russian, the glossary's English names
as the data files have them, and Russian games with no English template left in them."""

import re
from functools import cache
from pathlib import Path
from typing import Any

from meeple.core.actions import Action
from meeple.core.conformance import play_random
from meeple.core.game import State
from meeple.core.text import Text, entry, missing
from meeple.games.cyclades import CycladesGame, CycladesState
from meeple.games.cyclades.data import load
from meeple.games.cyclades.texts import CATALOG, TERRITORIES, island_names
from meeple.sim.match import play_match
from tests.server_helpers import server

GAME = CycladesGame()
SOURCE = Path(__file__).parents[1] / "src" / "meeple" / "games" / "cyclades"
DATA = load()
LETTERS = re.compile(r"[A-Za-zА-Яа-яЁё]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Player counts and options: the base game at every count, the Titans modules, teams.
SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (5, {}),
    (3, {"titans": True}), (4, {"titans": True, "teams": True}),
    (5, {"map": "titans", "kronos": True}), (6, {"titans": True}),
]


def _texts(message: object) -> list[Text]:
    """A text and every text nested in its arguments."""
    if isinstance(message, Text):
        out = [message]
        for _name, value in message.args:
            out += _texts(value)
        return out
    if isinstance(message, list):
        return [x for v in message for x in _texts(v)]
    return []


def _collect(s: CycladesState, into: list[Text]) -> None:
    """What a reader sees now: the prompts and the description of every legal choice."""
    for prompt in s.prompts():
        assert isinstance(prompt.text, Text), prompt
        into.append(prompt.text)
        for action in s.legal_actions(prompt.player):
            into.append(s.describe(prompt.player, action))


@cache
def _played() -> tuple[list[CycladesState], list[Text]]:
    """Random and heuristic games of every setup, with every text they produced."""
    states: list[CycladesState] = []
    seen: list[Text] = []
    steps = [0]

    def look(state: State, player: int, action: Action) -> None:
        steps[0] += 1
        if steps[0] % 11 == 0:
            assert isinstance(state, CycladesState)
            _collect(state, seen)

    for i, (n, opts) in enumerate(SETUPS):
        opts = {**opts, "max_rounds": 6}
        s = GAME.new_state(n, 100 + i, opts)
        step = 0
        while not s.is_terminal() and step < 1500:
            if step % 7 == 0:
                _collect(s, seen)
            nxt = play_random(s, 1, 1000 * i + step)
            assert isinstance(nxt, CycladesState)
            s = nxt
            step += 1
        states.append(s)
        h = play_match("cyclades", n, 200 + i, ["heuristic"] * n, opts, on_action=look).state
        assert isinstance(h, CycladesState)
        states.append(h)
    for s in states:
        seen += [e.message for e in s.log.events() if isinstance(e.message, Text)]
        if s.is_terminal():
            seen.append(s.result()["reason_text"])
    return states, seen


def _all_texts() -> list[Text]:
    return [x for t in _played()[1] for x in _texts(t)]


def test_every_catalog_entry_has_english_and_russian() -> None:
    assert missing(CATALOG) == []


def test_the_engine_speaks_only_in_templates() -> None:
    states, _ = _played()
    assert any(s.is_terminal() for s in states)
    plain = [e.message for s in states for e in s.log.events() if not isinstance(e.message, Text)]
    assert plain == []


def test_every_key_played_games_use_is_in_the_catalog() -> None:
    keys = {t.key for t in _all_texts()}
    # The texts of battles, creatures, the Titans' start and the end were all met.
    assert {"cyclades.log.round", "cyclades.log.buys", "cyclades.log.start_fleets",
            "cyclades.prompt.turn", "cyclades.do.bid"} <= keys
    assert any(k.startswith("cyclades.log.over") for k in keys)
    assert sorted(k for k in keys if entry(k) is None) == []


def test_every_text_renders_in_russian_with_no_english_template_left() -> None:
    checked = set()
    for text in _all_texts():
        if text.key in checked:
            continue
        checked.add(text.key)
        ru, en = text.render("ru"), text.render("en")
        assert "{" not in ru and "}" not in ru, (text, ru)
        if LETTERS.search(ru):
            assert ru != en, (text, ru)
        assert LATIN_WORD.findall(ru) == [], (text, ru)
    assert len(checked) > 120


def test_plurals_follow_the_russian_rule() -> None:
    assert Text("cyclades.count.troop", n=1).render("ru") == "1 отряд"
    assert Text("cyclades.count.troop", n=3).render("ru") == "3 отряда"
    assert Text("cyclades.count.fleet", n=5).render("ru") == "5 флотов"
    assert Text("cyclades.count.titan", n=21).render("ru") == "21 Титан"
    assert Text("cyclades.count.fleet", n=2).render("en") == "2 fleets"


def test_a_russian_game_log_reads_in_cyrillic() -> None:
    for s in _played()[0][:4]:
        log = "\n".join(e.line("ru") for e in s.log.visible(None))
        letters = LETTERS.findall(log)
        assert len(CYRILLIC.findall(log)) > 0.97 * len(letters), log[:2000]
        assert s.log.text(None, "en") != log


def test_the_glossary_names_are_those_of_the_data_files() -> None:
    def en(key: str) -> str:
        e = entry(f"{CATALOG}.{key}")
        assert e is not None, key
        return str(e["en"])

    for g in [*DATA.rules["gods"], "apollo"]:
        assert en(f"god.{g}") == g.capitalize()
    for c, card in DATA.creatures.items():
        assert en(f"creature.{c}") == c.capitalize()
        assert en(f"creature.{c}.text") == card["text"]
    for a, art in DATA.artifacts.items():
        assert en(f"artifact.{a}") == a.capitalize()
        assert en(f"artifact.{a}.text") == art["text"]
    for k, special in DATA.rules["special_metropolises"].items():
        assert en(f"special.{k}") == k.capitalize()
        assert en(f"special.{k}.text") == special["text"]
    for b in DATA.rules["buildings"]:
        assert en(f"building.{b}") == b
    for island in island_names():
        assert en(f"island.{island}") == island
    for board in DATA.boards.values():
        assert en(f"board.{board.name}") == board.name
        for terr in board.territories:
            assert TERRITORIES[terr.name].render("en") == terr.name
            assert TERRITORIES[terr.name].render("ru") != terr.name


def test_the_catalog_hook_answers_in_the_language_asked() -> None:
    en, ru = GAME.catalog(), GAME.catalog("ru")
    assert en["satyr"] == DATA.creatures["satyr"]["text"]
    assert en["military metropolis"] == DATA.rules["special_metropolises"]["military"]["text"]
    assert ru["satyr"] == "Заберите философа у игрока по своему выбору."
    assert ru["god.zeus"] == "Зевс" and en["god.zeus"] == "Zeus"
    assert ru["artifact.helm"] == "Шлем-невидимка"
    assert set(en) == set(ru)


def test_english_lines_read_as_before() -> None:
    s = GAME.new_state(3, 5)
    first = [e.text for e in s.log.events()][:2]
    assert first[0] == "Cyclades for 3 on the base3 board."
    assert first[1] == "Cycle 1 begins."
    assert s.log.events()[0].line("ru") == "«Киклады», игроков: 3, карта: базовая, 3 игрока."


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    named: set[str] = set()
    for path in SOURCE.glob("*.py"):
        # T.t("key", ...) and T.t("key" if ... else "other", ...)
        for first in re.findall(r'\bt\(\s*("[^"]+"(?:\s+if\s[^"()]*?\selse\s+"[^"]+")?)',
                                path.read_text("utf-8")):
            named |= set(re.findall(r'"([^"]+)"', first))
    assert {"log.round", "log.buys.temples", "prompt.bid.not", "do.target.pegasus",
            "log.metro.lost", "bonus.kronos"} <= named
    assert sorted(k for k in named if entry(f"{CATALOG}.{k}") is None) == []


def test_the_catalog_route_takes_a_language(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        en = c.get("/api/catalog/cyclades").json()
        assert en["harpy"] == DATA.creatures["harpy"]["text"]
        ru = c.get("/api/catalog/cyclades?lang=ru").json()
        assert ru["harpy"] == "Уничтожьте один отряд другого игрока (не Титана)."
        assert ru["naval metropolis"] == "+3 в битвах на прилегающих морях, и в нападении тоже"
        assert (en["artifact.cornucopia"], ru["artifact.cornucopia"]) == \
            ("Cornucopia", "Большой рог изобилия")
        refused = c.get("/api/catalog/cyclades?lang=de")
        assert refused.status_code in (400, 422) and "lang" in refused.text
