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
from meeple.core.log import Event
from meeple.core.text import DEFAULT_LANG, localized_json
from meeple.server.mailbox import Mailbox

HUMAN_KINDS = ("human", "master")
MAILBOX = 32  # messages a reader may be behind before its oldest are let go


class Change:
    """One change as the readers of one key (seat, role, board, language) get it: the
    patch from the payload they were last given (``base``, its version) to the new one
    (``text``, encoded once for all of them), and the new payload itself (``doc``), whole,
    for a reader that does not hold ``base`` (it missed a change: its mailbox overflowed)
    or asked for it. A change with no ``text`` is the whole payload (a reader's first)."""

    __slots__ = ("base", "doc", "lang", "tail", "text", "version", "whole")

    def __init__(self, version: int, doc: dict[str, Any], lang: str,
                 base: int | None = None, text: str | None = None,
                 tail: list[dict[str, Any]] | None = None) -> None:
        self.version = version
        self.doc = doc
        self.lang = lang
        self.base = base
        self.text = text
        self.tail = tail
        self.whole: str | None = None

    def full(self) -> str:
        """The old-style update: the whole payload (and the new log lines, if any)."""
        if self.whole is None:
            body: dict[str, Any] = {"type": "update", **self.doc}
            if self.tail is not None:
                body["log_tail"] = self.tail
            self.whole = localized_json(body, self.lang)
        return self.whole


def with_ack(text: str, ack: dict[str, Any]) -> str:
    """An update (``{"type": ...``) carrying the acknowledgement of the reader's own move
    as its member ``ack``, right after ``type``."""
    cut = text.index(",") + 1
    return f'{text[:cut]}"ack":{localized_json(ack)},{text[cut:]}'


# A mailbox's item for a reader of patches: a change and, for the socket whose move made
# it, that move's acknowledgement.
Delivery = tuple[Change, "dict[str, Any] | None"]


class Subscriber:
    """One WebSocket: the seat it may see (None: the public view) and its mailbox. A slow
    reader loses old updates, never the newest. A reader of patches (``full`` False) then
    gets the whole payload with the next change (``message``), and the acknowledgements
    of its own moves that were in what it lost, each on its own. A reader of whole updates
    (``full``: the old protocol) gets them as encoded text, shared by the readers of its
    key, and each is whole."""

    def __init__(self, seat: int | None, role: str = "seat", board: bool = False,
                 lang: str = DEFAULT_LANG, full: bool = False) -> None:
        self.seat = seat
        self.role = role
        self.board = board  # also the board as text (clients that draw it need not)
        self.lang = lang  # the language of its prompts, choices and result
        self.full = full
        self.key = (seat, role, board, lang)
        self.messages: Mailbox[dict[str, Any] | str | Delivery] = Mailbox(MAILBOX)
        self.sent = -1  # the version of the payload this reader holds (patches)
        self.folded = -1  # the version whose update carries this socket's own move's ack
        self.lost_acks: list[dict[str, Any]] = []

    def put(self, message: dict[str, Any] | str | Delivery) -> None:
        items = self.messages.items
        if len(items) == MAILBOX:
            oldest = items[0]
            if isinstance(oldest, tuple) and oldest[1] is not None:
                self.lost_acks.append(oldest[1])  # its update goes, its answer stays
        self.messages.put(message)

    async def get(self) -> dict[str, Any] | str | Delivery:
        """The oldest message, waiting for one (one reader at a time: its sender)."""
        return await self.messages.get()

    def message(self, item: Delivery) -> str | None:
        """What this reader is sent for ``item``: the patch, if it holds the payload the
        patch starts from; else the whole payload (and always for a change that is one);
        nothing when it holds this version already (a whole payload sent after a gap
        went past it), but for the acknowledgement of its own move."""
        change, ack = item
        if change.text is None:
            text = change.full()
        elif change.version <= self.sent:
            return None if ack is None else localized_json({"type": "ack", **ack})
        else:
            text = change.text if change.base == self.sent else change.full()
        self.sent = change.version
        return text if ack is None else with_ack(text, ack)

    def acks_lost(self) -> list[str]:
        """The acknowledgements whose updates this reader's mailbox let go, as messages."""
        lost, self.lost_acks = self.lost_acks, []
        return [localized_json({"type": "ack", **ack}) for ack in lost]


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
    # Per reader key, the payload its readers were last given and its version: the next
    # change is sent to them as a patch from it.
    docs: dict[tuple[int | None, str, bool, str], tuple[int, dict[str, Any]]] = field(
        default_factory=dict)
    # Per asked seat, the version from which it has been asked with no move of its own:
    # the moves since were made by others deciding at the same time (simultaneous orders),
    # so a move it made at any version since is still in time (``in_time``).
    asked_since: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.announced < 0:
            self.announced = len(self.state.log)
        if not self.asked_since:
            self.asked_since = dict.fromkeys(self.state.current_players(), self.version)

    def moved(self, seat: int) -> None:
        """After ``seat``'s move made ``state`` and ``version`` the new ones: the mover
        and those no longer asked start again; the others keep their versions."""
        now = self.state.current_players()
        kept = {p: v for p, v in self.asked_since.items() if p != seat and p in now}
        for p in now:
            kept.setdefault(p, self.version)
        self.asked_since = kept

    def in_time(self, seat: int, version: int) -> bool:
        """A move ``seat`` made at ``version`` is still in time: the game is at that
        version, or every move since was another's while this seat was deciding too.
        Two people sending orders in the same second are both heard; a move made before
        the game came to this seat, or before its own last move, is not."""
        return version == self.version or (
            version < self.version and self.asked_since.get(seat, self.version) <= version)

    def log_size(self, seat: int | None) -> int:
        seen, count = self.log_counts.get(seat, (0, 0))
        log = self.state.log
        if seen > len(log):  # a different history (never expected): count again
            seen, count = 0, 0
        count += sum(1 for e in log.events_from(seen) if e.visible_to(seat))
        self.log_counts[seat] = (len(log), count)
        return count

    def seen_since(self, seat: int | None, start: int) -> tuple[list[Event], int]:
        """The log's events from index ``start`` on that ``seat`` may see, and how many
        lines the seat sees in all: an update's new lines and its ``log_size`` from one
        pass over the new events (two passes were 7% of a Cult move's server time)."""
        log = self.state.log
        if not 0 <= start <= len(log):
            return [], self.log_size(seat)
        new = [e for e in log.events_from(start) if e.visible_to(seat)]
        seen, count = self.log_counts.get(seat, (-1, 0))
        if seen != start:  # counted up to another event: count the rest from there
            return new, self.log_size(seat)
        self.log_counts[seat] = (len(log), count + len(new))
        return new, count + len(new)

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
