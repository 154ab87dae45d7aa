"""Colonies' character sheets («заявка», seed 003: "Заявка заполняется следующим
образом"): written by each player, approved or sent back by the Master, as actions that
a record replays; the goal stays private; the opening post shows the rest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.core.actions import Action
from meeple.core.conformance import play_random
from meeple.core.errors import IllegalActionError
from meeple.core.record import GameRecord
from meeple.core.text import localized_json
from meeple.games.colonies import ColoniesGame, ColoniesState
from meeple.games.colonies.saves import state_from_json
from meeple.games.colonies.sheets import REQUIRED, SPEC, opening_post, parse_post
from tests.server_helpers import auth, create, server

GAME = ColoniesGame()
OPTIONS = {"master": True, "sheets": True, "teams": "traders,traders"}
SECRET = "Marry the governor's daughter by Frost 1404"
ALVARO = [
    'sheet name "Don Alvaro de Soto"',
    'sheet history "A younger son of Cadiz.\\nHe sold his vineyard for a ship."',
    'sheet race "human"',
    "sheet class generals",
    'sheet picture "https://example.org/alvaro.png"',
    'sheet skill "Iron Discipline"',
    f'sheet goal "{SECRET}"',
]
YSOLDE = [
    'sheet name "Mother Ysolde"', 'sheet history "Abbess of a burnt abbey."',
    'sheet race "human"', 'sheet class "Торговцы"', 'sheet looks "A grey habit."',
    'sheet skill "Ledger of Sins"', 'sheet goal "End with the most gold"',
]


def _game(players: int = 2) -> ColoniesState:
    return GAME.new_state(players, 7, {**OPTIONS, "teams": ",".join(["traders"] * players)})


def _write(s: ColoniesState, p: int, lines: list[str], submit: bool = True) -> None:
    for text in lines + (["sheet submit"] if submit else []):
        s.apply(p, text)


def test_approval_gives_the_player_name_team_and_goal_and_opens_the_season() -> None:
    s = _game()
    _write(s, 0, ALVARO)
    _write(s, 1, YSOLDE)
    for p in (0, 1):
        s.apply(p, "ready")
    assert s.phase == "setup" and s.current_players() == [2]  # only the Master is asked
    s.apply(2, "sheet approve 0")
    assert s.phase == "setup"  # one sheet still waits
    s.apply(2, "sheet approve 1")
    assert s.phase == "orders"
    assert s.name(0) == "Don Alvaro de Soto (Player 1)"
    assert [pl.team for pl in s.players] == ["generals", "traders"]  # the class was chosen
    assert (s.players[0].goal, s.players[0].goal_status) == (SECRET, "approved")


def test_the_season_waits_for_a_sheet_sent_back_until_it_is_approved() -> None:
    s = _game()
    _write(s, 0, ALVARO)
    _write(s, 1, YSOLDE)
    for p in (0, 1):
        s.apply(p, "ready")
    s.apply(2, "sheet approve 1")
    s.apply(2, 'sheet return 0 "Name a goal the Master can check"')
    assert s.current_players() == [0] and s.phase == "setup"
    view = s.view(0)["players"][0]["sheet"]
    assert (view["status"], view["note"]) == ("returned", "Name a goal the Master can check")
    assert "Name a goal" in " ".join(str(p.text) for p in s.prompts())
    s.apply(0, 'sheet goal "Hold the Weeping Woods at the end"')
    s.apply(0, "sheet submit")
    s.apply(2, "sheet approve 0")
    assert s.phase == "orders"
    assert s.players[0].goal == "Hold the Weeping Woods at the end"


@pytest.mark.parametrize(("seat", "action", "reason"), [
    (0, 'sheet name ""', "the name cannot be empty"),
    (0, "sheet class pirates", "unknown class 'pirates'"),
    (0, 'sheet picture "javascript:alert(1)"', "must be an http:// or https:// link"),
    (0, 'sheet picture "data:image/png;base64,AAAA"', "must be an http:// or https:// link"),
    (0, 'sheet picture "https://"', "names no site"),
    (0, 'sheet picture "https://example.org/a\\".png"', "the picture link holds"),
    (0, f'sheet race "{"x" * 61}"', "the race is too long (61 characters; at most 60)"),
    (0, f'sheet history "{"x" * 1501}"', "too long"),
    (0, 'sheet skill "[url=https://evil.example]Click[/url]"', "the forum tag [url=https://"),
    (0, 'sheet name "Don\\u0007"', "control character"),
    (0, "sheet submit", "the sheet is not complete"),
    (0, 'goal "Be feared"', "the goal is a line of the character sheet"),
    (0, "sheet approve 1", "only the Master"),
    (0, "sheet name", 'write: sheet name "text"'),
    (2, "sheet approve 9", "the Master has nothing to decide now: waiting for Player 1, Player 2"),
])
def test_a_bad_sheet_line_is_refused_with_its_reason_and_changes_nothing(
        seat: int, action: str, reason: str) -> None:
    s = _game()
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalActionError) as err:
        s.apply(seat, action)
    assert reason in str(err.value)
    assert json.dumps(s.to_json()) == before


def test_the_master_cannot_approve_a_draft_or_return_without_a_comment() -> None:
    s = _game()
    _write(s, 0, ALVARO)  # the Master is asked now
    for action, reason in [("sheet approve 1",
                            "the sheet of Player 2 is not waiting for the Master"),
                           ('sheet return 0 "  "', "say what to change"),
                           ("sheet approve 2", "no player 3 to approve or return a sheet of: "
                                               "the players are 1 to 2"),
                           ('sheet return 0 "x" "y"', "say what to change")]:
        with pytest.raises(IllegalActionError) as err:
            s.apply(2, action)
        assert reason in str(err.value)


def test_sheets_need_a_master_to_approve_them() -> None:
    with pytest.raises(ValueError, match="needs a Master"):
        GAME.new_state(2, 1, {"sheets": True})


def test_another_seat_and_the_opening_post_never_show_a_private_goal() -> None:
    s = _game(3)
    _write(s, 0, ALVARO)
    _write(s, 1, YSOLDE[:3], submit=False)  # a draft: private to its author
    s.apply(3, "sheet approve 0")
    for viewer in (1, 2, None):
        seen = localized_json(s.view(viewer))
        assert SECRET not in seen
        assert ("Mother Ysolde" in seen) == (viewer == 1)
        assert s.view(viewer)["players"][0]["sheet"]["name"] == "Don Alvaro de Soto"
    assert SECRET in localized_json(s.view(0)) and SECRET in localized_json(s.view(3))
    assert "Mother Ysolde" in localized_json(s.view(1))
    for fmt in ("md", "bbcode"):
        for lang in ("en", "ru"):
            post = opening_post(s, fmt, lang)
            assert SECRET not in post and "Mother Ysolde" not in post
            assert "Don Alvaro de Soto" in post
    assert "[img]https://example.org/alvaro.png[/img]" in opening_post(s, "bbcode")
    assert "![Don Alvaro de Soto](https://example.org/alvaro.png)" in opening_post(s, "md")
    assert "[b]Класс:[/b] Генералы (способность: Конкистадоры)" in opening_post(s, "bbcode", "ru")
    # A search bot's sample for seat 1 knows nothing more than seat 1 does.
    sample = GAME.redeal_hidden(s, 1, 5)
    assert sample.view(1) == s.view(1)
    assert SECRET not in json.dumps(sample.to_json())


def test_the_masters_comment_on_a_returned_sheet_reaches_its_player_only() -> None:
    s = _game(3)
    _write(s, 1, YSOLDE)
    s.apply(3, 'sheet return 1 "The abbey needs a name"')
    for viewer in (0, 2, None):
        assert "The abbey needs a name" not in localized_json(s.view(viewer))
        assert s.view(viewer)["players"][1]["sheet"] == {"status": "returned"}
    assert s.view(1)["players"][1]["sheet"]["note"] == "The abbey needs a name"
    assert "The abbey needs a name" in " ".join(e.text for e in s.log.visible(1))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 120))
def test_views_of_a_game_with_sheets_do_not_change_when_others_secrets_are_redealt(
        seed: int, steps: int) -> None:
    s = _game(2)
    _write(s, 0, ALVARO)
    _write(s, 1, YSOLDE)
    s.apply(2, "sheet approve 0")
    s.apply(2, 'sheet return 1 "Shorter"')
    if seed % 2:  # half the games start their seasons, half stay before the game
        s.apply(1, "sheet submit")
        s.apply(2, "sheet approve 1")
        s.apply(0, "ready")
        s.apply(1, "ready")
    after = play_random(s, steps, seed)
    for p in [0, 1, 2, None]:
        assert GAME.redeal_hidden(after, p, seed).view(p) == after.view(p)


def test_the_opening_post_escapes_markdown_in_a_player_line() -> None:
    s = _game()
    _write(s, 0, [*ALVARO[:1], 'sheet history "*bold* _claim_ # not a heading"', *ALVARO[2:]])
    s.apply(2, "sheet approve 0")
    post = opening_post(s, "md")
    assert r"\*bold\* \_claim\_ \# not a heading" in post


def test_sheets_persist_in_saves_and_replay_from_the_record() -> None:
    record = GameRecord(game="colonies", players=2, seed=7, options=OPTIONS)
    s = record.replay()
    assert isinstance(s, ColoniesState)
    for seat, text in [(0, t) for t in [*ALVARO, "sheet submit"]] + [
            (2, 'sheet return 0 "Shorter, please"')]:
        s.apply(seat, text)
        record.add(seat, Action.parse(text))
    again = record.replay()
    assert again.to_json() == s.to_json()
    loaded = state_from_json(json.loads(json.dumps(s.to_json())))
    assert loaded.to_json() == s.to_json()
    assert loaded.sheets[0].note == "Shorter, please"


def test_a_save_from_before_sheets_still_loads() -> None:
    data = GAME.new_state(2, 1, {"master": True}).to_json()
    del data["sheets"]
    assert state_from_json(data).sheets == []


def test_a_save_with_a_broken_sheet_is_refused() -> None:
    data = _game().to_json()
    data["sheets"][0]["fields"]["class"] = "pirates"
    with pytest.raises(Exception, match="player 0's character sheet: unknown class"):
        state_from_json(data)


def test_a_forum_post_in_the_sheet_form_is_read_line_by_line() -> None:
    post = ("[b]Имя:[/b] Дон Альваро\nХарактер, История: Младший сын.\nПродал виноградник.\n"
            "Раса: человек\nКласс: Генералы\n"
            "Внешность: [img]https://example.org/a.png[/img] Высокий.\n"
            "Навыки: Железная дисциплина\nЦель: Удержать Плачущий Лес\nИнвентарь: 5 золота\n")
    assert parse_post(post) == {
        "name": "Дон Альваро", "history": "Младший сын.\nПродал виноградник.",
        "race": "человек", "class": "generals", "picture": "https://example.org/a.png",
        "looks": "Высокий.", "skill": "Железная дисциплина",
        "goal": "Удержать Плачущий Лес"}
    with pytest.raises(ValueError, match="line 1 names no line of the sheet"):
        parse_post("Hello, Master!\nИмя: X")


def test_a_deadline_hands_in_a_complete_sheet() -> None:
    s = _game()
    _write(s, 0, ALVARO, submit=False)
    assert str(GAME.timeout_action(s, 0)) == "sheet submit"
    assert str(GAME.timeout_action(s, 1)) == "ready"


# --- the Master's command line ----------------------------------------------------------

runner = CliRunner()


def _cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["colonies", *args])
    return result.exit_code, result.output


def test_the_master_runs_the_sheets_from_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "game.json")
    assert _cli("new", game, "--players", "2", "--teams", "traders,traders", "--sheets")[0] == 0
    post = tmp_path / "alvaro.txt"
    post.write_text(f"Имя: Дон Альваро\nХарактер, История: Младший сын.\nРаса: человек\n"
                    f"Класс: Генералы\nВнешность: https://example.org/a.png\n"
                    f"Навыки: Железная дисциплина\nЦель: {SECRET}\n", "utf-8")
    code, out = _cli("sheet", "write", game, "--player", "1", "--from-post", str(post),
                     "--submit")
    assert code == 0, out
    assert "accepted: sheet submit" in out
    # One refused line: nothing of the call is saved.
    before = Path(game).read_text()
    code, out = _cli("sheet", "write", game, "--player", "2", "--name", "Ysolde",
                     "--picture", "ftp://example.org/y.png")
    assert code == 2 and "must be an http:// or https:// link" in out
    assert Path(game).read_text() == before
    code, out = _cli("sheet", "return", game, "--player", "1", "--comment", "Say more")
    assert code == 0, out
    code, out = _cli("sheet", "show", game, "--player", "1", "--seat", "1")
    assert "The Master's comment: Say more" in out and SECRET in out
    code, out = _cli("sheet", "show", game, "--seat", "2")
    assert SECRET not in out and "Дон Альваро" not in out and "Player 1: returned" in out
    assert _cli("sheet", "submit", game, "--player", "1")[0] == 0
    code, out = _cli("sheet", "approve", game, "--player", "1")
    assert code == 0 and "Waiting for: player 1, player 2" in out
    code, out = _cli("sheet", "post", game)
    assert code == 0 and "[img]https://example.org/a.png[/img]" in out and SECRET not in out
    assert "[b]Игрок 1 — Дон Альваро[/b]" in out
    code, out = _cli("sheet", "approve", game, "--player", "3")
    assert code == 2 and "--player 3: no such player; players are 1 to 2" in out
    code, out = _cli("sheet", "post", game, "--format", "html")
    assert code == 2 and "unknown format 'html'" in out
    state = GameRecord.load(Path(game)).replay()
    assert isinstance(state, ColoniesState) and state.name(0) == "Дон Альваро (Player 1)"


def test_the_sheet_commands_refuse_a_game_without_sheets(tmp_path: Path) -> None:
    game = str(tmp_path / "game.json")
    assert _cli("new", game, "--players", "2")[0] == 0
    code, out = _cli("sheet", "show", game)
    assert code == 2 and "without character sheets" in out


# --- the HTTP API -----------------------------------------------------------------------

def test_sheets_travel_through_the_generic_action_route_and_stay_private(
        tmp_path: Path) -> None:
    with server(tmp_path / "s.db") as c:
        g = create(c, game="colonies", players=2, seed=5, options=OPTIONS)
        t = [s["token"] for s in g["seats"]]
        gid = g["id"]

        def act(seat: int, action: str) -> dict[str, Any]:
            r = c.post(f"/api/games/{gid}/actions", headers=auth(t[seat]),
                       json={"action": action})
            return {"status": r.status_code, **r.json()}

        for text in ALVARO:
            assert act(0, text)["status"] == 200
        bad = act(0, 'sheet picture "javascript:alert(1)"')
        assert bad["status"] == 422 and "http:// or https://" in bad["error"]["message"]
        assert act(0, "sheet submit")["status"] == 200
        master = c.get(f"/api/games/{gid}", headers=auth(t[2])).json()
        assert "sheet approve 0" in master["legal"]
        assert act(2, "sheet approve 0")["status"] == 200
        for token in (t[1], g["spectator_token"]):
            seen = c.get(f"/api/games/{gid}", headers=auth(token)).text
            assert SECRET not in seen and "Don Alvaro de Soto" in seen
            log = c.get(f"/api/games/{gid}/log", headers=auth(token)).text
            assert SECRET not in log
        assert SECRET in c.get(f"/api/games/{gid}", headers=auth(t[0])).text
        r = c.get(f"/api/games/{gid}/opening?format=bbcode&lang=ru",
                  headers=auth(g["spectator_token"]))
        assert r.status_code == 200
        assert "[img]https://example.org/alvaro.png[/img]" in r.text and SECRET not in r.text
        other = create(c, game="colonies", players=2, seed=5)
        r = c.get(f"/api/games/{other['id']}/opening",
                  headers=auth(other["spectator_token"]))
        assert r.status_code == 404


def test_a_game_with_sheets_is_refused_with_a_bot_in_a_seat(tmp_path: Path) -> None:
    with server(tmp_path / "b.db") as c:
        r = c.post("/api/games", json={"game": "colonies", "players": 2, "options": OPTIONS,
                                       "seats": [{"kind": "human"}, {"kind": "random"}]})
        assert r.status_code == 400 and "a bot cannot write a sheet" in r.text
        r = c.post("/api/games", json={"game": "colonies", "players": 2,
                                       "options": {"sheets": True}})
        assert r.status_code == 400 and "needs a Master" in r.text


def test_the_rules_document_lists_the_sheet_limits_of_the_data() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs/rules/colonies.md").read_text("utf-8")
    for field, spec in SPEC["fields"].items():
        need = "yes" if field in REQUIRED else "picture or looks"
        row = (f"| `{field}` | {spec['label']['ru']} | {spec['max']} | "
               f"{'yes' if spec['line'] else 'no'} | {need} |")
        assert row in doc, row


# --- the browser ------------------------------------------------------------------------

def test_a_player_fills_the_sheet_form_and_the_master_approves_it_in_the_browser(
        tmp_path: Path) -> None:
    import shutil
    import urllib.request

    from tests.services import meeple_server
    from tests.test_web_e2e import CHROMIUM_FLAGS, SHOTS, _page

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with meeple_server(f"sqlite:///{tmp_path / 'web.db'}", "--bot-workers", "0") as (site, _), \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS)
        req = urllib.request.Request(
            site + "/api/games", method="POST", headers={"content-type": "application/json"},
            data=json.dumps({"game": "colonies", "players": 2, "options": OPTIONS}).encode())
        with urllib.request.urlopen(req) as r:
            g = json.loads(r.read())
        _sheet_in_the_browser(browser, site, g["id"], [s["token"] for s in g["seats"]], SHOTS,
                              _page)
        browser.close()


def _sheet_in_the_browser(browser: Any, site: str, gid: str, tokens: list[str], shots: Path,
                          page: Any) -> None:
    shots.mkdir(parents=True, exist_ok=True)
    me = page(browser, 390, 844)  # a player on a phone
    me.goto(f"{site}/#/game/{gid}/{tokens[0]}")
    me.wait_for_selector("#sheet-form", state="attached")
    if me.is_visible('[data-tab="decide"]'):  # on a phone the form is under a tab
        me.click('[data-tab="decide"]')
    me.wait_for_selector("#sheet-form")
    for field, value in [("name", "Don Alvaro de Soto"), ("race", "human"),
                         ("history", "A younger son of Cadiz."), ("picture", "ftp://x.org/a.png"),
                         ("skill", "Iron Discipline"), ("goal", SECRET)]:
        me.fill(f"#sheet-{field}", value)
    me.select_option("#sheet-class", "generals")
    me.click("#sheet-submit")
    me.wait_for_selector("#sheet-error:has-text('must be an http:// or https:// link')")
    me.fill("#sheet-picture", "https://example.org/alvaro.png")
    me.click("#sheet-submit")
    me.wait_for_selector("#sheet-status.submitted")
    me.screenshot(path=str(shots / "colonies-sheet-phone.png"), full_page=True)
    master = page(browser)
    master.goto(f"{site}/#/game/{gid}/{tokens[2]}")
    master.wait_for_selector("#sheet-approve-0")
    assert SECRET in master.inner_text("#sheet-review")  # the Master reads the goal
    master.click("#sheet-approve-0")
    master.wait_for_function("(document.querySelector('#opening-post') || {}).textContent"
                             "?.includes('[img]https://example.org/alvaro.png[/img]')")
    assert SECRET not in master.inner_text("#opening-post")
    master.screenshot(path=str(shots / "colonies-sheet-master.png"), full_page=True)
    other = page(browser)
    other.goto(f"{site}/#/game/{gid}/{tokens[1]}")
    other.wait_for_selector("#sheet-form")
    other.wait_for_function("(document.querySelector('#opening-post') || {}).textContent"
                            "?.includes('Don Alvaro de Soto')")
    assert SECRET not in other.content()
    assert not me.errors and not master.errors and not other.errors
