"""An update carries its own new log lines (issue 17: the browser table asked for them with
a second request after every move): each WebSocket update's ``log_tail`` holds exactly the
lines ``/log?since=N`` gives the same reader, in its language, hidden lines of other seats
never among them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.core.rng import Rng
from meeple.server.hub import Hub
from meeple.server.live import Live
from tests.server_helpers import auth, create, open_reader, server


def _log(c: Any, gid: str, token: str, since: int, lang: str) -> list[dict[str, Any]]:
    r = c.get(f"/api/games/{gid}/log?since={since}&lang={lang}", headers=auth(token))
    assert r.status_code == 200, r.text
    out: list[dict[str, Any]] = r.json()
    return out


def test_each_update_carries_exactly_the_new_lines_its_reader_may_see(tmp_path: Path) -> None:
    rng = Rng(3)
    with server(tmp_path / "t.db") as c:
        # Clash: a seat's drawn action cards are logged to that seat alone.
        g = create(c, game="clash", players=2, seed=11)
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        # Two languages for seat 0: the same seat's updates are built once per language.
        readers = [(0, "en"), (0, "ru"), (1, "en"), (None, "en")]
        token_of = {0: tokens[0], 1: tokens[1], None: g["spectator_token"]}
        sockets = {}
        lines: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        for seat, lang in readers:
            ws = open_reader(
                c, f"/api/games/{gid}/ws?token={token_of[seat]}&lang={lang}")
            first = ws.receive_json()
            sockets[seat, lang] = ws
            lines[seat, lang] = _log(c, gid, token_of[seat], 0, lang)
            assert len(lines[seat, lang]) == first["log_size"]
        hidden_seen = 0
        try:
            for _ in range(60):
                live: Live = hub.games[gid]
                if live.state.is_terminal():
                    break
                before = len(live.state.log)
                seat = live.state.current_players()[0]
                view = c.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
                legal = view["legal"]
                r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": legal[rng.below(len(legal))]})
                assert r.status_code == 200, r.text
                new_events = live.state.log.events_from(before)
                for (reader, lang), ws in sockets.items():
                    msg = ws.receive_json()
                    assert msg["type"] == "update" and msg["version"] == r.json()["version"]
                    have = lines[reader, lang]
                    tail = msg["log_tail"]
                    assert tail == _log(c, gid, token_of[reader], len(have), lang)
                    have.extend(tail)
                    assert [e["index"] for e in have] == list(range(msg["log_size"]))
                    # What another seat alone was told never reaches this reader.
                    theirs = {e.line(lang) for e in new_events
                              if e.audience >= 0 and e.audience != reader}
                    hidden_seen += len(theirs)
                    assert not theirs & {e["text"] for e in tail}
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
        assert hidden_seen > 0, "no hidden line was logged: the test proved nothing"
        assert lines[0, "en"] != lines[1, "en"]
        assert [e["index"] for e in lines[0, "ru"]] == [e["index"] for e in lines[0, "en"]]
        assert lines[0, "ru"] != lines[0, "en"]


def test_a_tail_from_beyond_the_log_is_empty_and_the_count_says_lines_are_missing(
        tmp_path: Path) -> None:
    with server(tmp_path / "t.db") as c:
        g = create(c, game="clash", players=2, seed=11)
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        live = hub.games[g["id"]]
        size = live.log_size(0)
        assert size > 0
        out = hub.payload(live, 0, tail_from=len(live.state.log) + 5)
        assert out["log_tail"] == [] and out["log_size"] == size
        assert "log_tail" not in hub.payload(live, 0)
