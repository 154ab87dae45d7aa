"""Every reader gets the game's texts in their language: prompts, choices, the log and the
replay follow ``?lang=``, over HTTP and WebSocket; an unknown language is refused by name."""

from pathlib import Path

from tests.server_helpers import auth, create, server


def test_prompts_choices_and_log_come_in_the_language_asked(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="counter", players=2, options={"limit": 2})
        t0, t1 = (s["token"] for s in g["seats"])
        en = c.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
        ru = c.get(f"/api/games/{g['id']}?lang=ru", headers=auth(t0)).json()
        assert en["prompt"] == ["add one to the counter"]
        assert ru["prompt"] == ["прибавьте к счётчику единицу"]
        assert [ch["text"] for ch in ru["choices"]] == ["сделать 1"]
        assert ru["legal"] == en["legal"] == ["inc"]  # actions keep their one text form
        c.post(f"/api/games/{g['id']}/actions", headers=auth(t0), json={"action": "inc"})
        log = c.get(f"/api/games/{g['id']}/log?lang=ru", headers=auth(t1)).json()
        assert [e["text"] for e in log] == ["игрок 1: на счётчике 1."]
        assert c.get(f"/api/games/{g['id']}/log", headers=auth(t1)).json()[0]["text"] \
            == "player 1 makes it 1."
        with c.websocket_connect(f"/api/games/{g['id']}/ws?token={t1}&lang=ru") as ws:
            assert ws.receive_json()["prompt"] == ["прибавьте к счётчику единицу"]
        c.post(f"/api/games/{g['id']}/actions", headers=auth(t1), json={"action": "inc"})
        replay = c.get(f"/api/games/{g['id']}/replay?version=2&lang=ru", headers=auth(t0))
        assert replay.json()["log"] == ["игрок 1: на счётчике 1.", "игрок 2: на счётчике 2."]


def test_the_prompts_a_view_lists_come_in_the_readers_language(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="cult", players=2, seed=1)
        for seat in g["seats"]:
            with c.websocket_connect(f"/api/games/{g['id']}/ws?token={seat['token']}"
                                     "&lang=ru") as ws:
                ru = ws.receive_json()
            en = c.get(f"/api/games/{g['id']}", headers=auth(seat["token"])).json()
            texts = [(p["text"], q["text"]) for p, q in zip(
                ru["view"]["pending"], en["view"]["pending"], strict=True)]
            assert texts and all(r != e for r, e in texts)
            if ru.get("prompt"):  # the asked seat: the same sentence as its prompt
                assert ru["prompt"] == [p["text"] for p in ru["view"]["pending"]
                                        if p["player"] == ru["seat"]]


def test_colonies_views_list_the_prompts_in_the_readers_language() -> None:
    from meeple.core.registry import get_game
    from meeple.core.text import localize, render

    state = get_game("colonies").new_state(3, 1, {})
    p = state.current_players()[0]
    pending = localize(state.view(p), "ru")["pending"]
    asked = [pr for pr in state.prompts() if pr.player == p]
    assert [x["text"] for x in pending if x["player"] == p] == \
        [render(pr.text, "ru") for pr in asked]
    assert render(asked[0].text, "ru") != render(asked[0].text, "en")


def test_an_unknown_language_is_refused_by_name(tmp_path: Path) -> None:
    with server(tmp_path / "db.sqlite") as c:
        g = create(c, game="counter", players=1, options={"limit": 0})
        r = c.get(f"/api/games/{g['id']}?lang=xx", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 400
        assert "lang" in r.json()["error"]["message"]


def test_the_terminal_speaks_the_language_asked() -> None:
    from meeple.cli.play import play_terminal

    out: list[str] = []
    answers = iter(["1", "1"])
    play_terminal("counter", 1, ["human"], 1, {"limit": 2}, None,
                  read=lambda _prompt: next(answers), write=out.append, lang="ru")
    text = "\n".join(out)
    assert "прибавьте к счётчику единицу" in text and "сделать 2" in text
    assert "игрок 1: на счётчике 1." in text
    assert "add one" not in text
