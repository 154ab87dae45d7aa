"""Cult's game texts: every key in English and Russian, the glossary's names as the data
files have them, and games read in Russian with no English template text left."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.core.text import Arg, Text, entry, missing, render
from meeple.games.cult import CultGame
from meeple.games.cult.data import load
from meeple.games.cult.texts import CATALOG
from meeple.sim.match import play_match
from tests.server_helpers import auth, create, server

GAME = CultGame()
SOURCE = Path(__file__).parents[1] / "src" / "meeple" / "games" / "cult"
# What the engine's ids look like when they show through a text a player reads: card
# tokens (m3, c12, l5, G), a district's or seat's id (d5, P0, P2), a level token ("a P
# priest", "level-P"), an argument the template never placed ("cult.district ('d')"),
# and English plurals a number did not choose ("1 followers").
IDS = re.compile(r"\b[mlcdP]\d+\b|\b[GP]\b|level-|\('|\b1 (?:followers|coins|cards|"
                 r"conspiracies|miracles|mobs|fanatic mobs|altars)\b|\b\w+\(s\)|№0|#0\b")
# A name put after a possessive that already has its article ("Player 4's a priest").
POSSESSIVE = re.compile(r"'s (?:a|an|the) ")
# Templates that are the same in both languages: they hold no words, only their fields.
FIELDS = re.compile(r"\{[^}]*\}")


def _keys(message: object) -> set[str]:
    """Every catalog key in a text, nested arguments included."""
    if isinstance(message, Text):
        out = {message.key}
        for _name, value in message.args:
            out |= _keys(value)
        return out
    if isinstance(message, list):
        return set().union(*(_keys(v) for v in message)) if message else set()
    return set()


def _collect(state: State, out: set[Text]) -> None:
    """The prompts and the description of every legal action of this position."""
    for prompt in state.prompts():
        if isinstance(prompt.text, Text):
            out.add(prompt.text)
        for a in state.legal_actions(prompt.player):
            d = state.describe(prompt.player, a)
            assert isinstance(d, Text), (str(a), d)
            out.add(d)


def _random_game(players: int, seed: int, options: dict[str, Any], texts: set[Text]) -> State:
    s = GAME.new_state(players, seed, options)
    rng = Rng(seed)
    while not s.is_terminal():
        _collect(s, texts)
        p = s.current_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s


@cache
def _played() -> tuple[list[State], frozenset[Text]]:
    """Random games of every player count (all eight cults dealt) and one heuristic game;
    their texts: log lines, prompts, choices and results."""
    texts: set[Text] = set()
    games = [
        _random_game(2, 1, {"cults": "lolth,atheism"}, texts),
        _random_game(3, 2, {"cults": "anubis,cthulhu,fafnir"}, texts),
        _random_game(4, 3, {"cults": "janus,nirrti,tiamat,lolth"}, texts),
        _random_game(5, 4, {"max_rounds": 6}, texts),
        _random_game(5, 5, {}, texts),
    ]
    heuristic = play_match("cult", 4, 6, ["heuristic"] * 4, {"max_rounds": 3},
                           on_action=lambda st, _p, _a: _collect(st, texts))
    games.append(heuristic.state)
    for s in games:
        assert s.is_terminal()
        texts.add(s.result()["text"])
        for e in s.log.events():
            assert isinstance(e.message, Text), e.message
            texts.add(e.message)
    return games, frozenset(texts)


def test_every_catalog_entry_has_english_and_russian() -> None:
    assert missing(CATALOG) == []


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    named: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        code = path.read_text("utf-8")
        # t("key", ...), fresh("key", ...), name("key", ...), log(s, "key", ...),
        # Text.of("cult.key", ...) (texts.py's kept lines), and "key" if ... else "key"
        for first in re.findall(r'\b(?:t\(|fresh\(|name\(|log\(s,|Text\.of\()\s*'
                                r'("[^"]+"(?:\s+if\s[^"()]*?\selse\s+"[^"]+")?)', code):
            named |= {k.removeprefix(f"{CATALOG}.") for k in re.findall(r'"([^"]+)"', first)}
    assert {"begins", "wins.claimed", "smile.stolen", "greatness.back", "performs"} <= named
    assert sorted(k for k in named if entry(f"{CATALOG}.{k}") is None) == []


def test_every_text_of_played_games_is_in_the_catalog_and_reads_in_russian() -> None:
    _games, texts = _played()
    used = set().union(*(_keys(x) for x in texts))
    assert {"cult.begins", "cult.wins", "cult.ask.place", "cult.do.place",
            "cult.performs", "cult.sacrifices", "cult.plays", "cult.festival"} <= used
    assert sorted(k for k in used if entry(k) is None) == []
    for key in used:
        e = entry(key)
        assert e is not None
        en, ru = e["en"], e["ru"]
        if isinstance(en, str):
            # No English template left in Russian, unless the template has no words.
            assert ru != en or not re.search("[A-Za-z]", FIELDS.sub("", en)), key
        else:
            assert ru != en, key
    for x in texts:
        en, ru = x.render("en"), x.render("ru")
        assert "{" not in ru and "}" not in ru and x.key not in ru, (x, ru)
        assert "{" not in en and x.key not in en, (x, en)
        latin = set(re.findall(r"[A-Za-z]+", ru))
        assert latin == set(), (x, ru)


def test_no_engine_id_shows_in_a_prompt_choice_log_line_or_result() -> None:
    """Card tokens, seat and level tokens and raw keys stay inside the engine: a player
    reads names ("Blackmail", "Player 2", "the priest of level 3"), in both languages."""
    _games, texts = _played()
    found: dict[str, str] = {}
    for x in texts:
        for lang in ("en", "ru"):
            line = x.render(lang)
            if IDS.search(line) or POSSESSIVE.search(line):
                found.setdefault(x.key, line)
    assert found == {}


def test_the_catalog_shows_no_raw_key_or_id() -> None:
    for lang in ("en", "ru"):
        for key, value in GAME.catalog(lang).items():
            assert not IDS.search(value) and "cult." not in value, (lang, key, value)


def test_a_russian_game_log_is_russian() -> None:
    games, _texts = _played()
    for s in games:
        log = s.log.text(None, "ru")
        cyrillic = len(re.findall("[А-Яа-яЁё]", log))
        latin = len(re.findall("[A-Za-z]", log))
        assert cyrillic > 20 * latin, (cyrillic, latin)
        assert "Начинается игра «Культ»" in log and "побеждает в игре" in log


def test_the_english_log_is_the_rule_modules_english() -> None:
    s = GAME.new_state(3, 7, {"cults": "anubis,cthulhu,fafnir"})
    assert s.log.events()[0].text == (
        "Cult begins: Player 1 (Anubis), Player 2 (Cthulhu), Player 3 (Fafnir).")
    assert s.log.events()[0].line("ru") == (
        "Начинается игра «Культ»: Игрок 1 (Анубис), Игрок 2 (Ктулху), Игрок 3 (Фафнир).")
    prompt = s.prompts()[0]
    assert render(prompt.text) == f"Player {prompt.player + 1}: place a free priest, or pass"


def test_russian_plurals_follow_the_number() -> None:
    who = Text("cult.seat", p=1, cult=Text("cult.cult.janus"))
    said = [Text("cult.loses.followers", who=who, n=n).render("ru") for n in (1, 2, 5, 21)]
    assert said == ["Игрок 2 теряет 1 последователя.", "Игрок 2 теряет 2 последователя.",
                    "Игрок 2 теряет 5 последователей.", "Игрок 2 теряет 21 последователя."]
    assert Text("cult.sells", who=who, card=Text("cult.greatness.acc"), n=1).render("ru") \
        == "Игрок 2 продаёт Карту Величия за 1 монету."
    assert Text("cult.collects", who=who, n=6).render("ru") == "Игрок 2 получает 6 монет."
    assert Text("cult.loses.followers", who=who, n=1).render("en") == "Player 2 loses 1 follower."
    exiled = Text("cult.exile", who=who, other=Text("cult.seat", p=0, cult=Text("cult.cult.lolth")),
                  lv=2, priest=Text("cult.priest.a", lv=2), d=4)
    assert exiled.render("en") == (
        "Player 2 drives a priest of level 2 of Player 1 out of district 4.")
    # In Russian a seat stands only where the nominative fits: never declined.
    assert exiled.render("ru") == (
        "Игрок 2 изгоняет жреца уровня 2 из квартала 4 (владелец жреца — Игрок 1).")


def test_the_glossary_names_are_those_of_the_data_files() -> None:
    data = load()

    def names(key: str) -> tuple[str, str]:
        e = entry(f"{CATALOG}.{key}")
        assert e is not None, key
        return e["en"], e["ru"]

    for d in data.districts:
        assert names(f"district.{d.key}") == (d.name, d.name_ru)
    for c in data.cults:
        assert names(f"cult.{c.key}") == (c.name, c.name_ru)
        for ab in c.abilities:
            assert names(f"ability.{ab.key}") == (ab.name, ab.name_ru)
    for k in data.conspiracies:
        assert names(f"conspiracy.{k.key}") == (k.name, k.name_ru)
    for f in data.festival:
        assert names(f"festival.{f.key}") == (f.name, f.name_ru)
    for i, lic in enumerate(data.licences):
        en, ru = names(f"licence.{i + 1}")
        assert en == lic.name and ru and ru != en
    # Every district, conspiracy, ability and festival property has its whole text too,
    # with the data's numbers (here: what the losers of a district get).
    for key in ([f"district.{d.key}" for d in data.districts]
                + [f"conspiracy.{k.key}" for k in data.conspiracies]
                + [f"ability.{ab.key}" for c in data.cults for ab in c.abilities]
                + [f"festival.{f.key}" for f in data.festival]):
        en, ru = names(f"{key}.text")
        assert en != ru and re.search("[а-я]", ru), key
    for d in data.districts:
        coins = f"{d.donation} coin{'s' if d.donation > 1 else ''}."
        assert names(f"district.{d.key}.text")[0].endswith(f"Others: {coins}"), d.key
    # The districts' Russian names are the rule book's.
    assert [names(f"district.{d.key}")[1] for d in data.districts][:3] == [
        "Пустоши", "Воровской квартал", "Трущобы"]


def test_the_catalog_speaks_the_language_asked() -> None:
    en, ru = GAME.catalog(), GAME.catalog("ru")
    assert set(en) == set(ru)
    # The card tokens the web client shows, as before in English.
    assert en["c4"] == "Exorcism" and ru["c4"] == "Экзорцизм"
    assert en["G"] == "the Greatness card" and ru["G"] == "Карта Величия"
    assert en["l4"] == "Community of Wastelands" and ru["l4"] == "Община Пустошей"
    assert en["m1"] == "miracle (add a priest)" and ru["m1"] == "чудо (добавить жреца)"
    assert ru["district.rift"] == "Разлом Бездны" and ru["ability.exile"] == "Дорога изгнания"
    assert ru["word.mob"] == "толпа фанатиков" and en["word.mob"] == "fanatic mob"


def test_the_catalog_route_takes_a_language(tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        assert c.get("/api/catalog/cult").json()["c1"] == "Blackmail"
        assert c.get("/api/catalog/cult?lang=ru").json()["c1"] == "Шантаж"
        assert c.get("/api/catalog/cult?lang=en").json()["cult.nirrti"] == "Nirrti"
        refused = c.get("/api/catalog/cult?lang=de")
        assert refused.status_code == 400 and "lang" in refused.text, refused.text
        assert c.get("/api/catalog/counter?lang=ru").json() == {}


def test_a_saved_game_keeps_its_texts() -> None:
    games, _texts = _played()
    s = games[1]
    again = GAME.state_from_json(s.to_json())
    assert [e.message for e in again.log.events()] == [e.message for e in s.log.events()]
    assert again.log.text(None, "ru") == s.log.text(None, "ru")


def test_a_cached_name_is_equal_to_the_same_text_made_anew() -> None:
    from meeple.games.cult import texts

    made = Text("cult.seat", p=1, cult=Text("cult.cult.fafnir"))
    assert texts.seat_of(1, 2) == made and hash(texts.seat_of(1, 2)) == hash(made)
    assert texts.t("passes", who=texts.seat_of(1, 2)) == Text("cult.passes", who=made)
    assert {texts.card(3), Text.from_json(texts.card(3).to_json())} == {texts.card(3)}


def test_a_russian_reader_of_the_server_sees_the_prompt_choices_and_log_in_russian(
        tmp_path: Path) -> None:
    with server(tmp_path / "m.db") as c:
        g = create(c, game="cult", players=2, seed=5, seats=[{"kind": "human"}] * 2,
                   options={"cults": "janus,lolth"})
        tokens = {x["seat"]: x["token"] for x in g["seats"]}
        seat = c.get(f"/api/games/{g['id']}", headers=auth(g["spectator_token"])).json()[
            "waiting"][0]
        v = c.get(f"/api/games/{g['id']}?lang=ru", headers=auth(tokens[seat])).json()
        assert v["prompt"] == [f"Игрок {seat + 1}: разместите свободного "
                               "жреца или спасуйте"]
        assert "разместить Патриарха в квартале №1 «Пустоши»" in [
            x["text"] for x in v["choices"]]
        log = c.get(f"/api/games/{g['id']}/log?lang=ru", headers=auth(tokens[seat])).json()
        assert "Начинается игра «Культ»: Игрок 1 (Янус), Игрок 2 (Ллос)." in str(log)


def test_a_placement_line_kept_by_its_numbers_is_the_line_its_texts_make() -> None:
    from meeple.games.cult import texts as T

    s = GAME.new_state(5, 3, {})
    for p in range(5):
        for lv in range(4):
            for d in (1, 5, 13):
                for cost in (0, 1):
                    line = T.placed(s, p, lv, d, cost)
                    made = Text(f"{CATALOG}.{'places.paid' if cost else 'places'}",
                                who=T.seat(s, p), what=T.priest_a(lv), where=T.district(d),
                                n=cost)
                    assert line == made and line.render("ru") == made.render("ru")
    # the seat's cult is part of what it is kept by
    other = GAME.new_state(5, 4, {})
    assert [pl.cult for pl in other.players] != [pl.cult for pl in s.players]
    assert [T.placed(other, p, 1, 5, 0) for p in range(5)] == [
        Text(f"{CATALOG}.places", who=T.seat(other, p), what=T.priest_a(1),
             where=T.district(5), n=0) for p in range(5)]


def test_every_line_kept_by_its_numbers_is_the_line_its_texts_make() -> None:
    from meeple.games.cult import texts as T

    def made(key: str, **args: Any) -> Text:
        return Text(f"{CATALOG}.{key}", **args)

    for seed in (3, 4):  # two games: a seat is kept by its cult as well as its number
        s = GAME.new_state(5, seed, {})
        for p, n in [(p, n) for p in range(5) for n in (3, 7)]:
            q = (p + 2) % 5
            pairs = [
                (T.passes(s, p), made("passes", who=T.seat(s, p))),
                (T.no_service(s, p, n), made("no_service", who=T.seat(s, p), d=n)),
                (T.declines(s, p, n), made("declines", who=T.seat(s, p), d=n)),
                (T.donation(s, p, n), made("donation", who=T.seat(s, p), n=n)),
                (T.tithe(s, p, q), made("tithe", who=T.seat(s, p), other=T.seat(s, q))),
                (T.wins(s, p, n, [], {}), made("wins.claimed", who=T.seat(s, p), d=n)),
                (T.wins(s, p, 4, [q, p], {p: n, q: 2}), made(
                    "wins", who=T.seat(s, p), d=4, scores=made(
                        "comma", a=made("score", who=T.seat(s, q), n=2),
                        b=made("score", who=T.seat(s, p), n=n)))),
            ]
            for line, expected in pairs:  # asked twice: the second comes from the table
                assert line == expected and line.render("ru") == expected.render("ru")
            assert [x for x, _ in pairs] == [
                T.passes(s, p), T.no_service(s, p, n), T.declines(s, p, n),
                T.donation(s, p, n), T.tithe(s, p, q), T.wins(s, p, n, [], {}),
                T.wins(s, p, 4, [q, p], {p: n, q: 2})]
    assert [T.active(d) for d in range(1, 14)] == [
        made("active", where=T.district(d)) for d in range(1, 14)]
    # the scores' order is the line's order, and every score is part of its key
    s = GAME.new_state(4, 3, {})
    assert T.wins(s, 0, 2, [0, 1], {0: 3, 1: 1}) != T.wins(s, 0, 2, [1, 0], {0: 3, 1: 1})
    assert T.wins(s, 0, 2, [0, 1], {0: 3, 1: 1}) != T.wins(s, 0, 2, [0, 1], {0: 3, 1: 2})


def test_a_text_made_from_a_dict_of_its_arguments_is_the_text_made_from_keywords() -> None:
    given: dict[str, Arg] = {
        "who": Text(f"{CATALOG}.seat", p=1, cult=Text(f"{CATALOG}.cult.anubis")), "n": 2}
    made = Text.of(f"{CATALOG}.donation", given)
    plain = Text(f"{CATALOG}.donation", **given)
    assert made == plain and hash(made) == hash(plain) and made.args == plain.args
    assert made.render("ru") == plain.render("ru") and made.to_json() == plain.to_json()
    assert Text.of(f"{CATALOG}.event_phase", {}) == Text(f"{CATALOG}.event_phase")
