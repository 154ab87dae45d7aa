"""What an operator watches, in Prometheus's text format at ``/metrics``.

Each application has a registry of its own (tests run several servers in one process).
Counts that already live elsewhere (games in memory, WebSocket subscribers, the outbox)
are read when scraped rather than kept twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from meeple.compiled import build_name
from meeple.server.memory import Heap, heap

# Submission latency: from 1 ms (a Counter move) to seconds (a database waiting on a lock).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5,
                   5.0, 10.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)


class _Read(Collector):
    """Gauges whose values are read from the running server when scraped."""

    def __init__(self, gauges: dict[str, tuple[str, Callable[[], float]]]) -> None:
        self.gauges = gauges

    def collect(self) -> Iterable[GaugeMetricFamily]:
        for name, (doc, read) in self.gauges.items():
            try:
                value = float(read())
            except Exception:  # a scrape must not fail because one source is down
                continue
            yield GaugeMetricFamily(name, doc, value=value)


def _heap() -> Heap:
    h = heap()
    assert h is not None
    return h


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("meeple_moves", "Moves accepted, by game and by who made them",
                             ["game", "source"], registry=r)
        self.submit_seconds = Histogram(
            "meeple_submit_seconds", "Time to accept a move: check, commit, publish",
            ["game"], buckets=LATENCY_BUCKETS, registry=r)
        self.refused = Counter("meeple_moves_refused", "Submissions refused, by reason",
                               ["reason"], registry=r)
        self.bot_think_seconds = Histogram(
            "meeple_bot_think_seconds", "Time a bot took to choose a move", ["game", "bot"],
            buckets=THINK_BUCKETS, registry=r)
        self.bots_thinking = Gauge("meeple_bots_thinking", "Bot decisions being computed now",
                                   registry=r)
        self.database_errors = Counter("meeple_database_errors",
                                       "Requests answered 503 because the database failed",
                                       registry=r)
        self.evicted = Counter("meeple_games_evicted",
                               "Games that left memory (rebuilt from the database if asked "
                               "for again)", registry=r)
        self.websockets = Gauge("meeple_websocket_connections", "Open WebSocket connections",
                                registry=r)
        # Which build of the package this process runs (``meeple_build_info{build=...}``):
        # the pure-Python one, or the copy with the rules compiled by mypyc; ``bench server
        # --compiled`` checks that its server runs the compiled copy.
        Info("meeple_build", "The build of meeple this server runs", registry=r).info(
            {"build": build_name()})
        # Each move's counter and histogram, looked up by label once (prometheus's
        # ``labels`` checks and locks on every call; it ran for every move).
        self._made: dict[tuple[str, str], tuple[Counter, Histogram]] = {}
        self._read: dict[str, tuple[str, Callable[[], float]]] = {}
        r.register(_Read(self._read))
        if heap() is not None:  # glibc: holes in the C heap show before the memory grows
            self.read("meeple_heap_free_bytes", "Bytes free inside the C heap (not given "
                      "back to the system)", lambda: _heap().free)
            self.read("meeple_heap_in_use_bytes", "Bytes in use in the C heap",
                      lambda: _heap().in_use)

    def move_made(self, game: str, source: str, seconds: float) -> None:
        """An accepted move: counted by game and source, its time to accept observed."""
        made = self._made.get((game, source))
        if made is None:
            made = self._made[game, source] = (self.moves.labels(game, source),
                                               self.submit_seconds.labels(game))
        made[0].inc()
        made[1].observe(seconds)

    def read(self, name: str, doc: str, source: Callable[[], float]) -> None:
        """A gauge read from ``source`` at each scrape."""
        self._read[name] = (doc, source)
