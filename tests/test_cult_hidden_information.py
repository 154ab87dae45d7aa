"""A player's view of Cult holds their own hand, the public board and only the sizes of
other hands and decks; a spectator sees no hand at all."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.conformance import play_random
from meeple.core.text import localized_json
from meeple.games.cult import CultGame, CultState
from meeple.games.cult.model import card_token

GAME = CultGame()


def _play(seed: int, steps: int, players: int) -> CultState:
    s = play_random(GAME.new_state(players, seed, {"max_rounds": 40}), steps, seed)
    assert isinstance(s, CultState)
    return s


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400), st.integers(2, 5))
def test_view_does_not_change_when_hidden_cards_are_dealt_again(
        seed: int, steps: int, players: int) -> None:
    s = _play(seed, steps, players)
    for p in [*range(players), None]:
        other = GAME.redeal_hidden(s, p, seed + 1)
        assert other.view(p) == s.view(p)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(50, 400))
def test_redeal_really_moves_hidden_cards(seed: int, steps: int) -> None:
    """The check above can fail: a redeal changes what other players hold or the deck
    order, and the view of a player whose own hand changed does change."""
    s = _play(seed, steps, 4)
    moved = [GAME.redeal_hidden(s, 0, seed + k) for k in range(5)]
    assert any(m.to_json()["miracles"] != s.to_json()["miracles"] for m in moved)
    holders = [q for q in range(1, 4) if s.players[q].hand]
    for q in holders:
        if any(m.view(q) != s.view(q) for m in moved):
            return
    assert not any(sorted(s.players[q].hand) != sorted(m.players[q].hand)
                   for q in holders for m in moved)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400))
def test_own_hand_visible_other_hands_only_counted(seed: int, steps: int) -> None:
    s = _play(seed, steps, 3)
    for p in range(3):
        v = s.view(p)
        for q, pv in enumerate(v["players"]):
            if q == p:
                assert pv["hand"] == [card_token(c) for c in sorted(s.players[p].hand)]
            else:
                assert "hand" not in pv
                assert pv["hand_size"] == len(s.players[q].hand)
    spectator = s.view(None)
    assert all("hand" not in pv for pv in spectator["players"])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 400))
def test_view_carries_no_rng_state_and_no_deck_order(seed: int, steps: int) -> None:
    s = _play(seed, steps, 4)
    text = localized_json(s.view(1))
    assert str(s.rng.state) not in text
    assert "deck_order" not in text
    hidden_top = s.miracles[: len(s.miracles) - s.known[0]]
    assert json.loads(text)["decks"]["miracles"] == len(s.miracles)
    assert all(card_token(c) not in json.loads(text)["decks"]["known_bottom"]["miracles"]
               for c in hidden_top)


def test_private_draws_are_logged_to_the_drawer_only() -> None:
    s = _play(11, 600, 4)
    for e in s.log.events():
        if e.text.startswith("You "):
            assert e.audience in range(4)
    for p in range(4):
        for line in s.view(p)["log"]:
            if line.startswith("You "):
                assert any(e.text == line and e.audience == p for e in s.log.events())
