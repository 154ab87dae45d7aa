"""A hub that closes while a bot thinks: the bot's turn is cancelled and no new turn is
started for it. Before, the cancelled turn's cleanup scheduled the seat's next turn as
a task that the closing hub no longer awaited (the "coroutine 'Hub._bot_turn' was never
awaited" warning of whole test runs); the restarted server schedules its bots again."""

from __future__ import annotations

import asyncio
from typing import Any

from meeple.core.registry import get_game
from meeple.server.hub import Hub
from meeple.server.live import Live


class _Thinking:
    """A bot runner whose bots think until cancelled."""

    def __init__(self) -> None:
        self.asked = 0

    async def decide(self, game: str, state_json: Any, seat: int, kind: str,
                     seed: int) -> str:
        self.asked += 1
        await asyncio.Event().wait()
        raise AssertionError("never reached")


def test_closing_the_hub_cancels_a_thinking_bot_and_starts_no_new_turn() -> None:
    async def scenario() -> tuple[int, int, set[int], int]:
        bots = _Thinking()
        hub = Hub(None, bots)  # type: ignore[arg-type]
        state = get_game("counter").new_state(1, 1, {"limit": 3})
        live = Live("g", {"players": 1, "seed": 1, "settings": {}},
                    [{"seat": 0, "kind": "random", "name": None, "joined": True}],
                    state, 0, None)
        hub._schedule_bots(live)
        await asyncio.sleep(0.01)
        started = len(hub.tasks)
        await hub.close()
        await asyncio.sleep(0.01)
        return started, len(hub.tasks), set(live.thinking), bots.asked

    started, left, thinking, asked = asyncio.run(scenario())
    assert (started, asked) == (1, 1)  # the bot was thinking
    assert left == 0 and thinking == set()  # and nothing was started after the close
