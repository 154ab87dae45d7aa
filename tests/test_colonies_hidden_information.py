"""Colonies keeps each player's orders, ravens, resources and goal to that player (and
the Master) until the report says otherwise."""


from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.conformance import play_random
from meeple.core.errors import IllegalActionError
from meeple.core.text import localized_json
from meeple.games.colonies import ColoniesGame, ColoniesState

GAME = ColoniesGame()


def _play(seed: int, steps: int, master: bool = False) -> ColoniesState:
    s = play_random(GAME.new_state(3, seed, {"master": master}), steps, seed)
    assert isinstance(s, ColoniesState)
    return s


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 300), st.booleans())
def test_views_do_not_change_when_others_secrets_are_redealt(
        seed: int, steps: int, master: bool) -> None:
    s = _play(seed, steps, master)
    for p in [0, 1, 2, None]:
        assert GAME.redeal_hidden(s, p, seed).view(p) == s.view(p)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 300))
def test_a_redeal_changes_the_secrets_it_is_meant_to_change(seed: int, steps: int) -> None:
    s = _play(seed, steps)
    other = GAME.redeal_hidden(s, 0, seed)
    assert other.view(1) != s.view(1) or other.view(2) != s.view(2)


def test_drafted_orders_and_ravens_are_seen_by_their_author_and_the_master_only() -> None:
    s = GAME.new_state(3, 1, {"master": True})
    for p in range(3):
        s.apply(p, "ready")
    s.apply(0, "offensive 5")
    s.apply(0, 'raven 2 "the secret word is heron"')
    for viewer in (1, 2, None):
        view = s.view(viewer)
        assert "heron" not in localized_json(view)
        assert "orders" not in view["players"][0] and "ravens" not in view["players"][0]
    assert "heron" in localized_json(s.view(0))
    assert "heron" in localized_json(s.view(3))  # the Master
    mine = s.view(0)["players"]
    assert "gold" in mine[0] and "gold" not in mine[1]


def test_nobody_learns_who_is_spying_while_spies_rewrite_their_orders() -> None:
    s = GAME.new_state(2, 1, {"teams": "traders,traders"})
    for p in range(2):
        s.apply(p, "ready")
    s.loaded = [5]
    s.apply(0, "espionage 1 2")
    s.apply(0, "submit")
    s.apply(1, "submit")
    assert s.phase == "spy"
    assert s.view(1)["phase"] == "resolving"
    assert all(pl["orders_sent"] for pl in s.view(1)["players"])
    assert s.view(1)["pending"] == []
    assert s.view(0)["phase"] == "spy"


def test_a_refusal_during_the_spies_turn_names_no_spy_and_no_seat_number() -> None:
    s = GAME.new_state(3, 1, {"teams": "traders,traders,traders", "master": True})
    for p in range(3):
        s.apply(p, "ready")
    s.loaded = [5]
    s.apply(0, "espionage 1 2")
    for p in range(3):
        s.apply(p, "submit")
    s.apply(3, "resolve")
    assert s.phase == "spy"
    for seat, told in [(1, "the Master is resolving the season"),
                       (3, "the Master has nothing to decide now: waiting for the new "
                           "actions of Player 1, whose espionage succeeded")]:
        try:
            s.apply(seat, "submit" if seat != 3 else "resolve")
        except IllegalActionError as e:
            assert told in str(e)
            assert "player" not in str(e) and ("P1" not in str(e) or seat == 3)
        else:
            raise AssertionError(f"seat {seat} acted during the spies' turn")
