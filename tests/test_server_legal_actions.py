"""The asked seat's legal actions are listed once per position (``Live.legal``): the update
and the check of the next submission share the list. A list is kept for one state object
at one version, so it is never served for another position; a submission among the listed
actions is applied as the engine's ``apply`` applies it, and any other goes the engine's
whole way, refused with the same words as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.core.actions import Action
from meeple.core.errors import IllegalActionError
from meeple.core.game import State
from meeple.core.registry import get_game
from meeple.core.rng import Rng
from meeple.games.counter.state import CounterState
from meeple.server.errors import Illegal
from meeple.server.hub import _applied
from meeple.server.live import Live
from tests.server_helpers import auth, create, server


def _live(state: State, version: int = 0) -> Live:
    seats = [{"seat": p, "kind": "human", "name": None, "joined": True}
             for p in range(state.num_players)]
    return Live("g", {"players": state.num_players, "settings": {}}, seats, state, version,
                None)


def _cult(moves: int, seed: int = 3) -> State:
    state = get_game("cult").new_state(4, seed, {})
    rng = Rng(seed)
    for _ in range(moves):
        p = state.current_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def _asked(state: State) -> int:
    return state.current_players()[0]


def test_a_listed_position_is_served_again_only_for_the_same_state_at_the_same_version(
        ) -> None:
    live = _live(_cult(5), version=5)
    seat = _asked(live.state)
    first = live.legal(seat)
    assert first[0] == live.state.legal_actions(seat)
    assert first[1] == [str(a) for a in first[0]]
    assert live.legal(seat) is first  # the same position: listed once

    # A copy of the same position is another state object: listed anew.
    live.state = live.state.clone()
    again = live.legal(seat)
    assert again is not first and again == first

    # The same object moved on in place (as catch_up applies other processes' moves):
    # the version says so, and the list is the new position's.
    for _ in range(6):
        p = _asked(live.state)
        live.state.apply(p, live.state.legal_actions(p)[0])
        live.version += 1
        p = _asked(live.state)
        assert live.legal(p)[0] == live.state.legal_actions(p)


def test_every_seat_asked_at_once_gets_its_own_list() -> None:
    live = _live(_cult(8))
    asked = _asked(live.state)
    others = [p for p in range(live.state.num_players) if p != asked]
    for p in others:
        assert live.legal(p) == ([], [])
    assert live.legal(asked)[0] == live.state.legal_actions(asked)
    assert live.legal(asked)[0]


def _refusal(state: State, seat: int, action: Action) -> str:
    try:
        state.clone().apply(seat, action)
    except IllegalActionError as e:
        return str(e)
    raise AssertionError(f"{action} was accepted")


@pytest.mark.parametrize("moves", [0, 3, 17, 40])
def test_a_refused_action_says_what_the_engine_says_and_changes_nothing(moves: int) -> None:
    live = _live(_cult(moves))
    seat = _asked(live.state)
    live.legal(seat)  # listed, as the update before the submission lists it
    before = live.state.to_json()
    not_asked = (seat + 1) % live.state.num_players
    wrong = [(seat, Action("place", (99, "P"))), (seat, Action("nonsense")),
             (not_asked, live.state.legal_actions(seat)[0])]
    for who, action in wrong:
        with pytest.raises(Illegal) as refused:
            _applied(live, who, action)
        assert str(refused.value) == _refusal(live.state, who, action)
    assert live.state.to_json() == before


def test_moves_applied_from_the_list_reach_the_positions_the_engine_reaches() -> None:
    live = _live(_cult(0))
    engine = live.state.clone()
    rng = Rng(7)
    for version in range(80):
        seat = _asked(live.state)
        action = rng.choice(live.legal(seat)[0])
        before = live.state.to_json()
        new = _applied(live, seat, action)
        assert live.state.to_json() == before  # applied to a copy only
        engine.apply(seat, action)
        assert new.hash() == engine.hash()
        live.state, live.version = new, version + 1


class _Lenient(CounterState):
    """A game with its own check: it also takes ``shout`` (free text no list holds)."""

    def __init__(self, players: int = 1, limit: int = 5) -> None:
        super().__init__(players, limit)
        self.shouts = 0

    def check_action(self, player: int, action: Action) -> None:
        if action.kind != "shout":
            super().check_action(player, action)

    def apply_unchecked(self, player: int, action: Action) -> None:
        if action.kind == "shout":
            self.shouts += 1
        else:
            super().apply_unchecked(player, action)

    def clone(self) -> _Lenient:
        c = _Lenient(self.n, self.limit)
        c.count, c.log, c.shouts = self.count, self.log.clone(), self.shouts
        return c


def test_a_game_with_its_own_check_is_checked_by_it() -> None:
    live = _live(_Lenient())
    assert live.legal(0)[0] == [Action("inc")]
    new = _applied(live, 0, Action("shout"))
    assert isinstance(new, _Lenient) and new.shouts == 1
    assert isinstance(live.state, _Lenient) and live.state.shouts == 0
    with pytest.raises(Illegal, match="not legal"):
        _applied(live, 0, Action("whisper"))


def test_a_websocket_refusal_and_its_acks_are_what_they_were(tmp_path: Path) -> None:
    """Over the WebSocket (the old protocol's whole updates, which still acknowledge each
    move on its own): after an update listed the seat's actions, a wrong action is refused
    with the engine's words and the version stays; a listed one is acknowledged."""
    with server(tmp_path / "t.db") as c:
        g = create(c, game="cult", players=4, seed=9)
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        state = get_game("cult").new_state(4, 9, {})
        seat = _asked(state)
        with c.websocket_connect(
                f"/api/games/{g['id']}/ws?token={tokens[seat]}&updates=full") as ws:
            first = ws.receive_json()
            assert first["legal"] == [str(a) for a in state.legal_actions(seat)]
            ws.send_json({"action": "place 99 P", "version": 0})
            error = ws.receive_json()
            assert error == {"type": "error", "code": "illegal_action",
                             "message": _refusal(state, seat, Action.parse("place 99 P"))}
            ws.send_json({"action": first["legal"][0], "version": 0})
            ack = ws.receive_json()
            assert ack == {"type": "ack", "version": 1, "seat": seat,
                           "action": first["legal"][0], "duplicate": False}
        view = c.get(f"/api/games/{g['id']}", headers=auth(tokens[seat])).json()
        assert view["version"] == 1
