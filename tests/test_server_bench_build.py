"""``meeple bench server`` says which build its server ran (the server names it in its
metrics, from its own process), and with ``--compiled`` fails unless it runs the compiled
build: a server that did not import the compiled rules is never measured as if it had."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from prometheus_client import CollectorRegistry, Info, generate_latest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.compiled import build_name
from meeple.server import bench
from tests.server_helpers import server

runner = CliRunner()


def test_the_server_names_the_build_it_runs_in_its_metrics(tmp_path: Path) -> None:
    with server(tmp_path / "t.db") as c:
        assert bench.build_in(c.get("/metrics").text) == build_name()


def test_a_build_name_is_read_back_whatever_prometheus_escaped_in_it() -> None:
    name = 'mypyc: cult 23/23 (C:\\builds\\"x"\nnext)'
    registry = CollectorRegistry()
    Info("meeple_build", "The build", registry=registry).info({"build": name})
    assert bench.build_in(generate_latest(registry).decode()) == name
    assert bench.build_in("meeple_moves_total 3.0\n") == "unknown"


def test_bench_server_reports_the_build_its_server_ran() -> None:
    import json

    out = runner.invoke(app, ["bench", "server", "--game", "counter", "--games", "1",
                              "--clients-per-game", "2", "--seconds", "0.5", "--json"])
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["build"] == build_name() and result["moves"] > 0 and result["lost"] == 0
    # where the time went: the server's and the clients' CPU per move, the server's time
    # to accept a move
    assert result["server_cpu_ms_per_move"] > 0 and 0 < result["server_core_share"] <= 2
    assert result["clients_cpu_ms_per_move"] > 0 and result["submit_ms_mean"] > 0


def test_bench_server_fails_when_its_server_ran_another_build(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def measured(*_args: Any, **_kwargs: Any) -> dict[str, Any]:
        return {"game": "counter", "moves": 10, "build": "pure Python"}

    monkeypatch.setattr(bench, "bench_server", measured)
    monkeypatch.setattr("meeple.cli.bench._build", lambda _compiled, _pure: "mypyc: cult 23/23")
    out = runner.invoke(app, ["bench", "server", "--compiled", "--json"])
    assert out.exit_code != 0
    assert "the server ran 'pure Python'" in out.output and "mypyc: cult 23/23" in out.output


def test_bench_server_compiled_on_the_pure_package_says_why_it_is_pure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.compiled

    monkeypatch.setattr(meeple.compiled, "_STATE", "pure: not built (scripts/compile.sh)")
    out = runner.invoke(app, ["bench", "server", "--game", "counter", "--compiled"])
    assert out.exit_code != 0
    assert "this is not the compiled build: pure Python (not built" in out.output


def test_the_benchmark_clients_run_at_the_servers_collector_thresholds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    from meeple.server.app import SERVER_GC_THRESHOLD
    from meeple.server.db import migrate

    class Idle:
        base = "http://127.0.0.1:1"
        proc = None

        def __init__(self, *_args: Any, **_kwargs: Any) -> None: ...
        def start(self) -> None: ...
        def kill(self) -> None: ...

    seen: list[tuple[tuple[int, int, int], int]] = []

    async def drive(*_args: Any) -> tuple[list[bench.GameLoad], bench.Totals, float]:
        seen.append((gc.get_threshold(), gc.get_freeze_count()))
        return [], bench.Totals(), 1.0

    url = f"sqlite:///{tmp_path / 'b.db'}"
    migrate(url)
    monkeypatch.setattr(bench, "ServerProcess", Idle)
    monkeypatch.setattr(bench, "server_build", lambda _base: "pure Python")
    monkeypatch.setattr(bench, "_drive", drive)
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        assert bench.bench_server("counter", 1, 1, 1.0, database=url)["moves"] == 0
        assert seen[0][0] == SERVER_GC_THRESHOLD and seen[0][1] > 0
        assert gc.get_threshold() == (700, 10, 10) and gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*before)


def test_a_benchmark_client_reads_a_message_of_several_frames_whole() -> None:
    import asyncio

    from websockets.client import ClientProtocol
    from websockets.frames import Frame, Opcode
    from websockets.protocol import OPEN
    from websockets.uri import parse_uri

    def frame(opcode: Opcode, data: bytes, fin: bool) -> bytes:
        return Frame(opcode, data, fin).serialize(mask=False)

    async def read() -> list[bytes]:
        sock = bench._Socket("ws://127.0.0.1:1/x")
        sock.ws = ClientProtocol(parse_uri("ws://127.0.0.1:1/x"), state=OPEN)
        wire = (frame(Opcode.TEXT, b'{"type": "upd', False) + frame(Opcode.CONT, b'ate", ', False)
                + frame(Opcode.CONT, b'"version": 2}', True) + frame(Opcode.TEXT, b"{}", True))
        sock.data_received(wire[:7])  # bytes as they come, cut anywhere
        sock.data_received(wire[7:])
        return [await sock.recv(), await sock.recv()]

    assert asyncio.run(read()) == [b'{"type": "update", "version": 2}', b"{}"]
