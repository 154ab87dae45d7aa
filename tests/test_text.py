"""Game texts as a template and its arguments, formatted when read (meeple.core.text)."""

from pathlib import Path

import pytest

from meeple.core.log import Log
from meeple.core.text import Text, missing, register_catalog, render, term


@pytest.fixture()
def demo(tmp_path: Path) -> str:
    (tmp_path / "texts.yaml").write_text(
        """
won: {en: "{who} wins {place} with {n:plural:troop}", ru: "{who} берёт {place}: {n:plural:troop}"}
place.5: {en: Durnholm, ru: Дурнхольм}
only_en: {en: "English only"}
bad: {en: "{missing} here", ru: "{missing} тут"}
plural.troop:
  en: {one: "# troop", other: "# troops"}
  ru: {one: "# отряд", few: "# отряда", many: "# отрядов", other: "# отряда"}
""", "utf-8")
    register_catalog("demo", tmp_path / "texts.yaml")
    return "demo"


def test_a_text_is_formatted_in_the_language_asked(demo: str) -> None:
    t = Text("demo.won", who=Text("core.player", n=2), place=term("demo.place", 5), n=1)
    assert t.render("en") == "player 2 wins Durnholm with 1 troop"
    assert t.render("ru") == "игрок 2 берёт Дурнхольм: 1 отряд"
    assert str(t) == t.render("en")


@pytest.mark.parametrize(("n", "en", "ru"), [
    (0, "0 troops", "0 отрядов"), (1, "1 troop", "1 отряд"), (2, "2 troops", "2 отряда"),
    (5, "5 troops", "5 отрядов"), (11, "11 troops", "11 отрядов"), (21, "21 troops", "21 отряд"),
    (22, "22 troops", "22 отряда"), (112, "112 troops", "112 отрядов")])
def test_plurals_follow_each_languages_rule(demo: str, n: int, en: str, ru: str) -> None:
    t = Text("demo.won", who="A", place="B", n=n)
    assert t.render("en").endswith(en)
    assert t.render("ru").endswith(ru)


def test_a_seat_is_written_counted_from_one_but_kept_as_the_engines_index(
        tmp_path: Path) -> None:
    (tmp_path / "texts.yaml").write_text(
        'seat: {en: "P{p:seat}", ru: "И{p:seat}"}\n', "utf-8")
    register_catalog("seats", tmp_path / "texts.yaml")
    t = Text("seats.seat", p=0)
    assert (t.render("en"), t.render("ru")) == ("P1", "И1")
    assert t.to_json() == {"k": "seats.seat", "a": {"p": 0}}


def test_lists_are_joined_in_the_language(demo: str) -> None:
    t = Text("core.to", who=[Text("core.player", n=1), "Ann", Text("core.master")])
    assert t.render("en") == "to player 1, Ann and the Master"
    assert t.render("ru") == "для: игрок 1, Ann и Мастер"


def test_a_missing_language_falls_back_to_english_and_a_missing_key_to_the_key(demo: str) -> None:
    assert Text("demo.only_en").render("ru") == "English only"
    assert Text("demo.no_such_entry", n=1).render("ru") == "demo.no_such_entry"
    assert "demo.bad" in Text("demo.bad").render("en")  # an argument the code did not give
    assert missing("demo") == ["demo.only_en: no 'ru'"]
    assert missing("core") == []


def test_texts_round_trip_through_json_and_compare_by_value(demo: str) -> None:
    t = Text("demo.won", who=[Text("core.player", n=1), "Ann"], place=term("demo.place", 5), n=3)
    back = Text.from_json(t.to_json())
    assert back == t and hash(back) == hash(t)
    assert back.render("ru") == t.render("ru")
    with pytest.raises(ValueError, match="non-empty key"):
        Text.from_json({"a": {}})
    with pytest.raises(ValueError, match="text argument"):
        Text.from_json({"k": "demo.won", "a": {"n": 1.5}})
    with pytest.raises(ValueError, match="without 'key'"):  # the constructor's own name
        Text.from_json({"k": "demo.won", "a": {"key": 1}})
    with pytest.raises(AttributeError):
        t.key = "other"


def test_a_log_keeps_templates_and_renders_each_reader_his_language(demo: str) -> None:
    log = Log()
    log.add(1, "a plain line")
    log.add(1, Text("demo.won", who="Ann", place=term("demo.place", 5), n=2), audience=0)
    assert log.text(0) == "[r1] a plain line\n[r1] Ann wins Durnholm with 2 troops"
    assert log.text(0, "ru").endswith("Ann берёт Дурнхольм: 2 отряда")
    assert log.text(1) == "[r1] a plain line"
    back = Log.from_json(log.to_json())
    assert back.to_json() == log.to_json()
    assert [e.line("ru") for e in back.events()] == [e.line("ru") for e in log.events()]
    assert render(back.events()[1].message, "en") == back.events()[1].text
    with pytest.raises(ValueError, match="a text must be"):
        Log.from_json([[1, -1, 42]])


def test_a_text_is_rendered_once_per_language_and_survives_pickling_and_copies(
        demo: str) -> None:
    import copy
    import pickle

    t = Text("demo.won", who="Ann", place=term("demo.place", 5), n=2)
    first = t.render("ru")
    assert t.render("ru") is first  # made once, then read back
    back = pickle.loads(pickle.dumps(t))
    assert back == t and back.render("en") == t.render("en")
    assert copy.deepcopy(t) is t and copy.copy(t) is t


def test_a_term_is_one_object_and_a_loaded_log_shares_equal_texts(demo: str) -> None:
    assert term("demo.place", 5) is term("demo.place", 5)
    who = Text("core.player", n=1)
    log = Log()
    for n in range(3):
        log.add(1, Text("demo.won", who=who, place=term("demo.place", 5), n=n))
    back = Log.from_json(log.to_json())
    firsts = [dict(e.message.args)["who"] for e in back.events()
              if isinstance(e.message, Text)]
    assert firsts[0] is firsts[1] is firsts[2]  # one object for the three lines
    assert back.to_json() == log.to_json()


def _catalog_templates() -> list[tuple[str, str, str]]:
    """Every template of every game's catalog: (key, language, template)."""
    from meeple.core.registry import get_game
    from meeple.core.text import LANGS, catalog_keys, entry

    for name in ("cult", "cyclades", "clash", "colonies", "counter"):
        get_game(name)  # registers the game's catalogs
    out = []
    for catalog in ("core", "cult", "cyclades", "clash", "clashplace", "colonies",
                    "counter"):
        for key in catalog_keys(catalog):
            e = entry(key) or {}
            for lang in LANGS:
                if isinstance(e.get(lang), str):
                    out.append((key, lang, e[lang]))
    return out


def test_every_catalog_template_is_written_as_the_standard_formatter_writes_it() -> None:
    """The templates cut once into parts (``_parts``) write what ``string.Formatter``
    wrote: seats, plurals (every Russian form), numbers, words and nested texts."""
    import string

    from meeple.core.text import _Formatter, _parts

    templates = _catalog_templates()
    assert len(templates) > 1000
    fast = 0
    for key, lang, template in templates:
        fields = [(f, spec or "") for _, f, spec, _ in string.Formatter().parse(template)
                  if f is not None]
        for n in (0, 1, 2, 5, 21):
            args: dict[str, object] = {}
            for f, spec in fields:
                args[f] = n if spec == "seat" or spec.startswith("plural:") or spec else (
                    Text("core.player", n=n) if n % 2 else f"<{f}>")
            if not all(f.isidentifier() for f, _ in fields):
                continue
            text = Text(key, **args)  # type: ignore[arg-type]
            values = {k: v.render(lang) if isinstance(v, Text) else v
                      for k, v in args.items()}
            expected = _Formatter(lang, key).vformat(template, (), values)
            assert text.render(lang) == expected, (key, lang, n)
        fast += _parts(template) is not None
    assert fast == len(templates)  # no catalog template needs the slow way


def test_a_template_beyond_named_fields_is_written_or_refused_as_before(
        tmp_path: Path) -> None:
    (tmp_path / "texts.yaml").write_text(
        'pos: {en: "{0} and {}"}\nattr: {en: "{who.real}"}\nconv: {en: "{who!r}"}\n'
        'nested: {en: "{n:>{w}}"}\nbrace: {en: "a } b"}\nmissing: {en: "{gone} here"}\n'
        'spec: {en: "{n:>4}|{n:03d}"}\n', "utf-8")
    register_catalog("odd", tmp_path / "texts.yaml")
    assert Text("odd.attr", who=3).render("en") == "3"
    assert Text("odd.conv", who="x").render("en") == "'x'"
    assert Text("odd.nested", n=7, w=3).render("en") == "  7"
    assert Text("odd.spec", n=7).render("en") == "   7|007"
    assert Text("odd.pos").render("en").startswith("odd.pos (")  # IndexError, said
    assert Text("odd.brace").render("en").startswith("odd.brace (")  # ValueError, said
    assert Text("odd.missing", other=1).render("en") == "odd.missing ('gone')"


def test_a_catalog_registered_again_is_read_again(tmp_path: Path) -> None:
    # Templates are kept once looked up: a catalog registered anew must not be served from
    # what was kept of the old one.
    path = tmp_path / "texts.yaml"
    path.write_text('hello: {en: "hello {who}", ru: "привет, {who}"}\n', "utf-8")
    register_catalog("again", path)
    assert Text("again.hello", who="Ann").render("ru") == "привет, Ann"
    path.write_text('hello: {en: "hi {who}", ru: "здравствуй, {who}"}\n', "utf-8")
    register_catalog("again", path)
    assert Text("again.hello", who="Ann").render("ru") == "здравствуй, Ann"
    assert Text("again.hello", who="Ann").render("en") == "hi Ann"


def test_a_text_reads_the_same_before_and_after_its_arguments_are_sorted(demo: str) -> None:
    # Written from its arguments as given, or from the sorted pairs once something (its
    # hash, its JSON) has sorted them.
    def made() -> Text:
        return Text("demo.won", place=term("demo.place", 5), who="Ann", n=3)

    fresh = {lang: made().render(lang) for lang in ("en", "ru")}
    sorted_first = made()
    assert sorted_first.args[0][0] == "n"
    assert {lang: sorted_first.render(lang) for lang in ("en", "ru")} == fresh
    assert fresh["en"] == "Ann wins Durnholm with 3 troops"
