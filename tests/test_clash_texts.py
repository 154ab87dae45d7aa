"""Clash of Cultures' game texts: every key in English and Russian, the glossary's English
names those of the data files, and played games read in Russian with no English template
left (log, prompts, the description of every choice, the result)."""

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from meeple.bots.base import make_bot
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.text import Text, entry, missing
from meeple.games.clash.data import load
from meeple.games.clash.game import ClashGame
from meeple.games.clash.state import ClashState
from meeple.games.clash.texts import CATALOG, glossary
from meeple.sim.match import bot_chooser, play_match
from tests.server_helpers import server

GAME = ClashGame()
SOURCE = Path(__file__).parents[1] / "src" / "meeple" / "games" / "clash"
DATA = load()
# Terms whose Russian is the English word (none today: every name is translated).
SAME_IN_BOTH: set[str] = set()


def _texts(message: object) -> list[Text]:
    """A text and every text nested in its arguments."""
    if isinstance(message, Text):
        out = [message]
        for _name, value in message.args:
            out += _texts(value)
        return out
    if isinstance(message, list):
        return [t for v in message for t in _texts(v)]
    return []


@cache
def _played() -> tuple[list[ClashState], list[Text]]:
    """Random and heuristic games at every player count and option, with every text they
    produced: the log, each prompt, the description of every legal action every few
    moves, and the result."""
    states: list[ClashState] = []
    seen: list[Text] = []

    def watching(kind: str, seed: int) -> Callable[[State, int], Action]:
        choose = bot_chooser(make_bot(kind, "clash", seed))
        moves = [0]

        def chooser(state: State, player: int) -> Action:
            assert isinstance(state, ClashState)
            for prompt in state.prompts():
                seen.extend(_texts(prompt.text))
            moves[0] += 1
            if moves[0] % 5 == 0:
                for a in state.legal_actions(player):
                    seen.extend(_texts(state.describe(player, a)))
            return choose(state, player)

        return chooser

    games: list[tuple[int, int, str, dict[str, Any]]] = [
        (2, 1, "random", {}), (3, 2, "random", {"extra_buildings": True}),
        (4, 3, "random", {}), (2, 4, "heuristic", {"extra_buildings": True}),
        (3, 5, "heuristic", {"rounds": 3}), (4, 6, "random", {"extra_buildings": True})]
    for players, seed, kind, options in games:
        seats = [watching(kind, seed * 10 + i) for i in range(players)]
        s = play_match("clash", players, seed, seats, options).state
        assert isinstance(s, ClashState) and s.is_terminal()
        states.append(s)
        for e in s.log.events():
            seen.extend(_texts(e.message))
        seen.extend(_texts(s.result()["reason_text"]))
    return states, seen


def test_every_catalog_entry_has_english_and_russian() -> None:
    assert missing(CATALOG) == []


def test_every_text_of_played_games_is_in_the_catalog_and_reads_in_russian() -> None:
    _states, seen = _played()
    keys = {t.key for t in seen}
    # the games went through battles, exploring, the status phase and card play
    assert {"clash.battle", "clash.explores", "clash.status", "clash.card.played",
            "clash.learns", "clash.prompt.turn", "clash.do.move", "clash.final"} <= keys
    assert sorted(k for k in keys if entry(k) is None) == []
    for text in set(seen):
        en, ru = text.render("en"), text.render("ru")
        assert "{" not in ru and "}" not in ru, (text, ru)
        if re.search("[A-Za-z]", en) and text.key not in SAME_IN_BOTH:
            assert ru != en, (text, ru)


def test_the_result_says_why_the_game_ended_in_either_language() -> None:
    s = _played()[0][0]
    reason = s.result()["reason_text"]
    assert reason.render("en") == s.outcome["reason"] == "six rounds played"
    assert reason.render("ru") == "сыграны шесть раундов"


def test_a_russian_game_log_is_written_in_russian() -> None:
    for s in _played()[0]:
        text = s.log.text(None, lang="ru")
        letters = re.findall(r"[A-Za-zА-Яа-яЁё]", text)
        cyrillic = [c for c in letters if not c.isascii()]
        # Latin letters left: the game's title in the first line, and nothing else
        # beyond stray seat marks; most letters are Russian.
        assert len(cyrillic) / len(letters) > 0.95, text[:2000]


def test_the_english_log_is_the_one_players_always_read() -> None:
    s = GAME.new_state(2, 1)
    lines = s.log.text(None).splitlines()
    assert any("Clash of Cultures for 2; P" in line and "goes first." in line
               for line in lines)
    prompt = s.prompts()[0]
    assert isinstance(prompt.text, Text)
    assert str(prompt.text) == f"Round 1, turn 1: Player {prompt.player + 1} has 3 actions left"
    assert prompt.text.render("ru") == (
        f"Раунд 1, ход 1: Игрок {prompt.player + 1}, осталось 3 действия")


def test_seats_are_written_counted_from_one_as_people_count_them() -> None:
    # The engine's seat 0 is the first player, named as the table names it: "Player 1" /
    # «Игрок 1», never "P0" (nor the short "P1") in what people read.
    from meeple.games.clash.texts import who

    assert (who(0).render("en"), who(0).render("ru")) == ("Player 1", "Игрок 1")
    assert (who(1).render("en"), who(1).render("ru")) == ("Player 2", "Игрок 2")
    s = GAME.new_state(2, 1)
    for lang in ("en", "ru"):
        assert not re.search(r"\b[PИ]0\b", s.log.text(None, lang=lang))


def _glossary_names() -> dict[str, list[str]]:
    return {
        "adv": list(DATA.advances), "group": list(DATA.groups),
        "government": list(DATA.governments), "wonder": list(DATA.wonders),
        "action": list(DATA.action_cards),
        "tactic": [str(c["tactic"]["name"]) for c in DATA.action_cards.values()],
        "objective": list(DATA.objective_cards), "event": list(DATA.events),
        "building": list(DATA.rules["buildings"]), "unit": list(DATA.rules["units"]),
        "res": list(DATA.rules["resources"]), "terrain": list(DATA.rules["terrain"]),
    }


def test_the_english_glossary_is_the_data_files_names() -> None:
    for kind, names in _glossary_names().items():
        for n in names:
            e = entry(f"{CATALOG}.{kind}.{n}")
            assert e is not None and e["en"] == n, (kind, n)
            assert e["ru"] and e["ru"] != n, (kind, n)
    for kind, table in (("adv", DATA.advances), ("wonder", DATA.wonders),
                        ("event", DATA.events)):
        for n, info in table.items():
            e = entry(f"{CATALOG}.{kind}.{n}.text")
            assert e is not None and e["en"] == info["text"], (kind, n)
    # every measure an objective half counts is named
    for card in DATA.objective_cards.values():
        for half in ("peaceful", "military"):
            for m in card[half]:
                assert entry(f"{CATALOG}.measure.{m}") is not None, m


def test_the_catalog_hook_answers_in_the_language_asked() -> None:
    en: dict[str, Any] = GAME.catalog()
    ru: dict[str, Any] = GAME.catalog("ru")
    assert en.keys() == ru.keys()
    # the client's keys: each advance, wonder, card and event by its English name
    for n in [*DATA.advances, *DATA.wonders, *DATA.action_cards, *DATA.objective_cards,
              *DATA.events]:
        assert en[n] and ru[n] and en[n] != ru[n], n
    assert en["Tactics"] == DATA.advances["Tactics"]["text"]
    assert en["Great Merchant"].startswith("Civil: gain 2 gold. Tactics — Peltasts")
    assert ru["Great Merchant"].startswith("Развитие: получите 2 золота. Тактика — «Пельтасты»")
    assert (en["adv.Tactics"], ru["adv.Tactics"]) == ("Tactics", "Тактика")
    assert (en["unit.infantry"], ru["unit.infantry"]) == ("infantry", "солдат")


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    named: set[str] = set()
    for path in SOURCE.glob("*.py"):
        code = path.read_text("utf-8")
        # t("key", ...), t_("key"...), tx.t("key"...), and "key" if ... else "key"
        for first in re.findall(
                r'\bt_?\(\s*\(?("[^"]+"(?:\s+if\s[^"()]*?\selse\s+"[^"]+"|,\s*"[^"]+")?)', code):
            named |= set(re.findall(r'"([^"]+)"', first))
    assert {"battle", "siege.die", "siege.hit", "recruits.tokens", "prompt.turn",
            "do.theaters.to_mood", "reason.no_city"} <= named
    assert sorted(k for k in named if entry(f"{CATALOG}.{k}") is None) == []


def test_the_catalog_route_takes_a_language(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        assert c.get("/api/catalog/clash").json()["Tactics"] == DATA.advances["Tactics"]["text"]
        ru = c.get("/api/catalog/clash?lang=ru").json()
        assert ru["adv.Steel Weapons"] == "Стальное оружие"
        assert ru["Famine"].startswith("Открывший теряет 2 еды")
        refused = c.get("/api/catalog/clash?lang=de")
        assert refused.status_code in (400, 422) and "lang" in refused.text


def test_a_deep_copy_of_a_state_is_a_clone_sharing_the_logs_texts() -> None:
    import copy

    s = _played()[0][0]
    c = copy.deepcopy(s)
    assert c.hash() == s.hash() and c.log.text(None, "ru") == s.log.text(None, "ru")
    c.res[0]["food"] += 1
    assert c.hash() != s.hash()


def test_each_half_of_a_card_has_its_own_text_in_both_languages() -> None:
    # The table draws an action card's civil and tactics halves, an objective card's
    # peaceful and military halves, each with its whole text.
    for lang in ("en", "ru"):
        g = glossary(lang)
        for card in DATA.action_cards:
            assert g[f"{card}.civil"] and g[f"{card}.tactic"]
            assert g[f"{card}.civil"] in g[card] and g[f"{card}.tactic"] in g[card]
        for card in DATA.objective_cards:
            assert g[f"{card}.peaceful"] in g[card] and g[f"{card}.military"] in g[card]
    assert glossary("ru")["Great Leader.civil"] == "ещё одно действие в этот ход"


def test_the_view_gives_victory_points_by_source_adding_up_to_the_score() -> None:
    for s in _played()[0]:
        for p in range(s.n):
            v = s.view(p)
            parts = v["players"][p]["vp_parts"]
            assert sum(parts.values()) == s.vp(p)
            # a point a city piece: each city of the player and each building in its colour
            pieces = sum((c["owner"] == p) + list(c["buildings"].values()).count(p)
                         for c in v["cities"])
            assert parts["pieces"] == pieces
            assert parts["advances"] == len(v["players"][p]["advances"]) / 2


def test_a_game_of_fewer_rounds_by_the_house_rule_says_how_many_were_played() -> None:
    # "six rounds played" is the rule's ending; the rounds option ends the game sooner.
    s = GAME.new_state(2, 3, {"rounds": 2})
    while not s.is_terminal():  # each player ends every turn at once
        p = s.prompts()[0].player
        legal = s.legal_actions(p)
        s.apply(p, next((a for a in legal if str(a) in ("end", "keep", "stop")), legal[0]))
    assert s.round == 2 and s.outcome["reason"] == "six rounds played"  # as saves know it
    reason = s.result()["reason_text"]
    assert reason.render("en") == "2 rounds played (a house rule)"
    assert reason.render("ru") == "сыграно раундов: 2 (домашнее правило)"
    six = GAME.new_state(2, 3)
    six.outcome = {"reason": "six rounds played", "winners": [0]}
    six.phase = "over"
    assert six.result()["reason_text"].render("en") == "six rounds played"
