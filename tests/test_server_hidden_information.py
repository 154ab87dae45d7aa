"""No endpoint carries what a seat may not see: every payload and log a seat gets is the
same when everything hidden from it (other hands, deck orders, others' orders, ravens,
resources) is dealt again at random."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core.rng import Rng
from meeple.server.hub import Hub
from tests.server_helpers import auth, create, server


def _same_after_redeal(hub: Hub, gid: str, seat: int | None, got: dict[str, Any],
                       log: list[dict[str, Any]], seed: int) -> None:
    live = hub.games[gid]
    other = dataclasses.replace(live, state=live.game.redeal_hidden(live.state, seat, seed),
                                log_counts={})
    want = json.loads(json.dumps(hub.payload(other, seat, got["role"])))
    assert got == want, f"seat {seat}: the payload depends on hidden facts"
    assert log == hub.visible_log(other, seat)


@pytest.mark.parametrize(("game", "players", "options"), [
    ("cult", 4, {}), ("colonies", 3, {"master": True}), ("cyclades", 3, {"titans": True}),
    ("clash", 2, {})])
def test_payloads_and_logs_do_not_depend_on_what_the_seat_cannot_see(
        tmp_path: Path, game: str, players: int, options: dict[str, Any]) -> None:
    rng = Rng(7)
    with server(tmp_path / "m.db") as c:
        g = create(c, game=game, players=players, seed=21, options=options)
        gid = g["id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        checked = 0
        for step in range(120):
            views = {}
            for seat, token in [*tokens.items(), (None, g["spectator_token"])]:
                v = c.get(f"/api/games/{gid}", headers=auth(token)).json()
                log = c.get(f"/api/games/{gid}/log", headers=auth(token)).json()
                _same_after_redeal(hub, gid, seat, v, log, seed=step * 31 + (seat or 0))
                views[seat] = v
                checked += 1
            state = hub.games[gid].state
            if state.is_terminal():
                break
            waiting = state.current_players()
            seat = waiting[rng.below(len(waiting))]
            legal = views[seat]["legal"]
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                       json={"action": legal[rng.below(len(legal))]})
            assert r.status_code == 200, r.text
        assert checked >= 100
