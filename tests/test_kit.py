"""The author's kit (docs/authoring.md): a game's state as typed fields, saved, cloned and
dealt again by the kit; its table description checked; `meeple new` writing a game that
plays at once; games found as packages and entry points; the cost table's counts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.core import registry
from meeple.core.conformance import random_playout
from meeple.core.errors import SaveFileError
from meeple.core.scenario import run_paths
from meeple.core.text import localize, missing
from meeple.kit import KitState
from meeple.kit.lines import js_lines, python_lines, yaml_lines
from meeple.kit.scaffold import ScaffoldError, write_game
from meeple.kit.skeleton import GAME as SkeletonGame
from meeple.kit.skeleton.state import SkeletonState
from meeple.kit.table import ICONS, Piece, Table, Zone, check_table

ROOT = Path(__file__).resolve().parent.parent
SKELETON = ROOT / "src" / "meeple" / "kit" / "skeleton"


@pytest.fixture(autouse=True)
def skeleton_registered() -> Iterator[None]:
    # Registered for each test and forgotten after it: a server that a later test starts
    # knows only the installed games, and the suites that try every game must see the same.
    registry.register("skeleton", "meeple.kit.skeleton:GAME")
    yield
    registry.forget()


def test_a_saved_kit_state_loads_to_the_same_state() -> None:
    g = SkeletonGame()
    s = g.new_state(3, 5)
    s.apply(0, s.legal_actions(0)[0])
    again = g.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.hash() == s.hash() and again.to_json() == s.to_json()


@pytest.mark.parametrize(("path", "value", "said"), [
    (("state", "hands", 0, 0), "x", "state.hands.0.0"),
    (("state", "turn"), [1], "state.turn"),
    (("state", "hands", 0), [9, 9, 9], "not the game's cards"),
    (("players",), 9, "2-4 players"),
])
def test_a_broken_kit_save_is_refused_with_its_fault_named(
        path: tuple[object, ...], value: object, said: str) -> None:
    g = SkeletonGame()
    data = g.new_state(2, 1).to_json()
    node = data
    for key in path[:-1]:
        node = node[key]  # type: ignore[index]
    node[path[-1]] = value  # type: ignore[index]
    with pytest.raises(SaveFileError, match=re.escape(said)):
        g.state_from_json(data)


def test_an_unknown_field_in_a_kit_save_is_refused() -> None:
    g = SkeletonGame()
    data = g.new_state(2, 1).to_json()
    data["state"]["extra"] = 1
    with pytest.raises(SaveFileError, match="extra"):
        g.state_from_json(data)


def test_a_clone_of_a_kit_state_shares_no_list_with_it() -> None:
    s = SkeletonGame().new_state(2, 1)
    c = s.clone()
    c.apply(0, c.legal_actions(0)[0])
    assert c.hash() != s.hash()
    assert s.hash() == SkeletonGame().new_state(2, 1).hash()


def test_a_redeal_keeps_what_the_viewer_sees_and_mixes_the_rest() -> None:
    s = SkeletonGame().new_state(3, 2)
    assert isinstance(s, KitState)
    dealt = [s.redeal(0, seed) for seed in range(20)]
    assert all(d.view(0) == s.view(0) for d in dealt)
    assert all(d.hands[0] == s.hands[0] for d in dealt)  # type: ignore[attr-defined]
    assert any(d.hands[1] != s.hands[1] for d in dealt)  # type: ignore[attr-defined]
    for d in dealt:
        assert sorted(d.deck + d.hands[1] + d.hands[2]) == sorted(  # type: ignore[attr-defined]
            s.deck + s.hands[1] + s.hands[2])  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_skeleton_passes_the_conformance_suite(players: int) -> None:
    stats = random_playout(SkeletonGame(), players, players + 10)
    assert stats.result["reason"] == "goal"


def test_the_skeleton_scenarios_hold() -> None:
    results = run_paths([SKELETON / "extra" / "scenarios.yaml"])
    assert len(results) == 3
    assert [c.detail for r in results for c in r.checks if not c.ok] == []
    assert missing("skeleton") == []


def test_a_scenario_setup_of_a_wrong_type_or_impossible_position_is_refused() -> None:
    g = SkeletonGame()
    s = g.new_state(2, 0)
    with pytest.raises(ValueError, match="turn"):
        g.scenario_setup(s, {"turn": "first"})
    with pytest.raises(ValueError, match="no field 'nope'"):
        g.scenario_setup(s, {"nope": 1})
    with pytest.raises(ValueError, match="not the game's cards"):
        g.scenario_setup(s, {"deck": []})


def test_a_scenario_setup_lets_the_state_settle_the_fields_it_did_not_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[set[str]] = []
    g = SkeletonGame()
    s = g.new_state(2, 0)
    assert isinstance(s, SkeletonState)
    first = s

    def settle(self: SkeletonState, changed: set[str]) -> None:
        # the scenario dealt the hands: the deck gives up those cards and takes the old ones
        seen.append(changed)
        deck = [c for h in first.hands for c in h] + self.deck
        for card in (c for h in self.hands for c in h):
            deck.remove(card)
        self.deck = deck

    monkeypatch.setattr(SkeletonState, "settle", settle)
    hands = [s.deck[-3:], s.deck[-6:-3]]
    done = g.scenario_setup(s, {"hands": hands, "round": 3})
    assert isinstance(done, SkeletonState)
    assert seen == [{"hands"}]
    assert done.round_no == 3 and done.hands == hands
    monkeypatch.setattr(SkeletonState, "settle", KitState.settle)
    with pytest.raises(ValueError, match="not the game's cards"):
        g.scenario_setup(s, {"hands": hands})


def test_the_table_check_names_unknown_kinds_icons_colours_and_ids_used_twice() -> None:
    table = Table([Zone("a", "row", "A", pieces=[Piece("p", "P", icon="unicorn", colour="mauve"),
                                                   Piece("p", "Q")])], []).to_json()
    table["zones"].append({"id": "b", "kind": "carpet", "label": "B"})
    found = "\n".join(check_table(table))
    for said in ("unknown icon 'unicorn'", "unknown colour 'mauve'", "id 'p' is used twice",
                 "unknown zone kind 'carpet'"):
        assert said in found


def test_every_table_the_skeleton_shows_is_well_formed_and_in_both_languages() -> None:
    s = SkeletonGame().new_state(4, 3)
    for viewer in (0, 1, None):
        table = s.view(viewer)["table"]
        assert check_table(table) == []
        ru = json.dumps(localize(table, "ru"), ensure_ascii=False)
        assert "Колода" in ru and "skeleton." not in ru


def test_the_icons_the_kit_names_are_the_icons_the_client_draws() -> None:
    js = (ROOT / "src/meeple/web/static/js/ui/icons.js").read_text()
    body = js[js.index("const SHAPES = {"):js.index("};", js.index("const SHAPES = {"))]
    drawn = re.findall(r"^  (\w+): ", body, re.MULTILINE)
    assert sorted(drawn) == sorted(ICONS)


def test_the_line_counts_leave_out_blanks_comments_and_docstrings() -> None:
    code = '"""Doc\nstring."""\n\n# a comment\nx = 1  # and one after code\n\ndef f():\n' \
           '    """Its doc."""\n    return (1,\n            2)\n'
    assert python_lines(code) == 4
    assert yaml_lines("# c\na: 1\n\n  b: 2\n") == 2
    assert js_lines("// c\nconst a = 1;\n\n") == 1


@pytest.mark.parametrize(("name", "said"), [
    ("Bad", "lower-case"), ("x", "2 to 31"), ("class", "reserved"), ("kit", "reserved"),
    ("cult", "exists already"), ("lobby", "reserved"),
])
def test_meeple_new_refuses_a_name_it_cannot_take(tmp_path: Path, name: str, said: str) -> None:
    (tmp_path / "src" / "meeple" / "games").mkdir(parents=True)
    with pytest.raises(ScaffoldError, match=said):
        write_game(tmp_path, name, "T", "Т", registry.game_names())
    assert not (tmp_path / "scenarios").exists()


def test_meeple_new_writes_nothing_where_a_file_is_in_the_way(tmp_path: Path) -> None:
    (tmp_path / "src" / "meeple" / "games").mkdir(parents=True)
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "race.md").write_text("mine")
    with pytest.raises(ScaffoldError, match="already there"):
        write_game(tmp_path, "race", "Race", "Гонка", [])
    assert not (tmp_path / "src" / "meeple" / "games" / "race").exists()


def _meeple(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin", "HOME": str(root)}
    return subprocess.run([sys.executable, "-m", "meeple", *args], cwd=root, env=env,
                          input=stdin, capture_output=True, text=True, timeout=300)


def test_meeple_new_writes_a_game_that_plays_at_once(tmp_path: Path) -> None:
    root = tmp_path / "checkout"
    shutil.copytree(ROOT / "src", root / "src", ignore=shutil.ignore_patterns("__pycache__"))
    made = _meeple(root, "new", "card_race", "--title", "Card Race", "--title-ru", "Гонка")
    assert made.returncode == 0, made.stderr
    package = root / "src" / "meeple" / "games" / "card_race"
    assert "class CardRaceGame(KitGame)" in (package / "game.py").read_text()
    assert "skeleton" not in "".join(p.read_text() for p in package.rglob("*.py"))
    listed = _meeple(root, "games")
    assert "card_race  Card Race, 2-4 players" in listed.stdout
    scenarios = _meeple(root, "scenario", "scenarios/card_race")
    assert scenarios.returncode == 0 and "3 scenarios: 12 passed, 0 failed" in scenarios.stdout
    played = _meeple(root, "play", "card_race", "--seats", "random,random", "--seed", "3")
    assert played.returncode == 0, played.stderr
    assert "Game over" in played.stdout and "A pawn reached the goal" in played.stdout
    typed = _meeple(root, "play", "card_race", "--seats", "human,random", "--seed", "3",
                    stdin="play 9\n" + "1\n" * 40)
    assert "'play 9' is not one of the options now" in typed.stdout
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            str(root / "tests" / "test_card_race_rules.py")], cwd=root,
                           env={"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout[-2000:]
    assert "5 passed" in tests.stdout


def test_a_game_another_package_declares_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    class Point:
        name, value = "Skeleton2", "meeple.kit.skeleton:GAME"

    monkeypatch.setattr(registry, "entry_points", lambda group: [Point()]
                        if group == registry.ENTRY_POINTS else [])
    registry.forget()
    try:
        assert "skeleton2" in registry.game_names()
        assert registry.get_game("skeleton2").name == "skeleton"
    finally:
        monkeypatch.undo()
        registry.forget()


def test_the_terminal_writes_a_price_as_names_with_their_numbers() -> None:
    from meeple.kit.table import Stat
    from meeple.kit.text_table import render_table

    card = Piece("c", "Card", kind="card", cost=[Stat("gem", 3, "ruby"), Stat("gem", 1, "onyx")])
    text = render_table(Table([Zone("row", "row", "Row", pieces=[card])], []).to_json(), [])
    assert "Card [ruby ×3, onyx ×1]" in text


def test_the_lobby_labels_a_kit_game_and_its_options_in_the_readers_language(
        tmp_path: Path) -> None:
    from tests.server_helpers import server

    with server(tmp_path / "t.db") as c:
        games = {g["name"]: g for g in c.get("/api/meta?lang=ru").json()["games"]}
    skeleton = games["skeleton"]
    assert skeleton["title"] == "Скелет"
    assert skeleton["options"]["length"]["label"] == "Длина дорожки"
    assert skeleton["options"]["length"]["hint"] == "Клеток от старта до цели (от 5 до 60)."
    assert skeleton["options"]["length"]["help"] == "spaces from the start to the goal"


def test_the_authoring_guide_s_cost_table_is_what_kit_lines_counts() -> None:
    from meeple.kit.lines import count_game, kit_games

    doc = (ROOT / "docs" / "authoring.md").read_text()
    rows = {m[1]: [int(x) for x in m[2].split("|")]
            for m in re.finditer(r"^\| [^|]+\(`(\w+)`\) \|([\d |]+)\|$", doc, re.M)}
    games = [g for g in kit_games() if g != "skeleton"]
    assert sorted(rows) == sorted(games)
    for name in games:
        c = count_game(name)
        assert rows[name] == [c.python, c.python_all, c.data, c.texts, c.javascript,
                              c.scenarios, c.tests], name
