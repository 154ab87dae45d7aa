"""Live games: the state of each game in memory, rebuilt from its action log, and the one
path by which anything changes it — ``submit``.

A submission is checked against a copy of the state, committed to the database (the
action, the new version and its notifications in one transaction), and only then applied
and acknowledged; a lock per game serializes submissions, and the database's version
check does the same between server processes. Subscribers (WebSockets) get the view of
their own seat after every change.
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from meeple.core.actions import Action
from meeple.core.errors import ActionParseError, IllegalActionError, MeepleError
from meeple.core.game import State
from meeple.core.log import Event, Log
from meeple.core.registry import game_title
from meeple.core.text import DEFAULT_LANG, escaped, localize, localized_json, render
from meeple.server.bots import BotRunner
from meeple.server.errors import ApiError, BadRequest, Conflict, Illegal, Restarting
from meeple.server.live import Change, Live, Subscriber
from meeple.server.mail import game_notices
from meeple.server.metrics import Metrics
from meeple.server.patch import Differ, Op, Part
from meeple.server.ratings import apply_pending, final_result
from meeple.server.store import Append, Appended, DuplicateKey, StaleVersion, Store
from meeple.server.writer import Writer
from meeple.sim.match import bot_seed

log = logging.getLogger("meeple.server")


def bot_state(state: State) -> Any:
    """The state a bot's worker rebuilds, without its log: no bot reads the log (a bot
    is given its seat's view, whose lines would then be missing, and samples of its
    information set), and sending it made each bot move cost the length of the game so
    far (tests/test_server_bot_state.py: the same decisions)."""
    bare = state.clone()
    bare.log = Log()
    return bare.to_json()


def snapshot_due(gid: str, seq: int, every: int) -> bool:
    """Whether version ``seq`` of game ``gid`` is stored with a snapshot: every ``every``
    actions, counted from an offset of the game's own (its id's CRC-32). Games started
    together, as a tournament's round or the load benchmark's hundred, and played at the
    same pace would otherwise all take their snapshot at the same move, and the writer's
    batch at that moment would carry a hundred states (the benchmark's slowest moves came
    every 50 moves: the game's states written as JSON, 1-2 ms each). A game is rebuilt from
    its newest snapshot, wherever it is, and the actions after it."""
    return (seq + zlib.crc32(gid.encode())) % every == 0


def parse_action(action: str | dict[str, Any] | Action) -> Action:
    try:
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return Action.parse(action)
        return Action.from_json(action)
    except ActionParseError as e:
        raise BadRequest(f"malformed action: {e}") from None


class Hub:
    def __init__(self, store: Store, bots: BotRunner, snapshot_every: int = 50,
                 shared: bool = False, metrics: Metrics | None = None,
                 max_games: int = 10_000, idle_seconds: float = 600.0,
                 finished_seconds: float = 5.0, writer_process: bool = False) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        # Games leave memory when idle (finished ones soon) and beyond ``max_games``; the
        # database holds them, and ``live`` rebuilds one when it is asked for again.
        self.draining = False  # shutting down: no new moves, clients told to come back
        # Closed: no bot starts a turn (the restarted server schedules them again).
        self.closed = False
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self.writer = Writer(store, process=writer_process)
        self.bots = bots
        self.snapshot_every = snapshot_every
        # Several server processes share the database: catch up before each submission.
        self.shared = shared
        self.games: dict[str, Live] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.publish: Callable[[str, int], Awaitable[None]] | None = None
        self._loading = asyncio.Lock()

    # --- loading ----------------------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished game so that its bots and deadlines run again, and rate
        games that ended just before a crash."""
        await self.writer.start()
        await self.rate()
        for gid in await asyncio.to_thread(self.store.unfinished):
            try:
                self._schedule_bots(await self.live(gid))
            except MeepleError as e:
                log.error("game %s cannot be rebuilt: %s", gid, e)
            if len(self.games) > self.max_games:
                self.trim()

    async def live(self, gid: str) -> Live:
        found = self.games.get(gid)
        if found is None:
            async with self._loading:
                found = self.games.get(gid)
                if found is None:
                    found = await asyncio.to_thread(self._rebuild, gid)
                    self.games[gid] = found
        found.used = time.monotonic()
        return found

    def trim(self, now: float | None = None) -> int:
        """Let games leave memory: finished ones idle for ``finished_seconds``, others idle
        for ``idle_seconds``, then the least recently used beyond ``max_games``. A game
        someone watches, a bot is moving in, or a submission holds stays. Returns how many
        left."""
        now = time.monotonic() if now is None else now

        def free(live: Live) -> bool:
            return not live.subscribers and not live.thinking and not live.lock.locked()

        gone = [g for g, live in self.games.items() if free(live) and now - live.used >= (
            self.finished_seconds if live.state.is_terminal() else self.idle_seconds)]
        for gid in gone:
            del self.games[gid]
        excess = len(self.games) - self.max_games
        if excess > 0:
            oldest = sorted((live.used, g) for g, live in self.games.items() if free(live))
            for _, gid in oldest[:excess]:
                del self.games[gid]
                gone.append(gid)
        if gone:
            self.metrics.evicted.inc(len(gone))
        return len(gone)

    def _rebuild(self, gid: str) -> Live:
        row, seq, state = self.store.rebuild(gid)
        return Live(gid, row, self.store.seats(gid), state, seq, row["deadline_at"])

    async def start_game(self, live: Live) -> None:
        """A game just created: its first deadline, and its bots start."""
        seconds = live.settings.get("deadline_seconds")
        if seconds and any(live.seats[p]["kind"] == "human"
                           for p in live.state.current_players() if p < len(live.seats)):
            live.deadline_at = time.time() + float(seconds)
            await asyncio.to_thread(self.store.set_deadline, live.id, live.deadline_at)
        self._schedule_bots(live)

    async def reload_seats(self, live: Live) -> None:
        live.seats = await asyncio.to_thread(self.store.seats, live.id)

    async def catch_up(self, live: Live) -> None:
        """Apply what other server processes committed after our version."""
        rows = await asyncio.to_thread(self.store.actions_after, live.id, live.version)
        for a in rows:
            live.state.apply(a.player, Action.parse(a.action))
            live.version = a.seq
            live.moved(a.player)
        if rows:
            row = await asyncio.to_thread(self.store.game, live.id)
            live.deadline_at = row["deadline_at"] if row else None
            self._after_change(live, publish=False)

    def drain(self) -> None:
        """Before a shutdown: take no new move and tell every WebSocket to come back (the
        server closes them with 1012, "service restart", right after)."""
        self.draining = True
        for live in self.games.values():
            for sub in live.subscribers:
                sub.put({"type": "restart", "message": "the server is restarting: "
                         "reconnect in a moment, nothing is lost"})

    async def poll_watched(self) -> int:
        """Catch up every game a WebSocket here watches whose database version is ahead
        (while other processes' announcements cannot reach us). Returns how many moved."""
        watched = {gid: live for gid, live in self.games.items() if live.subscribers}
        if not watched:
            return 0
        versions = await asyncio.to_thread(self.store.versions, list(watched))
        moved = 0
        for gid, live in watched.items():
            if versions.get(gid, 0) > live.version:
                async with live.lock:
                    await self.catch_up(live)
                moved += 1
        return moved

    # --- the one way to change a game ------------------------------------------------

    async def submit(self, gid: str, seat: int, action: str | dict[str, Any] | Action,
                     version: int | None = None, key: str | None = None,
                     source: str = "seat", origin: Subscriber | None = None
                     ) -> dict[str, Any]:
        """``origin``: the WebSocket the move came on. A reader of patches gets the
        acknowledgement inside the update the move makes (``origin.folded`` then says its
        version), not as a message of its own."""
        started = time.perf_counter()
        try:
            if self.draining:
                raise Restarting("the server is restarting; nothing was changed: send the "
                                 "move again in a moment")
            ack = await self._submit(gid, seat, action, version, key, source, origin)
        except ApiError as e:
            self.metrics.refused.labels(e.code).inc()
            raise
        if not ack["duplicate"]:
            game = self.games[gid].game.name if gid in self.games else "?"
            self.metrics.move_made(game, source, time.perf_counter() - started)
        return ack

    async def _submit(self, gid: str, seat: int, action: str | dict[str, Any] | Action,
                      version: int | None, key: str | None, source: str,
                      origin: Subscriber | None = None) -> dict[str, Any]:
        live = await self.live(gid)
        async with live.lock:
            if key is not None:
                prior = await asyncio.to_thread(self.store.find_key, gid, key)
                if prior is not None:
                    return _ack(prior, duplicate=True)
            if self.shared:
                await self.catch_up(live)
            if version is not None and not live.in_time(seat, version):
                raise Conflict(f"the game is at version {live.version}, the action was made "
                               f"at version {version}; look at the game again and resubmit")
            a = parse_action(action)
            new = _applied(live, seat, a)
            rec = Appended(live.version + 1, seat, str(a), source, key)
            before = set(live.state.current_players())
            deadline = self._deadline(live, new, before)
            snap = new.to_json() if snapshot_due(gid, rec.seq, self.snapshot_every) else None
            over = new.is_terminal()
            result = final_result(gid, live.game.name, live.seats, new) if over else None
            try:
                await self.writer.append(Append(gid, rec, over, deadline, snap,
                                                self._notices(live, new, before), result))
            except StaleVersion:
                await self.catch_up(live)
                raise Conflict(f"another move came first; the game is at version "
                               f"{live.version}: look at the game again") from None
            except DuplicateKey:
                prior = await asyncio.to_thread(self.store.find_key, gid, key or "")
                assert prior is not None
                return _ack(prior, duplicate=True)
            live.state, live.version, live.deadline_at = new, rec.seq, deadline
            live.moved(seat)
            ack = _ack(rec, duplicate=False)
            self._after_change(live, mover=(origin, ack) if origin is not None else None)
        if over:
            self._spawn(self.rate())
        return ack

    async def rate(self) -> None:
        """Bring the ratings up to date with the finished games (in a thread: it is one
        transaction per game)."""
        try:
            await asyncio.to_thread(apply_pending, self.store.engine)
        except Exception:
            log.exception("rating finished games failed; 'meeple ratings recompute' redoes it")

    def _deadline(self, live: Live, new: State, before: set[int]) -> float | None:
        """A new deadline whenever a person is newly waited on; kept while the same people
        are deciding (a phase); none when no person is."""
        seconds = live.settings.get("deadline_seconds")
        if not seconds or new.is_terminal():
            return None
        waiting = {p for p in new.current_players() if p < len(live.seats)
                   and live.seats[p]["kind"] == "human"}
        if not waiting:
            return None
        if waiting - before or live.deadline_at is None:
            return time.time() + float(seconds)
        return live.deadline_at

    def _notices(self, live: Live, new: State, before: set[int]) -> list[dict[str, Any]]:
        """Webhook notifications (no game facts, only that the seat should look), and the
        same events for account seats (emailed and shown by ``mail``)."""
        watching = {sub.seat for sub in live.subscribers if sub.seat is not None}
        out = game_notices(live.id, live.seats, new, before, live.version + 1, watching)
        now_waiting = set(new.current_players())
        for s in live.seats:
            url, seat = s.get("webhook"), int(s["seat"])
            if not url:
                continue
            event = "game_over" if new.is_terminal() else (
                "your_turn" if seat in now_waiting - before else None)
            if event:
                out.append({"seat": seat, "url": url, "payload": {
                    "event": event, "game_id": live.id, "seat": seat,
                    "version": live.version + 1}})
        return out

    def _after_change(self, live: Live, publish: bool = True,
                      mover: tuple[Subscriber, dict[str, Any]] | None = None) -> None:
        """Every reader's update after a change: a patch from the payload its key was last
        given (old-style readers: the whole payload), built and encoded once per reader
        key. ``mover``: the socket whose move made the change, and its acknowledgement,
        which a reader of patches gets inside its update."""
        # The new lines depend only on what the reader may see and its language: built
        # once per (seat, language), whatever the reader's role or board.
        tails: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        # Each new event's line in each language, written once for all the readers who may
        # see it (a Cult line is 4 µs, about two lines a move, four readers).
        said: dict[tuple[int, str], str] = {}
        start, live.announced = live.announced, len(live.state.log)
        # Per seat: the new events it may see and its log's size, found in one pass.
        new_lines: dict[int | None, tuple[list[Event], int]] = {}
        readers = list(live.subscribers)
        # Every reader's view built in one call: a game builds the part all see once.
        seats = list(dict.fromkeys(r.seat for r in readers))
        asked = set(live.state.current_players())
        # The asked readers' legal actions, listed once for the view and the update's choices.
        seen_by = live.state.views_without_log(seats, options={
            p: live.legal(p)[1] for p in seats if p is not None and p in asked
        }) if readers else {}
        before, docs = live.docs, {}
        changes: dict[tuple[int | None, str, bool, str], Change] = {}
        differ = Differ()  # the parts the readers' payloads share are diffed once
        patches: list[tuple[Change, list[Op | Part]]] = []
        for sub in readers:
            key = sub.key
            change = changes.get(key)
            if change is None:
                lines = new_lines.get(sub.seat)
                if lines is None:
                    lines = new_lines[sub.seat] = live.seen_since(sub.seat, start)
                events, size = lines
                out = self.payload(live, sub.seat, sub.role, sub.board, sub.lang,
                                   localized=False, view=seen_by[sub.seat], log_size=size)
                seen = (sub.seat, sub.lang)
                if seen not in tails:
                    tails[seen] = _lines(events, size - len(events), sub.lang, said)
                change = changes[key] = Change(live.version, out, sub.lang, tail=tails[seen])
                docs[key] = (live.version, out)
            held = before.get(key)
            if not sub.full and held is not None and change.base is None:
                # The version is the message's own: not an operation too (4 x 46 bytes a
                # move, a twentieth of a Cult move's patches).
                change.base = held[0]
                patches.append((change, [op for op in differ.diff(held[1], change.doc)
                                         if type(op) is not dict or op["path"] != "/version"]))
        # Written once every reader's patch is found: a part several of them hold is then
        # written once for all (``Differ.ops``).
        for change, found in patches:
            change.text = localized_json({
                "type": "patch", "base": change.base, "version": live.version,
                "ops": differ.ops(found, change.lang), "log_tail": change.tail}, change.lang)
        for sub in readers:
            change = changes[sub.key]
            if sub.full:
                sub.put(change.full())
            elif mover is not None and mover[0] is sub:
                sub.put((change, mover[1]))
                sub.folded = live.version
            else:
                sub.put((change, None))
        live.docs = docs
        if publish and self.publish is not None:
            self._spawn(self.publish(live.id, live.version))
        self._schedule_bots(live)

    def first(self, live: Live, sub: Subscriber) -> Change:
        """A reader's whole payload now (its first message, or what it asked for), kept as
        the payload its key's next patch starts from, unless the key's readers hold this
        version already (then theirs, so that one patch fits them all)."""
        held = live.docs.get(sub.key)
        if held is None or held[0] != live.version:
            held = live.docs[sub.key] = (live.version, self.payload(
                live, sub.seat, sub.role, sub.board, sub.lang, localized=False))
        return Change(held[0], held[1], sub.lang)

    # --- what a seat sees -------------------------------------------------------------

    def payload(self, live: Live, seat: int | None, role: str = "seat",
                board: bool = True, lang: str = DEFAULT_LANG,
                tail_from: int | None = None, localized: bool = True,
                view: dict[str, Any] | None = None, log_size: int | None = None
                ) -> dict[str, Any]:
        """What ``seat`` may see now. With ``tail_from`` (the number of log events the
        reader was last told of) also ``log_tail``: the log lines after them that the seat
        may see, with the indexes ``/log?since=N`` gives them (an update then needs no
        second request for its lines). With ``localized=False`` the view and result may
        still hold texts, and the title is ``Escaped``: for a caller that encodes them
        with ``localized_json``. ``view``: the seat's view without its log, when the
        caller built it already; ``log_size``, the seat's count of log lines, likewise."""
        ready = localize if localized else _as_is
        s = live.state
        title = game_title(live.game.name, lang)
        waiting = live.game.visible_waiting(s, seat)
        # The log has its own route (/log?since=N) and updates carry the new lines: a view
        # without it costs half as much (docs/performance.md, session 9). A view may hold
        # texts: rendered for the reader.
        view = ready(s.view_without_log(seat) if view is None else view, lang)
        out: dict[str, Any] = {
            "game_id": live.id, "game": live.game.name,
            "title": title if localized else escaped(title),
            "version": live.version, "seat": seat, "role": role,
            "players": live.row["players"], "finished": s.is_terminal(),
            "round": s.round, "waiting": waiting,
            "deadline_at": live.deadline_at if waiting else None,
            "seats": live.public_seats(),
            "view": view,
            "log_size": live.log_size(seat) if log_size is None else log_size,
        }
        if board:
            out["board"] = s.render(seat)
        if tail_from is not None:
            out["log_tail"] = self.log_tail(live, seat, tail_from, out["log_size"], lang)
        if seat is not None and seat in waiting:
            legal, texts = live.legal(seat)  # texts made once: Cult asks dozens of actions
            out["prompt"] = [render(p.text, lang) for p in s.prompts() if p.player == seat]
            out["legal"] = texts[:]
            out["choices"] = [{"action": text, "text": render(s.describe(seat, a), lang)}
                              for text, a in zip(texts, legal, strict=True)]
        if s.is_terminal():
            out["result"] = ready(s.result(), lang)
        return out

    @staticmethod
    def visible_log(live: Live, seat: int | None, since: int = 0,
                    lang: str = DEFAULT_LANG) -> list[dict[str, Any]]:
        """The lines ``seat`` may see, from its line ``since`` on (``/log?since=N``)."""
        return _lines(live.state.log.visible(seat)[max(0, since):], max(0, since), lang)

    @staticmethod
    def log_tail(live: Live, seat: int | None, start: int, size: int,
                 lang: str = DEFAULT_LANG, said: dict[tuple[int, str], str] | None = None
                 ) -> list[dict[str, Any]]:
        """The lines ``seat`` may see among the log's events from index ``start`` on,
        numbered as ``visible_log`` numbers them: they are the last of the ``size`` lines
        the seat sees. Empty when the log is shorter than ``start`` (another history): the
        client's count then tells it to ask ``/log?since=N``."""
        log = live.state.log
        if not 0 <= start <= len(log):
            return []
        new = [e for e in log.events_from(start) if e.visible_to(seat)]
        return _lines(new, size - len(new), lang, said)

    # --- bots and deadlines -----------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _schedule_bots(self, live: Live) -> None:
        if self.closed or live.state.is_terminal():
            return
        for p in live.state.current_players():
            if p >= len(live.seats) or live.is_human(p) or p in live.thinking:
                continue
            live.thinking.add(p)
            self._spawn(self._bot_turn(live, p, str(live.seats[p]["kind"])))

    async def _bot_turn(self, live: Live, seat: int, kind: str) -> None:
        try:
            for _attempt in range(5):
                if live.state.is_terminal() or seat not in live.state.current_players():
                    return
                text = await self._bot_decision(live, seat, kind)
                try:
                    await self.submit(live.id, seat, text, source="bot")
                    return
                except (Illegal, Conflict):
                    continue  # the position moved while the bot thought: think again
                except Restarting:
                    return  # the server is going down: the bot moves after the restart
            log.error("bot %s in game %s found no acceptable move", kind, live.id)
        except Exception:
            log.exception("bot %s in game %s failed", kind, live.id)
        finally:
            live.thinking.discard(seat)
            self._schedule_bots(live)

    async def _bot_decision(self, live: Live, seat: int, kind: str) -> str:
        seed = (bot_seed(int(live.row["seed"]), seat) + live.version * 7_919) % (1 << 62)
        started = time.perf_counter()
        self.metrics.bots_thinking.inc()
        try:
            return await self.bots.decide(live.game.name, bot_state(live.state), seat,
                                          kind, seed)
        finally:
            self.metrics.bots_thinking.dec()
            self.metrics.bot_think_seconds.labels(live.game.name, kind).observe(
                time.perf_counter() - started)

    async def expire(self, now: float) -> int:
        """Act for every person whose deadline has passed (the zombie policy): the game's
        timeout action (hand in what is drafted, or pass), or the bot the game names."""
        acted = 0
        due = set(await asyncio.to_thread(self.store.due_deadlines, now))
        for gid in due - set(self.games):  # games that left memory while waiting
            try:
                await self.live(gid)
            except MeepleError as e:
                log.error("game %s cannot be rebuilt for its deadline: %s", gid, e)
        for live in list(self.games.values()):
            if live.deadline_at is None or live.deadline_at > now or live.state.is_terminal():
                continue
            for p in live.state.current_players():
                if p >= len(live.seats) or live.seats[p]["kind"] != "human":
                    continue
                bot = live.settings.get("zombie_bot")
                try:
                    if live.settings.get("zombie") == "bot" and bot:
                        text = await self._bot_decision(live, p, str(bot))
                    else:
                        text = str(live.game.timeout_action(live.state, p))
                    await self.submit(live.id, p, text, source="timeout")
                    acted += 1
                except (Illegal, Conflict):
                    continue
        return acted

    async def close(self) -> None:
        # Before the cancels: a cancelled bot turn's cleanup asks for the seat's next turn,
        # which would be a task nobody awaits any more.
        self.closed = True
        for t in list(self.tasks):
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.writer.close()


def _applied(live: Live, seat: int, action: Action) -> State:
    """A copy of the game's state with ``seat``'s ``action`` applied; the game's state
    itself is not changed (the move is committed before it replaces it). Raises Illegal,
    with the rules' reason, when the action is refused.

    For a game that keeps the engine's ``apply`` and ``check_action``, an action among
    the seat's legal actions listed for this state (``Live.legal``, most often by the
    update before) is applied without listing them again; that is all the engine's check
    does. Anything else — another game's own checks, an action not in the list, a seat
    not asked — goes the engine's whole way, so a refusal says what it said before."""
    state = live.state
    kind = type(state)
    new = state.clone()
    try:
        if (kind.apply is State.apply and kind.check_action is State.check_action
                and not state.is_terminal() and seat in state.current_players()
                and action in live.legal(seat)[0]):
            new.apply_unchecked(seat, action)
        else:
            new.apply(seat, action)
    except IllegalActionError as e:
        raise Illegal(str(e)) from None
    return new


def _lines(events: list[Event], first: int, lang: str,
           said: dict[tuple[int, str], str] | None = None) -> list[dict[str, Any]]:
    """Log lines as readers get them: the first of ``events`` is the reader's line
    ``first``. One maker for ``/log`` and the updates' ``log_tail``: they must agree.
    ``said``: the lines already written for this update, by event (its ``id``, the events
    being alive while the update is made) and language; what is written here is added."""
    if said is None:
        said = {}
    out = []
    for i, e in enumerate(events):
        key = (id(e), lang)
        text = said.get(key)
        if text is None:
            text = said[key] = e.line(lang)
        out.append({"index": first + i, "round": e.round, "text": text})
    return out


def _as_is(value: Any, _lang: str) -> Any:
    return value


def _ack(a: Appended, duplicate: bool) -> dict[str, Any]:
    return {"version": a.seq, "seat": a.player, "action": a.action, "duplicate": duplicate}
