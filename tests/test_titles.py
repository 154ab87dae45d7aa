"""Every game's title in the reader's language: each game's text catalog has an entry
`title` in English and Russian (the convention a new game follows too), and what the
server gives a reader — the payload, the lobby's list of games and of public games, my
games, the notices' mail — takes it from there, falling back to Game.title."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.core.registry import game_names, game_title, get_game
from meeple.core.text import entry
from tests.mail_helpers import csrf, sign_up
from tests.server_helpers import auth, create, server

RUSSIAN = {"cult": "Культ", "colonies": "Колонии 1402",
           "cyclades": "Киклады (с дополнением «Титаны»)", "clash": "Столкновение культур"}


@pytest.mark.parametrize("name", game_names())
def test_each_games_catalog_titles_it_in_english_and_russian(name: str) -> None:
    found = entry(f"{get_game(name).name}.title")
    assert found is not None, f"games/{name}/data/texts.yaml has no entry 'title'"
    assert {"en", "ru"} <= set(found) and all(str(found[k]).strip() for k in ("en", "ru"))
    assert game_title(name, "ru") == found["ru"] and game_title(name, "en") == found["en"]
    if name in RUSSIAN:
        assert game_title(name, "ru") == RUSSIAN[name]
        assert not any("а" <= ch <= "я" for ch in game_title(name, "en").lower())


def test_a_title_falls_back_to_english_then_to_the_games_own() -> None:
    assert game_title("cult", "de") == game_title("cult", "en") == "Cult"


def test_the_server_titles_every_list_in_the_readers_language(tmp_path: Path) -> None:
    with server(tmp_path / "t.db") as c:
        meta = c.get("/api/meta", params={"lang": "ru"}).json()
        assert {g["name"]: g["title"] for g in meta["games"] if g["name"] in RUSSIAN} == RUSSIAN
        english = {g["title"] for g in c.get("/api/meta").json()["games"]}
        assert english >= {"Cult", "Clash of Cultures"}
        game = create(c, game="cult", players=2, public=True,
                      seats=[{"kind": "human"}, {"kind": "human"}], options={"max_rounds": 1})
        token = game["seats"][0]["token"]
        view = c.get(f"/api/games/{game['id']}", headers=auth(token), params={"lang": "ru"}).json()
        assert view["title"] == "Культ"
        assert c.get(f"/api/games/{game['id']}", headers=auth(token)).json()["title"] == "Cult"
        listed = c.get("/api/games", params={"lang": "ru"}).json()
        assert [g["title"] for g in listed if g["id"] == game["id"]] == ["Культ"]
        with c.websocket_connect(f"/api/games/{game['id']}/ws?token={token}&lang=ru") as ws:
            first = ws.receive_json()
            assert first["title"] == "Культ", first.get("title")
        sign_up(c, "Alice", language="ru")
        mine = c.post("/api/games", headers=csrf(c), json={
            "game": "clash", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert mine.status_code == 201, mine.text
        playing = c.get("/api/account/games", params={"lang": "ru"}).json()["playing"]
        assert [g["title"] for g in playing] == ["Столкновение культур"]


def test_a_notice_mail_is_titled_in_the_accounts_language() -> None:
    from meeple.server.mail import compose

    row = {"kind": "your_turn", "payload": {"game_id": "g1"}, "game_id": "g1"}
    subject, text = compose(row, {"language": "ru"}, {"game": "cyclades"}, "http://x.test")
    assert subject == "Ваш ход: Киклады (с дополнением «Титаны»)"
    assert "в игре «Киклады (с дополнением «Титаны»)»" in text
    subject, _ = compose(row, {"language": "en"}, {"game": "cyclades"}, "http://x.test")
    assert subject == "Your turn in Cyclades (with the Titans expansion)"
