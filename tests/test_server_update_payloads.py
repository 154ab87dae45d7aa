"""A WebSocket update says the same after the server stopped building each seat's whole log
for it (issue 19, session 9): for a seeded Cult game, every update of every reader (each
seat, the spectator, a Russian reader) hashes to what the server sent before the change
(``tests/golden/server_cult_updates.json``, recorded from the code before it; the Russian
reader's again in session 17, when its view's prompts came in Russian; all again for issue
42, when a seat became "Player 1" in every text and the title came in the reader's
language), and the views without the log are the views with it, less the log, in every
game."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core.registry import get_game
from meeple.core.rng import Rng
from tests.server_helpers import auth, create, open_reader, server

GOLDEN = Path(__file__).parent / "golden" / "server_cult_updates.json"
MOVES = 24
SEED = 5


def _digest(msg: dict[str, Any]) -> str:
    # The game's id is new in every run; all else follows from the seed and the moves.
    body = {k: v for k, v in msg.items() if k != "game_id"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:20]


def cult_updates(db: Path, updates: str = "patch") -> dict[str, list[str]]:
    """Per reader, the digest of each update it got while seeded random moves were sent
    (``updates``: patch, each update made whole from the patches as a client makes it, or
    full, the old protocol's whole updates)."""
    extra = "" if updates == "patch" else f"&updates={updates}"
    rng = Rng(SEED)
    out: dict[str, list[str]] = {}
    with server(db) as c:
        g = create(c, game="cult", players=4, seed=SEED)
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        readers = [(0, "en"), (1, "en"), (2, "en"), (3, "en"), (0, "ru"), (None, "en")]
        token_of: dict[int | None, str] = {**tokens, None: g["spectator_token"]}
        sockets = {}
        try:
            for seat, lang in readers:
                ws = open_reader(
                    c, f"/api/games/{gid}/ws?token={token_of[seat]}&lang={lang}{extra}")
                sockets[f"{seat}/{lang}"] = ws
                out[f"{seat}/{lang}"] = [_digest(ws.receive_json())]
            for _ in range(MOVES):
                spectator = c.get(f"/api/games/{gid}", headers=auth(g["spectator_token"]))
                seat = spectator.json()["waiting"][0]
                legal = c.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()["legal"]
                r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": legal[rng.below(len(legal))]})
                assert r.status_code == 200, r.text
                for name, ws in sockets.items():
                    msg = ws.receive_json()
                    assert msg["type"] == "update"
                    out[name].append(_digest(msg))
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
    return out


@pytest.mark.parametrize("updates", ["patch", "full"])
def test_every_cult_update_is_the_one_sent_before_the_log_was_left_out(
        tmp_path: Path, updates: str) -> None:
    """Also made whole from patches (issue 41): the same payloads, byte for byte as JSON."""
    want = json.loads(GOLDEN.read_text())
    got = cult_updates(tmp_path / "t.db", updates)
    assert len(got["0/en"]) == MOVES + 1
    for reader, digests in want.items():
        assert got[reader] == digests, f"reader {reader}: an update changed"


def test_two_readers_of_one_seat_get_the_same_update_but_for_the_board(
        tmp_path: Path) -> None:
    """The new lines are made once per (seat, language) and shared: a reader that also
    asks for the board as text gets the same update otherwise, log tail included."""
    rng = Rng(SEED)
    with server(tmp_path / "t.db") as c:
        g = create(c, game="cult", players=4, seed=SEED)
        gid, token = g["id"], g["seats"][0]["token"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        plain = open_reader(c, f"/api/games/{gid}/ws?token={token}")
        board = open_reader(c, f"/api/games/{gid}/ws?token={token}&board=true")
        try:
            plain.receive_json(), board.receive_json()
            tails = 0
            for _ in range(8):
                seat = c.get(f"/api/games/{gid}", headers=auth(g["spectator_token"])).json()[
                    "waiting"][0]
                legal = c.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()["legal"]
                r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"action": legal[rng.below(len(legal))]})
                assert r.status_code == 200, r.text
                a, b = plain.receive_json(), board.receive_json()
                assert "board" not in a and b.pop("board")
                assert a == b
                tails += len(a["log_tail"])
            assert tails > 0, "no move logged a line: the test proved nothing"
        finally:
            plain.__exit__(None, None, None)
            board.__exit__(None, None, None)


@pytest.mark.parametrize("name", ["cult", "clash", "cyclades", "colonies", "counter"])
def test_a_view_without_the_log_is_the_view_less_its_log(name: str) -> None:
    game = get_game(name)
    state = game.new_state(game.min_players + 1, 3)
    rng = Rng(4)
    seen_log = False
    for _ in range(30):
        for viewer in [None, *range(game.seat_count(state))]:
            full = state.view(viewer)
            seen_log = seen_log or bool(full.get("log"))
            full.pop("log", None)
            assert state.view_without_log(viewer) == full
        if state.is_terminal():
            break
        p = state.current_players()[0]
        state.apply(p, state.random_action(p, rng))
    assert seen_log or name == "counter", "no log line was written: the test proved nothing"


if __name__ == "__main__":  # records the golden digests (only from code known to be right)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        GOLDEN.write_text(json.dumps(cult_updates(Path(d) / "t.db"), indent=1) + "\n")
