"""A search plays on quiet copies (``State.silence``: a log that keeps no lines, whose
texts a game may skip building). The rules and the RNG run as before, so a bot chooses
exactly as it would on copies that keep their logs; the game being played keeps its whole
log; and a quiet copy refuses to be viewed or saved."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meeple.bots.base import Bot
from meeple.bots.greedy import Greedy
from meeple.bots.ismcts import ISMCTS
from meeple.core.conformance import play_random
from meeple.core.errors import QuietLogError
from meeple.core.game import Game, State
from meeple.core.registry import get_game

GAMES = ["cult", "cyclades", "clash", "colonies"]
# Search budgets small enough for a test, large enough to walk below the root.
ITERATIONS = {"cult": 60, "cyclades": 30, "clash": 12, "colonies": 30}


def _positions(name: str) -> Iterator[tuple[Game, State]]:
    game = get_game(name)
    options = {"max_rounds": 40} if "max_rounds" in game.options else {}
    for seed, steps in ((3, 40), (8, 150)):
        state = play_random(game.new_state(4, seed, options), steps, seed)
        if not state.is_terminal():
            yield game, state


def _choose(bot: Bot, game: Game, state: State) -> tuple[object, int]:
    p = state.current_players()[0]

    def sample(seed: int) -> State:
        return game.redeal_hidden(state, p, seed)

    action = bot.choose(state.view(p), state.legal_actions(p), sample)
    return action, bot.rng.state


def _bots(name: str, game: Game) -> list[tuple[str, Bot]]:
    return [("ismcts", ISMCTS(77, game, iterations=ITERATIONS[name])),
            ("heuristic", Greedy(77, game))]


@pytest.mark.parametrize("name", GAMES)
def test_a_search_on_quiet_copies_chooses_as_on_copies_that_keep_their_logs(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    for game, state in _positions(name):
        for kind, quiet_bot in _bots(name, game):
            before = state.to_json()
            quiet = _choose(quiet_bot, game, state)
            assert state.to_json() == before  # the game played is untouched
            with monkeypatch.context() as m:
                # the same search with silence() doing nothing: every copy keeps its log
                m.setattr(State, "silence", lambda self: self)
                loud_bot = dict(_bots(name, game))[kind]
                loud = _choose(loud_bot, game, state)
            assert quiet == loud, f"{name} {kind}: same seed, same action and RNG state"
            checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", GAMES)
def test_a_quiet_copy_plays_the_same_moves_and_keeps_no_log(name: str) -> None:
    for game, state in _positions(name):
        loud, quiet = state.clone(), state.clone().silence()
        for _ in range(30):
            if loud.is_terminal():
                break
            p = loud.current_players()[0]
            a = loud.legal_actions(p)[len(loud.legal_actions(p)) // 2]
            assert quiet.current_players()[0] == p and quiet.legal_actions(p) == \
                loud.legal_actions(p)
            loud.apply_unchecked(p, a)
            quiet.apply_unchecked(p, a)
        assert quiet.returns() == loud.returns() if loud.is_terminal() else True
        assert game.evaluate(quiet) == game.evaluate(loud)
        assert len(quiet.log) == 0 and len(loud.log) >= len(state.log)
        # the original keeps its lines: the copies shared them only copy-on-write
        assert state.log.events() == state.clone().log.events()


@pytest.mark.parametrize("name", GAMES)
def test_a_quiet_copy_cannot_be_viewed_or_saved(name: str) -> None:
    _game, state = next(_positions(name))
    quiet = state.clone().silence()
    with pytest.raises(QuietLogError, match="throwaway copy"):
        quiet.view(0)
    with pytest.raises(QuietLogError, match="throwaway copy"):
        quiet.to_json()
    with pytest.raises(QuietLogError, match="throwaway copy"):
        quiet.clone().log.events()
    state.view(0)  # the state it came from still can
