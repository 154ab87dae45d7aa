"""The event log: what happened, each entry addressed to everyone or to one player.

Lines are kept as they are added and made into :class:`Event` tuples when the log is first
read. Clones share both lists and copy them only when they diverge, so cloning a state
during search does not copy its history. A search's throwaway copy goes further: a
*quiet* log (:meth:`Log.quiet_log`, set by :meth:`meeple.core.game.State.silence`) keeps no
lines at all, and refuses to be read, so that no view or save is made from a state whose
history was not kept.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast

# QuietLogError lives in core.errors so that this module compiles (mypyc cannot subclass
# RuntimeError).
from meeple.core.errors import QuietLogError
from meeple.core.text import Message, Text, message_from_json, message_to_json, render

EVERYONE: Final = -1


class Event(NamedTuple):
    round: int
    audience: int  # EVERYONE or a player index
    message: Message  # plain text, or a template with its arguments (meeple.core.text)

    @property
    def text(self) -> str:
        """The line in English."""
        # one call less than render(): views read every line of the log each time
        message = self.message
        return message if isinstance(message, str) else message.render()

    def line(self, lang: str) -> str:
        return render(self.message, lang)

    def visible_to(self, player: int | None) -> bool:
        return self.audience == EVERYONE or (player is not None and self.audience == player)

    def to_json(self) -> list[Any]:
        return [self.round, self.audience, message_to_json(self.message)]


# Final: compiled, both are read from the module's statics rather than looked up in its
# dict at every line made (an Event is a Python class, kept in the module's dict)
_make_event: Final = tuple.__new__
_EVENT: Final = Event

Line = tuple[int, int, Message]
"""A line as added: (round, audience, message), the fields of its :class:`Event`."""


class Log:
    __slots__ = ("_cache", "_events", "_lines", "_n", "quiet")

    def __init__(self, events: list[Event] | None = None) -> None:
        # The lines as added are plain tuples (``_lines``); their Events (``_events``) are
        # made when the log is first read, and kept. A named tuple is made through
        # tuple.__new__, a generic call when compiled: a twentieth of a compiled random game,
        # whose log nobody reads (session 14). Given Events, both are the same list until a
        # line is added. Clones share both lists and copy them only when they diverge; a
        # log reads no further than its own length in either.
        given = events if events is not None else []
        self._events: list[Event] = given
        self._lines: list[Line] = cast(list[Line], given)
        self._n = len(given)
        # True: lines are dropped as they come (a search's copy; see quiet_log). Rules may
        # test it to skip building a line's text, never to decide anything else.
        self.quiet = False
        # The last ``visible`` answer: (lines list, length, player, events seen). Search
        # bots deal hundreds of samples a second from one position, each wanting its log.
        self._cache: tuple[list[Line], int, int | None, list[Event]] | None = None

    @staticmethod
    def quiet_log() -> Log:
        """A log that keeps nothing: for a state a search plays on and throws away, whose
        lines nobody reads (a search applies thousands of actions a second)."""
        log = Log()
        log.quiet = True
        return log

    def add(self, round_: int, text: Message, audience: int = EVERYONE) -> None:
        if self.quiet:
            return
        lines = self._lines
        n = self._n
        if len(lines) != n or lines is self._events:
            # Another log sharing the lists has added lines, or these are the Events given:
            # this log's own copies of both from here on (an Event made for another log's
            # line must never be read as one of this log's).
            lines = self._lines = lines[:n]
            self._events = self._events[:n]
        lines.append((round_, audience, text))
        self._n = n + 1

    def __len__(self) -> int:
        return self._n

    def _refuse_if_quiet(self) -> None:
        if self.quiet:
            raise QuietLogError(
                "this state is a search's throwaway copy: its log was not kept, so it "
                "cannot be viewed, saved or replayed")

    def _made(self) -> list[Event]:
        """The Events of this log's lines, made from the plain lines not yet made (the list
        may be longer: a log sharing it made more; read it up to ``_n``)."""
        events, n = self._events, self._n
        if len(events) < n:
            lines = self._lines
            for i in range(len(events), n):
                events.append(_make_event(_EVENT, lines[i]))
        return events

    def events(self) -> list[Event]:
        self._refuse_if_quiet()
        return self._made()[: self._n]

    def events_from(self, start: int) -> list[Event]:
        """The events from index ``start`` on (cheap when few are new)."""
        self._refuse_if_quiet()
        return self._made()[start: self._n]

    def visible(self, player: int | None) -> list[Event]:
        """The events ``player`` saw (None: what everyone saw), as a new list."""
        self._refuse_if_quiet()
        c = self._cache
        if c is not None and c[0] is self._lines and c[1] == self._n and c[2] == player:
            return c[3][:]
        # the audience compared in place (not Event.visible_to per line): every view of
        # every seat filters the whole log, and the cache above holds one seat's answer
        everyone = EVERYONE if player is None else player
        seen = [e for e in self._made()[: self._n] if e[1] == EVERYONE or e[1] == everyone]
        self._cache = (self._lines, self._n, player, seen)
        return seen[:]

    def visible_log(self, player: int | None) -> Log:
        """A new log holding the events ``player`` saw (a redeal's copy of the game): the
        same as ``Log(self.visible(player))``, but on the list :meth:`visible` keeps rather
        than a copy of it, which a log given Events never changes (it copies before adding
        a line). A search deals a sample at every iteration and silences it at once: the
        copy of a long log, made and freed each time, was all that log was for (issue 41)."""
        self._refuse_if_quiet()
        c = self._cache
        if not (c is not None and c[0] is self._lines and c[1] == self._n
                and c[2] == player):
            self.visible(player)
            c = self._cache
            assert c is not None
        return Log(c[3])

    def text(self, player: int | None, lang: str = "en") -> str:
        return "\n".join(f"[r{e.round}] {e.line(lang)}" for e in self.visible(player))

    def clone(self) -> Log:
        if self.quiet:
            return self  # it keeps nothing and is never read: every copy may share it
        c = Log(self._events)
        c._lines = self._lines
        c._n = self._n
        c._cache = self._cache
        return c

    def to_json(self) -> list[list[Any]]:
        return [e.to_json() for e in self.events()]

    @staticmethod
    def from_json(data: list[Any]) -> Log:
        pool: dict[Text, Text] = {}
        return Log([Event(int(r), int(a), message_from_json(t, pool)) for r, a, t in data])
