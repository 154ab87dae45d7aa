"""Play one game between bots (and, through a callback, people), recording every action."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.bots.base import Bot, RandomBot, make_bot
from meeple.core.actions import Action
from meeple.core.game import State
from meeple.core.record import GameRecord
from meeple.core.registry import get_game

Chooser = Callable[[State, int], Action]


@dataclass
class MatchResult:
    record: GameRecord
    state: State

    def summary(self) -> dict[str, Any]:
        res = self.state.result()
        return {
            "game": self.record.game,
            "seed": self.record.seed,
            "players": self.record.players,
            "winner": res["winner"],
            "reason": res["reason"],
            "rounds": self.state.round,
            "actions": len(self.record.actions),
            "hash": self.state.hash(),
        }


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot has its own stream, fixed by the game seed and the seat."""
    return (seed * 1_000_003 + seat * 7919 + 17) % (1 << 63)


def bot_chooser(bot: Bot) -> Chooser:
    """The bot sees its seat's view, the legal actions and samples of its information
    set; the real state stays here."""

    # A uniform choice reads no view, and building one costs 1-3 ms (a hundred moves):
    # random seats are given none, which changes none of their choices.
    blind = type(bot) is RandomBot

    def choose(state: State, player: int) -> Action:
        def sample(seed: int) -> State:
            return state.game.redeal_hidden(state, player, seed)

        view = {} if blind else state.view(player)
        return bot.choose(view, state.legal_actions(player), sample)

    return choose


def play_match(
    game_name: str,
    players: int,
    seed: int,
    seats: Sequence[str | Chooser],
    options: Mapping[str, Any] | None = None,
    on_action: Callable[[State, int, Action], None] | None = None,
    history: GameRecord | None = None,
) -> MatchResult:
    """Play to the end; a seat is a bot kind (``random``...) or a function choosing for it.
    With ``history``, the recorded actions are replayed first and play continues after them."""
    game = get_game(game_name)
    record = GameRecord(game=game.name, players=players, seed=seed, options=dict(options or {}))
    if history is not None:
        state = history.replay()
        record.actions = list(history.actions)
    else:
        state = game.new_state(players, seed, options)
    choosers: list[Chooser] = [
        bot_chooser(make_bot(s, game.name, bot_seed(seed, i))) if isinstance(s, str) else s
        for i, s in enumerate(seats)
    ]
    while not state.is_terminal():
        player = state.current_players()[0]
        action = choosers[player](state, player)
        state.apply(player, action)
        record.add(player, action)
        if on_action is not None:
            on_action(state, player, action)
    return MatchResult(record, state)
