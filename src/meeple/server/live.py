"""A live game in the server's memory (``Live``) and the WebSockets that read it
(``Subscriber``): the state, its version and what is kept for the updates after each move.
``meeple.server.hub`` changes them; nothing else does."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from meeple.core.actions import Action
from meeple.core.game import Game, State
from meeple.core.text import DEFAULT_LANG
from meeple.server.mailbox import Mailbox

HUMAN_KINDS = ("human", "master")
MAILBOX = 32  # messages a reader may be behind before its oldest are let go


class Subscriber:
    """One WebSocket: the seat it may see (None: the public view) and its mailbox. A slow
    reader loses old updates, never the newest: each update is a whole view. A message
    is a dict, or an update already encoded (text): readers with the same key share it."""

    def __init__(self, seat: int | None, role: str = "seat", board: bool = False,
                 lang: str = DEFAULT_LANG) -> None:
        self.seat = seat
        self.role = role
        self.board = board  # also the board as text (clients that draw it need not)
        self.lang = lang  # the language of its prompts, choices and result
        self.messages: Mailbox[dict[str, Any] | str] = Mailbox(MAILBOX)

    def put(self, message: dict[str, Any] | str) -> None:
        self.messages.put(message)

    async def get(self) -> dict[str, Any] | str:
        """The oldest message, waiting for one (one reader at a time: its sender)."""
        return await self.messages.get()


@dataclass
class Live:
    id: str
    row: dict[str, Any]
    seats: list[dict[str, Any]]
    state: State
    version: int
    deadline_at: float | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: set[int] = field(default_factory=set)
    used: float = field(default_factory=time.monotonic)  # when last asked for
    # Per seat: (events looked at, how many of them the seat may see), so that counting a
    # seat's log lines after a move looks only at the new events.
    log_counts: dict[int | None, tuple[int, int]] = field(default_factory=dict)
    # How many log events the subscribers had been told of by the last update: the next
    # update carries the lines after it (``log_tail``), so a client need not ask for them.
    announced: int = -1
    # The asked seats' legal actions and their texts, for one state object at one version
    # (``legal``): the update lists them, and the next submission is checked against them.
    legal_at: tuple[State, int] | None = None
    legal_lists: dict[int, tuple[list[Action], list[str]]] = field(default_factory=dict)
    # The seats as readers see them, for the list ``seats`` they were made from.
    public: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None

    def __post_init__(self) -> None:
        if self.announced < 0:
            self.announced = len(self.state.log)

    def log_size(self, seat: int | None) -> int:
        seen, count = self.log_counts.get(seat, (0, 0))
        log = self.state.log
        if seen > len(log):  # a different history (never expected): count again
            seen, count = 0, 0
        count += sum(1 for e in log.events_from(seen) if e.visible_to(seat))
        self.log_counts[seat] = (len(log), count)
        return count

    def legal(self, seat: int) -> tuple[list[Action], list[str]]:
        """``seat``'s legal actions now and their texts, listed once per state: the
        update's ``legal`` and ``choices`` and the check of the next submission share
        them (each listed them anew: three times a Cult move with the view's own). Kept
        for the state object and the version they were listed at, so that a list is never
        served for another state, nor for this one once a move (``catch_up`` applies
        moves to the same object) has changed it. Read-only: callers copy what they give
        away."""
        state = self.state
        at = self.legal_at
        if at is None or at[0] is not state or at[1] != self.version:
            self.legal_at = (state, self.version)
            self.legal_lists = {}
        found = self.legal_lists.get(seat)
        if found is None:
            actions = state.legal_actions(seat)
            found = (actions, [str(a) for a in actions])
            self.legal_lists[seat] = found
        return found

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where, as every update says it: made once for each list of seats
        (``reload_seats`` puts a new list), not for every reader at every move.
        Read-only: every update holds the same list."""
        made = self.public
        if made is None or made[0] is not self.seats:
            made = self.public = (self.seats, [
                {"seat": x["seat"], "kind": x["kind"], "name": x["name"],
                 "joined": bool(x["joined"]) or x["kind"] not in HUMAN_KINDS}
                for x in self.seats])
        return made[1]

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def settings(self) -> dict[str, Any]:
        return dict(self.row["settings"])

    def is_human(self, seat: int) -> bool:
        return str(self.seats[seat]["kind"]) in HUMAN_KINDS
